import { formatInvariant } from '../../app/invariants.js'
import type { BlockContext, Invariant } from '../../app/types.js'
import { type Coin, coinsToString } from '../../codec/coins.js'
import type { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

// x/gov's invariant (upstream x/gov/keeper/invariants.go), with upstream's route and text.

/**
 * Upstream ModuleAccountInvariant: the gov account holds at least the sum of the deposits (more is
 * allowed: anyone may send coins to it).
 */
async function moduleAccount(k: GovKeeper, ctx: BlockContext) {
  const sums = new Map<string, bigint>()
  for await (const [, deposit] of k.c.deposits.iterate(ctx.state.store(MODULE_NAME))) {
    for (const coin of deposit.amount) {
      sums.set(coin.denom, (sums.get(coin.denom) ?? 0n) + BigInt(coin.amount))
    }
  }
  const deposits: Coin[] = [...sums]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }))
  const balances = await k.bank.balances(ctx.state, k.address)
  const held = new Map(balances.map((c) => [c.denom, c.amount]))
  if (deposits.every((c) => (held.get(c.denom) ?? 0n) >= c.amount)) return undefined
  return formatInvariant(
    MODULE_NAME,
    'deposits',
    `\tgov ModuleAccount coins: ${coinsToString(balances)}\n` +
      `\tsum of deposit amounts:  ${coinsToString(deposits)}\n`,
  )
}

/** x/gov's invariant, by upstream route. */
export function govInvariants(k: GovKeeper): Invariant[] {
  return [{ route: 'module-account', check: (ctx) => moduleAccount(k, ctx) }]
}
