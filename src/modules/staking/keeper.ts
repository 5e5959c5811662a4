import type { BlockContext, ValidatorUpdate } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Dec, decFromAtomics } from '../../codec/dec.js'
import type { Readable } from '../../store/types.js'
import { StakingCore } from './core.js'
import { MODULE_NAME, valoperPrefix } from './keys.js'
import { jail, slash, unjail } from './slash.js'
import { BOND_STATUS_BONDED } from './status.js'
import { applyAndReturnValidatorSetUpdates } from './valset.js'

export { defaultStakingParams, type StakingKeeperOptions } from './core.js'
export {
  BOND_STATUS_BONDED,
  BOND_STATUS_UNBONDED,
  BOND_STATUS_UNBONDING,
  type Delegation,
  type Validator,
} from './status.js'

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

/**
 * x/staking keeper: the reads governance uses (bonded set, delegations) and the methods other
 * modules call (slash, jail, unjail, the validator-set updates), over StakingCore.
 */
export class StakingKeeper extends StakingCore {
  /** Upstream Keeper.Slash: burns a fraction of the stake at an infraction; returns the tokens burned. */
  slash(
    ctx: BlockContext,
    consAddr: Bytes,
    infractionHeight: number,
    power: bigint,
    slashFactor: Dec,
  ): Promise<bigint> {
    return slash(this, ctx, consAddr, infractionHeight, power, slashFactor)
  }

  /** Upstream Keeper.Jail: the validator leaves the power index (and so the set at next EndBlock). */
  jail(ctx: BlockContext, consAddr: Bytes): Promise<void> {
    return jail(this, ctx, consAddr)
  }

  /** Upstream Keeper.Unjail: the validator is back in the power index. */
  unjail(ctx: BlockContext, consAddr: Bytes): Promise<void> {
    return unjail(this, ctx, consAddr)
  }

  /** Upstream ApplyAndReturnValidatorSetUpdates: the top validators bond, the rest unbond. */
  async applyAndReturnValidatorSetUpdates(ctx: BlockContext): Promise<ValidatorUpdate[]> {
    return applyAndReturnValidatorSetUpdates(this, ctx)
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
        delegatorShares: decFromAtomics(v.delegator_shares),
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
      out.push({ validator, shares: decFromAtomics(del.shares) })
    }
    return out
  }
}
