import type { Event } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { Proto, ProtoInit } from '../codec/proto.js'

// What the block store keeps of a tx beside its block: its result and events as ABCI's messages
// (the block record), and where it landed (its tx-hash entry).

/** Result of one tx in a block (tendermint.abci.ExecTxResult). */
export interface TxResult {
  code: number
  data: Bytes
  log: string
  info: string
  gasWanted: bigint
  gasUsed: bigint
  events: Event[]
  codespace: string
}

/** BE(height) ‖ BE32(index), in one buffer: where a tx landed, as its hash entry stores it. */
export function txLocation(height: number, index: number): Bytes {
  const out = Buffer.allocUnsafe(12)
  out.writeUInt32BE(Math.floor(height / 2 ** 32), 0)
  out.writeUInt32BE(height >>> 0, 4)
  out.writeUInt32BE(index, 8)
  return out
}

export function eventToProto(e: Event): ProtoInit<'tendermint.abci.Event'> {
  return {
    type: e.type,
    attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })),
  }
}

export function eventFromProto(m: Proto<'tendermint.abci.Event'>): Event {
  return {
    type: m.type,
    attributes: m.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })),
  }
}

/** A tx result as ABCI's ExecTxResult (and ResponseCheckTx: the same fields). */
export function txResultToProto(r: TxResult): ProtoInit<'tendermint.abci.ExecTxResult'> {
  return {
    code: r.code,
    data: r.data,
    log: r.log,
    info: r.info,
    gas_wanted: int64Init(r.gasWanted),
    gas_used: int64Init(r.gasUsed),
    // Events have the fields of tendermint.abci.Event: handed on as they are, not copied.
    events: r.events,
    codespace: r.codespace,
  }
}

/**
 * An int64 for the encoder: a number where exact (gas always is in practice), which it writes
 * directly; a decimal string, which it parses into a Long first, only beyond that.
 */
function int64Init(v: bigint): number | string {
  return v >= -MAX_EXACT && v <= MAX_EXACT ? Number(v) : v.toString()
}

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER)

export function resultFromProto(m: Proto<'tendermint.abci.ExecTxResult'>): TxResult {
  return {
    code: m.code,
    data: new Uint8Array(m.data),
    log: m.log,
    info: m.info,
    gasWanted: int64Of(m.gas_wanted),
    gasUsed: int64Of(m.gas_used),
    events: m.events.map(eventFromProto),
    codespace: m.codespace,
  }
}

/**
 * One validator update of a stored block (ABCI ValidatorUpdate: an ed25519 key and its new power, 0
 * to remove; CometBFT applies a block's updates from height + 2).
 */
export interface StoredValidatorUpdate {
  readonly pubKey: Bytes
  readonly power: bigint
}

export function validatorUpdatesToProto(
  updates: readonly StoredValidatorUpdate[] = [],
): ProtoInit<'tendermint.abci.ValidatorUpdate'>[] {
  return updates.map((u) => ({ pub_key: { ed25519: u.pubKey }, power: u.power.toString() }))
}

/** The updates of a record (none in a record written before they were kept). */
export function validatorUpdatesFromProto(
  list: readonly Proto<'tendermint.abci.ValidatorUpdate'>[],
): StoredValidatorUpdate[] | undefined {
  if (list.length === 0) return undefined
  return list.map((u) => ({
    pubKey: new Uint8Array(u.pub_key?.ed25519 ?? []),
    power: int64Of(u.power),
  }))
}
