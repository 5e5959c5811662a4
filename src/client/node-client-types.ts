import type { Bytes } from '../codec/bytes.js'
import type { AnyMessage } from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'

/** The answers a node client gives, and its error (node-client.ts is the client). */

/** Thrown when the node cannot be reached or answers with an error; `code` is set for ABCI failures. */
export class NodeClientError extends Error {
  override readonly name = 'NodeClientError'

  constructor(
    message: string,
    readonly code?: number,
    readonly codespace?: string,
    /** The JSON-RPC error code, when the node answered with an error object. */
    readonly rpcCode?: number,
    /** That error's own words: its data, else its message (`Method not found`). */
    readonly rpcText?: string,
  ) {
    super(message)
  }
}

/** What `status` tells a client. */
export interface NodeStatus {
  chainId: string
  latestHeight: number
  latestBlockTime: TimeNs | undefined
  earliestHeight: number
}

/** One `abci_query` answer (zero fields omitted by the node, filled with zeros here). */
export interface AbciQueryResult {
  code: number
  codespace: string
  log: string
  value: Bytes
  height: number
}

/** An account's signing facts. */
export interface AccountInfo {
  address: string
  accountNumber: bigint
  sequence: bigint
  pubKey: AnyMessage | null
}

/** ResultBroadcastTx: CheckTx's answer (sync) or just the hash (async). */
export interface BroadcastResult {
  code: number
  data: string
  log: string
  codespace: string
  hash: string
}

/** An ABCI event as CometBFT JSON carries it. */
export interface RpcEvent {
  type: string
  attributes: { key: string; value: string; index?: boolean }[]
}

/** ResultTx of the `tx` route: an included tx and its result. */
export interface IncludedTx {
  hash: string
  height: number
  index: number
  txBytes: Bytes
  result: {
    code: number
    codespace: string
    data: Bytes
    log: string
    info: string
    gasWanted: string
    gasUsed: string
    events: RpcEvent[]
  }
}
