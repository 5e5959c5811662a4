import type { CometInfo, Misbehavior } from '../app/types.js'
import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import { timestampToTime } from '../codec/time.js'

/** ABCI's MisbehaviorType: 1 duplicate vote, 2 light client attack. */
const MISBEHAVIOR_TYPES: Record<number, Misbehavior['type']> = {
  1: 'duplicate_vote',
  2: 'light_client_attack',
}

/**
 * What the modules see of consensus for a height (`ctx.comet`), taken from FinalizeBlock's request
 * as the SDK's CometInfo is: the previous block's votes and this block's evidence.
 */
export function cometInfoOf(req: Proto<'tendermint.abci.RequestFinalizeBlock'>): CometInfo {
  const commit = req.decided_last_commit
  return {
    lastCommit: {
      round: commit?.round ?? 0,
      votes: (commit?.votes ?? []).map((v) => ({
        address: new Uint8Array(v.validator?.address ?? []),
        power: int64Of(v.validator?.power),
        blockIdFlag: v.block_id_flag,
      })),
    },
    misbehavior: req.misbehavior
      .filter((m) => MISBEHAVIOR_TYPES[m.type] !== undefined)
      .map((m) => ({
        type: MISBEHAVIOR_TYPES[m.type]!,
        address: new Uint8Array(m.validator?.address ?? []),
        power: int64Of(m.validator?.power),
        height: Number(int64Of(m.height)),
        time: timestampToTime(m.time ?? {}),
        totalVotingPower: int64Of(m.total_voting_power),
      })),
  }
}
