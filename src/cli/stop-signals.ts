import type { Logger } from '../logger.js'

/**
 * Calls `stop` with the name of the first SIGINT or SIGTERM. Later ones are taken and ignored while
 * the node stops cleanly (upstream's node catches both for good, as Go's signal.Notify does): a
 * second signal — `timeout` and shells often send one to the process and one to its group — no
 * longer kills it halfway through. SIGKILL still stops it at once.
 */
export function onStopSignals(logger: Logger, stop: (signal: string) => void): void {
  let caught: string | undefined
  const on = (signal: string) => () => {
    if (caught === undefined) {
      caught = signal
      stop(signal)
    } else {
      logger.info({ signal, stopping_on: caught }, 'already stopping: signal ignored')
    }
  }
  process.on('SIGINT', on('SIGINT'))
  process.on('SIGTERM', on('SIGTERM'))
}
