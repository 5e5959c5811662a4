import type { Coin } from '../../codec/coins.js'
import type { ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { ErrLogic } from '../../errors.js'
import type { Readable, Writable } from '../../store/types.js'
import type { BankContext } from '../bank/keeper.js'
import { crisisCollections, MODULE_NAME } from './keys.js'

/** What x/crisis needs of x/bank: the constant fee's payment to the fee collector. */
export interface CrisisBankKeeper {
  sendCoinsFromAccountToModule(
    ctx: BankContext,
    sender: Uint8Array,
    recipientModule: string,
    coins: readonly Coin[],
  ): void | Promise<void>
}

export interface CrisisKeeperOptions {
  registry: ProtoRegistry
  bank: CrisisBankKeeper
}

/** x/crisis keeper: the constant fee MsgVerifyInvariant charges. */
export class CrisisKeeper {
  readonly c: ReturnType<typeof crisisCollections>
  readonly bank: CrisisBankKeeper

  constructor({ registry, bank }: CrisisKeeperOptions) {
    this.c = crisisCollections(registry)
    this.bank = bank
  }

  /** The stored constant fee (InitGenesis always stores one; upstream errors without it). */
  async constantFee(state: Readable): Promise<Coin> {
    const fee = await this.c.constantFee.get(state.store(MODULE_NAME))
    if (!fee) throw ErrLogic.wrap('crisis constant fee is not set')
    return { denom: fee.denom, amount: BigInt(fee.amount || '0') }
  }

  setConstantFee(state: Writable, fee: ProtoInit<'sdk.base.v1beta1.Coin'>): void {
    this.c.constantFee.set(state.store(MODULE_NAME), fee)
  }
}
