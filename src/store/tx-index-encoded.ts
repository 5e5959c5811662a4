import type { Event, EventAttribute } from '../block/events.js'
import { type Bytes, uvarintLength } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { OpSink } from './backend.js'
import type { BlockResults } from './block-results.js'
import { FAMILY_TX_POSTING } from './keys.js'
import {
  addIndex,
  addTxEntries,
  FNV_START,
  fnv,
  heightIndexValue,
  TX_HEIGHT_KEY,
  type TxPosting,
  TxPostings,
  writeVarint,
} from './tx-index.js'

// The tx event index's entries made straight from a block's results in compact form: each key is
// written from the bytes of the encoded event (type, attribute key and value), without decoding
// the results into objects and strings first. The entries are the ones `txIndexOps` makes from the
// result objects, byte for byte.

const EQ = 0x3d
const EMPTY: Buffer = Buffer.alloc(0)

/**
 * The tx being indexed: the block's entries it adds to and, for each of its entries so far, the
 * key and where its composite key (`type.key`) and value are inside it. One state per block, reused
 * from tx to tx, read by the walker's visitor (no closure, no object per entry).
 */
interface IndexState {
  postings: TxPostings | undefined
  /** BE(height), the last 8 bytes of every key of the block. */
  heightBytes: Buffer
  index: number
  src: Buffer
  keys: Buffer[]
  textAt: number[]
  textLen: number[]
  valueAt: number[]
  valueLen: number[]
}

/** Where no block is being indexed. */
const IDLE = indexState(undefined, 0, EMPTY)

/**
 * The state of the block being indexed, set by each step (one tx) while it runs: two blocks' steps
 * may take turns, and between steps nothing of a block is kept here.
 */
let tx = IDLE

function indexState(postings: TxPostings | undefined, height: number, src: Buffer): IndexState {
  const heightBytes = Buffer.allocUnsafe(8)
  heightBytes.writeUInt32BE(Math.floor(height / 2 ** 32), 0)
  heightBytes.writeUInt32BE(height >>> 0, 4)
  return {
    postings,
    heightBytes,
    index: 0,
    src,
    keys: [],
    textAt: [],
    textLen: [],
    valueAt: [],
    valueLen: [],
  }
}

/**
 * Puts (or deletes) the index entries of a block's txs from their encoded results into `into`:
 * `tx.height` and every indexed attribute, an attribute seen twice in a tx (`type.key=value`)
 * indexed once, each (attribute, value) of the block one entry listing its txs. In steps: each
 * `next` gathers one tx's entries, then the entries are written a few hundred a step.
 */
export function* txIndexSteps(
  height: number,
  results: BlockResults,
  type: 'put' | 'del',
  into: OpSink,
): Generator<void, void, undefined> {
  const src = Buffer.from(results.framed.buffer, results.framed.byteOffset, results.framed.length)
  const surrogates = surrogatesIn(src)
  const heightText = Buffer.from(TX_HEIGHT_KEY, 'latin1')
  const heightValue = Buffer.from(heightIndexValue(height), 'latin1')
  const postings = new TxPostings(height)
  const state = indexState(postings, height, src)
  for (let i = 0; i < results.length; i++) {
    const body = results.encoded(i)
    const start = body.byteOffset - src.byteOffset
    const end = start + body.length
    if (surrogates.some((p) => p >= start && p < end)) {
      // A string with a lone surrogate (encoded as three bytes of its own): its key is the
      // bytes of the string as Node writes it, so the string is rebuilt and indexed as text.
      addTxEntries(postings, eventsOf(src, start, end), i)
    } else {
      tx = state
      state.index = i
      try {
        addEntry(heightText, 0, heightText.length, 0, 0, heightValue, 0, heightValue.length)
        forEachIndexed(src, start, end, visitAttribute)
      } finally {
        state.keys.length = 0
        tx = IDLE
      }
    }
    yield
  }
  yield* postings.write(type, into)
}

/** Each indexed attribute of the tx being indexed becomes an entry. */
const visitAttribute: IndexedVisitor = (typeAt, typeLen, keyAt, keyLen, valueAt, valueLen) =>
  addEntry(tx.src, typeAt, typeLen, keyAt, keyLen, tx.src, valueAt, valueLen)

/**
 * Adds the entry `type.key` = value of the tx (`type` alone when `keyLen` is 0: `tx.height`) unless
 * it has one with the same `text=value`. An entry the block has already is found by the hash of its
 * key's bytes, hashed where they lie: only a new one makes its key.
 */
function addEntry(
  text: Buffer,
  typeAt: number,
  typeLen: number,
  keyAt: number,
  keyLen: number,
  value: Buffer,
  valueAt: number,
  valueLen: number,
): void {
  const textLen = keyLen === 0 ? typeLen : typeLen + 1 + keyLen
  const head = 1 + uvarintLength(textLen)
  const valuePos = head + textLen + uvarintLength(valueLen)
  const length = valuePos + valueLen + 8
  let h = fnvVarint(Math.imul(FNV_START ^ FAMILY_TX_POSTING, FNV_PRIME), textLen)
  h = fnv(h, text, typeAt, typeLen)
  if (keyLen > 0) h = fnv(Math.imul(h ^ 0x2e, FNV_PRIME), text, keyAt, keyLen)
  h = fnv(fnvVarint(h, valueLen), value, valueAt, valueLen)
  h = fnv(h, tx.heightBytes, 0, 8)
  const postings = tx.postings!
  let posting: TxPosting | undefined
  for (let p = postings.withHash(h); p; p = p.next) {
    if (
      sameKey(p.key, length, textLen, head, text, typeAt, typeLen, keyAt, keyLen) &&
      sameBytes(p.key, valuePos, value, valueAt, valueLen)
    ) {
      posting = p
      break
    }
  }
  let key: Buffer
  if (posting) key = posting.key as Buffer
  else {
    key = Buffer.allocUnsafe(length)
    key[0] = FAMILY_TX_POSTING
    writeVarint(key, 1, textLen)
    copyBytes(text, typeAt, typeLen, key, head)
    if (keyLen > 0) {
      key[head + typeLen] = 0x2e
      copyBytes(text, keyAt, keyLen, key, head + typeLen + 1)
    }
    writeVarint(key, head + textLen, valueLen)
    copyBytes(value, valueAt, valueLen, key, valuePos)
    copyBytes(tx.heightBytes, 0, 8, key, valuePos + valueLen)
  }
  const n = tx.keys.length
  for (let j = 0; j < n; j++) {
    if (sameJoined(j, key, head, textLen, valuePos, valueLen)) return
  }
  tx.keys.push(key)
  tx.textAt[n] = head
  tx.textLen[n] = textLen
  tx.valueAt[n] = valuePos
  tx.valueLen[n] = valueLen
  if (posting) addIndex(posting, tx.index)
  else postings.insert(h, key, tx.index)
}

const FNV_PRIME = 0x01000193

/** `fnv` continued over the uvarint bytes of `n`. */
function fnvVarint(h: number, n: number): number {
  while (n >= 0x80) {
    h = Math.imul(h ^ ((n & 0x7f) | 0x80), FNV_PRIME)
    n = Math.floor(n / 128)
  }
  return Math.imul(h ^ n, FNV_PRIME)
}

/**
 * Whether `key` (an entry of the same block) is `length` bytes long and has the composite key
 * `type[.key]` of `text`: then its value, of the same length, starts where this one would.
 */
function sameKey(
  key: Bytes,
  length: number,
  textLen: number,
  head: number,
  text: Buffer,
  typeAt: number,
  typeLen: number,
  keyAt: number,
  keyLen: number,
): boolean {
  if (key.length !== length || readVarint(key, 1) !== textLen) return false
  if (!sameBytes(key, head, text, typeAt, typeLen)) return false
  if (keyLen === 0) return true
  return key[head + typeLen] === 0x2e && sameBytes(key, head + typeLen + 1, text, keyAt, keyLen)
}

/** Whether `key[pos…pos+len)` equals `src[at…at+len)`. */
function sameBytes(key: Bytes, pos: number, src: Buffer, at: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (key[pos + k] !== src[at + k]) return false
  return true
}

/** The uvarint at `pos` of `b`. */
function readVarint(b: Bytes, pos: number): number {
  let n = 0
  let shift = 1
  for (;;) {
    const byte = b[pos++]!
    n += (byte & 0x7f) * shift
    if (byte < 0x80) return n
    shift *= 128
  }
}

/** Whether entry `j` of the tx has the same `text=value` bytes (the index's identity of an entry). */
function sameJoined(
  j: number,
  key: Buffer,
  textAt: number,
  textLen: number,
  valueAt: number,
  valueLen: number,
): boolean {
  const jTextLen = tx.textLen[j]!
  const n = textLen + 1 + valueLen
  if (n !== jTextLen + 1 + tx.valueLen[j]!) return false
  const jKey = tx.keys[j]!
  const jTextAt = tx.textAt[j]!
  const jValueAt = tx.valueAt[j]!
  for (let k = 0; k < n; k++) {
    const x =
      k < jTextLen ? jKey[jTextAt + k] : k === jTextLen ? EQ : jKey[jValueAt + k - jTextLen - 1]
    const y = k < textLen ? key[textAt + k] : k === textLen ? EQ : key[valueAt + k - textLen - 1]
    if (x !== y) return false
  }
  return true
}

/**
 * Copies `len` bytes. A byte loop: these are a few dozen bytes, and Buffer's `copy` of a range
 * makes a view of the source for each call (an object per copy, four per entry).
 */
function copyBytes(from: Buffer, at: number, len: number, to: Buffer, pos: number): void {
  for (let k = 0; k < len; k++) to[pos + k] = from[at + k]!
}

/** Positions of a three-byte encoding of a UTF-16 surrogate (0xED 0xA0–0xBF), rare. */
function surrogatesIn(src: Buffer): number[] {
  const out: number[] = []
  for (let p = src.indexOf(0xed); p >= 0; p = src.indexOf(0xed, p + 1)) {
    const next = src[p + 1] ?? 0
    if (next >= 0xa0 && next <= 0xbf) out.push(p)
  }
  return out
}

/** A cursor over protobuf fields in [pos, end), reused (one per nesting level). */
class Fields {
  field = 0
  wire = 0
  /** Start and length of the current length-delimited value; the current varint otherwise. */
  at = 0
  len = 0
  varint = 0
  private b: Buffer = Buffer.alloc(0)
  private pos = 0
  private end = 0

  over(b: Buffer, pos: number, end: number): this {
    this.b = b
    this.pos = pos
    this.end = end
    return this
  }

  next(): boolean {
    if (this.pos >= this.end) return false
    const tag = this.readVarint()
    this.field = tag >>> 3
    this.wire = tag & 7
    if (this.wire === 0) this.varint = this.readVarint()
    else if (this.wire === 2) {
      this.len = this.readVarint()
      this.at = this.pos
      this.pos += this.len
    } else if (this.wire === 1) this.pos += 8
    else if (this.wire === 5) this.pos += 4
    else throw ErrLogic.wrap(`unexpected wire type ${this.wire} in a stored tx result`)
    if (this.pos > this.end) throw ErrLogic.wrap('truncated field in a stored tx result')
    return true
  }

  private readVarint(): number {
    let n = 0
    let shift = 1
    for (;;) {
      const byte = this.b[this.pos++]!
      n += (byte & 0x7f) * shift
      if (byte < 0x80) return n
      shift *= 128
    }
  }
}

/** The cursors of `forEachIndexed` (a result, its event, the event's attributes, one attribute). */
const cursors = [new Fields(), new Fields(), new Fields(), new Fields()] as const

type IndexedVisitor = (
  typeAt: number,
  typeLen: number,
  keyAt: number,
  keyLen: number,
  valueAt: number,
  valueLen: number,
) => void

/** Calls `visit` for each indexed attribute (index set, key not empty) of a typed event. */
function forEachIndexed(src: Buffer, start: number, end: number, visit: IndexedVisitor): void {
  const [result, event, attrs, a] = cursors
  result.over(src, start, end)
  while (result.next()) {
    if (result.field !== 7 || result.wire !== 2) continue
    const eventAt = result.at
    const eventEnd = result.at + result.len
    let typeAt = 0
    let typeLen = 0
    event.over(src, eventAt, eventEnd)
    while (event.next()) {
      if (event.field === 1 && event.wire === 2) {
        typeAt = event.at
        typeLen = event.len
      }
    }
    if (typeLen === 0) continue
    attrs.over(src, eventAt, eventEnd)
    while (attrs.next()) {
      if (attrs.field !== 2 || attrs.wire !== 2) continue
      let keyAt = 0
      let keyLen = 0
      let valueAt = 0
      let valueLen = 0
      let index = false
      a.over(src, attrs.at, attrs.at + attrs.len)
      while (a.next()) {
        if (a.field === 1 && a.wire === 2) {
          keyAt = a.at
          keyLen = a.len
        } else if (a.field === 2 && a.wire === 2) {
          valueAt = a.at
          valueLen = a.len
        } else if (a.field === 3 && a.wire === 0) index = a.varint !== 0
      }
      if (index && keyLen > 0) visit(typeAt, typeLen, keyAt, keyLen, valueAt, valueLen)
    }
  }
}

/** The indexed attributes of one encoded result as events, their strings rebuilt exactly. */
function eventsOf(src: Buffer, start: number, end: number): Event[] {
  const events: Event[] = []
  let last: { at: number; event: Event } | undefined
  forEachIndexed(src, start, end, (typeAt, typeLen, keyAt, keyLen, valueAt, valueLen) => {
    if (last?.at !== typeAt) {
      last = { at: typeAt, event: { type: readWtf8(src, typeAt, typeLen), attributes: [] } }
      events.push(last.event)
    }
    const attribute: EventAttribute = {
      key: readWtf8(src, keyAt, keyLen),
      value: readWtf8(src, valueAt, valueLen),
      index: true,
    }
    last.event.attributes.push(attribute)
  })
  return events
}

/**
 * A string from its UTF-8 bytes where a lone surrogate is three bytes of its own (as the protobuf
 * writer encodes one): the string the writer was given.
 */
function readWtf8(b: Buffer, at: number, len: number): string {
  const units: number[] = []
  const end = at + len
  let p = at
  while (p < end) {
    const c = b[p++]!
    if (c < 0x80) units.push(c)
    else if (c < 0xe0) units.push(((c & 0x1f) << 6) | (b[p++]! & 0x3f))
    else if (c < 0xf0) {
      units.push(((c & 0x0f) << 12) | ((b[p++]! & 0x3f) << 6) | (b[p++]! & 0x3f))
    } else {
      const cp =
        (((c & 0x07) << 18) |
          ((b[p++]! & 0x3f) << 12) |
          ((b[p++]! & 0x3f) << 6) |
          (b[p++]! & 0x3f)) -
        0x10000
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff))
    }
  }
  return String.fromCharCode(...units)
}
