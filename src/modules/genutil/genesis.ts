import { jsonToMessage } from '../../codec/json-parser.js'
import type { AnyMessage, ProtoInit, ProtoRegistry } from '../../codec/proto.js'

// x/genutil's genesis section (upstream x/genutil/types/genesis_state.go): the gentxs, each a tx
// JSON document carrying one MsgCreateValidator.

/** The canonical name of the one message a gentx carries. */
export const CREATE_VALIDATOR = 'sdk.staking.v1beta1.MsgCreateValidator'

/** A tx as protobufjs `fromObject` takes it. */
type TxObject = ProtoInit<'sdk.tx.v1beta1.Tx'>

/** A refused gentx; the message is upstream's. */
export class GenTxError extends Error {
  override readonly name = 'GenTxError'
}

/** A gentx read and checked: its JSON as written, the tx, its one message (decoded), its memo. */
export interface GenTx {
  json: unknown
  tx: TxObject
  any: AnyMessage
  // biome-ignore lint/suspicious/noExplicitAny: the decoded message is read field by field
  msg: Record<string, any>
  memo: string
}

/** Default genutil section (upstream DefaultGenesisState). */
export function defaultGenutilGenesis(): { gen_txs: unknown[] } {
  return { gen_txs: [] }
}

/**
 * Upstream ValidateAndGetGenTx: the JSON must decode as a tx with exactly one message, a
 * MsgCreateValidator. `label` names the gentx in the error (upstream prints the JSON itself).
 */
export function decodeGenTx(registry: ProtoRegistry, json: unknown, label: string): GenTx {
  let tx: TxObject
  try {
    const t = registry.type('sdk.tx.v1beta1.Tx')
    const read = jsonToMessage(registry, t, json, 'tx')
    if (!read.body) throw new GenTxError('tx: missing "body"')
    tx = t.toObject(t.fromObject(read), { longs: String, defaults: true, arrays: true })
  } catch (err) {
    throw new GenTxError(`failed to decode gentx: ${label}, error: ${(err as Error).message}`)
  }
  const msgs = (tx.body?.messages ?? []) as AnyMessage[]
  if (msgs.length !== 1)
    throw new GenTxError(`unexpected number of GenTx messages; got: ${msgs.length}, expected: 1`)
  const any = msgs[0]!
  const type = registry.typeOfUrl(any.type_url)
  if (!type || type !== registry.typeOfUrl(registry.brand.rename(`/${CREATE_VALIDATOR}`))) {
    throw new GenTxError(
      `unexpected GenTx message type; expected: MsgCreateValidator, got: ${any.type_url}`,
    )
  }
  const msg = type.toObject(type.decode(any.value), { longs: String, defaults: true })
  return { json, tx, any, msg, memo: String(tx.body?.memo ?? '') }
}

/** Upstream ValidateGenesis of x/genutil: every gentx decodes as one MsgCreateValidator. */
export function parseGenutilGenesis(registry: ProtoRegistry, genesis: unknown): GenTx[] {
  const section = (genesis ?? {}) as { gen_txs?: unknown }
  const list = section.gen_txs ?? []
  if (!Array.isArray(list)) throw new GenTxError('app_state.genutil.gen_txs: expected an array')
  return list.map((json) => decodeGenTx(registry, json, JSON.stringify(json)))
}
