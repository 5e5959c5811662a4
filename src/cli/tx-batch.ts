import { writeFile } from 'node:fs/promises'
import { type TxObject, txFromJsonText } from '../client/tx-builder.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { readInput } from './client-context.js'
import { CliError } from './errors.js'

// The files of `tx sign-batch` and `tx multisign-batch`: one JSON document a line (a tx, or a
// signature), read as upstream's line scanner reads them, and their output, one a line.

/** One line of a batch file and where it is (`file:line`, for the errors). */
export interface BatchLine {
  text: string
  where: string
}

/**
 * The lines of a batch file (`-` = stdin): split at `\n` (a `\r` before it dropped), the empty
 * piece after a final newline left out, as Go's line scanner reads a file.
 */
export async function readBatchLines(path: string, what: string): Promise<BatchLine[]> {
  const text = await readInput(path, what)
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
  if (lines.at(-1) === '') lines.pop()
  const name = path === '-' ? 'stdin' : path
  return lines.map((l, i) => ({ text: l, where: `${name}:${i + 1}` }))
}

/** A parsed line: its value and where it came from. */
export interface BatchItem<T> {
  value: T
  where: string
}

/** Parses each line, an error naming the line that fails. */
export function parseBatchLines<T>(
  lines: readonly BatchLine[],
  parse: (text: string) => T,
): BatchItem<T>[] {
  return lines.map((l) => {
    try {
      return { value: parse(l.text), where: l.where }
    } catch (err) {
      throw new CliError(`${l.where}: ${(err as Error).message}`)
    }
  })
}

/**
 * The txs of batch files, one tx JSON a line (what `--generate-only` prints, one command's
 * output a line), the files' lines in order. A batch with no tx is refused.
 */
export async function readTxBatch(
  registry: ProtoRegistry,
  paths: readonly string[],
): Promise<BatchItem<TxObject>[]> {
  const lines: BatchLine[] = []
  for (const p of paths) lines.push(...(await readBatchLines(p, 'batch file')))
  if (lines.length === 0)
    throw new CliError(
      `no transaction in ${paths.join(', ')}: a batch file holds one tx JSON per line (the output of a tx command with --generate-only)`,
    )
  return parseBatchLines(lines, (text) => txFromJsonText(registry, text))
}

/** Prints the lines (each a JSON document) to stdout, or writes them to `--output-document`. */
export async function writeBatchOutput(
  lines: readonly string[],
  outputDocument: string | undefined,
): Promise<void> {
  const text = lines.map((l) => `${l}\n`).join('')
  if (outputDocument) await writeFile(outputDocument, text)
  else process.stdout.write(text)
}
