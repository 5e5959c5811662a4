import type { Event } from '../block/events.js'
import {
  type Bytes,
  concatBytes,
  readUint32BE,
  readUint64BE,
  uvarint,
  uvarintLength,
} from '../codec/bytes.js'
import type { BackendRange, BatchOp } from './backend.js'
import { FAMILY_TX_EVENT, prefixEnd } from './keys.js'

/**
 * The tx event index (CometBFT's kv indexer): one key per indexed event attribute of every tx,
 * `0x05 ‖ len ‖ "type.key" ‖ len ‖ value ‖ BE(height) ‖ BE32(index)`, so a search for
 * `message.sender='sdk1…'` is one prefix scan in height order. `tx.height` is indexed too, with the
 * height as 20 zero-padded digits so its text order is numeric order.
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

/** Prefix of every entry of one composite key, or of one (key, value) pair. */
export function txEventPrefix(compositeKey: string, value?: string): Bytes {
  const parts = [Uint8Array.of(FAMILY_TX_EVENT), lengthPrefixed(compositeKey)]
  if (value !== undefined) parts.push(lengthPrefixed(value))
  return concatBytes(...parts)
}

/** Database key of one indexed attribute of the tx at (height, index). */
export function txEventKey(
  compositeKey: string,
  value: string,
  height: number,
  index: number,
): Bytes {
  return Buffer.concat([txEventPrefix(compositeKey, value), location(height, index)])
}

/** BE(height) ‖ BE32(index). */
function location(height: number, index: number): Bytes {
  const loc = Buffer.allocUnsafe(12)
  // Two 32-bit halves: a height is a safe integer, and a bigint per tx is garbage.
  loc.writeUInt32BE(Math.floor(height / 2 ** 32), 0)
  loc.writeUInt32BE(height >>> 0, 4)
  loc.writeUInt32BE(index, 8)
  return loc
}

/** A tx the index points at, and the attribute value it matched. */
export interface IndexedTx {
  height: number
  index: number
  value: string
}

/** Splits an index key of `compositeKey` into its value and location. */
export function parseTxEventKey(key: Bytes, compositeKey: string): IndexedTx {
  const head = txEventPrefix(compositeKey).length
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
  const loc = key.subarray(pos + len)
  return {
    value,
    height: readUint64BE(loc),
    index: readUint32BE(loc, 8),
  }
}

/** Range of the entries of one key (all values), or of one exact value. */
export function txEventRange(compositeKey: string, value?: string): BackendRange {
  const gte = txEventPrefix(compositeKey, value)
  return { gte, lt: prefixEnd(gte)! }
}

/**
 * Puts (or deletes) the index entries of a block's txs: `tx.height` and every indexed attribute.
 * Appended to `into` when given (a block's own writes, without a list of its own to copy from);
 * `results` are the block's from its tx at `firstIndex` on.
 */
export function txIndexOps(
  height: number,
  results: readonly { events: readonly Event[] }[],
  type: 'put' | 'del',
  into: BatchOp[] = [],
  firstIndex = 0,
): BatchOp[] {
  const ops = into
  const heightValue = heightIndexValue(height)
  const heightHead = keyHead(TX_HEIGHT_KEY, '', '')
  // The entries of one tx so far: an attribute seen twice (`type.key=value`) is indexed once.
  const heads: KeyHead[] = []
  const values: string[] = []
  for (let i = 0; i < results.length; i++) {
    const loc = location(height, firstIndex + i)
    heads.length = 0
    values.length = 0
    addEntry(ops, type, heads, values, heightHead, heightValue, loc)
    const events = results[i]!.events
    for (let j = 0; j < events.length; j++) {
      const e = events[j]!
      if (!e.type) continue
      const attributes = e.attributes
      for (let k = 0; k < attributes.length; k++) {
        const a = attributes[k]!
        if (a.index && a.key)
          addEntry(ops, type, heads, values, keyHead(e.type, '.', a.key), a.value, loc)
      }
    }
  }
  return ops
}

const NO_VALUE = new Uint8Array(0)

/** Adds the entry (head, value) of the tx at `loc` unless the tx has it already. */
function addEntry(
  ops: BatchOp[],
  type: 'put' | 'del',
  heads: KeyHead[],
  values: string[],
  head: KeyHead,
  value: string,
  loc: Bytes,
): void {
  for (let j = 0; j < heads.length; j++) {
    const h = heads[j]!
    // Without a `=` in either composite key, equal texts are the same head and value.
    if (
      h === head
        ? values[j] === value
        : (h.hasEq || head.hasEq) && `${h.text}=${values[j]}` === `${head.text}=${value}`
    )
      return
  }
  heads.push(head)
  values.push(value)
  const key = indexKey(head.bytes, value, loc)
  ops.push(type === 'put' ? { type, key, value: NO_VALUE } : { type, key })
}

/** A composite key (`type.key`) and the start of its index keys, `0x05 ‖ uvarint(len) ‖ text`. */
interface KeyHead {
  text: string
  bytes: Bytes
  hasEq: boolean
}

/** Heads by event type and attribute key (a handful of pairs, used by every tx). */
const keyHeads = new Map<string, Map<string, KeyHead>>()

function keyHead(eventType: string, dot: string, attrKey: string): KeyHead {
  let byKey = keyHeads.get(eventType)
  if (!byKey) {
    if (keyHeads.size >= 1_000) keyHeads.clear()
    byKey = new Map()
    keyHeads.set(eventType, byKey)
  }
  let head = byKey.get(attrKey)
  if (!head) {
    const text = `${eventType}${dot}${attrKey}`
    const k = Buffer.from(text, 'utf8')
    const h = Buffer.allocUnsafe(1 + uvarintLength(k.length) + k.length)
    h[0] = FAMILY_TX_EVENT
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
