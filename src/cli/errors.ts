import { ChainError } from '../errors.js'

/** An error the CLI reports as `Error: <message>` with exit code 1 (no stack: the message says it all). */
export class CliError extends Error {
  override readonly name = 'CliError'

  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

/**
 * Errors whose message says it all (printed without a stack trace), by class name: matching names
 * keeps this module free of the config, server and store code (the CLI's start-up stays cheap).
 */
const USER_ERRORS = new Set([
  'CliError',
  'ConfigError',
  'GenesisExistsError',
  'HomeMissingError',
  'ListenError',
  'DatabaseLockedError',
])

/** Whether an error is a known user-facing failure (printed without a stack trace). */
export function isUserError(err: unknown): boolean {
  return err instanceof ChainError || (err instanceof Error && USER_ERRORS.has(err.name))
}

/** The message to print for an error. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.name === 'DatabaseLockedError') {
    return `${err.message}: is another sdkd running on this home? (the data is untouched)`
  }
  return err instanceof Error ? err.message : String(err)
}
