import { ChainError, UserError } from '../errors.js'

/** An error the CLI reports as `Error: <message>` with exit code 1 (no stack: the message says it all). */
export class CliError extends UserError {
  override readonly name: string = 'CliError'

  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

/** Whether an error is a known user-facing failure (printed without a stack trace). */
export function isUserError(err: unknown): boolean {
  return err instanceof ChainError || err instanceof UserError
}

/** The message to print for an error. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.name === 'DatabaseLockedError') {
    return `${err.message}: is another sdkd running on this home? (the data is untouched)`
  }
  return err instanceof Error ? err.message : String(err)
}
