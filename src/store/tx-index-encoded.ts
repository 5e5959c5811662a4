import { type Bytes, uint64BE, uvarintAt, uvarintLength, writeUvarint } from '../codec/bytes.js'
import type { OpSink } from './backend.js'
import type { BlockResults } from './block-results.js'
import { FAMILY_TX_POSTING } from './keys.js'
import { eventsOf, forEachIndexed, type IndexedVisitor, surrogatesIn } from './result-events.js'
import { addTxEntries, heightIndexValue, TX_HEIGHT_KEY } from './tx-index.js'
import {
  addIndex,
  FNV_PRIME,
  FNV_START,
  fnv,
  fnvVarint,
  type TxPosting,
  TxPostings,
} from './tx-postings.js'

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
  heightBytes: Bytes
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
  return {
    postings,
    heightBytes: uint64BE(height),
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
    writeUvarint(key, 1, textLen)
    copyBytes(text, typeAt, typeLen, key, head)
    if (keyLen > 0) {
      key[head + typeLen] = 0x2e
      copyBytes(text, keyAt, keyLen, key, head + typeLen + 1)
    }
    writeUvarint(key, head + textLen, valueLen)
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
  if (key.length !== length || uvarintAt(key, 1) !== textLen) return false
  if (!sameBytes(key, head, text, typeAt, typeLen)) return false
  if (keyLen === 0) return true
  return key[head + typeLen] === 0x2e && sameBytes(key, head + typeLen + 1, text, keyAt, keyLen)
}

/** Whether `key[pos…pos+len)` equals `src[at…at+len)`. */
function sameBytes(key: Bytes, pos: number, src: Buffer, at: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (key[pos + k] !== src[at + k]) return false
  return true
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
function copyBytes(from: Bytes, at: number, len: number, to: Buffer, pos: number): void {
  for (let k = 0; k < len; k++) to[pos + k] = from[at + k]!
}
