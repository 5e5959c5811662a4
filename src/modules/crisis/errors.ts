import { JsonMappingError } from '../../codec/json.js'
import type { ProtoMessage } from '../../codec/proto.js'

// x/crisis registers no error sdkd can raise (upstream's ErrNoSender and ErrUnknownInvariant belong
// to MsgVerifyInvariant, which sdkd does not serve): its one failure is a bad genesis.

/** Upstream ValidateGenesis's refusal of a constant fee that is not a positive coin. */
export function constantFeeNotPositive(fee: ProtoMessage): JsonMappingError {
  return new JsonMappingError(
    `app_state.crisis.constant_fee: constant fee must be positive: ${String(fee.amount ?? '')}${fee.denom ?? ''}`,
  )
}
