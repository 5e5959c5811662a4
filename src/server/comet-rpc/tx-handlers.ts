import { queryEntry } from '../../app/handlers.js'
import type { QueryHandler, RoutedQueryHandler } from '../../app/types.js'
import { type Bytes, fromHex } from '../../codec/bytes.js'
import { txHashHex } from '../../codec/hash.js'
import { int64Of } from '../../codec/int64.js'
import type { ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import {
  ErrInvalidHeight,
  ErrMempoolIsFull,
  ErrTxInMempoolCache,
  ErrTxTooLarge,
  GrpcCode,
  type RegisteredError,
  StatusError,
} from '../../errors.js'
import type { SimulationResult } from '../../tx/executor.js'
import { broadcastTxResponse } from '../../tx/tx-response.js'
import {
  broadcastRequest,
  createTxServiceHandlers,
  pageOfBlockTxs,
  TX_SERVICE,
} from '../query/tx-service.js'
import { type CometRpcClient, CometRpcError } from './client.js'
import { blockResponseOf, txResponseOfComet } from './convert.js'
import type { CometTxResult } from './json-types.js'

/** Upstream query.DefaultLimit. */
const DEFAULT_LIMIT = 100

/** CometBFT's mempool refusals (RPC errors) and the coded responses upstream's CheckCometError makes of them. */
const MEMPOOL_REFUSALS: [RegExp, RegisteredError][] = [
  [/tx already exists in cache/, ErrTxInMempoolCache],
  [/mempool is full/i, ErrMempoolIsFull],
  [/tx too large/i, ErrTxTooLarge],
]

export interface CometTxServiceDeps {
  registry: ProtoRegistry
  rpc: CometRpcClient
  /** Simulates tx bytes against the latest committed state. */
  simulate(bytes: Bytes): Promise<SimulationResult>
}

/** A CometBFT RPC error of a search or look-up, as the status a client sees. */
function searchStatus(err: unknown): never {
  if (err instanceof CometRpcError) {
    const code =
      err.data === 'transaction indexing is disabled'
        ? GrpcCode.FailedPrecondition
        : GrpcCode.InvalidArgument
    throw new StatusError(code, `failed to search for txs: ${err.message}`, { cause: err })
  }
  throw err
}

/**
 * `sdk.tx.v1beta1.Service` under CometBFT, as upstream's handlers reach CometBFT through their
 * client context: BroadcastTx forwards to `broadcast_tx_sync|async`, GetTx and GetTxsEvent read
 * `/tx` and `/tx_search` (and each tx's `/block` for its time), GetBlockWithTxs reads `/block`;
 * Simulate runs against the latest committed state. TxDecode and TxEncode are sdkd's own.
 */
export function createCometTxServiceHandlers(
  d: CometTxServiceDeps,
): Map<string, RoutedQueryHandler> {
  const { registry, rpc } = d
  const base = createTxServiceHandlers({
    registry,
    // Only Simulate reaches this: broadcasts and look-ups are replaced below.
    mempool: {
      checkTx: () => Promise.reject(new StatusError(GrpcCode.Internal, 'no local mempool')),
      simulate: d.simulate,
    },
    // The block store stays empty under CometBFT; every handler that reads it is replaced below.
    blocks: undefined as never,
  })

  const broadcast: QueryHandler<'sdk.tx.v1beta1.Service/BroadcastTx'> = async (req) => {
    const { bytes, mode } = broadcastRequest(req)
    try {
      const r = await rpc.broadcastTx(bytes, mode)
      return {
        tx_response: broadcastTxResponse({
          hash: r.hash,
          code: r.code,
          codespace: r.codespace,
          data: r.data ? fromHex(r.data) : new Uint8Array(),
          log: r.log,
        }),
      }
    } catch (err) {
      if (!(err instanceof CometRpcError)) throw err
      // Upstream CheckCometError: CometBFT's mempool refusals become coded responses.
      const refusal = MEMPOOL_REFUSALS.find(([re]) => re.test(err.data))?.[1]
      if (!refusal) throw err
      return {
        tx_response: broadcastTxResponse({
          hash: txHashHex(bytes),
          code: refusal.code,
          codespace: refusal.codespace,
          data: new Uint8Array(),
          log: '',
        }),
      }
    }
  }

  /** Block times by height, each block asked once per answer (upstream getBlocksForTxResults). */
  const timesOf = async (txs: CometTxResult[]): Promise<Map<string, string>> => {
    const times = new Map<string, string>()
    for (const t of txs) {
      if (times.has(t.height)) continue
      const b = await rpc.block(Number(t.height))
      times.set(t.height, b.block?.header.time ?? '')
    }
    return times
  }

  const getTx: QueryHandler<'sdk.tx.v1beta1.Service/GetTx'> = async (req) => {
    const text = req.hash
    if (text === '') throw new StatusError(GrpcCode.InvalidArgument, 'tx hash cannot be empty')
    let hash: Bytes
    try {
      hash = fromHex(text)
    } catch (err) {
      throw new StatusError(GrpcCode.InvalidArgument, (err as Error).message)
    }
    let found: CometTxResult
    try {
      found = await rpc.tx(hash)
    } catch (err) {
      if (err instanceof CometRpcError && /not found/.test(err.data))
        throw new StatusError(GrpcCode.NotFound, `tx not found: ${text}`)
      if (err instanceof CometRpcError && err.data === 'transaction indexing is disabled')
        throw new StatusError(GrpcCode.FailedPrecondition, err.data)
      throw err
    }
    const times = await timesOf([found])
    const { tx, txResponse } = txResponseOfComet(registry, found, times.get(found.height) ?? '')
    return { ...(tx ? { tx } : {}), tx_response: txResponse }
  }

  const getTxsEvent: QueryHandler<'sdk.tx.v1beta1.Service/GetTxsEvent'> = async (req) => {
    const page = Number(int64Of(req.page)) || 1
    const limit = Number(int64Of(req.limit)) || DEFAULT_LIMIT
    const query = req.query
    if (query === '') throw new StatusError(GrpcCode.InvalidArgument, 'query cannot be empty')
    const order = req.order_by === 2 ? 'desc' : req.order_by === 1 ? 'asc' : ''
    let found: Awaited<ReturnType<CometRpcClient['txSearch']>>
    try {
      found = await rpc.txSearch(query, page, limit, order)
    } catch (err) {
      return searchStatus(err)
    }
    const times = await timesOf(found.txs)
    const txs: ProtoInit<'sdk.tx.v1beta1.Tx'>[] = []
    const txResponses: ProtoInit<'sdk.base.abci.v1beta1.TxResponse'>[] = []
    for (const t of found.txs) {
      const { tx, txResponse } = txResponseOfComet(registry, t, times.get(t.height) ?? '')
      txs.push(tx ?? {})
      txResponses.push(txResponse)
    }
    return { txs, tx_responses: txResponses, total: found.total_count }
  }

  const getBlockWithTxs: QueryHandler<'sdk.tx.v1beta1.Service/GetBlockWithTxs'> = async (
    req,
    ctx,
  ) => {
    const height = int64Of(req.height)
    if (height < 1n || height > BigInt(ctx.height)) {
      throw ErrInvalidHeight.wrap(
        `requested height ${height} but height must not be less than 1 or greater than the current height ${ctx.height}`,
      )
    }
    const res = blockResponseOf(registry, await rpc.block(Number(height)))
    const all = (res.block?.data?.txs ?? []) as Bytes[]
    const txs = pageOfBlockTxs(registry, all, req.pagination)
    return {
      txs,
      ...(res.block_id ? { block_id: res.block_id } : {}),
      ...(res.block ? { block: res.block } : {}),
      pagination: { total: String(all.length) },
    }
  }

  return new Map([
    ...base,
    queryEntry(`${TX_SERVICE}/BroadcastTx`, broadcast),
    queryEntry(`${TX_SERVICE}/GetTx`, getTx),
    queryEntry(`${TX_SERVICE}/GetTxsEvent`, getTxsEvent),
    queryEntry(`${TX_SERVICE}/GetBlockWithTxs`, getBlockWithTxs),
  ])
}
