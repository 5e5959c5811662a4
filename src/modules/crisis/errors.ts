import { JsonMappingError } from '../../codec/json.js'
import type { Proto } from '../../codec/proto.js'

// x/crisis registers no error sdkd can raise (upstream's ErrNoSender and ErrUnknownInvariant belong
// to MsgVerifyInvariant, which sdkd does not serve): its one failure is a bad genesis.

/** Upstream ValidateGenesis's refusal of a constant fee that is not a positive coin. */
export function constantFeeNotPositive(fee: Proto<'sdk.base.v1beta1.Coin'>): JsonMappingError {
  return new JsonMappingError(
    `app_state.crisis.constant_fee: constant fee must be positive: ${fee.amount}${fee.denom}`,
  )
}
