import { type BlockContext, BlockIdFlag, type VoteInfo } from '../../app/types.js'
import { decToString } from '../../codec/dec.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import { eachNow, thenNow } from '../../store/value-now.js'
import { ErrNoSigningInfoFound } from './errors.js'
import { consAddressText, type SigningInfo, type SlashingKeeper } from './keeper.js'
import { VALIDATOR_UPDATE_DELAY } from './keys.js'
import { maxMissedPerWindow, minSignedPerWindow, type SlashingParams } from './params.js'

/**
 * x/slashing BeginBlocker (upstream x/slashing/abci.go): the liveness of every validator that was
 * in the previous block's commit.
 */
export function slashingBeginBlocker(
  ctx: BlockContext,
  keeper: SlashingKeeper,
): void | Promise<void> {
  const votes = ctx.comet.lastCommit.votes
  if (votes.length === 0) return
  // Read once per block: no vote changes them. Each vote at once when memory answers its reads.
  return thenNow(keeper.params(ctx.state), (params) =>
    eachNow(votes, (vote) => handleValidatorSignature(ctx, keeper, vote, params)),
  )
}

/**
 * Upstream HandleValidatorSignature (x/slashing/keeper/infractions.go): records whether the
 * validator signed in its missed-blocks window, and jails and slashes it for downtime once it has
 * missed more than the window allows.
 */
export function handleValidatorSignature(
  ctx: BlockContext,
  keeper: SlashingKeeper,
  vote: VoteInfo,
  blockParams?: SlashingParams,
): void | Promise<void> {
  const consAddr = vote.address
  // The reads, in upstream's order, each at once when memory has it: a vote that signed, as nearly
  // every vote does, needs no promise.
  return thenNow(keeper.staking.validatorByConsAddr(ctx.state, consAddr), (validator) => {
    // Upstream cannot meet a vote of a validator x/staking does not know: its InitChain refuses a
    // consensus set the app did not make. sdkd lets a home made by `sdkd init` (a consensus
    // validator, no x/staking validator) run, so such a vote is not tracked: nothing can be slashed
    // or jailed.
    if (!validator) return
    // A jailed validator's missed blocks are not counted.
    if (validator.jailed) return
    return thenNow(keeper.signingInfo(ctx.state, consAddr), (info) => {
      if (!info) throw ErrNoSigningInfoFound.wrap(`address: ${consAddressText(consAddr)}`)
      return thenNow(blockParams ?? keeper.params(ctx.state), (params) => {
        const index = info.indexOffset % params.signedBlocksWindow
        info.indexOffset++
        return thenNow(keeper.missedBlockBit(ctx.state, consAddr, index), (previous) => {
          // Only an absent vote is a miss: a nil vote still shows the validator is live.
          const missed = vote.blockIdFlag === BlockIdFlag.ABSENT
          if (!previous && !missed) {
            // Signed, as in the window's last round: nothing but the record's offset changes,
            // unless the window's misses are over the limit (they can only fall here).
            if (!overLimit(ctx, info, params)) {
              keeper.setSigningInfo(ctx.state, consAddr, info)
              return
            }
          }
          return recordVote(ctx, keeper, vote, info, params, index, previous)
        })
      })
    })
  })
}

/** Whether the window's misses put the validator over the limit at this height. */
function overLimit(ctx: BlockContext, info: SigningInfo, params: SlashingParams): boolean {
  const minHeight = info.startHeight + params.signedBlocksWindow
  return BigInt(ctx.height) > minHeight && info.missedBlocksCounter > maxMissedPerWindow(params)
}

/**
 * The rest of `handleValidatorSignature` once the bit of this vote's index is read: the bitmap and
 * the counter, the `liveness` event of a miss, and the downtime slash and jail.
 */
async function recordVote(
  ctx: BlockContext,
  keeper: SlashingKeeper,
  vote: VoteInfo,
  info: SigningInfo,
  params: SlashingParams,
  index: bigint,
  previous: boolean,
): Promise<void> {
  const consAddr = vote.address
  // The address text only appears in events, logs and errors: formatted when one needs it.
  let addressText: string | undefined
  const text = () => (addressText ??= consAddressText(consAddr))
  const window = params.signedBlocksWindow
  const missed = vote.blockIdFlag === BlockIdFlag.ABSENT
  if (!previous && missed) {
    await keeper.setMissedBlockBit(ctx.state, consAddr, index, true)
    info.missedBlocksCounter++
  } else if (previous && !missed) {
    await keeper.setMissedBlockBit(ctx.state, consAddr, index, false)
    info.missedBlocksCounter--
  }

  const height = BigInt(ctx.height)
  const log = () => ctx.logger.child({ module: 'x/slashing' })
  if (missed) {
    ctx.events.emit('liveness', [
      ['address', text()],
      ['missed_blocks', info.missedBlocksCounter.toString()],
      ['height', height.toString()],
    ])
    log().debug(
      {
        height: height.toString(),
        validator: text(),
        missed: info.missedBlocksCounter.toString(),
        threshold: minSignedPerWindow(params).toString(),
      },
      'absent validator',
    )
  }

  const minHeight = info.startHeight + window
  if (height > minHeight && info.missedBlocksCounter > maxMissedPerWindow(params)) {
    const current = await keeper.staking.validatorByConsAddr(ctx.state, consAddr)
    if (current && !current.jailed) {
      // The stake that signed the missed blocks is the one of the validator set two blocks back.
      const distributionHeight = ctx.height - VALIDATOR_UPDATE_DELAY - 1
      const fraction = params.slashFractionDowntime
      const burned = await keeper.staking.slash(
        ctx,
        consAddr,
        distributionHeight,
        vote.power,
        fraction,
      )
      ctx.events.emit('slash', [
        ['address', text()],
        ['power', vote.power.toString()],
        ['reason', 'missing_signature'],
        ['jailed', text()],
        ['burned_coins', burned.toString()],
      ])
      await keeper.staking.jail(ctx, consAddr)
      info.jailedUntil = ctx.time + params.downtimeJailDuration
      // The window starts again: a validator that unjails is not jailed again for the same misses.
      info.missedBlocksCounter = 0n
      info.indexOffset = 0n
      await keeper.deleteMissedBlocks(ctx.state, consAddr)
      log().info(
        {
          height: height.toString(),
          validator: text(),
          min_height: minHeight.toString(),
          threshold: minSignedPerWindow(params).toString(),
          slashed: decToString(fraction),
          jailed_until: formatRfc3339Nano(info.jailedUntil),
        },
        'slashing and jailing validator due to liveness fault',
      )
    } else {
      log().info(
        { validator: text() },
        'validator would have been slashed for downtime, but was either not found in store or already jailed',
      )
    }
  }
  keeper.setSigningInfo(ctx.state, consAddr, info)
}
