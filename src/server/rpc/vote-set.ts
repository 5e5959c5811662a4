import type { Commit } from '../../block/block.js'
import { type Bytes, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { RpcValidator } from './rpc-chain.js'

// The vote sets of CometBFT's round state as its RPC prints them (types/vote_set.go VoteSetJSON,
// consensus/types/height_vote_set.go roundVotes, libs/bits/bit_array.go String): one entry per
// validator of the set, in set order, and the power that voted over the set's total.

/** What a vote of a missing validator prints as (types.nilVoteStr). */
const NIL_VOTE = 'nil-Vote'

/** BlockIDFlagAbsent: the validator's precommit is not in the commit. */
const ABSENT = 1
/** BlockIDFlagCommit: a precommit for the committed block (BlockIDFlagNil: one for nil). */
const FOR_BLOCK = 2

/** CometBFT's Fingerprint: the first 6 bytes (zero-padded), upper-case hex. */
export function fingerprint(b: Bytes): string {
  const six = new Uint8Array(6)
  six.set(b.subarray(0, 6))
  return toHexUpper(six)
}

/** BitArray.String(): `BA{4:x___}` (no indent: the bits in one run). */
function bitArrayString(bits: readonly boolean[]): string {
  return `BA{${bits.length}:${bits.map((b) => (b ? 'x' : '_')).join('')}}`
}

/**
 * Go's `%.2f` of a float64. Both round the double's exact value; on an exact tie Go rounds to even
 * where toFixed rounds up. A double is an exact tie at two decimals only as an odd multiple of 1/8
 * (0.125, 0.375, …): only there do they differ.
 */
export function goFixed2(x: number): string {
  const eighths = x * 8
  if (Number.isInteger(eighths) && eighths % 2 !== 0) {
    const down = Math.floor(x * 100)
    return ((down % 2 === 0 ? down : down + 1) / 100).toFixed(2)
  }
  return x.toFixed(2)
}

/** VoteSet.BitArrayString(): `BA{4:x___} 70/100 = 0.70`. */
export function voteSetBitArray(voted: readonly boolean[], powers: readonly bigint[]): string {
  const total = powers.reduce((a, b) => a + b, 0n)
  const sum = powers.reduce((a, p, i) => (voted[i] ? a + p : a), 0n)
  return `${bitArrayString(voted)} ${sum}/${total} = ${goFixed2(Number(sum) / Number(total))}`
}

/**
 * HeightVoteSet's JSON at round 0 of a height nobody has voted in yet (step NewHeight): prevotes and
 * precommits each a nil-Vote per validator of the height's set, none of its power voted.
 */
export function emptyRoundVotes(set: readonly RpcValidator[]) {
  const votes = set.map(() => NIL_VOTE)
  const none = voteSetBitArray(
    set.map(() => false),
    set.map((v) => v.power),
  )
  return [
    {
      round: 0,
      prevotes: votes,
      prevotes_bit_array: none,
      precommits: [...votes],
      precommits_bit_array: none,
    },
  ]
}

/**
 * RoundState.LastCommit: the precommits of the latest height, as a VoteSet over that height's
 * validators (`set`, in set order, which the commit's signatures follow). An absent signature is a
 * nil-Vote; the others are Vote.String() of the precommit (for nil: an empty block hash).
 */
export function lastCommitJson(commit: Commit, set: readonly RpcValidator[]) {
  const signed = set.map((_, i) => (commit.signatures[i]?.blockIdFlag ?? ABSENT) !== ABSENT)
  const votes = set.map((v, i) => {
    const sig = commit.signatures[i]
    if (!sig || !signed[i]) return NIL_VOTE
    const blockHash = sig.blockIdFlag === FOR_BLOCK ? commit.blockId.hash : new Uint8Array()
    return `Vote{${i}:${fingerprint(v.address)} ${commit.height}/${String(commit.round).padStart(2, '0')}/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) ${fingerprint(blockHash)} ${fingerprint(sig.signature)} ${fingerprint(new Uint8Array())} @ ${formatRfc3339Nano(sig.timestamp)}}`
  })
  return {
    votes,
    votes_bit_array: voteSetBitArray(
      signed,
      set.map((v) => v.power),
    ),
    peer_maj_23s: {},
  }
}
