import type { CheckTxResponse, Mempool } from '../../chain/mempool.js'
import { MempoolError } from '../../chain/mempool-error.js'
import type { BlockProducer } from '../../chain/producer.js'
import { type Bytes, toBase64, toHexUpper } from '../../codec/bytes.js'
import { sha256 } from '../../codec/hash.js'
import { type BlockStore, type StoredBlock, txResultOf } from '../../store/block-store.js'
import { searchTxs, TxSearchError } from '../../tx/search.js'
import type { RpcArgs } from './args.js'
import { EMPTY_EXEC_TX_RESULT, execTxResultJson } from './cometbft-json.js'
import { internalError } from './errors.js'
import { perPageOf } from './paging.js'
import type { RpcRoutes } from './server.js'
import { txProofJson } from './tx-proof.js'

/** What the tx routes reach: the mempool, the block store and the producer's block events. */
export interface TxRoutesOptions {
  mempool: Mempool
  blocks: BlockStore
  producer: Pick<BlockProducer, 'on' | 'off'>
  /** config.toml timeout_broadcast_tx_commit (CometBFT default 10s). */
  broadcastCommitTimeoutMs?: number
  /** config.toml `[rpc] unsafe`: serve unsafe_flush_mempool. */
  unsafe?: boolean
}

/** ResponseCheckTx as a route result prints it (jsonpb: every field). */
function checkTxJson(r: CheckTxResponse) {
  return execTxResultJson(r)
}

/**
 * CheckTx through the mempool; its own refusals are JSON-RPC errors, as CometBFT's (broadcast_tx_commit
 * prefixes them: `error on broadcastTxCommit: tx already exists in cache`).
 */
async function checkTx(mempool: Mempool, tx: Bytes, prefix = ''): Promise<CheckTxResponse> {
  try {
    return await mempool.checkTx(tx)
  } catch (err) {
    if (err instanceof MempoolError) throw internalError(`${prefix}${err.message}`)
    throw err
  }
}

/** One tx of a stored block as CometBFT's ResultTx (with its proof when asked). */
function resultTxJson(stored: StoredBlock, index: number, prove: boolean) {
  const tx = stored.block.txs[index]!
  return {
    hash: toHexUpper(sha256(tx)),
    height: String(stored.block.header.height),
    index,
    tx_result: execTxResultJson(txResultOf(stored, index)!),
    tx: toBase64(tx),
    ...(prove ? { proof: txProofJson(stored.block.txs, index) } : {}),
  }
}

function searchFailure(err: unknown): never {
  if (err instanceof TxSearchError) throw internalError(err.message)
  throw err
}

/** The longest wait a Node timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * CometBFT RPC routes for transactions: broadcast_tx_sync / _async / _commit, check_tx, tx,
 * tx_search, unconfirmed_txs and num_unconfirmed_txs.
 */
export function txRoutes(o: TxRoutesOptions): RpcRoutes {
  const { mempool, blocks } = o
  const txArg = (args: RpcArgs) => args.base64Bytes('tx', 'types.Tx') ?? new Uint8Array()

  /** Resolves once the tx with this hash is in a durable block (or the timeout passes). */
  const waitForTx = (hash: Bytes, hex: string): Promise<StoredBlock | undefined> =>
    new Promise((resolve) => {
      const onBlock = (stored: StoredBlock) => {
        if (stored.block.txs.some((t) => toHexUpper(sha256(t)) === hex)) done(stored)
      }
      const timer = setTimeout(
        () => done(undefined),
        // A timer of more than 2^31 − 1 ms would fire at once.
        Math.min(o.broadcastCommitTimeoutMs ?? 10_000, MAX_TIMER_MS),
      )
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
        const r = await checkTx(mempool, tx, 'error on broadcastTxCommit: ')
        if (r.code !== 0) {
          return {
            check_tx: checkTxJson(r),
            tx_result: EMPTY_EXEC_TX_RESULT,
            hash: r.hash,
            height: '0',
          }
        }
        const stored = await waitForTx(sha256(tx), r.hash)
        if (!stored) throw internalError('timed out waiting for tx to be included in a block')
        const index = stored.block.txs.findIndex((t) => toHexUpper(sha256(t)) === r.hash)
        return {
          check_tx: checkTxJson(r),
          tx_result: execTxResultJson(txResultOf(stored, index)!),
          hash: r.hash,
          height: String(stored.block.header.height),
        }
      },
    },
    ...(o.unsafe
      ? {
          // CometBFT's unsafe route: the pool and its cache emptied; an empty result.
          unsafe_flush_mempool: {
            args: [],
            handler: async () => {
              await mempool.flush()
              return {}
            },
          },
        }
      : {}),
    check_tx: {
      args: ['tx'],
      // The app's CheckTx on the mempool's check state, as CometBFT's (see Mempool.checkNew).
      handler: async (args) => checkTxJson(await mempool.checkNew(txArg(args))),
    },
    tx: {
      args: ['hash', 'prove'],
      handler: async (args) => {
        const hash = args.base64Bytes('hash') ?? new Uint8Array()
        const prove = args.bool('prove') ?? false
        if (!blocks.indexTxEvents) throw internalError('transaction indexing is disabled')
        if (hash.length === 0) throw internalError('transaction hash cannot be empty')
        const loc = await blocks.txLocation(hash)
        const stored = loc ? await blocks.get(loc.height) : undefined
        if (!loc || !stored) throw internalError(`tx (${toHexUpper(hash)}) not found`)
        return resultTxJson(stored, loc.index, prove)
      },
    },
    tx_search: {
      args: ['query', 'prove', 'page', 'per_page', 'order_by'],
      handler: async (args) => {
        const query = args.string('query') ?? ''
        const prove = args.bool('prove') ?? false
        const page = args.bigint('page', 'int')
        const perPage = args.int('per_page', 'int')
        const orderBy = args.string('order_by') ?? ''
        let found: Awaited<ReturnType<typeof searchTxs>>
        try {
          found = await searchTxs(blocks, query, {
            ...(page !== undefined ? { page } : {}),
            ...(perPage !== undefined ? { perPage } : {}),
            orderBy,
          })
        } catch (err) {
          return searchFailure(err)
        }
        const txs = []
        for (const loc of found.txs) {
          const stored = await blocks.get(loc.height)
          if (stored) txs.push(resultTxJson(stored, loc.index, prove))
        }
        return { txs, total_count: String(found.total) }
      },
    },
    unconfirmed_txs: {
      args: ['limit'],
      handler: async (args) => {
        const txs = mempool.unconfirmedTxs(perPageOf(args.int('limit', 'int')))
        return {
          n_txs: String(txs.length),
          total: String(mempool.unconfirmedSize),
          total_bytes: String(mempool.unconfirmedBytes),
          txs: txs.map(toBase64),
        }
      },
    },
    num_unconfirmed_txs: {
      args: [],
      handler: async () => ({
        n_txs: String(mempool.unconfirmedSize),
        total: String(mempool.unconfirmedSize),
        total_bytes: String(mempool.unconfirmedBytes),
        txs: null,
      }),
    },
  }
}
