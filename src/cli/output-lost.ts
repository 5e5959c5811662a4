import { writeSync } from 'node:fs'
import { type Logger, whenOutputLost } from '../logger.js'

/** The exit code of a node stopped because its log output is gone. */
export const OUTPUT_LOST_EXIT_CODE = 1

/**
 * Calls `stop` once the node's log output can no longer be written (its reader is gone: `sdkd
 * start | head`, a killed `sdkd testnet start`), after one line on stderr saying so. A Go node dies
 * of SIGPIPE there; this one stops cleanly instead, as after SIGTERM, and exits with
 * OUTPUT_LOST_EXIT_CODE.
 */
export function stopWhenOutputLost(logger: Logger, stop: () => void): void {
  void whenOutputLost(logger)?.then((err) => {
    try {
      writeSync(2, `sdkd: the log output is closed (${err.code ?? err.message}): stopping\n`)
    } catch {
      // stderr is gone too: the stop goes on without a word.
    }
    stop()
  })
}
