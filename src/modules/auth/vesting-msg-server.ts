import type { BlockContext, ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import {
  type Coin,
  coinsFromProto,
  coinsText,
  isValidCoins,
  normalizeCoins,
} from '../../codec/coins.js'
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
import { scheduleProblem, type VestingSchedule } from './vesting.js'

// Upstream x/auth/vesting/msg_server.go (v0.50): its checks, in its order, with its texts.

function address(text: string, what: 'from' | 'to'): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid '${what}' address: ${addressProblem(err)}`)
  }
}

/** Upstream validateAmount: valid, sorted, every amount positive; else sdk 10 with the coins. */
function validAmount(coins: readonly { denom: string; amount: string }[]): Coin[] {
  if (!isValidCoins(coins) || coins.length === 0) throw ErrInvalidCoins.wrap(coinsText(coins))
  return coinsFromProto(coins)
}

/**
 * The vesting Msg service: MsgCreateVestingAccount (continuous, or delayed with `delayed`),
 * MsgCreatePermanentLockedAccount and MsgCreatePeriodicVestingAccount.
 */
export function registerVestingMsgs(
  cfg: ModuleConfigurator,
  auth: AuthKeeper,
  bank: BankKeeper,
): void {
  /** Refuses a blocked or existing recipient (upstream's checks, in its order). */
  const checkRecipient = async (ctx: BlockContext, to: Bytes, text: string): Promise<void> => {
    if (bank.isBlocked(to)) throw ErrUnauthorized.wrap(`${text} is not allowed to receive funds`)
    if (await auth.hasAccount(ctx.state, to))
      throw ErrInvalidRequest.wrap(`account ${text} already exists`)
  }
  /** Creates the account with `vesting` (a schedule upstream's constructor accepts), then funds it. */
  const create = async (
    ctx: BlockContext,
    from: Bytes,
    to: Bytes,
    amount: Coin[],
    vesting: VestingSchedule,
  ): Promise<void> => {
    const account = await auth.newAccount(ctx.state, to)
    const problem = scheduleProblem(vesting)
    if (problem) throw ErrInvalidRequest.wrap(problem)
    await auth.setAccount(ctx.state, { ...account, vesting })
    await bank.send(ctx, from, to, amount)
  }
  const schedule = (
    kind: VestingSchedule['kind'],
    amount: Coin[],
    times: { start?: bigint; end?: bigint; periods?: VestingSchedule['periods'] },
  ): VestingSchedule => ({
    kind,
    originalVesting: normalizeCoins(amount),
    delegatedFree: [],
    delegatedVesting: [],
    endTime: times.end ?? 0n,
    startTime: times.start ?? 0n,
    periods: times.periods ?? [],
  })

  cfg.registerMsg('/sdk.vesting.v1beta1.MsgCreateVestingAccount', async (msg, ctx) => {
    const from = address(msg.from_address, 'from')
    const to = address(msg.to_address, 'to')
    const amount = validAmount(msg.amount)
    const endTime = int64Of(msg.end_time)
    if (endTime <= 0n) throw ErrInvalidRequest.wrap('invalid end time')
    await checkSendEnabled(bank, ctx, amount)
    await checkRecipient(ctx, to, msg.to_address)
    // Continuous accounts start at the block time, with no check against the end time (upstream's
    // Raw constructor): a past end time vests everything after the first block.
    const account = await auth.newAccount(ctx.state, to)
    const vesting = msg.delayed
      ? schedule('delayed', amount, { end: endTime })
      : schedule('continuous', amount, { start: ctx.time / 1_000_000_000n, end: endTime })
    await auth.setAccount(ctx.state, { ...account, vesting })
    await bank.send(ctx, from, to, amount)
    return {}
  })

  cfg.registerMsg('/sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount', async (msg, ctx) => {
    const from = address(msg.from_address, 'from')
    const to = address(msg.to_address, 'to')
    const amount = validAmount(msg.amount)
    await checkSendEnabled(bank, ctx, amount)
    await checkRecipient(ctx, to, msg.to_address)
    await create(ctx, from, to, amount, schedule('permanent', amount, {}))
    return {}
  })

  cfg.registerMsg('/sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount', async (msg, ctx) => {
    const from = address(msg.from_address, 'from')
    const to = address(msg.to_address, 'to')
    const start = int64Of(msg.start_time)
    if (start < 1n)
      throw ErrInvalidRequest.wrap(`invalid start time of ${start}, length must be greater than 0`)
    const periods = msg.vesting_periods.map((p, i) => {
      const length = int64Of(p.length)
      if (length < 1n)
        throw ErrInvalidRequest.wrap(
          `invalid period length of ${length} in period ${i}, length must be greater than 0`,
        )
      return { length, amount: validAmount(p.amount) }
    })
    const total = normalizeCoins(periods.flatMap((p) => p.amount))
    await checkRecipient(ctx, to, msg.to_address)
    await checkSendEnabled(bank, ctx, total)
    const end = periods.reduce((t, p) => t + p.length, start)
    await create(ctx, from, to, total, schedule('periodic', total, { start, end, periods }))
    return {}
  })
}
