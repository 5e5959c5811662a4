import { JsonMappingError } from '../../codec/json.js'
import type { Proto } from '../../codec/proto.js'
import { registerError } from '../../errors.js'

// x/crisis errors (codespace `crisis`, upstream x/crisis/types/errors.go), and its genesis refusal.
export const ErrNoSender = registerError('crisis', 2, 'sender address is empty')
export const ErrUnknownInvariant = registerError('crisis', 3, 'unknown invariant')

/** Upstream ValidateGenesis's refusal of a constant fee that is not a positive coin. */
export function constantFeeNotPositive(fee: Proto<'sdk.base.v1beta1.Coin'>): JsonMappingError {
  return new JsonMappingError(
    `app_state.crisis.constant_fee: constant fee must be positive: ${fee.amount}${fee.denom}`,
  )
}
