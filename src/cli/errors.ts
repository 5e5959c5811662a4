import { ConfigError } from '../config/fields.js'
import { GenesisExistsError, HomeMissingError } from '../config/home.js'
import { ChainError } from '../errors.js'
import { ListenError } from '../server/listen.js'
import { DatabaseLockedError } from '../store/level-backend.js'

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

/** Whether an error is a known user-facing failure (printed without a stack trace). */
export function isUserError(err: unknown): boolean {
  return (
    err instanceof CliError ||
    err instanceof ConfigError ||
    err instanceof GenesisExistsError ||
    err instanceof HomeMissingError ||
    err instanceof ListenError ||
    err instanceof ChainError
  )
}

/** The message to print for an error. */
export function errorMessage(err: unknown): string {
  if (err instanceof DatabaseLockedError) {
    return `${err.message}: is another sdkd running on this home? (the data is untouched)`
  }
  return err instanceof Error ? err.message : String(err)
}
