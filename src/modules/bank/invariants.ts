import { formatInvariant } from '../../app/invariants.js'
import type { BlockContext, BrokenInvariant, Invariant } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { type Coin, coinsToString } from '../../codec/coins.js'
import { MODULE_NAME } from './keys.js'
import type { BankViewKeeper } from './view-keeper.js'

// x/bank's invariants (upstream x/bank/keeper/invariants.go), with upstream's routes and texts.
// Both read every balance: the app checks them together in one pass (bankCheckInvariants).

/** What the balances hold: the negative ones (upstream's lines) and each denom's sum. */
interface BalanceScan {
  negatives: number
  lines: string
  held: Map<string, bigint>
}

async function scanBalances(k: BankViewKeeper, ctx: BlockContext): Promise<BalanceScan> {
  const scan: BalanceScan = { negatives: 0, lines: '', held: new Map() }
  for await (const [[address, denom], amount] of k.c.balances.iterate(
    ctx.state.store(MODULE_NAME),
  )) {
    scan.held.set(denom, (scan.held.get(denom) ?? 0n) + amount)
    if (amount < 0n) {
      scan.negatives++
      scan.lines += `\t${addressToBech32(address)} has a negative balance of ${amount}${denom}\n`
    }
  }
  return scan
}

/** Upstream NonnegativeBalanceInvariant: no account holds a negative amount of any denom. */
function nonnegativeBalances(scan: BalanceScan): string | undefined {
  if (scan.negatives === 0) return undefined
  return formatInvariant(
    MODULE_NAME,
    'nonnegative-outstanding',
    `amount of negative balances found ${scan.negatives}\n${scan.lines}`,
  )
}

/** Coins from a denom → amount map, as sdk.Coins holds them: sorted by denom, no zero amounts. */
function sortedCoins(amounts: Map<string, bigint>): Coin[] {
  return [...amounts]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount }))
}

/** Upstream TotalSupply: the supply of every denom is the sum of every account's balance of it. */
async function totalSupply(
  k: BankViewKeeper,
  ctx: BlockContext,
  scan: BalanceScan,
): Promise<string | undefined> {
  const supplied = new Map<string, bigint>()
  for await (const [denom, amount] of k.c.supply.iterate(ctx.state.store(MODULE_NAME))) {
    supplied.set(denom, amount)
  }
  const expected = sortedCoins(scan.held)
  const supply = sortedCoins(supplied)
  if (
    expected.length === supply.length &&
    expected.every((c, i) => c.denom === supply[i]!.denom && c.amount === supply[i]!.amount)
  ) {
    return undefined
  }
  return formatInvariant(
    MODULE_NAME,
    'total supply',
    `\tsum of accounts coins: ${coinsToString(expected)}\n` +
      `\tsupply.Total:          ${coinsToString(supply)}\n`,
  )
}

/** x/bank's two invariants, by upstream route. */
export function bankInvariants(k: BankViewKeeper): Invariant[] {
  return [
    {
      route: 'nonnegative-outstanding',
      check: async (ctx) => nonnegativeBalances(await scanBalances(k, ctx)),
    },
    {
      route: 'total-supply',
      check: async (ctx) => totalSupply(k, ctx, await scanBalances(k, ctx)),
    },
  ]
}

/** Both, in route order, over one reading of the balances (upstream's AllInvariants). */
export async function bankCheckInvariants(
  k: BankViewKeeper,
  ctx: BlockContext,
): Promise<BrokenInvariant | undefined> {
  const scan = await scanBalances(k, ctx)
  const negative = nonnegativeBalances(scan)
  if (negative) return { route: 'nonnegative-outstanding', message: negative }
  const supply = await totalSupply(k, ctx, scan)
  return supply ? { route: 'total-supply', message: supply } : undefined
}
