import type { Event } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { TxOutcome } from '../tx/executor.js'

/** ResponseCheckTx as clients see it. */
export interface CheckTxResponse {
  code: number
  codespace: string
  log: string
  data: Bytes
  gasWanted: bigint
  gasUsed: bigint
  events: Event[]
  /** The tx hash (upper-case hex). */
  hash: string
}

/** The answer of the app's CheckTx. */
export function response(hash: string, out: TxOutcome): CheckTxResponse {
  return {
    code: out.code,
    codespace: out.codespace,
    log: out.log,
    data: out.data,
    gasWanted: out.gasWanted,
    gasUsed: out.gasUsed,
    events: out.events,
    hash,
  }
}

/** A refusal of the mempool after the cache (upstream answers it as a CheckTx result). */
export function failure(
  hash: string,
  code: number,
  codespace: string,
  log: string,
): CheckTxResponse {
  return {
    code,
    codespace,
    log,
    data: new Uint8Array(),
    gasWanted: 0n,
    gasUsed: 0n,
    events: [],
    hash,
  }
}
