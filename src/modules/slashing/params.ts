import { fromUtf8 } from '../../codec/bytes.js'
import { type Dec, decFromInt, decMulInt, decRound, decToString } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import { goDuration } from '../../codec/time.js'
import { UndefinedCodeError } from '../../errors.js'

/** Default slashing params (upstream DefaultParams, as simd writes them), in genesis JSON form. */
export function defaultSlashingParams() {
  return {
    signed_blocks_window: '100',
    min_signed_per_window: '0.500000000000000000',
    downtime_jail_duration: '600s',
    slash_fraction_double_sign: '0.050000000000000000',
    slash_fraction_downtime: '0.010000000000000000',
  }
}

/** The params with their decimals and durations read. */
export interface SlashingParams {
  signedBlocksWindow: bigint
  minSignedPerWindow: Dec
  /** In nanoseconds. */
  downtimeJailDuration: bigint
  slashFractionDoubleSign: Dec
  slashFractionDowntime: Dec
}

/** A LegacyDec bytes field's value (its scaled integer as text; empty is zero). */
function decOf(v: Uint8Array | string | null | undefined): Dec {
  const text = v instanceof Uint8Array ? fromUtf8(v) : (v ?? '')
  return text === '' ? 0n : BigInt(text)
}

/** Reads stored or decoded params. */
export function readSlashingParams(p: Proto<'sdk.slashing.v1beta1.Params'>): SlashingParams {
  const d = p.downtime_jail_duration
  return {
    signedBlocksWindow: int64Of(p.signed_blocks_window),
    minSignedPerWindow: decOf(p.min_signed_per_window),
    downtimeJailDuration: d ? int64Of(d.seconds) * 1_000_000_000n + BigInt(d.nanos) : 0n,
    slashFractionDoubleSign: decOf(p.slash_fraction_double_sign),
    slashFractionDowntime: decOf(p.slash_fraction_downtime),
  }
}

/** Upstream MinSignedPerWindow: the window × the fraction, rounded half to even. */
export function minSignedPerWindow(p: SlashingParams): bigint {
  return decRound(decMulInt(p.minSignedPerWindow, p.signedBlocksWindow))
}

/** The most blocks of a window a validator may miss without being jailed. */
export function maxMissedPerWindow(p: SlashingParams): bigint {
  return p.signedBlocksWindow - minSignedPerWindow(p)
}

function invalid(message: string): never {
  // Upstream's params checks return plain errors: code 1 in a transaction.
  throw new UndefinedCodeError(message)
}

function checkFraction(d: Dec, what: string): void {
  if (d < 0n) invalid(`${what} cannot be negative: ${decToString(d)}`)
  if (d > decFromInt(1n)) invalid(`${what} too large: ${decToString(d)}`)
}

/** Upstream Params.Validate, in its order and with its texts. */
export function validateSlashingParams(p: SlashingParams): void {
  if (p.signedBlocksWindow <= 0n)
    invalid(`signed blocks window must be positive: ${p.signedBlocksWindow}`)
  checkFraction(p.minSignedPerWindow, 'min signed per window')
  if (p.downtimeJailDuration <= 0n)
    invalid(`downtime jail duration must be positive: ${goDuration(p.downtimeJailDuration)}`)
  checkFraction(p.slashFractionDoubleSign, 'double sign slash fraction')
  checkFraction(p.slashFractionDowntime, 'downtime slash fraction')
}
