import { type Bytes, toBase64, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { BlockStore } from '../../store/block-store.js'
import { type NodeInfoFacts, nodeInfo } from '../node-info.js'
import { blockMetaJson, resultBlockJson } from './cometbft-json.js'
import { internalError } from './errors.js'
import type { RpcRoutes } from './server.js'

/** What the core routes need to know about the node. */
export interface RpcNode extends NodeInfoFacts {
  validator: { address: Bytes; pubKey: Bytes; power: bigint }
  blocks: Pick<BlockStore, 'latest' | 'base' | 'get'>
  /**
   * When the next height's round starts (CometBFT RoundState.StartTime: the last commit plus
   * timeout_commit), as Unix milliseconds; undefined while no block is scheduled.
   */
  nextRoundStartMs(): number | undefined
  /** ABCI Info: app name, version string, protocol (app) version, last height and app hash. */
  abciInfo(): Promise<{
    data: string
    version: string
    appVersion: bigint
    lastBlockHeight: number
    lastBlockAppHash: Bytes
  }>
}

/** Time CometBFT shows for a block that does not exist. */
const ZERO_TIME = '1970-01-01T00:00:00Z'

/** The core routes: health, status, consensus_state, block, blockchain, abci_info. */
export function coreRoutes(node: RpcNode): RpcRoutes {
  const latestHeight = () => node.blocks.latest?.block.header.height ?? 0
  /** Upstream getHeight: validate an explicit height against the store. */
  const resolveHeight = (height: number | undefined): number => {
    const latest = latestHeight()
    if (height === undefined) return latest
    if (height <= 0) throw internalError(`height must be greater than 0, but got ${height}`)
    if (height > latest) {
      throw internalError(
        `height ${height} must be less than or equal to the current blockchain height ${latest}`,
      )
    }
    const base = node.blocks.base
    if (height < base) {
      throw internalError(`height ${height} is not available, lowest height is ${base}`)
    }
    return height
  }
  return {
    health: { args: [], handler: async () => ({}) },
    status: {
      args: [],
      handler: async () => {
        const latest = node.blocks.latest
        const earliest = latest ? await node.blocks.get(node.blocks.base) : undefined
        const info = await node.abciInfo()
        return {
          node_info: nodeInfo(node, info.appVersion),
          sync_info: {
            latest_block_hash: latest ? toHexUpper(latest.block.blockId.hash) : '',
            latest_app_hash: latest ? toHexUpper(latest.appHash) : '',
            latest_block_height: String(latest?.block.header.height ?? 0),
            latest_block_time: latest ? formatRfc3339Nano(latest.block.header.time) : ZERO_TIME,
            earliest_block_hash: earliest ? toHexUpper(earliest.block.blockId.hash) : '',
            earliest_app_hash: earliest ? toHexUpper(earliest.block.header.appHash) : '',
            earliest_block_height: String(earliest?.block.header.height ?? 0),
            earliest_block_time: earliest
              ? formatRfc3339Nano(earliest.block.header.time)
              : ZERO_TIME,
            catching_up: false,
          },
          validator_info: {
            address: toHexUpper(node.validator.address),
            pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(node.validator.pubKey) },
            voting_power: node.validator.power.toString(),
          },
        }
      },
    },
    consensus_state: {
      args: [],
      // RoundStateSimple of the single validator, waiting in step 1 (NewHeight) for the next height.
      handler: async () => {
        const next = latestHeight() + 1
        // No block scheduled (instant or manual mining): the round "started" with the last block,
        // so start_time less the last block time says nothing of a pace (clients read it as none).
        const scheduled = node.nextRoundStartMs()
        const lastTime = node.blocks.latest?.block.header.time
        const start =
          scheduled !== undefined
            ? BigInt(Math.round(scheduled)) * 1_000_000n
            : (lastTime ?? BigInt(Date.now()) * 1_000_000n)
        const bitArray = `BA{1:_} 0/${node.validator.power.toString()} = 0.00`
        return {
          round_state: {
            'height/round/step': `${next}/0/1`,
            start_time: formatRfc3339Nano(start),
            proposal_block_hash: '',
            locked_block_hash: '',
            valid_block_hash: '',
            height_vote_set: [
              {
                round: 0,
                prevotes: ['nil-Vote'],
                prevotes_bit_array: bitArray,
                precommits: ['nil-Vote'],
                precommits_bit_array: bitArray,
              },
            ],
            proposer: { address: toHexUpper(node.validator.address), index: 0 },
          },
        }
      },
    },
    block: {
      args: ['height'],
      handler: async (args) => {
        const height = resolveHeight(args.int('height'))
        if (height === 0)
          return { block_id: { hash: '', parts: { total: 0, hash: '' } }, block: null }
        const stored = await node.blocks.get(height)
        if (!stored) {
          throw internalError(
            `height ${height} is not available, lowest height is ${node.blocks.base}`,
          )
        }
        return resultBlockJson(stored)
      },
    },
    blockchain: {
      args: ['minHeight', 'maxHeight'],
      handler: async (args) => {
        const latest = latestHeight()
        const base = Math.max(node.blocks.base, 1)
        let min = args.int('minHeight') ?? 0
        let max = args.int('maxHeight') ?? 0
        if (min < 0 || max < 0) throw internalError('heights must be non-negative')
        if (min === 0) min = 1
        if (max === 0) max = latest
        max = Math.min(max, latest)
        min = Math.max(min, base)
        if (min > max)
          throw internalError(`min height ${min} can't be greater than max height ${max}`)
        const metas = []
        for (let h = max; h >= min && metas.length < 20; h--) {
          const stored = await node.blocks.get(h)
          if (stored) metas.push(blockMetaJson(stored))
        }
        return { last_height: String(latest), block_metas: metas }
      },
    },
    abci_info: {
      args: [],
      handler: async () => {
        const i = await node.abciInfo()
        return {
          response: {
            data: i.data,
            ...(i.version ? { version: i.version } : {}),
            ...(i.appVersion !== 0n ? { app_version: i.appVersion.toString() } : {}),
            ...(i.lastBlockHeight !== 0 ? { last_block_height: String(i.lastBlockHeight) } : {}),
            ...(i.lastBlockAppHash.length > 0
              ? { last_block_app_hash: toBase64(i.lastBlockAppHash) }
              : {}),
          },
        }
      },
    },
  }
}
