import type { JsonValue } from '../codec/json.js'
import { messageToJson } from '../codec/json-writer.js'
import { parseRfc3339, type TimeNs } from '../codec/time.js'
import { ChainError, GrpcCode } from '../errors.js'
import type { QueryRouter } from '../server/query/router.js'
import type { EndedVoting } from '../server/rpc/dev-api.js'
import { RpcError } from '../server/rpc/errors.js'

const invalid = (message: string) => new RpcError(-32602, 'Invalid params', message)

/** What ending a voting period needs of the dev API: the chain's clock and its blocks. */
export interface VotingClock {
  lastBlockTime(): TimeNs
  setNextBlockTime(time: TimeNs): Promise<unknown>
  mine(blocks: number): Promise<number>
  /** The time of the committed block at `height`, if the node has it. */
  blockTime(height: number): Promise<TimeNs | undefined>
}

interface ProposalJson {
  status: string
  voting_end_time: string | null
  final_tally_result: JsonValue
}

/** x/gov v1's proposal `id` at the latest height, as the REST gateway answers it. */
async function proposalOf(router: QueryRouter, id: string, height: number): Promise<ProposalJson> {
  const method = router.method('sdk.gov.v1.Query/Proposal')
  if (!method) throw invalid('this app version has no x/gov v1: there is no voting period to end')
  try {
    const response = await router.run(method, { proposal_id: id }, height)
    const json = messageToJson(router.registry, method.responseType, response)
    return json.proposal as unknown as ProposalJson
  } catch (err) {
    // A proposal that does not exist (or an id that is no number) is the caller's mistake.
    if (
      err instanceof ChainError &&
      (err.grpcCode === GrpcCode.NotFound || err.grpcCode === GrpcCode.InvalidArgument)
    )
      throw invalid(err.message)
    throw err
  }
}

/**
 * Ends proposal `id`'s voting period now: the next block takes its `voting_end_time` (x/gov's
 * EndBlock tallies a proposal whose end time has come), and is mined. An expedited proposal that
 * fails its threshold becomes a regular one with a later end time, as upstream's; that one is
 * ended too, in a second block. Refused for a proposal not in its voting period.
 */
export async function endVotingPeriod(
  router: QueryRouter,
  clock: VotingClock,
  id: string,
  height: () => number,
): Promise<EndedVoting> {
  // x/gov's ids are uint64: a larger number would be read as another proposal's.
  if (!/^\d+$/.test(id) || BigInt(id) >= 2n ** 64n)
    throw invalid(`proposal_id must be a proposal's number (a uint64), got ${id}`)
  let proposal = await proposalOf(router, id, height())
  if (proposal.status !== 'PROPOSAL_STATUS_VOTING_PERIOD')
    throw invalid(`proposal ${id} is not in its voting period (${proposal.status})`)
  let ended = height()
  for (let round = 0; round < 2 && proposal.status === 'PROPOSAL_STATUS_VOTING_PERIOD'; round++) {
    const end = parseRfc3339(proposal.voting_end_time ?? '')
    const last = clock.lastBlockTime()
    const from = height()
    // Block times only go forward: an end time already past (a halted chain) takes the next one.
    await clock.setNextBlockTime(end > last ? end : last + 1n)
    const mined = await clock.mine(1)
    // With interval mining the loop may make the block at the end time first: the height
    // answered is the first block at or past it.
    ended = mined
    for (let h = from + 1; h < mined; h++) {
      const time = await clock.blockTime(h)
      if (time !== undefined && time >= end) {
        ended = h
        break
      }
    }
    proposal = await proposalOf(router, id, mined)
  }
  return {
    proposalId: id,
    status: proposal.status,
    finalTallyResult: proposal.final_tally_result,
    height: ended,
  }
}
