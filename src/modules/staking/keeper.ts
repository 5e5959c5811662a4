import { addressToBech32, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Dec, decFromString } from '../../codec/dec.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import type { StakingBankKeeper } from './expected-keepers.js'
import { BONDED_POOL_NAME, MODULE_NAME, stakingCollections, valoperPrefix } from './keys.js'

/** BondStatus BOND_STATUS_BONDED. */
export const BOND_STATUS_BONDED = 3

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

/** A bonded validator as governance counts it. */
export interface BondedValidator {
  /** Operator address bytes (the operator's account address has the same bytes). */
  operator: Bytes
  /** `sdkvaloper1…` (in the brand) */
  operatorAddress: string
  tokens: bigint
  delegatorShares: Dec
}

/** A delegation as governance counts it. */
export interface DelegationShares {
  validator: Bytes
  shares: Dec
}

/** Operator address text of validator bytes. */
export function valoperAddress(operator: Bytes): string {
  return addressToBech32(operator, valoperPrefix())
}

export interface StakingKeeperOptions {
  registry: ProtoRegistry
  bank: StakingBankKeeper
}

/** x/staking keeper, read side: the bonded validator set, delegations and bonded tokens. */
export class StakingKeeper {
  readonly c: ReturnType<typeof stakingCollections>
  private readonly bank: StakingBankKeeper
  private readonly registry: ProtoRegistry
  /** The default params decoded (what a store without params reads as), made on first use. */
  private defaults: Proto<'sdk.staking.v1beta1.Params'> | undefined

  constructor({ registry, bank }: StakingKeeperOptions) {
    this.c = stakingCollections(registry)
    this.bank = bank
    this.registry = registry
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

  async bondDenom(state: Readable): Promise<string> {
    return (await this.params(state)).bond_denom || 'stake'
  }

  /**
   * Bonded, unjailed validators by descending tokens (upstream IterateBondedValidatorsByPower), at
   * most `max_validators` of them.
   */
  async bondedValidators(state: Readable): Promise<BondedValidator[]> {
    const max = (await this.params(state)).max_validators
    const out: BondedValidator[] = []
    for await (const [operator, v] of this.c.validators.iterate(state.store(MODULE_NAME))) {
      if (v.status !== BOND_STATUS_BONDED || v.jailed) continue
      out.push({
        operator,
        operatorAddress: valoperAddress(operator),
        tokens: BigInt(v.tokens || '0'),
        delegatorShares: decFromString(v.delegator_shares || '0'),
      })
    }
    out.sort((a, b) => (a.tokens === b.tokens ? 0 : a.tokens > b.tokens ? -1 : 1))
    return out.slice(0, max)
  }

  /** Every delegation of `delegator`, in validator address order. */
  async delegationsOf(state: Readable, delegator: Bytes): Promise<DelegationShares[]> {
    const out: DelegationShares[] = []
    const d = this.c.delegations
    const prefix = d.storeKey([delegator, new Uint8Array(0)]).subarray(d.prefix.length)
    // The pair key ends with an empty length-prefixed component: drop its length byte.
    for await (const [[, validator], del] of d.iterate(state.store(MODULE_NAME), {
      prefix: prefix.subarray(0, prefix.length - 1),
    })) {
      out.push({ validator, shares: decFromString(del.shares || '0') })
    }
    return out
  }

  /** Balance of `address` in `denom` (the pools' holdings). */
  balanceOf(state: Readable, address: Bytes, denom: string): Promise<bigint> {
    return this.bank.balance(state, address, denom)
  }

  /** Tokens held by the bonded pool (upstream TotalBondedTokens). */
  async totalBondedTokens(state: Readable): Promise<bigint> {
    return this.bank.balance(state, moduleAddress(BONDED_POOL_NAME), await this.bondDenom(state))
  }
}
