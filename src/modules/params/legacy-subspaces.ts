import { decFromAtomics, decToString } from '../../codec/dec.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import { crisisCollections } from '../crisis/keys.js'
import { stakingCollections } from '../staking/keys.js'

/**
 * A legacy param set: the values a subspace's keys read as, in the amino JSON the legacy x/params
 * store holds (upstream's modules registered their params as such sets before keeping them in their
 * own stores). A key the set does not know reads as undefined.
 */
export interface LegacyParamSet {
  /** The set's keys, in the order of the store's keys. */
  readonly keys: readonly string[]
  get(state: Readable, key: string): Promise<string | undefined>
}

/** amino JSON of a Duration: its nanoseconds, as a string (time.Duration is an int64). */
function durationNanos(d: { seconds: unknown; nanos: number } | null): string {
  if (!d) return '"0"'
  return `"${BigInt(String(d.seconds ?? 0)) * 1_000_000_000n + BigInt(d.nanos ?? 0)}"`
}

/**
 * Upstream x/staking's ParamSetPairs (KeyUnbondingTime `UnbondingTime`, `MaxValidators`,
 * KeyMaxEntries `MaxEntries`, `HistoricalEntries`, `BondDenom`, `MinCommissionRate`) over the
 * module's params: uint32 values are numbers, the int64 duration and the strings are quoted.
 */
export function stakingParamSet(registry: ProtoRegistry): LegacyParamSet {
  const stored = stakingCollections(registry).params
  const values: Partial<Record<string, (p: Proto<'sdk.staking.v1beta1.Params'>) => string>> = {
    UnbondingTime: (p) => durationNanos(p.unbonding_time),
    MaxValidators: (p) => String(p.max_validators),
    MaxEntries: (p) => String(p.max_entries),
    HistoricalEntries: (p) => String(p.historical_entries),
    BondDenom: (p) => JSON.stringify(p.bond_denom),
    MinCommissionRate: (p) => JSON.stringify(decToString(decFromAtomics(p.min_commission_rate))),
  }
  return {
    keys: Object.keys(values).sort(),
    async get(state, key) {
      if (!Object.hasOwn(values, key)) return undefined
      const params = await stored.get(state.store('staking'))
      return params ? values[key]!(params) : undefined
    },
  }
}

/** Upstream x/crisis's ParamSetPairs: `ConstantFee`, a Coin as amino JSON. */
export function crisisParamSet(registry: ProtoRegistry): LegacyParamSet {
  const stored = crisisCollections(registry).constantFee
  return {
    keys: ['ConstantFee'],
    async get(state, key) {
      if (key !== 'ConstantFee') return undefined
      const fee = await stored.get(state.store('crisis'))
      return fee ? JSON.stringify({ denom: fee.denom, amount: fee.amount }) : undefined
    },
  }
}
