import type { BlockContext } from '../../app/types.js'
import { decToString } from '../../codec/dec.js'
import type { MintKeeper } from './keeper.js'
import { FEE_COLLECTOR_NAME, MODULE_NAME } from './keys.js'
import { blockProvision, nextAnnualProvisions, nextInflationRate } from './minter.js'

/**
 * Upstream BeginBlocker (x/mint/abci.go), at every height: the inflation moves with the bonded
 * ratio, the annual provisions follow the staking token supply, and the block's provision is
 * minted to the fee collector; emits `mint`.
 */
export async function mintBeginBlocker(ctx: BlockContext, keeper: MintKeeper): Promise<void> {
  const minter = await keeper.minter(ctx.state)
  const params = await keeper.params(ctx.state)
  const supply = await keeper.staking.stakingTokenSupply(ctx.state)
  const bondedRatio = await keeper.staking.bondedRatio(ctx.state)
  minter.inflation = nextInflationRate(minter, params, bondedRatio)
  minter.annualProvisions = nextAnnualProvisions(minter, supply)
  keeper.setMinter(ctx.state, minter)
  const amount = blockProvision(minter, params)
  // sdk.NewCoins drops a zero coin: nothing is minted, but the (empty) send to the fee collector
  // still runs, as upstream's AddCollectedFees does, with its events.
  const coins = amount > 0n ? [{ denom: params.mintDenom, amount }] : []
  if (coins.length > 0) await keeper.bank.mintCoins(ctx, MODULE_NAME, coins)
  await keeper.bank.sendCoinsFromModuleToModule(ctx, MODULE_NAME, FEE_COLLECTOR_NAME, coins)
  ctx.events.emit('mint', {
    bonded_ratio: decToString(bondedRatio),
    inflation: decToString(minter.inflation),
    annual_provisions: decToString(minter.annualProvisions),
    amount: amount.toString(),
  })
}
