import { formatInvariant } from '../../app/invariants.js'
import type { BlockContext, Invariant } from '../../app/types.js'
import { EventManager } from '../../block/events.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Coin, coinsToString } from '../../codec/coins.js'
import {
  type DecCoin,
  decCoinsAdd,
  decCoinsEqual,
  decCoinsFromCoins,
  decCoinsFromProto,
  decCoinsIsAnyNegative,
  decCoinsToString,
  decCoinsTruncateDecimal,
} from '../../codec/dec-coins.js'
import { valoperPrefix } from '../staking/keys.js'
import type { DistributionBankKeeper } from './expected-keepers.js'
import type { DistributionKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { initializeDelegation } from './periods.js'
import { withdrawDelegationRewards, withdrawValidatorCommission } from './withdraw.js'

// x/distribution's invariants (upstream x/distribution/keeper/invariants.go), with upstream's
// routes and texts. The app asserts them after every block's EndBlock (see App.endBlock).

/** Upstream sdk.FormatInvariant, for x/distribution. */
function format(name: string, message: string): string {
  return formatInvariant(MODULE_NAME, name, message)
}

/** Upstream NonNegativeOutstandingInvariant: no validator's outstanding rewards are negative. */
async function nonNegativeOutstanding(k: DistributionKeeper, ctx: BlockContext) {
  const store = ctx.state.store(MODULE_NAME)
  let count = 0
  let msg = ''
  for await (const [operator, value] of k.c.outstanding.iterate(store)) {
    const rewards = decCoinsFromProto(value.rewards)
    if (decCoinsIsAnyNegative(rewards)) {
      count++
      const address = addressToBech32(operator, valoperPrefix())
      msg += `\t${address} has negative outstanding coins: ${decCoinsToString(rewards)}\n`
    }
  }
  if (count === 0) return undefined
  return format(
    'nonnegative outstanding',
    `found ${count} validators with negative outstanding rewards\n${msg}`,
  )
}

/**
 * `k` with the distribution account's payments to accounts checked, not made: in a branch that is
 * thrown away, a payment can only matter by being refused, and x/bank's check refuses exactly what
 * the send would (a blocked recipient; coins the account no longer has after the payments before).
 */
function checkingPayments(k: DistributionKeeper): DistributionKeeper {
  // Made at the first payment, as the first send would look the account up.
  let check: ((to: Bytes, coins: readonly Coin[]) => Promise<void>) | undefined
  const bank: DistributionBankKeeper = {
    ...k.bank,
    sendCoinsFromModuleToAccount: async (ctx, from, to, coins) => {
      if (from !== MODULE_NAME) return k.bank.sendCoinsFromModuleToAccount(ctx, from, to, coins)
      check ??= k.bank.moduleSendCheck(ctx, MODULE_NAME)
      return check(to, coins)
    },
  }
  return Object.create(k, { bank: { value: bank } }) as DistributionKeeper
}

/**
 * Upstream CanWithdrawInvariant: in a branch that is thrown away, every commission and every
 * delegation's rewards are withdrawn; nothing outstanding may go negative.
 */
async function canWithdraw(keeper: DistributionKeeper, ctx: BlockContext) {
  // The branch and its events are thrown away: the events are dropped as they are emitted.
  const scratch: BlockContext = {
    ...ctx,
    state: ctx.state.branch(),
    events: new EventManager(true),
  }
  const k = checkingPayments(keeper)
  const byValidator = new Map<string, Uint8Array[]>()
  for await (const [delegator, operator] of k.staking.delegationKeys(scratch.state)) {
    const key = Buffer.from(operator).toString('hex')
    const list = byValidator.get(key)
    if (list) list.push(delegator)
    else byValidator.set(key, [delegator])
  }
  let remaining: DecCoin[] = []
  try {
    for await (const operator of k.staking.validatorOperators(scratch.state)) {
      try {
        await withdrawValidatorCommission(k, scratch, operator)
      } catch {
        // Upstream ignores this error (no commission to withdraw).
      }
      for (const delegator of byValidator.get(Buffer.from(operator).toString('hex')) ?? []) {
        const val = (await k.staking.validator(scratch.state, operator))!
        const del = (await k.staking.delegation(scratch.state, delegator, operator))!
        await withdrawDelegationRewards(k, scratch, val, del, delegator)
        await initializeDelegation(k, scratch.state, BigInt(ctx.height), operator, delegator)
      }
      remaining = await k.outstandingRewards(scratch.state, operator)
      if (remaining.length > 0 && remaining[0]!.amount < 0n) break
    }
  } catch (err) {
    return format('can withdraw', `withdrawing failed: ${(err as Error).message}`)
  }
  if (remaining.length > 0 && remaining[0]!.amount < 0n) {
    return format('can withdraw', `remaining coins: ${decCoinsToString(remaining)}\n`)
  }
  return undefined
}

/**
 * Upstream ReferenceCountInvariant: the historical records are referenced once per validator,
 * delegation and slash event.
 */
async function referenceCount(k: DistributionKeeper, ctx: BlockContext) {
  const store = ctx.state.store(MODULE_NAME)
  let validators = 0
  for await (const _ of k.staking.validatorOperators(ctx.state)) validators++
  let delegations = 0
  for await (const _ of k.staking.delegationKeys(ctx.state)) delegations++
  let slashes = 0
  for await (const _ of k.c.slashEvents.keys(store)) slashes++
  const expected = validators + delegations + slashes
  let count = 0
  for await (const [, h] of k.c.historical.iterate(store)) count += h.reference_count
  if (count === expected) return undefined
  return format(
    'reference count',
    `expected historical reference count: ${expected} = ${validators} validators + ${delegations} delegations + ${slashes} slashes\n` +
      `total validator historical reference count: ${count}\n`,
  )
}

/**
 * Upstream ModuleAccountInvariant: the distribution account holds the whole coins of the
 * community pool plus every validator's outstanding rewards.
 */
async function moduleAccount(k: DistributionKeeper, ctx: BlockContext) {
  const store = ctx.state.store(MODULE_NAME)
  let expected = await k.communityPool(ctx.state)
  for await (const [, value] of k.c.outstanding.iterate(store)) {
    expected = decCoinsAdd(expected, decCoinsFromProto(value.rewards))
  }
  const [expectedInt] = decCoinsTruncateDecimal(expected)
  const balances = await k.bank.balances(ctx.state, k.bank.moduleAddress(MODULE_NAME))
  if (decCoinsEqual(decCoinsFromCoins(balances), decCoinsFromCoins(expectedInt))) return undefined
  return format(
    'ModuleAccount coins',
    `\texpected ModuleAccount coins:     ${coinsToString(expectedInt)}\n` +
      `\tdistribution ModuleAccount coins: ${coinsToString(balances)}\n`,
  )
}

/** x/distribution's four invariants, by upstream route. */
export function distributionInvariants(k: DistributionKeeper): Invariant[] {
  return [
    { route: 'nonnegative-outstanding', check: (ctx) => nonNegativeOutstanding(k, ctx) },
    { route: 'can-withdraw', check: (ctx) => canWithdraw(k, ctx) },
    { route: 'reference-count', check: (ctx) => referenceCount(k, ctx) },
    { route: 'module-account', check: (ctx) => moduleAccount(k, ctx) },
  ]
}
