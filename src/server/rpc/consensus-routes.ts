import { toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano, type TimeNs } from '../../codec/time.js'
import type { BlockStore } from '../../store/block-store.js'
import { consensusParamsJson, validatorJson } from './cometbft-json.js'
import { pageOf, resolveHeight } from './paging.js'
import { consensusParamsAt, latestHeight, type RpcChain, validatorSetOf } from './rpc-chain.js'
import type { RpcRoutes } from './server.js'
import { emptyRoundVotes, lastCommitJson } from './vote-set.js'

/** Go's zero time, as CometBFT prints a time never set. */
const GO_ZERO_TIME = '0001-01-01T00:00:00Z'

/** What the round state shows: the validator sets, the latest block, when the next one is due. */
type RoundFacts = Pick<RpcChain, 'nextRoundStartMs' | 'validator' | 'validatorSet'> & {
  blocks: Pick<BlockStore, 'latest'>
}

/** RoundState.StartTime: when the next block is due, else (no block scheduled) the last block's time. */
function startTime(chain: RoundFacts): TimeNs {
  const scheduled = chain.nextRoundStartMs()
  if (scheduled !== undefined) return BigInt(Math.round(scheduled)) * 1_000_000n
  return chain.blocks.latest?.block.header.time ?? BigInt(Date.now()) * 1_000_000n
}

/**
 * RoundStateSimple (`consensus_state`) of a node waiting in step 1 (NewHeight) for the next height:
 * the vote sets of that height's validators (nobody has voted yet) and its proposer with its index
 * in the set. With instant or manual mining no block is scheduled: the round "started" with the last
 * block, so start_time less the last block's time says nothing of a pace.
 */
export async function roundStateSimpleJson(chain: RoundFacts) {
  const height = latestHeight(chain) + 1
  const set = await validatorSetOf(chain, height)
  const proposer = toHexUpper(set.proposer.address)
  return {
    round_state: {
      'height/round/step': `${height}/0/1`,
      start_time: formatRfc3339Nano(startTime(chain)),
      proposal_block_hash: '',
      locked_block_hash: '',
      valid_block_hash: '',
      height_vote_set: emptyRoundVotes(set.validators),
      proposer: {
        address: proposer,
        index: set.validators.findIndex((v) => toHexUpper(v.address) === proposer),
      },
    },
  }
}

/**
 * CometBFT's consensus routes (`rpc/core/consensus.go`): validators (paged), consensus_params (both
 * default to the next height), and the round state of a node waiting in step NewHeight for the next
 * height: consensus_state (its summary) and dump_consensus_state (all of it).
 */
export function consensusRoutes(chain: RpcChain): RpcRoutes {
  const { blocks } = chain
  const setJson = (set: Awaited<ReturnType<typeof validatorSetOf>>) => ({
    validators: set.validators.map(validatorJson),
    proposer: validatorJson(set.proposer),
  })

  return {
    validators: {
      args: ['height', 'page', 'per_page'],
      handler: async (args) => {
        const asked = args.bigint('height')
        const page = args.bigint('page', 'int')
        const perPage = args.int('per_page', 'int')
        const height = resolveHeight(latestHeight(chain) + 1, blocks.base, asked)
        const all = (await validatorSetOf(chain, height)).validators
        const shown = pageOf(all, page, perPage)
        return {
          block_height: String(height),
          validators: shown.map(validatorJson),
          count: String(shown.length),
          total: String(all.length),
        }
      },
    },
    consensus_params: {
      args: ['height'],
      handler: async (args) => {
        const height = resolveHeight(latestHeight(chain) + 1, blocks.base, args.bigint('height'))
        return {
          block_height: String(height),
          consensus_params: consensusParamsJson(await consensusParamsAt(chain, height)),
        }
      },
    },
    consensus_state: { args: [], handler: () => roundStateSimpleJson(chain) },
    dump_consensus_state: {
      args: [],
      // The full RoundState (no proposal, nothing locked) and no peers.
      handler: async () => {
        const latest = blocks.latest
        const height = latestHeight(chain) + 1
        const current = await validatorSetOf(chain, height)
        const last = latest ? await validatorSetOf(chain, height - 1) : undefined
        let lastCommit: unknown = null
        if (latest && last) {
          // The precommits of the latest height: who signed the commit the next block will carry.
          const { header, blockId } = latest.block
          const commit = chain.makeCommit(header.height, blockId, header.time)
          lastCommit = lastCommitJson(commit, last.validators)
        }
        return {
          round_state: {
            height: String(height),
            round: 0,
            step: 1,
            start_time: formatRfc3339Nano(startTime(chain)),
            commit_time: latest ? formatRfc3339Nano(latest.block.header.time) : GO_ZERO_TIME,
            validators: setJson(current),
            proposal: null,
            proposal_block: null,
            proposal_block_parts: null,
            locked_round: -1,
            locked_block: null,
            locked_block_parts: null,
            valid_round: -1,
            valid_block: null,
            valid_block_parts: null,
            votes: emptyRoundVotes(current.validators),
            commit_round: -1,
            last_commit: lastCommit,
            last_validators: last ? setJson(last) : { validators: null, proposer: null },
            triggered_timeout_precommit: false,
          },
          peers: [],
        }
      },
    },
  }
}
