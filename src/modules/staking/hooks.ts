import type { BlockContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Dec } from '../../codec/dec.js'

/**
 * What other modules hear of staking changes (upstream StakingHooks). Addresses are bytes:
 * `operator` is the validator's operator address, `consAddr` its consensus address (the first 20
 * bytes of sha256 of its ed25519 key), `delegator` an account address. simd registers
 * distribution's hooks, then slashing's; every hook of every registered set runs in that order.
 */
export interface StakingHooks {
  afterValidatorCreated?(ctx: BlockContext, operator: Bytes): Promise<void>
  beforeValidatorModified?(ctx: BlockContext, operator: Bytes): Promise<void>
  afterValidatorRemoved?(ctx: BlockContext, consAddr: Bytes, operator: Bytes): Promise<void>
  afterValidatorBonded?(ctx: BlockContext, consAddr: Bytes, operator: Bytes): Promise<void>
  afterValidatorBeginUnbonding?(ctx: BlockContext, consAddr: Bytes, operator: Bytes): Promise<void>
  beforeDelegationCreated?(ctx: BlockContext, delegator: Bytes, operator: Bytes): Promise<void>
  beforeDelegationSharesModified?(
    ctx: BlockContext,
    delegator: Bytes,
    operator: Bytes,
  ): Promise<void>
  beforeDelegationRemoved?(ctx: BlockContext, delegator: Bytes, operator: Bytes): Promise<void>
  afterDelegationModified?(ctx: BlockContext, delegator: Bytes, operator: Bytes): Promise<void>
  beforeValidatorSlashed?(ctx: BlockContext, operator: Bytes, fraction: Dec): Promise<void>
  afterUnbondingInitiated?(ctx: BlockContext, id: bigint): Promise<void>
}
