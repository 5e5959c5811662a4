import { type CheckTxResponse, type Mempool, MempoolError } from '../../chain/mempool.js'
import type { BlockProducer } from '../../chain/producer.js'
import { type Bytes, toBase64, toHexUpper } from '../../codec/bytes.js'
import { sha256 } from '../../codec/hash.js'
import type { BlockStore, StoredBlock } from '../../store/block-store.js'
import { searchTxs, TxSearchError } from '../../tx/search.js'
import { eventsJson, txResultJson } from '../../tx/tx-response.js'
import type { RpcArgs } from './args.js'
import { internalError } from './errors.js'
import type { RpcRoutes } from './server.js'

/** What the tx routes reach: the mempool, the block store and the producer's block events. */
export interface TxRoutesOptions {
  mempool: Mempool
  blocks: BlockStore
  producer: Pick<BlockProducer, 'on' | 'off'>
  /** config.toml timeout_broadcast_tx_commit (CometBFT default 10s). */
  broadcastCommitTimeoutMs?: number
}

/** ResponseCheckTx as CometBFT JSON. */
function checkTxJson(r: CheckTxResponse) {
  return txResultJson({ ...r, info: '' })
}

/** CheckTx through the mempool; its own refusals are JSON-RPC errors, as CometBFT's. */
async function checkTx(mempool: Mempool, tx: Bytes): Promise<CheckTxResponse> {
  try {
    return await mempool.checkTx(tx)
  } catch (err) {
    if (err instanceof MempoolError) throw internalError(err.message)
    throw err
  }
}

/** One tx of a stored block as CometBFT's ResultTx. */
function resultTxJson(stored: StoredBlock, index: number) {
  const tx = stored.block.txs[index]!
  return {
    hash: toHexUpper(sha256(tx)),
    height: String(stored.block.header.height),
    index,
    tx_result: txResultJson(stored.results[index]!),
    tx: toBase64(tx),
  }
}

function searchFailure(err: unknown): never {
  if (err instanceof TxSearchError) throw internalError(err.message)
  throw err
}

/**
 * CometBFT RPC routes for transactions: broadcast_tx_sync / _async / _commit, check_tx, tx,
 * tx_search, unconfirmed_txs, num_unconfirmed_txs and block_results.
 */
export function txRoutes(o: TxRoutesOptions): RpcRoutes {
  const { mempool, blocks } = o
  const txArg = (args: RpcArgs) => args.base64Bytes('tx') ?? new Uint8Array()

  /** Resolves once the tx with this hash is in a durable block (or the timeout passes). */
  const waitForTx = (hash: Bytes, hex: string): Promise<StoredBlock | undefined> =>
    new Promise((resolve) => {
      const onBlock = (stored: StoredBlock) => {
        if (stored.block.txs.some((t) => toHexUpper(sha256(t)) === hex)) done(stored)
      }
      const timer = setTimeout(() => done(undefined), o.broadcastCommitTimeoutMs ?? 10_000)
      const done = (s: StoredBlock | undefined) => {
        clearTimeout(timer)
        o.producer.off('block', onBlock)
        resolve(s)
      }
      o.producer.on('block', onBlock)
      // Already committed between CheckTx and now?
      void blocks.txLocation(hash).then(async (loc) => {
        if (loc) done(await blocks.get(loc.height))
      })
    })

  return {
    broadcast_tx_sync: {
      args: ['tx'],
      handler: async (args) => {
        const r = await checkTx(mempool, txArg(args))
        return {
          code: r.code,
          data: toHexUpper(r.data),
          log: r.log,
          codespace: r.codespace,
          hash: r.hash,
        }
      },
    },
    broadcast_tx_async: {
      args: ['tx'],
      handler: async (args) => {
        const r = await checkTx(mempool, txArg(args))
        return { code: 0, data: '', log: '', codespace: '', hash: r.hash }
      },
    },
    broadcast_tx_commit: {
      args: ['tx'],
      handler: async (args) => {
        const tx = txArg(args)
        const r = await checkTx(mempool, tx)
        if (r.code !== 0) {
          return { check_tx: checkTxJson(r), tx_result: {}, hash: r.hash, height: '0' }
        }
        const stored = await waitForTx(sha256(tx), r.hash)
        if (!stored) throw internalError('timed out waiting for tx to be included in a block')
        const index = stored.block.txs.findIndex((t) => toHexUpper(sha256(t)) === r.hash)
        return {
          check_tx: checkTxJson(r),
          tx_result: txResultJson(stored.results[index]!),
          hash: r.hash,
          height: String(stored.block.header.height),
        }
      },
    },
    check_tx: {
      args: ['tx'],
      handler: async (args) => {
        try {
          return checkTxJson(await mempool.checkOnly(txArg(args)))
        } catch (err) {
          if (err instanceof MempoolError) throw internalError(err.message)
          throw err
        }
      },
    },
    tx: {
      args: ['hash', 'prove'],
      handler: async (args) => {
        if (!blocks.indexTxEvents) throw internalError('transaction indexing is disabled')
        const hash = args.base64Bytes('hash') ?? new Uint8Array()
        const loc = await blocks.txLocation(hash)
        const stored = loc ? await blocks.get(loc.height) : undefined
        if (!loc || !stored) throw internalError(`tx (${toHexUpper(hash)}) not found`)
        return resultTxJson(stored, loc.index)
      },
    },
    tx_search: {
      args: ['query', 'prove', 'page', 'per_page', 'order_by'],
      handler: async (args) => {
        const perPage = args.int('per_page')
        const page = args.int('page')
        let found: Awaited<ReturnType<typeof searchTxs>>
        try {
          found = await searchTxs(blocks, args.string('query') ?? '', {
            ...(page !== undefined ? { page } : {}),
            ...(perPage !== undefined ? { perPage } : {}),
            orderBy: args.string('order_by') ?? '',
          })
        } catch (err) {
          return searchFailure(err)
        }
        const txs = []
        for (const loc of found.txs) {
          const stored = await blocks.get(loc.height)
          if (stored) txs.push(resultTxJson(stored, loc.index))
        }
        return { txs, total_count: String(found.total) }
      },
    },
    unconfirmed_txs: {
      args: ['limit'],
      handler: async (args) => {
        const asked = args.int('limit')
        const limit = asked === undefined || asked < 1 ? 30 : Math.min(asked, 100)
        const txs = mempool.txs(limit)
        return {
          n_txs: String(txs.length),
          total: String(mempool.size),
          total_bytes: String(mempool.totalBytes),
          txs: txs.map(toBase64),
        }
      },
    },
    num_unconfirmed_txs: {
      args: [],
      handler: async () => ({
        n_txs: String(mempool.size),
        total: String(mempool.size),
        total_bytes: String(mempool.totalBytes),
        txs: null,
      }),
    },
    block_results: {
      args: ['height'],
      handler: async (args) => {
        const latest = blocks.latest?.block.header.height ?? 0
        const height = args.int('height') ?? latest
        if (height <= 0) throw internalError(`height must be greater than 0, but got ${height}`)
        if (height > latest) {
          throw internalError(
            `height ${height} must be less than or equal to the current blockchain height ${latest}`,
          )
        }
        const stored = await blocks.get(height)
        if (!stored) {
          throw internalError(`height ${height} is not available, lowest height is ${blocks.base}`)
        }
        return {
          height: String(height),
          txs_results: stored.results.length > 0 ? stored.results.map(txResultJson) : null,
          finalize_block_events: eventsJson([...stored.beginBlockEvents, ...stored.endBlockEvents]),
          validator_updates: null,
          consensus_param_updates: null,
          app_hash: toHexUpper(stored.appHash),
        }
      },
    },
  }
}
