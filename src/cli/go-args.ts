import { goHexDecode } from '../codec/go-hex.js'
import { goParseInt } from '../codec/go-strconv.js'
import { CliError } from './errors.js'

// Arguments upstream's hand-written commands read with Go's standard library, refused in its
// words. Loaded by the commands that take them (the CLI starts without it).

/** A height read with `strconv.ParseInt(text, 10, 64)` (a sign taken); its refusal after `prefix`. */
export function int64Arg(text: string, prefix = ''): bigint {
  try {
    return goParseInt(text, 10, 64)
  } catch (err) {
    throw new CliError(`${prefix}${(err as Error).message}`)
  }
}

/** A hash read with `hex.DecodeString` (either case, any length), refused in its words. */
export function hexArg(text: string): Uint8Array {
  const bytes = goHexDecode(text)
  if (typeof bytes === 'string') throw new CliError(bytes)
  return bytes
}
