import { describe, expect, test } from 'vitest'
import { type Bytes, bytesToLatin1, fromUtf8, latin1ToBytes, utf8 } from '../codec/bytes.js'
import { type BranchParent, createBranch } from './branch.js'
import { bytesValue, intTextValue, KeyedMap, stringKey } from './collections.js'
import { storeIdPrefix } from './keys.js'

const STORE = storeIdPrefix(1)

/** A committed state of one store (id 1) holding `entries`; counts the ranges left unfinished. */
function parentOf(entries: Record<string, string>) {
  const sorted = Object.entries(entries)
    .map(([k, v]): [string, Bytes] => [STORE + k, utf8(v)])
    .sort(([a], [b]) => (a < b ? -1 : 1))
  const closed = { count: 0 }
  const parent: BranchParent = {
    height: 7,
    get: async (full) => sorted.find(([k]) => k === full)?.[1],
    async *range(lo, hi, reverse) {
      const inRange = sorted.filter(([k]) => k >= lo && (hi === undefined || k < hi))
      try {
        yield* reverse ? inRange.reverse() : inRange
      } finally {
        closed.count++
      }
    },
    resolveStore: (name) => (name === 's' ? 1 : undefined),
    liveStores: () => new Map([['s', 1]]),
    nextStoreId: () => 2,
  }
  return { parent, closed }
}

async function entriesOf(iterable: AsyncIterable<readonly [Bytes, Bytes]>): Promise<string[]> {
  const out: string[] = []
  for await (const [k, v] of iterable) out.push(`${fromUtf8(k)}=${fromUtf8(v)}`)
  return out
}

/** The entries as `key=value`, the keys' bytes as latin1 (one char per byte). */
async function latin1Entries(iterable: AsyncIterable<readonly [Bytes, Bytes]>): Promise<string[]> {
  const out: string[] = []
  for await (const [k, v] of iterable) out.push(`${bytesToLatin1(k)}=${fromUtf8(v)}`)
  return out
}

describe('a branch storing values', () => {
  test('behavior: `set` keeps a copy, `setShared` the very array, each read back with its bytes', async () => {
    const { parent } = parentOf({})
    const store = createBranch(parent).store('s')
    const copied = utf8('copied')
    const shared = utf8('shared')
    store.set(utf8('a'), copied)
    store.setShared!(utf8('b'), shared)
    // the writer changing its own array afterwards changes nothing `set` stored
    copied[0] = 0x43
    const a = await store.get(utf8('a'))
    const b = await store.get(utf8('b'))
    expect(fromUtf8(a!)).toBe('copied')
    expect(a).not.toBe(copied)
    expect(b).toBe(shared)
    expect(fromUtf8(b!)).toBe('shared')
  })

  test("behavior: a typed map keeps its codec's new bytes as they are, and copies the bytes it was handed", async () => {
    const { parent } = parentOf({})
    const store = createBranch(parent).store('s')
    let made: Bytes | undefined
    const amountValue = { ...intTextValue, encode: (v: bigint) => (made = intTextValue.encode(v)) }
    const amounts = new KeyedMap(utf8('n/'), stringKey, amountValue)
    const raw = new KeyedMap(utf8('r/'), stringKey, bytesValue)
    const given = utf8('given')
    amounts.set(store, 'alice', 1234n)
    raw.set(store, 'bob', given)
    // the very array the codec made, not a copy of it
    expect(await store.get(amounts.storeKey('alice'))).toBe(made)
    expect(await amounts.get(store, 'alice')).toBe(1234n)
    // the caller's array may change after the write: what is stored does not
    given[0] = 0x47
    expect(fromUtf8((await store.get(raw.storeKey('bob')))!)).toBe('given')
    expect([intTextValue.fresh, bytesValue.fresh]).toEqual([true, undefined])
  })

  test('error: a value that is not bytes is refused by both', () => {
    const { parent } = parentOf({})
    const store = createBranch(parent).store('s')
    expect(() => store.set(utf8('a'), 'text' as never)).toThrow('store values must be bytes')
    expect(() => store.setShared!(utf8('a'), 'text' as never)).toThrow('store values must be bytes')
  })
})

describe('a branch iterating its store', () => {
  test('behavior: the committed entries alone when the branch wrote nothing in the range', async () => {
    const { parent } = parentOf({ a: '1', b: '2', c: '3' })
    const store = createBranch(parent).store('s')
    store.set(utf8('z'), utf8('out of range'))
    const range = { gte: utf8('a'), lt: utf8('d') }
    expect(await entriesOf(store.iterate(range))).toEqual(['a=1', 'b=2', 'c=3'])
    expect(await entriesOf(store.iterate({ ...range, reverse: true }))).toEqual([
      'c=3',
      'b=2',
      'a=1',
    ])
  })

  test('behavior: writes and deletions over the committed entries, in both directions', async () => {
    const { parent } = parentOf({ a: '1', b: '2', d: '4' })
    const branch = createBranch(parent)
    const store = branch.store('s')
    store.set(utf8('c'), utf8('new'))
    store.set(utf8('a'), utf8('changed'))
    store.delete(utf8('b'))
    expect(await entriesOf(store.iterate())).toEqual(['a=changed', 'c=new', 'd=4'])
    expect(await entriesOf(store.iterate({ reverse: true }))).toEqual(['d=4', 'c=new', 'a=changed'])
    // A branch of the branch sees them too, with its own writes on top.
    const child = branch.branch().store('s')
    child.delete(utf8('d'))
    expect(await entriesOf(child.iterate())).toEqual(['a=changed', 'c=new'])
    // An untouched child passes its parent's view on.
    expect(await entriesOf(branch.branch().store('s').iterate())).toEqual([
      'a=changed',
      'c=new',
      'd=4',
    ])
  })

  test('behavior: a write made while iterating is not seen by that iteration', async () => {
    const { parent } = parentOf({ a: '1', c: '3' })
    const store = createBranch(parent).store('s')
    const seen: string[] = []
    for await (const [k] of store.iterate()) {
      seen.push(fromUtf8(k))
      store.set(utf8('b'), utf8('2'))
    }
    expect(seen).toEqual(['a', 'c'])
    expect(await entriesOf(store.iterate())).toEqual(['a=1', 'b=2', 'c=3'])
  })

  test('behavior: stopping early stops the committed range too', async () => {
    const { parent, closed } = parentOf({ a: '1', b: '2', c: '3' })
    const branch = createBranch(parent).branch()
    for await (const [k] of branch.store('s').iterate()) {
      if (fromUtf8(k) === 'a') break
    }
    expect(closed.count).toBe(1)
  })

  test('behavior: stopping early over the branch’s own writes stops the committed range too', async () => {
    const { parent, closed } = parentOf({ a: '1', b: '2', c: '3' })
    const store = createBranch(parent).store('s')
    store.set(utf8('b'), utf8('new'))
    const seen: string[] = []
    for await (const [k, v] of store.iterate()) {
      seen.push(`${fromUtf8(k)}=${fromUtf8(v)}`)
      if (fromUtf8(k) === 'b') break
    }
    expect(seen).toEqual(['a=1', 'b=new'])
    expect(closed.count).toBe(1)
  })

  test('behavior: any mix of committed entries, writes and deletions iterates as the merged map, in both directions', async () => {
    // A small seeded generator: the same cases on every run.
    let seed = 7
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const keys = 'abcdefgh'.split('')
    for (let round = 0; round < 300; round++) {
      const committed: Record<string, string> = {}
      for (const k of keys) if (rand(2) === 0) committed[k] = `c${round}`
      const { parent } = parentOf(committed)
      const branch = createBranch(parent)
      const layers = [branch.store('s')]
      const model = new Map(Object.entries(committed))
      // Writes in the branch, then (every other round) more in a branch of it.
      const child = round % 2 === 0 ? branch.branch() : undefined
      if (child) layers.push(child.store('s'))
      for (const store of layers) {
        for (let w = rand(6); w > 0; w--) {
          const k = keys[rand(keys.length)]!
          if (rand(3) === 0) {
            store.delete(utf8(k))
            model.delete(k)
          } else {
            store.set(utf8(k), utf8(`w${w}`))
            model.set(k, `w${w}`)
          }
        }
      }
      const lo = keys[rand(4)]!
      const hi = keys[4 + rand(4)]!
      const expected = [...model]
        .filter(([k]) => k >= lo && k < hi)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}=${v}`)
      const top = layers[layers.length - 1]!
      const range = { gte: utf8(lo), lt: utf8(hi) }
      expect(await entriesOf(top.iterate(range)), `round ${round}`).toEqual(expected)
      expect(await entriesOf(top.iterate({ ...range, reverse: true })), `round ${round}`).toEqual(
        [...expected].reverse(),
      )
    }
  })

  test('behavior: ranges inside one collection see every write, made before or after the first such range, and a child’s written in', async () => {
    // Two-byte keys: the first byte is the collection (as every module's collections), so a range
    // inside one collection reads the branch's writes of that collection only.
    let seed = 11
    const rand = (n: number) => {
      // Lehmer's generator: exact in doubles.
      seed = (seed * 48271) % 2147483647
      return seed % n
    }
    const collections = ['a', 'b', 'c', '\xff']
    const seconds = 'pqrstu'.split('')
    const keyAt = () => collections[rand(collections.length)]! + seconds[rand(seconds.length)]!
    for (let round = 0; round < 200; round++) {
      const committed: Record<string, string> = {}
      for (let n = rand(8); n > 0; n--) committed[keyAt()] = `c${round}`
      const { parent } = parentOf(committed)
      parent.isEmpty = (lo, hi) =>
        !Object.keys(committed).some((k) => STORE + k >= lo && (hi === undefined || STORE + k < hi))
      const branch = createBranch(parent)
      const store = branch.store('s')
      const model = new Map(Object.entries(committed))
      // A child branch used across the steps: its writes are written into the branch now and
      // then, and it goes on reading (and ranging) after each.
      const child = branch.branch()
      for (let step = 0; step < 6; step++) {
        // Some writes, in the branch or in the child (then written in).
        const inChild = rand(3) === 0
        const target = inChild ? child.store('s') : store
        for (let w = rand(4); w > 0; w--) {
          const k = keyAt()
          if (rand(3) === 0) {
            target.delete(latin1ToBytes(k))
            model.delete(k)
          } else {
            target.set(latin1ToBytes(k), utf8(`w${step}${w}`))
            model.set(k, `w${step}${w}`)
          }
        }
        if (inChild) child.write()
        // A range inside one collection (from one of its keys to its end or to another of its
        // keys), or one across collections.
        const c = collections[rand(collections.length)]!
        const lo = rand(2) === 0 ? c : c + seconds[rand(seconds.length)]!
        // The end of the collection: the next one's first key (none after 0xff's).
        const end = c === '\xff' ? undefined : String.fromCharCode(c.charCodeAt(0) + 1)
        const hi =
          rand(4) === 0
            ? collections[rand(collections.length)]! + (rand(2) === 0 ? seconds[rand(6)]! : '')
            : rand(2) === 0
              ? c + seconds[rand(seconds.length)]!
              : end
        const expected = [...model]
          .filter(([k]) => k >= lo && (hi === undefined || k < hi))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${k}=${v}`)
        const range = {
          gte: latin1ToBytes(lo),
          ...(hi === undefined ? {} : { lt: latin1ToBytes(hi) }),
        }
        const where = `round ${round}, step ${step}, [${lo}, ${hi})`
        expect(await latin1Entries(store.iterate(range)), where).toEqual(expected)
        expect(await latin1Entries(store.iterate({ ...range, reverse: true })), where).toEqual(
          [...expected].reverse(),
        )
        // When the branch knows whether the range is empty, it is right.
        const empty = store.isEmpty?.(range)
        if (empty !== undefined) expect(empty, where).toBe(expected.length === 0)
        // The child, with no writes of its own left, sees the same.
        if (rand(2) === 0)
          expect(await latin1Entries(child.store('s').iterate(range)), where).toEqual(expected)
      }
    }
  })
})
