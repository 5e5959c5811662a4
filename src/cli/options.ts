import { InvalidArgumentError } from 'commander'
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

/** Parses a boolean flag value (`--api.enable`, `--api.enable=false`). */
export function boolArg(value: string | undefined): boolean {
  if (value === undefined) return true
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false
  throw new InvalidArgumentError(
    `strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`,
  )
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
