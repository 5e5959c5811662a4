#!/usr/bin/env node
import { errorMessage, isUserError } from './errors.js'
import { createProgram } from './program.js'

const exit = (code: number) => {
  process.exit(code)
}

try {
  await (await createProgram(exit, process.argv.slice(2))).parseAsync(process.argv)
} catch (err) {
  process.stderr.write(`Error: ${errorMessage(err)}\n`)
  if (!isUserError(err) && process.env.SDKD_DEBUG) process.stderr.write(`${(err as Error).stack}\n`)
  process.exit((err as { exitCode?: number }).exitCode ?? 1)
}
