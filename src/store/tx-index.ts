import type { Event } from '../block/events.js'
import {
  type Bytes,
  concatBytes,
  readUint32BE,
  readUint64BE,
  uvarint,
  uvarintLength,
} from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { BatchOp, OpSink } from './backend.js'
import { FAMILY_TX_EVENT, FAMILY_TX_POSTING } from './keys.js'

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
  let len = 0
  let shift = 0
  let pos = head
  for (;;) {
    const b = key[pos++]!
    len += (b & 0x7f) * 2 ** shift
    if (b < 0x80) break
    shift += 7
  }
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
  const out: IndexedTx[] = []
  let index = -1
  let pos = 0
  while (pos < indexes.length) {
    let step = 0
    let shift = 1
    for (;;) {
      const b = indexes[pos++]
      if (b === undefined) throw ErrLogic.wrap(`truncated tx index entry at height ${height}`)
      step += (b & 0x7f) * shift
      if (b < 0x80) break
      shift *= 128
    }
    index += step + 1
    out.push({ height, index, value })
  }
  return out
}

/** Splits an entry of an older home (`0x05 …`) of `compositeKey` into its value and location. */
export function parseLegacyTxEventKey(key: Bytes, compositeKey: string): IndexedTx {
  const { value, at } = valueOfKey(key, compositeKey, FAMILY_TX_EVENT)
  return { value, height: readUint64BE(key, at), index: readUint32BE(key, at + 8) }
}

/** One entry of a block: its key, the indexes of its txs, the next entry of the same hash. */
export interface TxPosting {
  key: Bytes
  indexes: number[]
  next: TxPosting | undefined
}

/** FNV-1a's offset basis: the hash of no bytes. */
export const FNV_START = 0x811c9dc5

/** FNV-1a (32 bits) of `bytes[at…at+len)` continued from `h`. */
export function fnv(h: number, bytes: Bytes, at: number, len: number): number {
  for (let i = at; i < at + len; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193)
  return h
}

/**
 * The index entries of one block, gathered tx by tx: each distinct (composite key, value) once,
 * with the indexes of the txs that have it in the order they were added (ascending). Found by a
 * hash of the key's bytes: most of a block's entries are ones it has already (every tx has
 * `tx.height`, a block's sends share their action, module and fee collector), so a lookup makes no
 * string.
 */
export class TxPostings {
  private readonly byHash = new Map<number, TxPosting>()
  private readonly list: TxPosting[] = []

  constructor(readonly height: number) {}

  /** The entries whose keys hash to `hash` (FNV-1a of the whole key), chained by `next`. */
  withHash(hash: number): TxPosting | undefined {
    return this.byHash.get(hash)
  }

  /** Adds the new entry `key` (hashing to `hash`, not among the block's entries) for tx `index`. */
  insert(hash: number, key: Bytes, index: number): TxPosting {
    const posting: TxPosting = { key, indexes: [index], next: this.byHash.get(hash) }
    this.byHash.set(hash, posting)
    this.list.push(posting)
    return posting
  }

  /**
   * Adds the tx at `index` to the entry `key` (`0x0a ‖ len ‖ text ‖ len ‖ value ‖ BE(height)` of
   * this block); a tx added twice to one entry counts once.
   */
  add(key: Bytes, index: number): void {
    const hash = fnv(FNV_START, key, 0, key.length)
    for (let p = this.byHash.get(hash); p; p = p.next) {
      if (Buffer.from(p.key.buffer, p.key.byteOffset, p.key.length).equals(key)) {
        addIndex(p, index)
        return
      }
    }
    this.insert(hash, key, index)
  }

  /** The number of database keys the block's entries take. */
  get size(): number {
    return this.list.length
  }

  /** Puts (or deletes) every entry into `into`, yielding after each `step` of them. */
  *write(type: 'put' | 'del', into: OpSink, step = 256): Generator<void, void, undefined> {
    let n = 0
    for (const { key, indexes } of this.list) {
      if (type === 'put') into.put(key, postingValue(indexes))
      else into.del(key)
      if (++n % step === 0) yield
    }
  }
}

/** Adds the tx at `index` to `posting` unless it is its last one already. */
export function addIndex(posting: TxPosting, index: number): void {
  const { indexes } = posting
  if (indexes[indexes.length - 1] !== index) indexes.push(index)
}

/** The indexes, ascending, as uvarint steps: the first itself, each next one less the last. */
function postingValue(indexes: readonly number[]): Bytes {
  let len = 0
  let last = -1
  for (const i of indexes) {
    len += uvarintLength(i - last - 1)
    last = i
  }
  const out = new Uint8Array(len)
  let pos = 0
  last = -1
  for (const i of indexes) {
    let n = i - last - 1
    last = i
    while (n >= 0x80) {
      out[pos++] = (n & 0x7f) | 0x80
      n = Math.floor(n / 128)
    }
    out[pos++] = n
  }
  return out
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
  const sink: OpSink = {
    put: (key, value) => into.push({ type: 'put', key, value }),
    del: (key) => into.push({ type: 'del', key }),
  }
  for (const _ of postings.write(type, sink));
  return into
}

/**
 * Adds the entries of the tx at `index` (its `tx.height` and every indexed attribute) to the
 * block's; an attribute seen twice in the tx (`type.key=value`) is indexed once.
 */
export function addTxEntries(postings: TxPostings, events: readonly Event[], index: number): void {
  const seen = new TxSeen()
  const height = postings.height
  const loc = uint64Of(height)
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

/** BE(height). */
function uint64Of(height: number): Bytes {
  const out = Buffer.allocUnsafe(8)
  out.writeUInt32BE(Math.floor(height / 2 ** 32), 0)
  out.writeUInt32BE(height >>> 0, 4)
  return out
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
    k.copy(h, writeVarint(h, 1, k.length))
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
  let pos = writeVarint(out, head.length, vLen)
  pos += out.write(value, pos, ascii ? 'latin1' : 'utf8')
  out.set(loc, pos)
  return out
}

/** Writes `n` as a protobuf varint at `pos` of `out`; returns the position after it. */
export function writeVarint(out: Buffer, pos: number, n: number): number {
  while (n >= 0x80) {
    out[pos++] = (n & 0x7f) | 0x80
    n = Math.floor(n / 128)
  }
  out[pos++] = n
  return pos
}
