import type { Logger } from '../logger.js'
import { stopWhenOutputLost } from './output-lost.js'

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

/** What stops a node: a signal, its log output gone, or whatever else calls `stop`. */
export interface StopRequest {
  /** Resolves with the signal's name, or undefined for a stop without one. */
  readonly requested: Promise<string | undefined>
  /** Stops the node without a signal (a supervisor gone, …). */
  stop(): void
  /** Whether the stop came because the log output is gone (the exit code says so). */
  outputLost(): boolean
}

/** The stop of a node run: the first SIGINT or SIGTERM, or its log output gone. */
export function stopRequest(logger: Logger): StopRequest {
  let lost = false
  let stop!: (signal: string | undefined) => void
  const requested = new Promise<string | undefined>((resolve) => {
    stop = resolve
  })
  onStopSignals(logger, stop)
  stopWhenOutputLost(logger, () => {
    lost = true
    stop(undefined)
  })
  return { requested, stop: () => stop(undefined), outputLost: () => lost }
}
