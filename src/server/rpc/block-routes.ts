import { toBase64 } from '../../codec/bytes.js'
import type { StoredBlock } from '../../store/block-store.js'
import { searchBlocks, TxSearchError } from '../../tx/search.js'
import {
  abciEventsJson,
  blockMetaJson,
  commitJson,
  consensusParamUpdatesJson,
  execTxResultJson,
  headerJson,
  NO_BLOCK,
  resultBlockJson,
  resultHeaderJson,
  validatorUpdatesJson,
} from './cometbft-json.js'
import { internalError } from './errors.js'
import { resolveHeight } from './paging.js'
import { consensusParamsAt, latestHeight, type RpcChain } from './rpc-chain.js'
import type { RpcRoutes } from './server.js'

/** Most block metas `blockchain` returns. */
const BLOCKCHAIN_LIMIT = 20
const bigMin = (a: bigint, b: bigint): bigint => (a < b ? a : b)
const bigMax = (a: bigint, b: bigint): bigint => (a > b ? a : b)

/**
 * CometBFT's block routes (`rpc/core/blocks.go`): block, block_by_hash, header, header_by_hash,
 * commit, blockchain, block_results, block_search.
 */
export function blockRoutes(chain: RpcChain): RpcRoutes {
  const { blocks } = chain
  /** A committed block by height; the store keeps every height from the base up. */
  const stored = async (height: number): Promise<StoredBlock | undefined> =>
    height > 0 ? blocks.get(height) : undefined

  return {
    block: {
      args: ['height'],
      handler: async (args) => {
        const height = resolveHeight(latestHeight(chain), blocks.base, args.bigint('height'))
        const s = await stored(height)
        return s ? resultBlockJson(s) : NO_BLOCK
      },
    },
    block_by_hash: {
      args: ['hash'],
      handler: async (args) => {
        const hash = args.base64Bytes('hash') ?? new Uint8Array()
        const height = hash.length > 0 ? await blocks.heightOfHash(hash) : undefined
        const s = height !== undefined ? await stored(height) : undefined
        return s ? resultBlockJson(s) : NO_BLOCK
      },
    },
    header: {
      args: ['height'],
      handler: async (args) => {
        const height = resolveHeight(latestHeight(chain), blocks.base, args.bigint('height'))
        return resultHeaderJson(await stored(height))
      },
    },
    header_by_hash: {
      args: ['hash'],
      handler: async (args) => {
        const hash = args.hexBytes('hash') ?? new Uint8Array()
        const height = hash.length > 0 ? await blocks.heightOfHash(hash) : undefined
        return resultHeaderJson(height !== undefined ? await stored(height) : undefined)
      },
    },
    commit: {
      args: ['height'],
      // The commit of a height is in the next block (canonical); the latest height's is the one the
      // validator has just signed, not yet in a block (canonical: false).
      handler: async (args) => {
        const latest = latestHeight(chain)
        const height = resolveHeight(latest, blocks.base, args.bigint('height'))
        const s = await stored(height)
        if (!s) return null
        const { header, blockId } = s.block
        const next = height !== latest ? await stored(height + 1) : undefined
        const commit = next?.block.lastCommit ?? chain.makeCommit(height, blockId, header.time)
        return {
          signed_header: { header: headerJson(header), commit: commitJson(commit) },
          canonical: next !== undefined,
        }
      },
    },
    blockchain: {
      args: ['minHeight', 'maxHeight'],
      handler: async (args) => {
        // CometBFT's filterMinMax, step for step (in int64: its errors echo the numbers given).
        let min = args.bigint('minHeight') ?? 0n
        let max = args.bigint('maxHeight') ?? 0n
        const height = latestHeight(chain)
        if (min < 0n || max < 0n) throw internalError('heights must be non-negative')
        if (min === 0n) min = 1n
        if (max === 0n) max = BigInt(height)
        max = bigMin(BigInt(height), max)
        min = bigMax(BigInt(blocks.base), min)
        min = bigMax(min, max - BigInt(BLOCKCHAIN_LIMIT) + 1n)
        if (min > max)
          throw internalError(`min height ${min} can't be greater than max height ${max}`)
        const metas = []
        for (let h = Number(max); h >= Number(min); h--) {
          const s = await stored(h)
          if (s) metas.push(blockMetaJson(s))
        }
        return { last_height: String(height), block_metas: metas }
      },
    },
    block_results: {
      args: ['height'],
      handler: async (args) => {
        const height = resolveHeight(latestHeight(chain), blocks.base, args.bigint('height'))
        const s = await stored(height)
        if (!s) throw internalError(`could not find results for height #${height}`)
        const events = [...s.beginBlockEvents, ...s.endBlockEvents]
        return {
          height: String(height),
          // Empty lists are null, as CometBFT reads them back from its store.
          txs_results: s.results.length > 0 ? s.results.map(execTxResultJson) : null,
          finalize_block_events: events.length > 0 ? abciEventsJson(events) : null,
          validator_updates: validatorUpdatesJson(s.validatorUpdates),
          // An SDK v0.50 app returns its consensus params from every FinalizeBlock.
          consensus_param_updates: consensusParamUpdatesJson(
            await consensusParamsAt(chain, height + 1),
          ),
          app_hash: toBase64(s.appHash),
        }
      },
    },
    block_search: {
      args: ['query', 'page', 'per_page', 'order_by'],
      handler: async (args) => {
        const query = args.string('query') ?? ''
        const page = args.bigint('page', 'int')
        const perPage = args.int('per_page', 'int')
        const orderBy = args.string('order_by') ?? ''
        let found: Awaited<ReturnType<typeof searchBlocks>>
        try {
          found = await searchBlocks(blocks, query, {
            ...(page !== undefined ? { page } : {}),
            ...(perPage !== undefined ? { perPage } : {}),
            orderBy,
          })
        } catch (err) {
          if (err instanceof TxSearchError) throw internalError(err.message)
          throw err
        }
        const out = []
        for (const h of found.heights) {
          const s = await stored(h)
          if (s) out.push(resultBlockJson(s))
        }
        return { blocks: out, total_count: String(found.total) }
      },
    },
  }
}
