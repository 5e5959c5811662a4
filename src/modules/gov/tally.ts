import { type Bytes, toHex, uint64BE } from '../../codec/bytes.js'
import {
  type Dec,
  decFromInt,
  decFromString,
  decMul,
  decMulInt,
  decQuo,
  decTruncate,
} from '../../codec/dec.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import type { KeyedMap } from '../../store/collections.js'
import type { Readable } from '../../store/types.js'
import type { GovStakingKeeper } from './expected-keepers.js'
import { MODULE_NAME } from './keys.js'
import type { GovParams } from './params.js'
import { type Proposal, type TallyCounts, VoteOption, type WeightedOption } from './proposal.js'

/** The outcome of a tally (upstream Keeper.Tally). */
export interface TallyOutcome {
  passes: boolean
  burnDeposits: boolean
  counts: TallyCounts
}

/** What the tally reads. */
export interface TallySources {
  votes: KeyedMap<[bigint, Bytes], Proto<'sdk.gov.v1.Vote'>, ProtoInit<'sdk.gov.v1.Vote'>>
  staking: GovStakingKeeper
  params(): Promise<GovParams>
}

/**
 * Upstream Keeper.Tally: bonded validators vote with their tokens, less the shares of their
 * delegators who voted themselves; delegators vote with their shares' tokens. Then nothing bonded,
 * quorum, the all-abstain rule, veto and the (expedited) threshold decide, in that order. Decimals
 * are 18-digit LegacyDec; the counts are truncated to integers.
 */
export async function tallyProposal(
  state: Readable,
  p: Proposal,
  src: TallySources,
): Promise<TallyOutcome> {
  const results = [0n, 0n, 0n, 0n, 0n] as Dec[]
  let total: Dec = 0n
  const validators = new Map<
    string,
    { tokens: bigint; shares: Dec; deductions: Dec; vote: WeightedOption[] | undefined }
  >()
  for (const v of await src.staking.bondedValidators(state)) {
    validators.set(toHex(v.operator), {
      tokens: v.tokens,
      shares: v.delegatorShares,
      deductions: 0n,
      vote: undefined,
    })
  }
  const addPower = (power: Dec, options: WeightedOption[]) => {
    for (const o of options) {
      results[o.option] = results[o.option]! + decMul(power, decFromString(o.weight))
    }
    total += power
  }
  for await (const [[, voter], vote] of src.votes.iterate(state.store(MODULE_NAME), {
    prefix: uint64BE(p.id),
  })) {
    const options: WeightedOption[] = vote.options
    // A validator's own vote is counted below, on the shares its voting delegators leave it.
    const own = validators.get(toHex(voter))
    if (own) own.vote = options
    for (const d of await src.staking.delegationsOf(state, voter)) {
      const val = validators.get(toHex(d.validator))
      if (!val || val.shares === 0n) continue
      val.deductions += d.shares
      addPower(decQuo(decMulInt(d.shares, val.tokens), val.shares), options)
    }
  }
  for (const val of validators.values()) {
    if (!val.vote || val.shares === 0n) continue
    addPower(decQuo(decMulInt(val.shares - val.deductions, val.tokens), val.shares), val.vote)
  }
  const counts: TallyCounts = {
    yes: decTruncate(results[VoteOption.YES]!).toString(),
    abstain: decTruncate(results[VoteOption.ABSTAIN]!).toString(),
    no: decTruncate(results[VoteOption.NO]!).toString(),
    noWithVeto: decTruncate(results[VoteOption.NO_WITH_VETO]!).toString(),
  }
  const params = await src.params()
  const bonded = await src.staking.totalBondedTokens(state)
  if (bonded === 0n) return { passes: false, burnDeposits: false, counts }
  if (decQuo(total, decFromInt(bonded)) < params.quorum) {
    return { passes: false, burnDeposits: params.burnVoteQuorum, counts }
  }
  const abstain = results[VoteOption.ABSTAIN]!
  if (total - abstain === 0n) return { passes: false, burnDeposits: false, counts }
  if (decQuo(results[VoteOption.NO_WITH_VETO]!, total) > params.vetoThreshold) {
    return { passes: false, burnDeposits: params.burnVoteVeto, counts }
  }
  const threshold = p.expedited ? params.expeditedThreshold : params.threshold
  if (decQuo(results[VoteOption.YES]!, total - abstain) > threshold) {
    return { passes: true, burnDeposits: false, counts }
  }
  return { passes: false, burnDeposits: false, counts }
}
