import type protobuf from 'protobufjs'
import { type Bytes, fromBase64Strict, fromHex, toBase64, toHex } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type {
  DecodedQueryResponse,
  Proto,
  ProtoMessage,
  ProtoRegistry,
  QueryMethod,
  QueryRequestInit,
} from '../codec/proto.js'
import { parseRfc3339, type TimeNs } from '../codec/time.js'
import type { BlockTime } from '../modules/upgrade/timing.js'
import { createJsonRpcCall, rpcBaseUrl } from './json-rpc.js'
import {
  type AbciQueryResult,
  type AccountInfo,
  type BroadcastResult,
  type IncludedTx,
  NodeClientError,
  type NodeStatus,
  type RpcEvent,
} from './node-client-types.js'

/**
 * A client of one node through its CometBFT RPC (`--node`): `status`, `abci_query` (the same
 * query handlers REST and gRPC serve), `broadcast_tx_sync|async`, `tx`, `unconfirmed_txs`, `blockchain`. JSON-RPC 2.0
 * over HTTP POST to the RPC root, as cosmjs and the upstream CLI do.
 */

export type {
  AbciQueryResult,
  AccountInfo,
  BroadcastResult,
  IncludedTx,
  NodeStatus,
  RpcEvent,
} from './node-client-types.js'
export { NodeClientError } from './node-client-types.js'

/** A block header's height and time. */
export interface NodeClient {
  readonly url: string
  /** A raw JSON-RPC call; returns `result`, throws NodeClientError on transport or RPC errors. */
  call(method: string, params: Record<string, unknown>): Promise<unknown>
  status(): Promise<NodeStatus>
  abciQuery(path: string, data: Bytes, height?: number): Promise<AbciQueryResult>
  /**
   * Runs a query method (canonical, `sdk.bank.v1beta1.Query/AllBalances`: asked in the brand's
   * name); a non-zero code throws its log.
   */
  query<M extends QueryMethod>(
    method: M,
    request: QueryRequestInit<M>,
    height?: number,
  ): Promise<{ type: protobuf.Type; response: DecodedQueryResponse<M>; height: number }>
  /** A method named at runtime (the CLI's query commands): its types known only to the registry. */
  query(
    method: string,
    request: object,
    height?: number,
  ): Promise<{ type: protobuf.Type; response: ProtoMessage; height: number }>
  /** The account at an address, or undefined when the chain does not know it (code 22). */
  account(address: string): Promise<AccountInfo | undefined>
  /** Simulates tx bytes (Service/Simulate); returns the gas used. */
  simulate(txBytes: Bytes): Promise<{ gasUsed: bigint; gasWanted: bigint }>
  broadcastTx(txBytes: Bytes, mode: 'sync' | 'async'): Promise<BroadcastResult>
  /** The included tx with that hash (hex), or undefined while it is not in a block. */
  tx(hash: string): Promise<IncludedTx | undefined>
  /**
   * CometBFT's `unconfirmed_txs`: the first `limit` txs of the node's mempool (CometBFT answers at
   * most 100) and how many it holds in all.
   */
  unconfirmedTxs(limit: number): Promise<{ txs: Bytes[]; total: number }>
  /** CometBFT's `tx_search`: one page of the included txs an event query matches, and their count. */
  txSearch(search: {
    query: string
    page: number
    perPage: number
    orderBy: string
  }): Promise<{ txs: IncludedTx[]; totalCount: number }>
  /** Header heights and times of the latest blocks (at most 20, newest first; never the first block). */
  recentBlockTimes(): Promise<BlockTime[]>
  /** A block's header time. */
  blockTime(height: number): Promise<TimeNs>
}

/** A tx of the RPC's `tx` or `tx_search` answer (ResultTx), its hash `hash` unless it names one. */
function includedTxOf(r: Record<string, unknown>, hash: string): IncludedTx {
  const res = (r.tx_result ?? {}) as Record<string, unknown>
  return {
    hash: String(r.hash ?? hash).toUpperCase(),
    height: Number(r.height ?? 0),
    index: Number(r.index ?? 0),
    txBytes: fromBase64Strict(String(r.tx ?? '')) ?? new Uint8Array(0),
    result: {
      code: Number(res.code ?? 0),
      codespace: String(res.codespace ?? ''),
      data: fromBase64Strict(String(res.data ?? '')) ?? new Uint8Array(0),
      log: String(res.log ?? ''),
      info: String(res.info ?? ''),
      gasWanted: String(res.gas_wanted ?? '0'),
      gasUsed: String(res.gas_used ?? '0'),
      events: (res.events ?? []) as RpcEvent[],
    },
  }
}

/** Mempool rejections CometBFT returns as RPC errors, and the ABCI codes clients map them to. */
const MEMPOOL_ERRORS: [RegExp, number][] = [
  [/tx already exists in cache/, 19],
  [/mempool is full/i, 20],
  [/tx too large/i, 21],
]

/** The part of a `blockchain` answer the client reads. */
interface BlockchainReply {
  last_height?: string
  block_metas?: { header: { height: string; time: string } }[]
}

/** The header heights and times of a `blockchain` answer, in its order (newest first). */
function blockTimes(r: BlockchainReply): BlockTime[] {
  return (r.block_metas ?? []).map((m) => ({
    height: Number(m.header.height),
    time: parseRfc3339(m.header.time),
  }))
}

/**
 * A failed query as upstream's client reports it (client/query.go sdkErrorToGRPCError): the ABCI
 * log inside a gRPC status chosen by the code alone (18 InvalidArgument, 4 Unauthenticated, 22
 * NotFound, any other Unknown). A query handler's own status error is already one in the log, so
 * its text says `rpc error: …` twice, as a real node's CLI prints it.
 */
export function queryErrorText(code: number, log: string): string {
  const status =
    code === 18
      ? 'InvalidArgument'
      : code === 4
        ? 'Unauthenticated'
        : code === 22
          ? 'NotFound'
          : 'Unknown'
  return `rpc error: code = ${status} desc = ${log}`
}

/**
 * Creates a client of the node at `url` (http(s):// or tcp://; a bad one is refused here, before
 * any call, as `urlName` when given: `--node address`). The registry is needed only by the calls
 * that encode or decode protobuf (queries, accounts, simulation, txs).
 */
export function createNodeClient(options: {
  url: string
  urlName?: string
  registry?: ProtoRegistry
}): NodeClient {
  const url = rpcBaseUrl(options.url, options.urlName)
  const registryOf = (): ProtoRegistry => {
    if (!options.registry)
      throw new NodeClientError('this node client was created without a protobuf registry')
    return options.registry
  }
  const call = createJsonRpcCall(url)

  const abciQuery = async (path: string, data: Bytes, height = 0): Promise<AbciQueryResult> => {
    const result = (await call('abci_query', {
      path,
      data: toHex(data),
      height: String(height),
      prove: false,
    })) as { response?: Record<string, unknown> } | undefined
    const r = result?.response
    if (!r) throw new NodeClientError(`node at ${url} answered abci_query without a response`)
    const value = typeof r.value === 'string' ? fromBase64Strict(r.value) : new Uint8Array(0)
    if (!value) throw new NodeClientError(`node at ${url} answered abci_query with a bad value`)
    return {
      code: Number(r.code ?? 0),
      codespace: String(r.codespace ?? ''),
      log: String(r.log ?? ''),
      value,
      height: Number(r.height ?? 0),
    }
  }

  const run = async (method: string, request: object, height = 0) => {
    const registry = registryOf()
    const [serviceName, methodName] = method.split('/') as [string, string | undefined]
    let m: protobuf.Method | undefined
    try {
      m = methodName ? registry.service(serviceName).methods[methodName] : undefined
    } catch {
      m = undefined
    }
    if (!m) throw new NodeClientError(`unknown query method ${method}`)
    m.resolve()
    const reqType = m.resolvedRequestType!
    const resType = m.resolvedResponseType!
    const path = registry.name(`/${method}`)
    const r = await abciQuery(path, registry.encode(reqType, request), height)
    if (r.code !== 0) throw new NodeClientError(queryErrorText(r.code, r.log), r.code, r.codespace)
    return { type: resType, response: registry.decode(resType, r.value), height: r.height }
  }
  // The typed overload only narrows what the method's registry types already are.
  const query = run as NodeClient['query']

  const account = async (address: string): Promise<AccountInfo | undefined> => {
    let res: Proto<'sdk.auth.v1beta1.QueryAccountResponse'>
    try {
      res = (await query('sdk.auth.v1beta1.Query/Account', { address })).response
    } catch (err) {
      if (err instanceof NodeClientError && err.code === 22) return undefined
      throw err
    }
    if (!res.account) return undefined
    const inner = registryOf().unpackAny(res.account).value
    // A BaseAccount, or an account type that embeds one (a module account; a vesting account one
    // level deeper): whichever the Any packs, its fields may be absent (another account type),
    // hence the fallbacks.
    const base = (inner.base_vesting_account?.base_account ??
      inner.base_account ??
      inner) as Partial<Proto<'sdk.auth.v1beta1.BaseAccount'>>
    return {
      address: base.address ?? address,
      accountNumber: int64Of(base.account_number),
      sequence: int64Of(base.sequence),
      pubKey: base.pub_key ?? null,
    }
  }

  const simulate = async (txBytes: Bytes) => {
    const { response } = await query('sdk.tx.v1beta1.Service/Simulate', { tx_bytes: txBytes })
    return {
      gasUsed: int64Of(response.gas_info?.gas_used),
      gasWanted: int64Of(response.gas_info?.gas_wanted),
    }
  }

  const broadcastTx = async (txBytes: Bytes, mode: 'sync' | 'async'): Promise<BroadcastResult> => {
    try {
      const r = (await call(`broadcast_tx_${mode}`, { tx: toBase64(txBytes) })) as Record<
        string,
        unknown
      >
      return {
        code: Number(r.code ?? 0),
        data: String(r.data ?? ''),
        log: String(r.log ?? ''),
        codespace: String(r.codespace ?? ''),
        hash: String(r.hash ?? ''),
      }
    } catch (err) {
      // Upstream CheckCometError: mempool rejections become coded responses, not failures.
      if (err instanceof NodeClientError) {
        const hit = MEMPOOL_ERRORS.find(([re]) => re.test(err.message))
        if (hit) {
          // Loaded here: hashing loads libsodium, which a client call that hashes nothing never needs.
          const { txHashHex } = await import('../codec/hash.js')
          return { code: hit[1], data: '', log: '', codespace: 'sdk', hash: txHashHex(txBytes) }
        }
      }
      throw err
    }
  }

  const tx = async (hash: string): Promise<IncludedTx | undefined> => {
    let r: Record<string, unknown>
    try {
      r = (await call('tx', { hash: toBase64(fromHex(hash)), prove: false })) as Record<
        string,
        unknown
      >
    } catch (err) {
      // CometBFT: `tx (<HASH>) not found`; any other error (e.g. no such route) is real.
      if (
        err instanceof NodeClientError &&
        /^tx \([0-9A-Fa-f]*\) not found/.test(err.rpcText ?? '')
      )
        return undefined
      throw err
    }
    return includedTxOf(r, hash)
  }

  const unconfirmedTxs: NodeClient['unconfirmedTxs'] = async (limit) => {
    const r = (await call('unconfirmed_txs', { limit: String(limit) })) as {
      txs?: string[] | null
      total?: string
    }
    return {
      txs: (r.txs ?? []).map((t) => fromBase64Strict(t) ?? new Uint8Array(0)),
      total: Number(r.total ?? 0),
    }
  }

  const txSearch: NodeClient['txSearch'] = async (search) => {
    const r = (await call('tx_search', {
      query: search.query,
      prove: false,
      page: String(search.page),
      per_page: String(search.perPage),
      order_by: search.orderBy,
    })) as { txs?: Record<string, unknown>[]; total_count?: string }
    return {
      txs: (r.txs ?? []).map((t) => includedTxOf(t, '')),
      totalCount: Number(r.total_count ?? 0),
    }
  }

  const status = async (): Promise<NodeStatus> => {
    const r = (await call('status', {})) as {
      node_info?: { network?: string }
      sync_info?: Record<string, string>
    }
    const s = r.sync_info ?? {}
    const height = Number(s.latest_block_height ?? 0)
    return {
      chainId: String(r.node_info?.network ?? ''),
      latestHeight: height,
      latestBlockTime:
        height > 0 && s.latest_block_time ? parseRfc3339(s.latest_block_time) : undefined,
      earliestHeight: Number(s.earliest_block_height ?? 0),
    }
  }

  const headerTimes = async (minHeight: number, maxHeight: number): Promise<BlockTime[]> =>
    blockTimes(
      (await call('blockchain', {
        minHeight: String(minHeight),
        maxHeight: String(maxHeight),
      })) as BlockchainReply,
    )

  return {
    url,
    call,
    status,
    abciQuery,
    query,
    account,
    simulate,
    broadcastTx,
    tx,
    unconfirmedTxs,
    txSearch,
    async recentBlockTimes() {
      // The latest blocks (`blockchain` with no heights: the latest 20, as CometBFT answers) asked
      // for beside the status rather than after it: one round trip instead of two.
      const latest = call('blockchain', {}).then(
        (r) => r as BlockchainReply | undefined,
        () => undefined,
      )
      const s = await status()
      // The first block carries the genesis time, not a block interval: leave it out.
      const first = Math.max(s.earliestHeight, 1) + 1
      if (s.latestHeight < first) return []
      const r = await latest
      const last = Number(r?.last_height)
      if (!r?.block_metas || !Number.isSafeInteger(last))
        return headerTimes(Math.max(first, s.latestHeight - 19), s.latestHeight)
      const min = Math.max(first, last - 19)
      return blockTimes(r).filter((b) => b.height >= min && b.height <= last)
    },
    async blockTime(height: number) {
      const [meta] = await headerTimes(height, height)
      if (!meta) throw new NodeClientError(`block ${height} is not available on ${url}`)
      return meta.time
    },
  }
}
