import type { BlockContext } from '../../app/types.js'
import { type Dec, decToString } from '../../codec/dec.js'
import { thenNow } from '../../store/value-now.js'
import type { MintKeeper } from './keeper.js'
import { FEE_COLLECTOR_NAME, MODULE_NAME } from './keys.js'
import { blockProvision, type Minter, nextAnnualProvisions, nextInflationRate } from './minter.js'
import type { MintParams } from './params.js'

/**
 * Upstream BeginBlocker (x/mint/abci.go), at every height: the inflation moves with the bonded
 * ratio, the annual provisions follow the staking token supply, and the block's provision is
 * minted to the fee collector; emits `mint`.
 */
export function mintBeginBlocker(ctx: BlockContext, keeper: MintKeeper): void | Promise<void> {
  // Its reads in upstream's order, each step at once when memory answers (every block runs it).
  const { state } = ctx
  return thenNow(keeper.minterNow(state), (minter) =>
    thenNow(keeper.paramsNow(state), (params) =>
      thenNow(keeper.staking.stakingTokenSupply(state), (supply) =>
        thenNow(keeper.staking.bondedRatio(state), (bondedRatio) =>
          mint(ctx, keeper, minter, params, supply, bondedRatio),
        ),
      ),
    ),
  )
}

/** The BeginBlocker once its reads are in: the new minter, the block's provision minted and sent. */
function mint(
  ctx: BlockContext,
  keeper: MintKeeper,
  minter: Minter,
  params: MintParams,
  supply: bigint,
  bondedRatio: Dec,
): void | Promise<void> {
  minter.inflation = nextInflationRate(minter, params, bondedRatio)
  minter.annualProvisions = nextAnnualProvisions(minter, supply)
  keeper.setMinter(ctx.state, minter)
  const amount = blockProvision(minter, params)
  // sdk.NewCoins drops a zero coin: nothing is minted, but the (empty) send to the fee collector
  // still runs, as upstream's AddCollectedFees does, with its events.
  const coins = amount > 0n ? [{ denom: params.mintDenom, amount }] : []
  const minted = coins.length > 0 ? keeper.bank.mintCoins(ctx, MODULE_NAME, coins) : undefined
  return thenNow(minted, () =>
    thenNow(
      keeper.bank.sendCoinsFromModuleToModule(ctx, MODULE_NAME, FEE_COLLECTOR_NAME, coins),
      () => {
        ctx.events.emit('mint', {
          bonded_ratio: decToString(bondedRatio),
          inflation: decToString(minter.inflation),
          annual_provisions: decToString(minter.annualProvisions),
          amount: amount.toString(),
        })
      },
    ),
  )
}
