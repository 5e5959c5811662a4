import { type Bytes, bytesToLatin1, latin1ToBytes } from '../codec/bytes.js'
import { ErrIO } from '../errors.js'
import { type BackendRange, type BatchWrite, expandOps, type StoreBackend } from './backend.js'
import { BTree } from './btree.js'

/** Contents of an in-memory database; survives close() so tests can reopen it. */
export type MemoryDatabase = BTree<string, Bytes>

/** Creates an empty in-memory database. */
export function createMemoryDatabase(): MemoryDatabase {
  return new BTree<string, Bytes>()
}

/** In-memory twin of the LevelDB backend, for tests (same semantics, no files). */
export function createMemoryBackend(tree: MemoryDatabase = createMemoryDatabase()): StoreBackend {
  let closed = false
  const check = () => {
    // Same text as classic-level's error on a closed database.
    if (closed) throw ErrIO.wrap('Database is not open')
  }
  return {
    async get(key) {
      check()
      return tree.get(bytesToLatin1(key))
    },
    getSync(key) {
      check()
      return tree.get(bytesToLatin1(key))
    },
    async getMany(keys) {
      check()
      return keys.map((k) => tree.get(bytesToLatin1(k)))
    },
    async write(ops: readonly BatchWrite[]) {
      check()
      // Every write made first (a `more` that throws changes nothing), then applied.
      for (const op of expandOps(ops)) {
        if (op.type === 'put') tree.set(bytesToLatin1(op.key), op.value.slice())
        else tree.delete(bytesToLatin1(op.key))
      }
    },
    async *entries({ gte, lt, reverse = false, limit = -1 }: BackendRange) {
      check()
      const out: [Bytes, Bytes][] = []
      tree.forRange(bytesToLatin1(gte), bytesToLatin1(lt), false, (k, v) => {
        out.push([latin1ToBytes(k), v])
      })
      if (reverse) out.reverse()
      const n = limit < 0 ? out.length : Math.min(limit, out.length)
      for (let i = 0; i < n; i++) yield out[i]!
    },
    async close() {
      closed = true
    },
  }
}
