import { InvalidArgumentError } from 'commander'
import { goParseBool, goParseInt, goParseUint, goQuote } from '../codec/go-strconv.js'
import { parseGoDuration } from '../config/duration.js'
import { CliError } from './errors.js'

/** Parses a non-negative integer flag (pflag-style message on bad input). */
export function uintArg(value: string): number {
  if (!/^\d+$/.test(value))
    throw new InvalidArgumentError(
      `strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    )
  const n = Number(value)
  if (!Number.isSafeInteger(n))
    throw new InvalidArgumentError(
      `strconv.ParseUint: parsing ${JSON.stringify(value)}: value out of range`,
    )
  return n
}

/**
 * A value pflag's `Set` refused: its message is strconv's error alone, and the command prints it as
 * pflag does (`invalid argument "abc" for "--limit" flag: strconv.ParseUint: parsing "abc": invalid
 * syntax`).
 */
export class FlagValueError extends InvalidArgumentError {}

/** pflag's integer flag types (each also autocli's flag and positional argument for that proto kind). */
export type PflagIntKind = 'int' | 'int32' | 'int64' | 'uint' | 'uint32' | 'uint64'

const PFLAG_INT: Record<PflagIntKind, { signed: boolean; bits: 32 | 64 }> = {
  int: { signed: true, bits: 64 },
  int32: { signed: true, bits: 32 },
  int64: { signed: true, bits: 64 },
  uint: { signed: false, bits: 64 },
  uint32: { signed: false, bits: 32 },
  uint64: { signed: false, bits: 64 },
}

/**
 * Reads an integer flag as pflag's flag of that type does: `strconv.ParseInt/ParseUint(value, 0,
 * bits)`, so `0x10`, `0o17`, `017`, `0b1` and `1_000` are numbers too; strconv's error otherwise.
 */
export function pflagBigIntArg(kind: PflagIntKind): (value: string) => bigint {
  const { signed, bits } = PFLAG_INT[kind]
  return (value) => {
    try {
      return signed ? goParseInt(value, 0, bits) : goParseUint(value, 0, bits)
    } catch (err) {
      throw new FlagValueError((err as Error).message)
    }
  }
}

/** pflag's `FlagSet.Set` error: `invalid argument "abc" for "--limit" flag: <the value's error>`. */
export function pflagValueText(value: string, flag: string, message: string): string {
  return `invalid argument ${goQuote(value)} for ${goQuote(flag)} flag: ${message}`
}

/**
 * Reads positional argument `index` of a command autocli generates upstream: autocli sets it on a
 * flag set whose flags are named by position, so a bad value reads `invalid argument "x" for "--0"
 * flag: strconv.ParseUint: parsing "x": invalid syntax`.
 */
export function autocliIntArg(kind: PflagIntKind, index: number, value: string): bigint {
  try {
    return pflagBigIntArg(kind)(value)
  } catch (err) {
    throw new CliError(pflagValueText(value, `--${index}`, (err as Error).message))
  }
}

/**
 * {@link pflagBigIntArg} for a value held as a JS number: one past 2^53 is refused as out of range.
 * `min` adds sdkd's own lower bound.
 */
export function pflagIntArg(kind: PflagIntKind, min?: number): (value: string) => number {
  const parse = pflagBigIntArg(kind)
  return (value) => {
    const n = parse(value)
    if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) {
      const fn = PFLAG_INT[kind].signed ? 'ParseInt' : 'ParseUint'
      throw new FlagValueError(`strconv.${fn}: parsing ${goQuote(value)}: value out of range`)
    }
    if (min !== undefined && n < BigInt(min))
      throw new InvalidArgumentError(`must be at least ${min}`)
    return Number(n)
  }
}

/** Parses a boolean flag value (`--api.enable`, `--api.enable=false`). */
export function boolArg(value: string | undefined): boolean {
  if (value === undefined) return true
  try {
    return goParseBool(value)
  } catch {
    throw new InvalidArgumentError(
      `strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`,
    )
  }
}

/** pflag's Bool flag value: `strconv.ParseBool`, a refusal in pflag's words (`FlagValueError`). */
export function pflagBoolArg(value: string): boolean {
  try {
    return goParseBool(value)
  } catch (err) {
    throw new FlagValueError((err as Error).message)
  }
}

/** Parses a Go duration flag into milliseconds. */
export function durationArg(value: string): number {
  try {
    const ms = parseGoDuration(value)
    if (ms < 0) throw new InvalidArgumentError(`negative duration ${JSON.stringify(value)}`)
    return ms
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message)
  }
}

/** Parses comma-separated heights (`--unsafe-skip-upgrades 10,20`), accumulating repeats. */
export function heightListArg(value: string, previous: number[] = []): number[] {
  const out = [...previous]
  for (const part of value.split(',')) {
    const t = part.trim()
    if (t === '') continue
    if (!/^\d+$/.test(t) || Number(t) <= 0)
      throw new InvalidArgumentError(
        `invalid height ${JSON.stringify(t)}: expected a positive integer`,
      )
    out.push(Number(t))
  }
  return out
}

/** A comma-separated list flag (pflag's StringSlice), trimmed, empty items dropped, repeats added up. */
export function stringListArg(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ]
}

/** Collects a repeatable string flag. */
export function collectArg(value: string, previous: string[] = []): string[] {
  return [...previous, value]
}

/** Parses a positive integer flag (`--accounts 10`). */
export function positiveIntArg(value: string): number {
  const n = uintArg(value)
  if (n === 0) throw new InvalidArgumentError('must be at least 1')
  return n
}

/** A proposal id argument (uint64). */
export function parseProposalId(text: string, kind: 'int' | 'uint' = 'uint'): string {
  if (!/^\d+$/.test(text) || BigInt(text) >= 2n ** 64n)
    throw new CliError(`proposal-id ${text} not a valid ${kind}, please input a valid proposal-id`)
  return BigInt(text).toString()
}
