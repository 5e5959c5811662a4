import { moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { DecodedByBytes } from '../../store/decoded-by-bytes.js'
import type { Readable } from '../../store/types.js'
import { readNow, thenNow } from '../../store/value-now.js'
import type { StakingBankKeeper } from './expected-keepers.js'
import type { StakingHooks } from './hooks.js'
import { BONDED_POOL_NAME, MODULE_NAME, stakingCollections } from './keys.js'
import type { Delegation, Validator } from './status.js'

// The keeper's base: its store, its keepers and hooks, and the reads every part of x/staking uses.
// The write side (delegation.ts, valset.ts, slash.ts …) takes a StakingCore, so none of them imports
// the keeper class that offers them as methods.

/** The arguments of a hook. */
type HookArgs<K extends keyof StakingHooks> = Parameters<NonNullable<StakingHooks[K]>>

/** Default staking params (upstream DefaultParams, bond denom `stake`), in genesis JSON form. */
export function defaultStakingParams(bondDenom = 'stake') {
  return {
    unbonding_time: '1814400s',
    max_validators: 100,
    max_entries: 7,
    historical_entries: 10000,
    bond_denom: bondDenom,
    min_commission_rate: '0.000000000000000000',
  }
}

export interface StakingKeeperOptions {
  registry: ProtoRegistry
  bank: StakingBankKeeper
}

/** A read's value as it is. */
const same = <V>(value: V): V => value

/** The bond denom of the params (`stake` when empty). */
const bondDenomOf = (p: Readonly<Proto<'sdk.staking.v1beta1.Params'>>): string =>
  p.bond_denom || 'stake'

/** x/staking keeper base: store collections, params, records and hooks. */
export class StakingCore {
  readonly c: ReturnType<typeof stakingCollections>
  readonly bank: StakingBankKeeper
  readonly registry: ProtoRegistry
  private readonly hookSets: StakingHooks[] = []
  /** The default params decoded (what a store without params reads as), made on first use. */
  private defaults: Proto<'sdk.staking.v1beta1.Params'> | undefined
  private readonly paramsCache = new DecodedByBytes<Readonly<Proto<'sdk.staking.v1beta1.Params'>>>()

  constructor({ registry, bank }: StakingKeeperOptions) {
    this.c = stakingCollections(registry)
    this.bank = bank
    this.registry = registry
  }

  /** Registers a set of hooks; every set runs, in the order they were added (upstream MultiStakingHooks). */
  addHooks(hooks: StakingHooks): void {
    this.hookSets.push(hooks)
  }

  /** Runs hook `name` of every registered set, in order; the first error stops and propagates. */
  async hook<K extends keyof StakingHooks>(name: K, ...args: HookArgs<K>): Promise<void> {
    for (const set of this.hookSets) {
      const f = set[name] as ((...a: HookArgs<K>) => Promise<void>) | undefined
      if (f) await f.apply(set, args)
    }
  }

  /** The validator of an operator address, if any (upstream GetValidator). */
  validator(state: Readable, operator: Bytes): Promise<Validator | undefined> {
    return this.c.validators.get(state.store(MODULE_NAME), operator)
  }

  /** The validator of a consensus address, if any (upstream GetValidatorByConsAddr). */
  /** At once when memory has the records (x/slashing and x/distribution ask every block). */
  validatorByConsAddr(
    state: Readable,
    consAddr: Bytes,
  ): Validator | undefined | Promise<Validator | undefined> {
    const store = state.store(MODULE_NAME)
    return thenNow(this.c.validatorsByConsAddr.getNowThen(store, consAddr, same), (operator) =>
      operator ? this.c.validators.getNowThen(store, operator, same) : undefined,
    )
  }

  /** The delegation of `delegator` to `operator`, if any (upstream GetDelegation). */
  delegation(state: Readable, delegator: Bytes, operator: Bytes): Promise<Delegation | undefined> {
    return this.c.delegations.get(state.store(MODULE_NAME), [delegator, operator])
  }

  async params(state: Readable): Promise<Proto<'sdk.staking.v1beta1.Params'>> {
    const stored = await this.c.params.get(state.store(MODULE_NAME))
    if (stored) return stored
    this.defaults ??= messageFromJson(
      this.registry,
      this.registry.type('sdk.staking.v1beta1.Params'),
      defaultStakingParams(),
    )
    return this.defaults
  }

  /**
   * The params for the per-block paths that only read them (the BeginBlocker's historical entries,
   * the set update's max validators, x/mint's three bond-denom reads a block): decoded once per
   * distinct stored bytes, as they change only by governance, and frozen, as every caller gets the
   * same object. Queries and messages take `params`, a decoding of their own.
   */
  sharedParams(
    state: Readable,
  ):
    | Readonly<Proto<'sdk.staking.v1beta1.Params'>>
    | Promise<Readonly<Proto<'sdk.staking.v1beta1.Params'>>> {
    return thenNow(readNow(state.store(MODULE_NAME), this.c.params.prefix), (raw) =>
      this.paramsCache.get(raw, async () => {
        // A fresh decoding when stored; the defaults are `params`' own object, left as they are.
        const decoded = await this.params(state)
        return raw === undefined ? decoded : Object.freeze(decoded)
      }),
    )
  }

  async bondDenom(state: Readable): Promise<string> {
    return this.bondDenomNow(state)
  }

  /** `bondDenom` at once when memory has the params. */
  bondDenomNow(state: Readable): string | Promise<string> {
    return thenNow(this.sharedParams(state), bondDenomOf)
  }

  /** Balance of `address` in `denom` (the pools' holdings). */
  balanceOf(state: Readable, address: Bytes, denom: string): Promise<bigint> {
    return this.bank.balance(state, address, denom)
  }

  /** Tokens held by the bonded pool (upstream TotalBondedTokens). */
  async totalBondedTokens(state: Readable): Promise<bigint> {
    return this.totalBondedTokensNow(state)
  }

  /** `totalBondedTokens` at once when memory has the params and the pool's balance. */
  totalBondedTokensNow(state: Readable): bigint | Promise<bigint> {
    return thenNow(this.bondDenomNow(state), (denom) =>
      this.bank.balanceNow(state, moduleAddress(BONDED_POOL_NAME), denom),
    )
  }
}
