import type { Proto } from '../../codec/proto.js'

/** BondStatus values (upstream BondStatus). */
export const BOND_STATUS_UNBONDED = 1
export const BOND_STATUS_UNBONDING = 2
export const BOND_STATUS_BONDED = 3

/** A validator record as stored. */
export type Validator = Proto<'sdk.staking.v1beta1.Validator'>
/** A delegation record as stored. */
export type Delegation = Proto<'sdk.staking.v1beta1.Delegation'>
