import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { validateDenom } from '../../codec/coins.js'
import {
  type Dec,
  decFromAtomics,
  decFromInt,
  decToAtomics,
  decToString,
  isAtomicsString,
} from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import { ErrInvalidAddress, ErrInvalidRequest, UndefinedCodeError } from '../../errors.js'
import {
  ErrCommissionChangeRateGTMaxRate,
  ErrCommissionChangeRateNegative,
  ErrCommissionGTMaxRate,
  ErrCommissionHuge,
  ErrCommissionNegative,
  ErrEmptyValidatorPubKey,
  ErrSelfDelegationBelowMinimum,
} from './errors.js'
import { valoperPrefix } from './keys.js'

// The checks of the staking messages that need no state (upstream msg.Validate, Description and
// CommissionRates checks, Params.Validate), with upstream's codes and texts.

/** The literal an edit sends for a description field it leaves unchanged. */
export const DO_NOT_MODIFY = '[do-not-modify]'

const ONE = decFromInt(1n)

/** An account address field; a bad one is sdk 7 `invalid <what> address: <codec error>`. */
export function accountArg(text: string, what: string): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid ${what} address: ${(err as Error).message}`)
  }
}

/** A validator operator address field (`…valoper1…`); a bad one is sdk 7. */
export function valoperArg(text: string, what = 'validator'): Bytes {
  try {
    return bech32ToAddress(text, valoperPrefix())
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid ${what} address: ${(err as Error).message}`)
  }
}

/** The amount of a Coin that upstream's `IsValid() && Amount.IsPositive()` takes; else undefined. */
export function positiveCoin(c: Proto<'sdk.base.v1beta1.Coin'> | null): bigint | undefined {
  if (!c) return undefined
  try {
    validateDenom(c.denom)
  } catch {
    return undefined
  }
  if (!/^-?\d+$/.test(c.amount)) return undefined
  const n = BigInt(c.amount)
  return n > 0n ? n : undefined
}

/**
 * A LegacyDec field in its wire form (the integer scaled by 10^18), or undefined when empty; bad
 * text is sdk 18.
 */
export function decArg(text: string, what: string): Dec | undefined {
  if (text === '') return undefined
  if (!isAtomicsString(text)) throw ErrInvalidRequest.wrap(`invalid ${what}: ${text}`)
  return decFromAtomics(text)
}

/** An integer field, or undefined when empty; bad text is sdk 18. */
export function intArg(text: string, what: string): bigint | undefined {
  if (text === '') return undefined
  if (!/^-?\d+$/.test(text)) throw ErrInvalidRequest.wrap(`invalid ${what}: ${text}`)
  return BigInt(text)
}

type Description = Proto<'sdk.staking.v1beta1.Description'>

/** Whether every field of a description is empty (upstream `Description == Description{}`). */
export function isEmptyDescription(d: Description | null): boolean {
  return !d || (!d.moniker && !d.identity && !d.website && !d.security_contact && !d.details)
}

const LIMITS: [keyof Description, string, number][] = [
  ['moniker', 'moniker', 70],
  ['identity', 'identity', 3000],
  ['website', 'website', 140],
  ['security_contact', 'security contact', 140],
  ['details', 'details', 280],
]

/** Upstream Description.EnsureLength: sdk 18 with the field's length and its maximum (bytes). */
export function ensureDescriptionLength(d: Description): Description {
  for (const [field, name, max] of LIMITS) {
    const n = Buffer.byteLength(d[field] ?? '')
    if (n > max) throw ErrInvalidRequest.wrap(`invalid ${name} length; got: ${n}, max: ${max}`)
  }
  return d
}

/** Upstream UpdateDescription: `[do-not-modify]` keeps the old value, then EnsureLength. */
export function updateDescription(old: Description | null, d: Description): Description {
  const keep = (k: keyof Description) => (d[k] === DO_NOT_MODIFY ? (old?.[k] ?? '') : d[k])
  return ensureDescriptionLength({
    moniker: keep('moniker'),
    identity: keep('identity'),
    website: keep('website'),
    security_contact: keep('security_contact'),
    details: keep('details'),
  })
}

/** Commission rates parsed from a message. */
export interface Rates {
  rate: Dec
  maxRate: Dec
  maxChangeRate: Dec
}

/** Upstream CommissionRates.Validate, first failure wins. */
export function validateRates({ rate, maxRate, maxChangeRate }: Rates): void {
  if (maxRate < 0n) throw ErrCommissionNegative.error()
  if (maxRate > ONE) throw ErrCommissionHuge.error()
  if (rate < 0n) throw ErrCommissionNegative.error()
  if (rate > maxRate) throw ErrCommissionGTMaxRate.error()
  if (maxChangeRate < 0n) throw ErrCommissionChangeRateNegative.error()
  if (maxChangeRate > maxRate) throw ErrCommissionChangeRateGTMaxRate.error()
}

/**
 * Upstream Params.Validate (plain errors: code 1 in a tx), in upstream's order: unbonding time,
 * max validators, max entries, bond denom, min commission rate.
 */
export function validateParams(p: Proto<'sdk.staking.v1beta1.Params'>): void {
  const unbonding =
    int64Of(p.unbonding_time?.seconds ?? 0) * 1_000_000_000n + BigInt(p.unbonding_time?.nanos ?? 0)
  if (unbonding <= 0n) throw new UndefinedCodeError(`unbonding time must be positive: ${unbonding}`)
  if (p.max_validators === 0)
    throw new UndefinedCodeError(`max validators must be positive: ${p.max_validators}`)
  if (p.max_entries === 0)
    throw new UndefinedCodeError(`max entries must be positive: ${p.max_entries}`)
  if (p.bond_denom.trim() === '') throw new UndefinedCodeError('bond denom cannot be blank')
  validateDenom(p.bond_denom)
  if (p.min_commission_rate === '') {
    throw new UndefinedCodeError('minimum commission rate cannot be nil: <nil>')
  }
  if (!isAtomicsString(p.min_commission_rate)) {
    throw new UndefinedCodeError(`invalid minimum commission rate: ${p.min_commission_rate}`)
  }
  const min = decFromAtomics(p.min_commission_rate)
  if (min < 0n)
    throw new UndefinedCodeError(`minimum commission rate cannot be negative: ${decToString(min)}`)
  if (min > ONE) {
    throw new UndefinedCodeError(
      `minimum commission rate cannot be greater than 100%: ${decToString(min)}`,
    )
  }
}

/**
 * A LegacyDec field as gogoproto's compact text writes it: its wire form, the scaled integer
 * (`0.1` → `100000000000000000`), zero when empty.
 */
function wireDec(text: string): string {
  return decToAtomics(decFromAtomics(text))
}

/**
 * Upstream Commission.String() (gogoproto compact text), as the `edit_validator` event's
 * `commission_rate`: every field followed by one space, zero fields left out.
 */
export function commissionText(c: Proto<'sdk.staking.v1beta1.Commission'> | null): string {
  const r = c?.commission_rates
  const rates = r
    ? `rate:"${wireDec(r.rate)}" max_rate:"${wireDec(r.max_rate)}" max_change_rate:"${wireDec(r.max_change_rate)}" `
    : ''
  const seconds = int64Of(c?.update_time?.seconds ?? 0)
  const nanos = c?.update_time?.nanos ?? 0
  const time =
    (seconds !== 0n ? `seconds:${seconds} ` : '') + (nanos !== 0 ? `nanos:${nanos} ` : '')
  return `commission_rates:<${rates}> update_time:<${time}> `
}

/**
 * Upstream MsgCreateValidator.Validate: the checks that need no state, in upstream's order (the
 * msg server runs them first; the CLI runs them before it broadcasts). Returns what they parsed.
 */
export function validateCreateValidator(msg: Proto<'sdk.staking.v1beta1.MsgCreateValidator'>) {
  const operator = valoperArg(msg.validator_address)
  if (!msg.pubkey) throw ErrEmptyValidatorPubKey.error()
  const amount = positiveCoin(msg.value)
  if (amount === undefined) throw ErrInvalidRequest.wrap('invalid delegation amount')
  if (isEmptyDescription(msg.description)) throw ErrInvalidRequest.wrap('empty description')
  const c = msg.commission
  if (!c || (c.rate === '' && c.max_rate === '' && c.max_change_rate === '')) {
    throw ErrInvalidRequest.wrap('empty commission')
  }
  const rates = {
    rate: decArg(c.rate, 'commission rate') ?? 0n,
    maxRate: decArg(c.max_rate, 'max commission rate') ?? 0n,
    maxChangeRate: decArg(c.max_change_rate, 'max change rate') ?? 0n,
  }
  validateRates(rates)
  const minSelf = intArg(msg.min_self_delegation, 'minimum self delegation') ?? 0n
  if (minSelf <= 0n) {
    throw ErrInvalidRequest.wrap('minimum self delegation must be a positive integer')
  }
  if (amount < minSelf) throw ErrSelfDelegationBelowMinimum.error()
  return { operator, pubkey: msg.pubkey, amount, rates, minSelf }
}
