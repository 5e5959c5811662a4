import type { ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { Writable } from '../../store/types.js'
import { crisisCollections, MODULE_NAME } from './keys.js'

export interface CrisisKeeperOptions {
  registry: ProtoRegistry
}

/** x/crisis keeper: the constant fee of MsgVerifyInvariant (which sdkd does not serve). */
export class CrisisKeeper {
  readonly c: ReturnType<typeof crisisCollections>

  constructor({ registry }: CrisisKeeperOptions) {
    this.c = crisisCollections(registry)
  }

  setConstantFee(state: Writable, fee: ProtoInit<'sdk.base.v1beta1.Coin'>): void {
    this.c.constantFee.set(state.store(MODULE_NAME), fee)
  }
}
