import type { Event, EventAttribute } from '../block/events.js'
import { ErrLogic } from '../errors.js'

// The indexed event attributes of a tx's encoded result (an ExecTxResult in a block's compact
// results, store/block-results.ts) found where they lie, without decoding the result: the tx
// index's keys are written from these bytes (store/tx-index-encoded.ts).

/** Positions of a three-byte encoding of a UTF-16 surrogate (0xED 0xA0–0xBF), rare. */
export function surrogatesIn(src: Buffer): number[] {
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

export type IndexedVisitor = (
  typeAt: number,
  typeLen: number,
  keyAt: number,
  keyLen: number,
  valueAt: number,
  valueLen: number,
) => void

/** Calls `visit` for each indexed attribute (index set, key not empty) of a typed event. */
export function forEachIndexed(
  src: Buffer,
  start: number,
  end: number,
  visit: IndexedVisitor,
): void {
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
export function eventsOf(src: Buffer, start: number, end: number): Event[] {
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
