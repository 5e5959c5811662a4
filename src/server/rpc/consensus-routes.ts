import { type Bytes, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano, type TimeNs } from '../../codec/time.js'
import type { BlockStore } from '../../store/block-store.js'
import { consensusParamsJson, validatorJson } from './cometbft-json.js'
import { pageOf, resolveHeight } from './paging.js'
import { consensusParamsAt, latestHeight, type RpcChain, validatorSetOf } from './rpc-chain.js'
import type { RpcRoutes } from './server.js'

/** Go's zero time, as CometBFT prints a time never set. */
const GO_ZERO_TIME = '0001-01-01T00:00:00Z'

/** CometBFT's Fingerprint: the first 6 bytes (zero-padded), upper-case hex. */
const fingerprint = (b: Bytes) => {
  const six = new Uint8Array(6)
  six.set(b.subarray(0, 6))
  return toHexUpper(six)
}

/** The vote sets of round 0 of the next height, as HeightVoteSet prints them: nobody has voted yet. */
function roundVotes(power: string) {
  const none = `BA{1:_} 0/${power} = 0.00`
  return [
    {
      round: 0,
      prevotes: ['nil-Vote'],
      prevotes_bit_array: none,
      precommits: ['nil-Vote'],
      precommits_bit_array: none,
    },
  ]
}

/** What the round state shows: the validator, the latest block, when the next one is due. */
type RoundFacts = Pick<RpcChain, 'nextRoundStartMs' | 'validator'> & {
  blocks: Pick<BlockStore, 'latest'>
}

/** RoundState.StartTime: when the next block is due, else (no block scheduled) the last block's time. */
function startTime(chain: RoundFacts): TimeNs {
  const scheduled = chain.nextRoundStartMs()
  if (scheduled !== undefined) return BigInt(Math.round(scheduled)) * 1_000_000n
  return chain.blocks.latest?.block.header.time ?? BigInt(Date.now()) * 1_000_000n
}

/**
 * RoundStateSimple (`consensus_state`) of the single validator, waiting in step 1 (NewHeight) for the
 * next height. With instant or manual mining no block is scheduled: the round "started" with the last
 * block, so start_time less the last block's time says nothing of a pace.
 */
export function roundStateSimpleJson(chain: RoundFacts) {
  return {
    round_state: {
      'height/round/step': `${latestHeight(chain) + 1}/0/1`,
      start_time: formatRfc3339Nano(startTime(chain)),
      proposal_block_hash: '',
      locked_block_hash: '',
      valid_block_hash: '',
      height_vote_set: roundVotes(chain.validator.power.toString()),
      proposer: { address: toHexUpper(chain.validator.address), index: 0 },
    },
  }
}

/**
 * CometBFT's consensus routes (`rpc/core/consensus.go`) for a single validator: validators (paged),
 * consensus_params (both default to the next height) and dump_consensus_state, the full round state
 * of a node waiting in step NewHeight for the next height (`consensus_state` is a core route).
 */
export function consensusRoutes(chain: RpcChain): RpcRoutes {
  const { blocks, validator } = chain
  const power = validator.power.toString()
  const setJson = async (height: number) => {
    const set = await validatorSetOf(chain, height)
    return { validators: set.validators.map(validatorJson), proposer: validatorJson(set.proposer) }
  }

  return {
    validators: {
      args: ['height', 'page', 'per_page'],
      handler: async (args) => {
        const asked = args.int('height')
        const page = args.int('page', 'int')
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
        const height = resolveHeight(latestHeight(chain) + 1, blocks.base, args.int('height'))
        return {
          block_height: String(height),
          consensus_params: consensusParamsJson(await consensusParamsAt(chain, height)),
        }
      },
    },
    dump_consensus_state: {
      args: [],
      // The full RoundState (no proposal, nothing locked) and no peers.
      handler: async () => {
        const latest = blocks.latest
        let lastCommit: unknown = null
        if (latest) {
          const { header, blockId } = latest.block
          const sig = chain.makeCommit(header.height, blockId, header.time).signatures[0]!
          lastCommit = {
            votes: [
              `Vote{0:${fingerprint(validator.address)} ${header.height}/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) ${fingerprint(blockId.hash)} ${fingerprint(sig.signature)} ${fingerprint(new Uint8Array())} @ ${formatRfc3339Nano(sig.timestamp)}}`,
            ],
            votes_bit_array: `BA{1:x} ${power}/${power} = 1.00`,
            peer_maj_23s: {},
          }
        }
        return {
          round_state: {
            height: String(latestHeight(chain) + 1),
            round: 0,
            step: 1,
            start_time: formatRfc3339Nano(startTime(chain)),
            commit_time: latest ? formatRfc3339Nano(latest.block.header.time) : GO_ZERO_TIME,
            validators: await setJson(latestHeight(chain) + 1),
            proposal: null,
            proposal_block: null,
            proposal_block_parts: null,
            locked_round: -1,
            locked_block: null,
            locked_block_parts: null,
            valid_round: -1,
            valid_block: null,
            valid_block_parts: null,
            votes: roundVotes(power),
            commit_round: -1,
            last_commit: lastCommit,
            last_validators: latest
              ? await setJson(latestHeight(chain))
              : { validators: null, proposer: null },
            triggered_timeout_precommit: false,
          },
          peers: [],
        }
      },
    },
  }
}
