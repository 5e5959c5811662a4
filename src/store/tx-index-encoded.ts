import type { Event, EventAttribute } from '../block/events.js'
import { uvarintLength } from '../codec/bytes.js'
import { ErrLogic } from '../errors.js'
import type { BatchOp } from './backend.js'
import type { BlockResults } from './block-results.js'
import { FAMILY_TX_EVENT } from './keys.js'
import { heightIndexValue, TX_HEIGHT_KEY, txIndexOps } from './tx-index.js'

// The tx event index's entries made straight from a block's results in compact form: each key is
// written from the bytes of the encoded event (type, attribute key and value), without decoding
// the results into objects and strings first. The keys are the ones `txIndexOps` makes from the
// result objects, byte for byte.

const NO_VALUE = new Uint8Array(0)
const EQ = 0x3d

/** Where one entry's composite key (`type.key`) and value are inside its index key. */
interface Entry {
  key: Buffer
  textAt: number
  textLen: number
  valueAt: number
  valueLen: number
}

/**
 * Puts (or deletes) the index entries of a block's txs from their encoded results: `tx.height` and
 * every indexed attribute, an attribute seen twice in a tx (`type.key=value`) indexed once.
 */
export function txIndexOpsOfEncoded(
  height: number,
  results: BlockResults,
  type: 'put' | 'del',
  into: BatchOp[],
): BatchOp[] {
  const src = Buffer.from(results.framed.buffer, results.framed.byteOffset, results.framed.length)
  const surrogates = surrogatesIn(src)
  const heightText = Buffer.from(TX_HEIGHT_KEY, 'latin1')
  const heightValue = Buffer.from(heightIndexValue(height), 'latin1')
  const entries: Entry[] = []
  for (let i = 0; i < results.length; i++) {
    const body = results.encoded(i)
    const start = body.byteOffset - src.byteOffset
    const end = start + body.length
    if (surrogates.some((p) => p >= start && p < end)) {
      // A string with a lone surrogate (encoded as three bytes of its own): its key is the bytes
      // of the string as Node writes it, so the string is rebuilt and indexed as an object.
      txIndexOps(height, [{ events: eventsOf(src, start, end) }], type, into, i)
      continue
    }
    entries.length = 0
    const loc = location(height, i)
    addEntry(into, type, entries, heightText, 0, 2, 0, 0, heightValue, 0, heightValue.length, loc)
    forEachIndexed(src, start, end, (typeAt, typeLen, keyAt, keyLen, valueAt, valueLen) =>
      addEntry(
        into,
        type,
        entries,
        src,
        typeAt,
        typeLen,
        keyAt,
        keyLen,
        src,
        valueAt,
        valueLen,
        loc,
      ),
    )
  }
  return into
}

/**
 * Adds the entry `type.key` = value (`typeLen` 2 with `typeAt` 0 for `tx.height`, whose text is
 * all of `text`) unless the tx has one with the same `text=value`.
 */
function addEntry(
  ops: BatchOp[],
  type: 'put' | 'del',
  entries: Entry[],
  text: Buffer,
  typeAt: number,
  typeLen: number,
  keyAt: number,
  keyLen: number,
  value: Buffer,
  valueAt: number,
  valueLen: number,
  loc: Buffer,
): void {
  const whole = typeLen === 2 && typeAt === 0 && keyLen === 0
  const textLen = whole ? text.length : typeLen + 1 + keyLen
  const head = 1 + uvarintLength(textLen)
  const valuePos = head + textLen + uvarintLength(valueLen)
  const key = Buffer.allocUnsafe(valuePos + valueLen + loc.length)
  key[0] = FAMILY_TX_EVENT
  writeVarint(key, 1, textLen)
  if (whole) text.copy(key, head)
  else {
    text.copy(key, head, typeAt, typeAt + typeLen)
    key[head + typeLen] = 0x2e
    text.copy(key, head + typeLen + 1, keyAt, keyAt + keyLen)
  }
  writeVarint(key, head + textLen, valueLen)
  value.copy(key, valuePos, valueAt, valueAt + valueLen)
  loc.copy(key, valuePos + valueLen)
  const entry: Entry = { key, textAt: head, textLen, valueAt: valuePos, valueLen }
  for (let j = 0; j < entries.length; j++) if (sameJoined(entries[j]!, entry)) return
  entries.push(entry)
  ops.push(type === 'put' ? { type, key, value: NO_VALUE } : { type, key })
}

/** Whether two entries' `text=value` are the same bytes (the index's identity of an entry). */
function sameJoined(a: Entry, b: Entry): boolean {
  const n = a.textLen + 1 + a.valueLen
  if (n !== b.textLen + 1 + b.valueLen) return false
  for (let k = 0; k < n; k++) if (joinedAt(a, k) !== joinedAt(b, k)) return false
  return true
}

function joinedAt(e: Entry, k: number): number {
  if (k < e.textLen) return e.key[e.textAt + k]!
  if (k === e.textLen) return EQ
  return e.key[e.valueAt + k - e.textLen - 1]!
}

/** BE(height) ‖ BE32(index). */
function location(height: number, index: number): Buffer {
  const loc = Buffer.allocUnsafe(12)
  loc.writeUInt32BE(Math.floor(height / 2 ** 32), 0)
  loc.writeUInt32BE(height >>> 0, 4)
  loc.writeUInt32BE(index, 8)
  return loc
}

function writeVarint(out: Buffer, pos: number, n: number): number {
  while (n >= 0x80) {
    out[pos++] = (n & 0x7f) | 0x80
    n = Math.floor(n / 128)
  }
  out[pos++] = n
  return pos
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

/** A cursor over protobuf fields in [pos, end). */
class Fields {
  field = 0
  wire = 0
  /** Start and length of the current length-delimited value; the current varint otherwise. */
  at = 0
  len = 0
  varint = 0

  constructor(
    private readonly b: Buffer,
    private pos: number,
    private readonly end: number,
  ) {}

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
  const result = new Fields(src, start, end)
  while (result.next()) {
    if (result.field !== 7 || result.wire !== 2) continue
    const eventAt = result.at
    const eventEnd = result.at + result.len
    let typeAt = 0
    let typeLen = 0
    const event = new Fields(src, eventAt, eventEnd)
    while (event.next()) {
      if (event.field === 1 && event.wire === 2) {
        typeAt = event.at
        typeLen = event.len
      }
    }
    if (typeLen === 0) continue
    const attrs = new Fields(src, eventAt, eventEnd)
    while (attrs.next()) {
      if (attrs.field !== 2 || attrs.wire !== 2) continue
      let keyAt = 0
      let keyLen = 0
      let valueAt = 0
      let valueLen = 0
      let index = false
      const a = new Fields(src, attrs.at, attrs.at + attrs.len)
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
