import { queryEntry } from '../../app/handlers.js'
import type { QueryHandler, RoutedQueryHandler } from '../../app/types.js'
import type { CheckTxResponse } from '../../chain/mempool.js'
import { MempoolError } from '../../chain/mempool-error.js'
import { type Bytes, fromHex, utf8 } from '../../codec/bytes.js'
import { txHashHex } from '../../codec/hash.js'
import { type Int64, int64Of } from '../../codec/int64.js'
import { messageToJsonString } from '../../codec/json-text-writer.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import {
  ErrInvalidHeight,
  ErrInvalidRequest,
  ErrLogic,
  GrpcCode,
  SdkError,
  StatusError,
} from '../../errors.js'
import type { BlockStore, StoredBlock } from '../../store/block-store.js'
import { decodeTx, txMessage } from '../../tx/decode.js'
import type { SimulationResult } from '../../tx/executor.js'
import { searchTxs, TxSearchError } from '../../tx/search.js'
import { broadcastTxResponse, eventsToProto, txOf, txResponseOf } from '../../tx/tx-response.js'
import type { QueryRouter } from './router.js'

/** Fully-qualified name of the tx service. */
export const TX_SERVICE = 'sdk.tx.v1beta1.Service'

/** Methods answered without a height: they act on the mempool, not on committed state. */
export const HEIGHTLESS_TX_METHODS: ReadonlySet<string> = new Set([`${TX_SERVICE}/BroadcastTx`])

/** What the tx service reaches: the mempool and the block store. */
export interface TxServiceDeps {
  registry: ProtoRegistry
  mempool: {
    checkTx(bytes: Bytes): Promise<CheckTxResponse>
    simulate(bytes: Bytes): Promise<SimulationResult>
  }
  blocks: BlockStore
}

/** The ABCI query path of upstream's legacy simulation (raw tx bytes in, JSON out). */
export const APP_SIMULATE_PATH = '/app/simulate'

/**
 * Upstream `/app/simulate` (BaseApp handleQueryApp): the raw tx bytes are simulated as `Simulate`
 * does, the answer is the SimulationResponse as JSON text; a failing tx keeps its own ABCI code,
 * wrapped `failed to simulate tx: …`.
 */
export async function appSimulate(router: QueryRouter, txBytes: Bytes): Promise<Bytes> {
  const m = router.method(`${TX_SERVICE}/Simulate`)
  if (!m) throw ErrLogic.wrap(`${TX_SERVICE}/Simulate is not served`)
  let res: Proto<'sdk.tx.v1beta1.SimulateResponse'>
  try {
    res = await router.run(m, { tx_bytes: txBytes }, router.resolveHeight(0n))
  } catch (err) {
    const cause = err instanceof StatusError ? err.cause : undefined
    if (cause instanceof SdkError) throw cause.wrap('failed to simulate tx')
    throw err
  }
  const type = router.registry.type('sdk.base.abci.v1beta1.SimulationResponse')
  return utf8(messageToJsonString(router.registry, type, res))
}

/** Upstream BroadcastMode numbers. */
const MODE_SYNC = 2
const MODE_ASYNC = 3

/**
 * BroadcastTx's request checked as upstream: tx bytes set (even empty is refused), and a mode
 * of sync or async.
 */
export function broadcastRequest(req: Proto<'sdk.tx.v1beta1.BroadcastTxRequest'>): {
  bytes: Bytes
  mode: 'sync' | 'async'
} {
  if (!hasBytes(req, 'tx_bytes'))
    throw new StatusError(GrpcCode.InvalidArgument, 'invalid empty tx')
  if (req.mode !== MODE_SYNC && req.mode !== MODE_ASYNC) {
    throw new StatusError(
      GrpcCode.InvalidArgument,
      'unsupported return type unspecified; supported types: sync, async',
    )
  }
  return { bytes: req.tx_bytes, mode: req.mode === MODE_SYNC ? 'sync' : 'async' }
}

/** Whether a bytes field was set (present, even empty), as Go tells nil from empty. */
function hasBytes<T extends object>(msg: T, field: keyof T & string): boolean {
  return Object.hasOwn(msg, field) && msg[field] instanceof Uint8Array
}

/** A search problem, a page out of range, a disabled index: the client's to fix. */
function searchError(err: unknown): never {
  if (err instanceof TxSearchError) {
    const code =
      err.message === 'transaction indexing is disabled'
        ? GrpcCode.FailedPrecondition
        : GrpcCode.InvalidArgument
    throw new StatusError(code, `failed to search for txs: ${err.message}`, { cause: err })
  }
  throw err
}

/** Encodes a JSON-given Tx into TxRaw bytes (upstream DefaultTxEncoder of a decoded tx). */
function encodeTx(registry: ProtoRegistry, tx: Proto<'sdk.tx.v1beta1.Tx'>): Bytes {
  return registry.encode('sdk.tx.v1beta1.TxRaw', {
    body_bytes: registry.encode('sdk.tx.v1beta1.TxBody', tx.body ?? {}),
    auth_info_bytes: registry.encode('sdk.tx.v1beta1.AuthInfo', tx.auth_info ?? {}),
    signatures: tx.signatures,
  })
}

/**
 * Handlers of `sdk.tx.v1beta1.Service` for the query router (REST, gRPC, ABCI): broadcast and
 * simulate through the mempool; look-ups and searches through the block store and its tx index.
 */
export function createTxServiceHandlers(d: TxServiceDeps): Map<string, RoutedQueryHandler> {
  const { registry, blocks } = d

  const broadcast: QueryHandler<'sdk.tx.v1beta1.Service/BroadcastTx'> = async (req) => {
    const { bytes, mode } = broadcastRequest(req)
    let res: CheckTxResponse
    try {
      res = await d.mempool.checkTx(bytes)
    } catch (err) {
      if (err instanceof MempoolError && err.refusal) {
        // Upstream CheckCometError: the mempool's refusal becomes a coded response.
        return {
          tx_response: broadcastTxResponse({
            hash: txHashHex(bytes),
            code: err.refusal.code,
            codespace: err.refusal.codespace,
            data: new Uint8Array(),
            log: '',
          }),
        }
      }
      // Any other refusal is the InvalidArgument status it is.
      throw err
    }
    if (mode === 'async') {
      return {
        tx_response: broadcastTxResponse({
          hash: res.hash,
          code: 0,
          codespace: '',
          data: new Uint8Array(),
          log: '',
        }),
      }
    }
    return { tx_response: broadcastTxResponse(res) }
  }

  const simulate: QueryHandler<'sdk.tx.v1beta1.Service/Simulate'> = async (req) => {
    let bytes: Bytes | undefined
    if (hasBytes(req, 'tx_bytes') && req.tx_bytes.length > 0) bytes = req.tx_bytes
    else if (req.tx) bytes = encodeTx(registry, req.tx)
    if (!bytes) throw new StatusError(GrpcCode.InvalidArgument, 'empty txBytes is not allowed')
    const r = await d.mempool.simulate(bytes)
    return {
      gas_info: { gas_wanted: r.gasWanted.toString(), gas_used: r.gasUsed.toString() },
      result: {
        data: r.data,
        log: '',
        events: eventsToProto(r.events),
        msg_responses: r.msgResponses,
      },
    }
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
    if (!blocks.indexTxEvents) {
      throw new StatusError(GrpcCode.FailedPrecondition, 'transaction indexing is disabled')
    }
    const loc = await blocks.txLocation(hash)
    const stored = loc ? await blocks.get(loc.height) : undefined
    if (!loc || !stored) throw new StatusError(GrpcCode.NotFound, `tx not found: ${text}`)
    const { tx, txResponse } = txResponseOf(registry, stored, loc.index)
    return { ...(tx ? { tx } : {}), tx_response: txResponse }
  }

  const getTxsEvent: QueryHandler<'sdk.tx.v1beta1.Service/GetTxsEvent'> = async (req) => {
    const page = Number(int64Of(req.page)) || 1
    const limit = Number(int64Of(req.limit)) || 100
    const order = req.order_by
    const query = req.query
    if (query === '') throw new StatusError(GrpcCode.InvalidArgument, 'query cannot be empty')
    let found: Awaited<ReturnType<typeof searchTxs>>
    try {
      found = await searchTxs(blocks, query, {
        page,
        perPage: limit,
        orderBy: order === 2 ? 'desc' : order === 1 ? 'asc' : '',
      })
    } catch (err) {
      return searchError(err)
    }
    const txs: ProtoInit<'sdk.tx.v1beta1.Tx'>[] = []
    const txResponses: ProtoInit<'sdk.base.abci.v1beta1.TxResponse'>[] = []
    const cache = new Map<number, StoredBlock | undefined>()
    for (const loc of found.txs) {
      if (!cache.has(loc.height)) cache.set(loc.height, await blocks.get(loc.height))
      const stored = cache.get(loc.height)
      if (!stored) continue
      const { tx, txResponse } = txResponseOf(registry, stored, loc.index)
      txs.push(tx ?? {})
      txResponses.push(txResponse)
    }
    return { txs, tx_responses: txResponses, total: String(found.total) }
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
    const stored = await blocks.get(Number(height))
    if (!stored) {
      throw new StatusError(
        GrpcCode.InvalidArgument,
        `height ${height} is not available, lowest height is ${blocks.base}`,
      )
    }
    const txs = pageOfBlockTxs(registry, stored.block.txs, req.pagination)
    const { block } = stored
    return {
      txs,
      block_id: {
        hash: block.blockId.hash,
        part_set_header: { total: block.blockId.parts.total, hash: block.blockId.parts.hash },
      },
      block: registry.decode('tendermint.types.Block', block.bytes),
      pagination: { total: String(block.txs.length) },
    }
  }

  const txDecode: QueryHandler<'sdk.tx.v1beta1.Service/TxDecode'> = async (req) => {
    if (!hasBytes(req, 'tx_bytes')) {
      throw new StatusError(GrpcCode.InvalidArgument, 'invalid empty tx bytes')
    }
    return { tx: txMessage(decodeTx(registry, req.tx_bytes)) }
  }

  const txEncode: QueryHandler<'sdk.tx.v1beta1.Service/TxEncode'> = async (req) => {
    if (!req.tx) throw new StatusError(GrpcCode.InvalidArgument, 'invalid empty tx')
    return { tx_bytes: encodeTx(registry, req.tx) }
  }

  return new Map([
    queryEntry(`${TX_SERVICE}/Simulate`, simulate),
    queryEntry(`${TX_SERVICE}/GetTx`, getTx),
    queryEntry(`${TX_SERVICE}/BroadcastTx`, broadcast),
    queryEntry(`${TX_SERVICE}/GetTxsEvent`, getTxsEvent),
    queryEntry(`${TX_SERVICE}/GetBlockWithTxs`, getBlockWithTxs),
    queryEntry(`${TX_SERVICE}/TxDecode`, txDecode),
    queryEntry(`${TX_SERVICE}/TxEncode`, txEncode),
  ])
}

/**
 * GetBlockWithTxs' page of a block's txs, decoded, as upstream pages them (offset and limit, 100 by
 * default; `reverse` walks down from the offset); an offset past a non-empty block is out of range.
 */
export function pageOfBlockTxs(
  registry: ProtoRegistry,
  all: readonly Bytes[],
  p: { offset?: Int64 | null; limit?: Int64 | null; reverse?: boolean | null } | null | undefined,
): ProtoInit<'sdk.tx.v1beta1.Tx'>[] {
  const offset = p ? Number(int64Of(p.offset)) : 0
  const limit = p ? Number(int64Of(p.limit)) : 100
  if (offset >= all.length && all.length !== 0) {
    throw ErrInvalidRequest.wrap(
      `out of range: cannot paginate ${all.length} txs with offset ${offset} and limit ${limit}`,
    )
  }
  const txs: ProtoInit<'sdk.tx.v1beta1.Tx'>[] = []
  if (p?.reverse) {
    for (let i = offset, n = 0; i > 0 && n !== limit; i--, n++)
      txs.push(txOf(registry, all[i]!) ?? {})
  } else {
    for (let i = offset, n = 0; i < all.length && n !== limit; i++, n++)
      txs.push(txOf(registry, all[i]!) ?? {})
  }
  return txs
}
