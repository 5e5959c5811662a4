import type { Event } from '../block/events.js'
import {
  type Bytes,
  concatBytes,
  readUint32BE,
  readUint64BE,
  uint64BE,
  uvarint,
  uvarintAt,
  uvarintLength,
  writeUvarint,
} from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import { appendOps, type BatchOp, collectOps, runSteps } from './backend.js'
import { FAMILY_TX_EVENT, FAMILY_TX_POSTING } from './keys.js'
import { postingIndexes, TxPostings } from './tx-postings.js'

/**
 * The tx event index (CometBFT's kv indexer): one key per indexed event attribute and height,
 * `0x0a ‖ len ‖ "type.key" ‖ len ‖ value ‖ BE(height)`, whose value lists the indexes of the txs at
 * that height with the attribute, so a search for `message.sender='sdk1…'` is one prefix scan in
 * height order. `tx.height` is indexed too, with the height as 20 zero-padded digits so its text
 * order is numeric order. A block's txs share most of their attributes (the message's action and
 * module, the fee collector, a busy sender), so a block writes a few keys a tx instead of one per
 * attribute. Homes written before this layout hold one key per attribute and tx,
 * `0x05 ‖ len ‖ "type.key" ‖ len ‖ value ‖ BE(height) ‖ BE32(index)` with an empty value: read
 * beside the new keys, deleted with their blocks, never written.
 */

/** The composite key of the height entry every tx has. */
export const TX_HEIGHT_KEY = 'tx.height'

/** The value `tx.height` is indexed under. */
export function heightIndexValue(height: number | bigint): string {
  return height.toString().padStart(20, '0')
}

function lengthPrefixed(text: string): Bytes {
  const b = Buffer.from(text, 'utf8')
  return Buffer.concat([uvarint(b.length), b])
}

/**
 * Prefix of every entry of one composite key, or of one (key, value) pair, in the index's family
 * (`FAMILY_TX_EVENT` for the entries of older homes).
 */
export function txEventPrefix(
  compositeKey: string,
  value?: string,
  family: number = FAMILY_TX_POSTING,
): Bytes {
  const parts = [Uint8Array.of(family), lengthPrefixed(compositeKey)]
  if (value !== undefined) parts.push(lengthPrefixed(value))
  return concatBytes(...parts)
}

/** A tx the index points at, and the attribute value it matched. */
export interface IndexedTx {
  height: number
  index: number
  value: string
}

/** The attribute value of an index key of `compositeKey` and where its location starts. */
function valueOfKey(
  key: Bytes,
  compositeKey: string,
  family: number,
): { value: string; at: number } {
  const head = txEventPrefix(compositeKey, undefined, family).length
  const len = uvarintAt(key, head)
  const pos = head + uvarintLength(len)
  const value = Buffer.from(key.buffer, key.byteOffset + pos, len).toString('utf8')
  return { value, at: pos + len }
}

/**
 * The txs one entry of `compositeKey` points at: its key (`… ‖ BE(height)`) and its value (the
 * indexes as uvarint steps).
 */
export function parseTxPosting(key: Bytes, indexes: Bytes, compositeKey: string): IndexedTx[] {
  const { value, at } = valueOfKey(key, compositeKey, FAMILY_TX_POSTING)
  const height = readUint64BE(key, at)
  const listed = postingIndexes(indexes)
  if (!listed) throw ErrLogic.wrap(`truncated tx index entry at height ${height}`)
  return listed.map((index) => ({ height, index, value }))
}

/** Splits an entry of an older home (`0x05 …`) of `compositeKey` into its value and location. */
export function parseLegacyTxEventKey(key: Bytes, compositeKey: string): IndexedTx {
  const { value, at } = valueOfKey(key, compositeKey, FAMILY_TX_EVENT)
  return { value, height: readUint64BE(key, at), index: readUint32BE(key, at + 8) }
}

/**
 * Puts (or deletes) the index entries of a block's txs, `results` from its first tx: `tx.height`
 * and every indexed attribute. Appended to `into` when given.
 */
export function txIndexOps(
  height: number,
  results: readonly { events: readonly Event[] }[],
  type: 'put' | 'del',
  into: BatchOp[] = [],
): BatchOp[] {
  const postings = new TxPostings(height)
  for (let i = 0; i < results.length; i++) addTxEntries(postings, results[i]!.events, i)
  appendOps(
    into,
    collectOps((sink) => runSteps(postings.write(type, sink))),
  )
  return into
}

/**
 * Adds the entries of the tx at `index` (its `tx.height` and every indexed attribute) to the
 * block's; an attribute seen twice in the tx (`type.key=value`) is indexed once.
 */
export function addTxEntries(postings: TxPostings, events: readonly Event[], index: number): void {
  const seen = new TxSeen()
  const height = postings.height
  const loc = uint64BE(height)
  const add = (head: KeyHead, value: string) => {
    if (seen.has(head, value)) return
    postings.add(indexKey(head.bytes, value, loc), index)
  }
  add(keyHead(FAMILY_TX_POSTING, TX_HEIGHT_KEY, '', ''), heightIndexValue(height))
  forEachIndexedAttribute(events, (type, key, value) =>
    add(keyHead(FAMILY_TX_POSTING, type, '.', key), value),
  )
}

/**
 * The entries of a block's txs in the layout of older homes (one key per attribute and tx), to
 * delete them with their block: `results` are the block's from its first tx.
 */
export function legacyTxIndexOps(
  height: number,
  results: readonly { events: readonly Event[] }[],
  type: 'put' | 'del',
  into: BatchOp[] = [],
): BatchOp[] {
  const heightValue = heightIndexValue(height)
  const heightHead = keyHead(FAMILY_TX_EVENT, TX_HEIGHT_KEY, '', '')
  for (let i = 0; i < results.length; i++) {
    const loc = location(height, i)
    const seen = new TxSeen()
    const add = (head: KeyHead, value: string) => {
      if (seen.has(head, value)) return
      const key = indexKey(head.bytes, value, loc)
      into.push(type === 'put' ? { type, key, value: NO_VALUE } : { type, key })
    }
    add(heightHead, heightValue)
    forEachIndexedAttribute(results[i]!.events, (t, k, v) =>
      add(keyHead(FAMILY_TX_EVENT, t, '.', k), v),
    )
  }
  return into
}

const NO_VALUE = new Uint8Array(0)

/** Calls `visit` with each indexed attribute (index set, key not empty) of a typed event. */
function forEachIndexedAttribute(
  events: readonly Event[],
  visit: (type: string, key: string, value: string) => void,
): void {
  for (let j = 0; j < events.length; j++) {
    const e = events[j]!
    if (!e.type) continue
    const attributes = e.attributes
    for (let k = 0; k < attributes.length; k++) {
      const a = attributes[k]!
      if (a.index && a.key) visit(e.type, a.key, a.value)
    }
  }
}

/** The entries of one tx so far, by `type.key=value`: an attribute seen twice is indexed once. */
class TxSeen {
  private readonly heads: KeyHead[] = []
  private readonly values: string[] = []

  /** Whether the tx has the entry already; records it otherwise. */
  has(head: KeyHead, value: string): boolean {
    const { heads, values } = this
    for (let j = 0; j < heads.length; j++) {
      const h = heads[j]!
      // Without a `=` in either composite key, equal texts are the same head and value.
      if (
        h === head
          ? values[j] === value
          : (h.hasEq || head.hasEq) && `${h.text}=${values[j]}` === `${head.text}=${value}`
      )
        return true
    }
    heads.push(head)
    values.push(value)
    return false
  }
}

/** BE(height) ‖ BE32(index), the location of an entry of an older home. */
function location(height: number, index: number): Bytes {
  const loc = Buffer.allocUnsafe(12)
  // Two 32-bit halves: a height is a safe integer, and a bigint per tx is garbage.
  loc.writeUInt32BE(Math.floor(height / 2 ** 32), 0)
  loc.writeUInt32BE(height >>> 0, 4)
  loc.writeUInt32BE(index, 8)
  return loc
}

/** A composite key (`type.key`) and the start of its index keys, `family ‖ uvarint(len) ‖ text`. */
interface KeyHead {
  text: string
  bytes: Bytes
  hasEq: boolean
}

/** Heads by family, event type and attribute key (a handful of pairs, used by every tx). */
const keyHeads = new Map<string, Map<string, KeyHead>>()

function keyHead(family: number, eventType: string, dot: string, attrKey: string): KeyHead {
  const typeId = `${family}/${eventType}`
  let byKey = keyHeads.get(typeId)
  if (!byKey) {
    if (keyHeads.size >= 1_000) keyHeads.clear()
    byKey = new Map()
    keyHeads.set(typeId, byKey)
  }
  let head = byKey.get(attrKey)
  if (!head) {
    const text = `${eventType}${dot}${attrKey}`
    const k = Buffer.from(text, 'utf8')
    const h = Buffer.allocUnsafe(1 + uvarintLength(k.length) + k.length)
    h[0] = family
    k.copy(h, writeUvarint(h, 1, k.length))
    head = {
      text,
      bytes: new Uint8Array(h.buffer, h.byteOffset, h.length),
      hasEq: text.includes('='),
    }
    if (byKey.size >= 1_000) byKey.clear()
    byKey.set(attrKey, head)
  }
  return head
}

/** Whether `s` is all ASCII (its UTF-8 bytes are its latin1 bytes). */
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false
  return true
}

/** `head ‖ uvarint ‖ value ‖ location`, written in one buffer. */
function indexKey(head: Bytes, value: string, loc: Bytes): Bytes {
  const ascii = isAscii(value)
  const vLen = ascii ? value.length : Buffer.byteLength(value, 'utf8')
  const out = Buffer.allocUnsafe(head.length + uvarintLength(vLen) + vLen + loc.length)
  out.set(head, 0)
  let pos = writeUvarint(out, head.length, vLen)
  pos += out.write(value, pos, ascii ? 'latin1' : 'utf8')
  out.set(loc, pos)
  return out
}
