import type { Event } from '../block/events.js'
import { parseAbciLogs } from '../codec/abci-logs.js'
import { type Bytes, toHexUpper } from '../codec/bytes.js'
import { txHashHex } from '../codec/hash.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../codec/proto.js'
import { formatRfc3339 } from '../codec/time.js'
import { type StoredBlock, txResultOf } from '../store/block-store.js'
import { decodeTx, txMessage } from './decode.js'

/** Type URL of the Tx a TxResponse carries. */
export const TX_TYPE_URL = '/sdk.tx.v1beta1.Tx'

/** Events as tendermint.abci.Event messages. */
export function eventsToProto(events: readonly Event[]): ProtoInit<'tendermint.abci.Event'>[] {
  return events.map((e) => ({
    type: e.type,
    attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })),
  }))
}

/** The decoded `sdk.tx.v1beta1.Tx` of tx bytes, or undefined if they do not decode. */
export function txOf(
  registry: ProtoRegistry,
  bytes: Bytes,
): Proto<'sdk.tx.v1beta1.Tx'> | undefined {
  try {
    return txMessage(decodeTx(registry, bytes))
  } catch {
    return undefined
  }
}

/**
 * The TxResponse of the tx at `index` of a stored block (upstream NewResponseResultTx): data as
 * upper-case hex, logs parsed from raw_log (empty in v0.50), block time without fraction.
 */
export function txResponseOf(
  registry: ProtoRegistry,
  stored: StoredBlock,
  index: number,
): {
  tx: Proto<'sdk.tx.v1beta1.Tx'> | undefined
  txResponse: ProtoInit<'sdk.base.abci.v1beta1.TxResponse'>
} {
  const bytes = stored.block.txs[index]!
  const r = txResultOf(stored, index)!
  const tx = txOf(registry, bytes)
  return {
    tx,
    txResponse: {
      height: String(stored.block.header.height),
      txhash: txHashHex(bytes),
      codespace: r.codespace,
      code: r.code,
      data: toHexUpper(r.data),
      raw_log: r.log,
      logs: parseAbciLogs(r.log),
      info: r.info,
      gas_wanted: r.gasWanted.toString(),
      gas_used: r.gasUsed.toString(),
      ...(tx ? { tx: registry.packAny(TX_TYPE_URL, tx) } : {}),
      timestamp: formatRfc3339(stored.block.header.time),
      events: eventsToProto(r.events),
    },
  }
}

/** A TxResponse for a broadcast (only code, codespace, hash, data and log are known). */
export function broadcastTxResponse(r: {
  hash: string
  code: number
  codespace: string
  data: Bytes
  log: string
}): ProtoInit<'sdk.base.abci.v1beta1.TxResponse'> {
  return {
    height: '0',
    txhash: r.hash,
    codespace: r.codespace,
    code: r.code,
    data: toHexUpper(r.data),
    raw_log: r.log,
    logs: parseAbciLogs(r.log),
    info: '',
    gas_wanted: '0',
    gas_used: '0',
    timestamp: '',
    events: [],
  }
}
