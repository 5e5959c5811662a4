import type { Bytes } from '../../codec/bytes.js'

/**
 * One chunk of a validator's missed-blocks bitmap as upstream v0.50 stores it: 1024 bits, marshaled
 * as bits-and-blocks/bitset does (`MarshalBinary`): the bit length as a big-endian uint64, then the
 * 16 words as big-endian uint64s, bit `i` being bit `i % 64` (from the least significant end) of
 * word `i / 64`. Chunking keeps a block's write to one small value however long the window is.
 */
export const MISSED_BLOCK_BITMAP_CHUNK_SIZE = 1024

const WORDS = MISSED_BLOCK_BITMAP_CHUNK_SIZE / 64
const CHUNK_BYTES = 8 + WORDS * 8

/** An empty chunk (every block signed). */
export function emptyChunk(): Bytes {
  const out = new Uint8Array(CHUNK_BYTES)
  new DataView(out.buffer).setBigUint64(0, BigInt(MISSED_BLOCK_BITMAP_CHUNK_SIZE))
  return out
}

/** The byte holding bit `bit` of a chunk, and the bit's mask in it. */
function locate(bit: number): [number, number] {
  const word = Math.floor(bit / 64)
  const inWord = bit % 64
  // Big-endian words: the word's least significant byte is its last.
  return [8 + word * 8 + 7 - Math.floor(inWord / 8), 1 << (inWord % 8)]
}

/** Whether bit `bit` (0…1023) of a stored chunk is set; a short or absent chunk reads as unset. */
export function chunkBit(chunk: Bytes | undefined, bit: number): boolean {
  if (!chunk) return false
  const [at, mask] = locate(bit)
  return at < chunk.length && (chunk[at]! & mask) !== 0
}

/** A copy of `chunk` (or of an empty chunk) with bit `bit` set to `value`. */
export function withChunkBit(chunk: Bytes | undefined, bit: number, value: boolean): Bytes {
  const out = emptyChunk()
  if (chunk) out.set(chunk.subarray(0, CHUNK_BYTES))
  const [at, mask] = locate(bit)
  out[at] = value ? out[at]! | mask : out[at]! & ~mask
  return out
}

/** The set bits of a chunk, ascending. */
export function chunkSetBits(chunk: Bytes): number[] {
  const out: number[] = []
  for (let bit = 0; bit < MISSED_BLOCK_BITMAP_CHUNK_SIZE; bit++) {
    if (chunkBit(chunk, bit)) out.push(bit)
  }
  return out
}

/** Chunk number and bit within it of a bitmap index (upstream: index / 1024, index % 1024). */
export function bitmapPosition(index: bigint): [bigint, number] {
  const size = BigInt(MISSED_BLOCK_BITMAP_CHUNK_SIZE)
  return [index / size, Number(index % size)]
}
