import type { ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { coinsFromProto, coinsText, isValidCoins } from '../../codec/coins.js'
import { int64Of } from '../../codec/int64.js'
import {
  ErrInvalidAddress,
  ErrInvalidCoins,
  ErrInvalidRequest,
  ErrUnauthorized,
} from '../../errors.js'
import type { BankKeeper } from '../bank/keeper.js'
import { addressProblem, checkSendEnabled } from '../bank/msg-server.js'
import type { AuthKeeper } from './keeper.js'
import type { VestingSchedule } from './vesting.js'

// Upstream x/auth/vesting/msg_server.go (v0.50): its checks, in its order, with its texts.

function address(text: string, what: 'from' | 'to'): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid '${what}' address: ${addressProblem(err)}`)
  }
}

/** The vesting Msg service: MsgCreateVestingAccount (continuous, or delayed with `delayed`). */
export function registerVestingMsgs(
  cfg: ModuleConfigurator,
  auth: AuthKeeper,
  bank: BankKeeper,
): void {
  cfg.registerMsg('/sdk.vesting.v1beta1.MsgCreateVestingAccount', async (msg, ctx) => {
    const from = address(msg.from_address, 'from')
    const to = address(msg.to_address, 'to')
    if (!isValidCoins(msg.amount) || msg.amount.length === 0)
      throw ErrInvalidCoins.wrap(coinsText(msg.amount))
    const amount = coinsFromProto(msg.amount)
    const endTime = int64Of(msg.end_time)
    if (endTime <= 0n) throw ErrInvalidRequest.wrap('invalid end time')
    await checkSendEnabled(bank, ctx, amount)
    if (bank.isBlocked(to))
      throw ErrUnauthorized.wrap(`${msg.to_address} is not allowed to receive funds`)
    if (await auth.hasAccount(ctx.state, to))
      throw ErrInvalidRequest.wrap(`account ${msg.to_address} already exists`)
    const account = await auth.newAccount(ctx.state, to)
    // Continuous accounts start at the block time, with no check against the end time (upstream's
    // Raw constructor): a past end time vests everything after the first block.
    const vesting: VestingSchedule = {
      kind: msg.delayed ? 'delayed' : 'continuous',
      originalVesting: amount.map((c) => ({ ...c })),
      delegatedFree: [],
      delegatedVesting: [],
      endTime,
      startTime: msg.delayed ? 0n : ctx.time / 1_000_000_000n,
    }
    await auth.setAccount(ctx.state, { ...account, vesting })
    await bank.send(ctx, from, to, amount)
    return {}
  })
}
