import { readFileSync } from 'node:fs'
import { type Command, Option } from 'commander'
import { fromHex } from '../codec/bytes.js'
import { goBase64Decode } from '../codec/go-base64.js'
import { FlagValueError, pflagBigIntArg } from './options.js'
import { addPflagOptions, olderName, pflagBoolOption } from './pflag-options.js'

/** The PageRequest flags of a list query, as upstream's autocli names them (`--page-…`). */
export interface PageFlags {
  pageKey?: Uint8Array
  pageOffset?: bigint
  pageLimit?: bigint
  pageCountTotal?: boolean
  pageReverse?: boolean
}

/**
 * autocli's bytes flag (client/v2 `fileBinaryValue`): the contents of the file the value names, else
 * the value as hex, else as padded base64, tried in that order.
 */
export function binaryFlagArg(value: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(value))
  } catch {
    // Not a readable file: the value is the bytes themselves.
  }
  try {
    return fromHex(value)
  } catch {
    // Not hex.
  }
  const decoded = goBase64Decode(value, 'std')
  if ('bytes' in decoded) return decoded.bytes
  throw new FlagValueError('input string is neither a valid file path, hex, or base64 encoded')
}

/**
 * Adds the pagination flags upstream's autocli gives a query whose request has a PageRequest
 * (`--page-key`, `--page-offset`, `--page-limit`, `--page-count-total`, `--page-reverse`), and
 * sdkd's older names of them, hidden (`--offset`, `--limit`, `--count-total`, `--reverse`).
 */
export function addPageFlags(cmd: Command): Command {
  const uint64 = pflagBigIntArg('uint64')
  return addPflagOptions(cmd, [
    new Option(
      '--page-key <key>',
      'next_key of the previous page: a file holding it, or it in hex or base64',
    ).argParser(binaryFlagArg),
    new Option('--page-offset <n>', 'skip this many records (not with --page-key)').argParser(
      uint64,
    ),
    new Option(
      '--page-limit <n>',
      'at most this many records (0: the node default, 100)',
    ).argParser(uint64),
    pflagBoolOption('--page-count-total', 'count the total number of records'),
    pflagBoolOption('--page-reverse', 'results in descending order'),
    olderName(new Option('--offset <n>').argParser(uint64), 'pageOffset'),
    olderName(new Option('--limit <n>').argParser(uint64), 'pageLimit'),
    olderName(pflagBoolOption('--count-total', ''), 'pageCountTotal'),
    olderName(pflagBoolOption('--reverse', ''), 'pageReverse'),
  ])
}

/**
 * The PageRequest of the pagination flags, sent as given: the node refuses an offset with a key
 * (`invalid request, either offset or key is expected, got both`), as upstream's does.
 */
export function pageRequest(f: PageFlags): Record<string, unknown> {
  return {
    ...(f.pageKey !== undefined && f.pageKey.length > 0 ? { key: f.pageKey } : {}),
    offset: String(f.pageOffset ?? 0),
    limit: String(f.pageLimit ?? 0),
    count_total: f.pageCountTotal === true,
    reverse: f.pageReverse === true,
  }
}
