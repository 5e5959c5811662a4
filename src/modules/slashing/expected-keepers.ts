import type { BlockContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Dec } from '../../codec/dec.js'
import type { Proto } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import type { StakingHooks } from '../staking/hooks.js'

export type StakingValidator = Proto<'sdk.staking.v1beta1.Validator'>
export type StakingDelegation = Proto<'sdk.staking.v1beta1.Delegation'>

/**
 * What x/slashing (and the double-sign handling of x/evidence) needs from x/staking (upstream
 * x/slashing/types/expected_keepers.go StakingKeeper). Addresses are bytes: `operator` the
 * validator's operator address, `consAddr` its consensus address.
 */
export interface SlashingStakingKeeper {
  /** The validator of an operator address; undefined when there is none. */
  validator(state: Readable, operator: Bytes): Promise<StakingValidator | undefined>
  /** The validator of a consensus address; undefined when there is none. */
  validatorByConsAddr(
    state: Readable,
    consAddr: Bytes,
  ): StakingValidator | undefined | Promise<StakingValidator | undefined>
  /** A delegation; undefined when there is none. */
  delegation(
    state: Readable,
    delegator: Bytes,
    operator: Bytes,
  ): Promise<StakingDelegation | undefined>
  /**
   * Upstream Slash: burns `slashFactor` of the stake the validator had at `infractionHeight`
   * (`power` is the consensus power consensus reported); returns the tokens burned.
   */
  slash(
    ctx: BlockContext,
    consAddr: Bytes,
    infractionHeight: number,
    power: bigint,
    slashFactor: Dec,
  ): Promise<bigint>
  /** Sets the validator jailed and takes it out of the power index. */
  jail(ctx: BlockContext, consAddr: Bytes): Promise<void>
  /** Clears the validator's jailed flag and puts it back into the power index. */
  unjail(ctx: BlockContext, consAddr: Bytes): Promise<void>
  /** Registers a set of hooks; every registered set runs, in registration order. */
  addHooks(hooks: StakingHooks): void
}
