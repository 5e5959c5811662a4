import type { BlockContext } from '../../app/types.js'
import { thenNow } from '../../store/value-now.js'
import { allocateTokens } from './allocation.js'
import type { DistributionKeeper } from './keeper.js'

/**
 * Upstream BeginBlocker (x/distribution/abci.go): from the second block on, the fee collector's
 * coins (the previous block's fees and this block's provision) go to every validator of the last
 * commit by its power, absent ones included; then the block's proposer is recorded, at every
 * height.
 */
export function distributionBeginBlocker(
  ctx: BlockContext,
  keeper: DistributionKeeper,
): void | Promise<void> {
  const votes = ctx.comet.lastCommit.votes
  let totalPower = 0n
  for (const v of votes) totalPower += v.power
  const allocated = ctx.height > 1 ? allocateTokens(keeper, ctx, totalPower, votes) : undefined
  return thenNow(allocated, () => {
    keeper.setPreviousProposer(ctx.state, ctx.header.proposerAddress)
  })
}
