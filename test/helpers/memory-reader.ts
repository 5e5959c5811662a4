import { compareBytes, equalBytes } from '../../src/codec/bytes.js'
import type { KVEntry, KVRange, KVReader } from '../../src/store/types.js'

/** A sorted in-memory store holding `entries`, enough for a collection's reads and range reads. */
export function memoryReader(entries: readonly KVEntry[]): KVReader {
  const sorted = [...entries].sort(([a], [b]) => compareBytes(a, b))
  const inRange = ([k]: KVEntry, r: KVRange) =>
    (!r.prefix || equalBytes(k.subarray(0, r.prefix.length), r.prefix)) &&
    (!r.gte || compareBytes(k, r.gte) >= 0) &&
    (!r.lt || compareBytes(k, r.lt) < 0)
  return {
    get: async (key) => sorted.find(([k]) => equalBytes(k, key))?.[1],
    has: async (key) => sorted.some(([k]) => equalBytes(k, key)),
    async *iterate(range: KVRange = {}) {
      const found = sorted.filter((e) => inRange(e, range))
      yield* range.reverse ? found.reverse() : found
    },
  }
}
