import { envNote } from './env-options.js'
import { errorMessage, isUserError } from './errors.js'
import { createProgram } from './program.js'

/**
 * Runs `sdkd` on `argv` (node, script, arguments): the command's own exit, or `Error: <message>` on
 * stderr and exit 1 (or the error's code). The entry of the CLI bundles too (see bundles.ts).
 */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await (await createProgram(exit, argv.slice(2))).parseAsync([...argv])
  } catch (err) {
    const message = errorMessage(err)
    process.stderr.write(`Error: ${message}${envNote(message)}\n`)
    if (!isUserError(err) && process.env.SDKD_DEBUG)
      process.stderr.write(`${(err as Error).stack}\n`)
    process.exit((err as { exitCode?: number }).exitCode ?? 1)
  }
}

function exit(code: number): void {
  process.exit(code)
}
