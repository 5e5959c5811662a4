import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../../test/helpers/cleanup.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { utf8 } from '../codec/bytes.js'
import type { BatchOp, BatchWrite, StoreBackend } from './backend.js'
import { createLevelBackend } from './level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from './memory-backend.js'

const cleanups = cleanupAfterEach()

async function open() {
  const { dir: path, cleanup } = await tempDir('sdkd-level-')
  cleanups.push(cleanup)
  return { path, db: await createLevelBackend({ path }) }
}

/** Every entry of the database at `path` as `key=value`, read after opening it again. */
async function entriesAfterReopen(path: string): Promise<string[]> {
  const again = await createLevelBackend({ path })
  const entries: string[] = []
  for await (const [k, v] of again.entries({ gte: utf8('\0'), lt: utf8('~') })) {
    entries.push(`${Buffer.from(k)}=${Buffer.from(v)}`)
  }
  await again.close()
  return entries
}

describe('LevelDB backend writes', () => {
  test('behavior: a batch of puts and deletes is on disk after a reopen, in op order', async () => {
    const { path, db } = await open()
    await db.write([
      { type: 'put', key: utf8('a'), value: utf8('1') },
      { type: 'put', key: utf8('b'), value: utf8('2') },
    ])
    const ops: BatchOp[] = [
      { type: 'del', key: utf8('a') },
      { type: 'put', key: utf8('b'), value: utf8('3') },
      { type: 'put', key: utf8('c'), value: utf8('4') },
      { type: 'put', key: utf8('c'), value: utf8('5') },
    ]
    await db.write(ops)
    await db.write([])
    await db.close()
    expect(await entriesAfterReopen(path)).toEqual(['b=3', 'c=5'])
  })

  test('behavior: a batch is taken when write is called: its keys and values changed afterwards are written as they were', async () => {
    const { path, db } = await open()
    const ops: BatchOp[] = [
      { type: 'put', key: utf8('k1'), value: utf8('v1') },
      { type: 'put', key: utf8('k2'), value: utf8('v2') },
    ]
    const written = db.write(ops)
    // What the commit queue may do with a batch's ops once write has returned.
    for (const op of ops) {
      op.key.fill(0x7a)
      if (op.type === 'put') op.value.fill(0x30)
    }
    ops.length = 0
    await written
    await db.close()
    expect(await entriesAfterReopen(path)).toEqual(['k1=v1', 'k2=v2'])
  })

  test('error: a batch with an op the database refuses writes none of its ops', async () => {
    const { db } = await open()
    const bad = [
      { type: 'put', key: utf8('x'), value: utf8('1') },
      { type: 'put', key: utf8('y'), value: undefined },
    ] as unknown as BatchOp[]
    await expect(db.write(bad)).rejects.toThrow()
    expect(await db.get(utf8('x'))).toBeUndefined()
    // the database still takes the next batch
    await db.write([{ type: 'put', key: utf8('z'), value: utf8('2') }])
    expect(Buffer.from((await db.get(utf8('z')))!).toString()).toBe('2')
    await db.close()
  })
})

/** Every entry of a backend as `key=value`. */
async function entriesOf(db: StoreBackend): Promise<string[]> {
  const entries: string[] = []
  for await (const [k, v] of db.entries({ gte: utf8('\0'), lt: utf8('~') })) {
    entries.push(`${Buffer.from(k)}=${Buffer.from(v)}`)
  }
  return entries
}

const backends: [string, () => Promise<StoreBackend>][] = [
  ['LevelDB', async () => (await open()).db],
  ['memory', async () => createMemoryBackend(createMemoryDatabase())],
]

describe.each(backends)('%s backend: writes made as the batch is written (`more`)', (_, make) => {
  test('behavior: a `more` writes in its place among the ops: what comes after it wins, and it wins over what came before', async () => {
    const db = await make()
    await db.write([{ type: 'put', key: utf8('old'), value: utf8('1') }])
    const made: string[] = []
    const ops: BatchWrite[] = [
      { type: 'put', key: utf8('a'), value: utf8('before') },
      {
        type: 'more',
        write(sink) {
          made.push('more')
          sink.put(utf8('a'), utf8('more'))
          sink.put(utf8('b'), utf8('more'))
          sink.del(utf8('old'))
          sink.put(utf8('c'), utf8('more'))
        },
      },
      { type: 'put', key: utf8('b'), value: utf8('after') },
      { type: 'del', key: utf8('c') },
    ]
    await db.write(ops)
    expect(made).toEqual(['more'])
    expect(await entriesOf(db)).toEqual(['a=more', 'b=after'])
    await db.close()
  })

  test('error: a `more` that throws writes none of the batch, and the next batch is taken', async () => {
    const db = await make()
    const ops: BatchWrite[] = [
      { type: 'put', key: utf8('x'), value: utf8('1') },
      {
        type: 'more',
        write(sink) {
          sink.put(utf8('y'), utf8('2'))
          throw new Error('the index could not be made')
        },
      },
    ]
    await expect(db.write(ops)).rejects.toThrow('the index could not be made')
    expect(await entriesOf(db)).toEqual([])
    await db.write([{ type: 'put', key: utf8('z'), value: utf8('3') }])
    expect(await entriesOf(db)).toEqual(['z=3'])
    await db.close()
  })
})

describe.each(backends)('%s backend: a `more` made in steps', (_, make) => {
  /** A `more` of `n` steps, each putting `s<i>` and busy for `ms` first; `steps` counts them. */
  function stepped(n: number, ms: number, failAt = -1) {
    const counted = { steps: 0 }
    const op: BatchWrite = {
      type: 'more',
      write: function* (sink) {
        for (let i = 0; i < n; i++) {
          const until = performance.now() + ms
          while (performance.now() < until);
          if (i === failAt) throw new Error(`step ${i} failed`)
          sink.put(utf8(`s${i}`), utf8(String(i)))
          counted.steps++
          yield
        }
      },
    }
    return { op, counted }
  }

  test('behavior: every step writes into the one batch, in its place among the ops', async () => {
    const db = await make()
    const { op, counted } = stepped(4, 0)
    await db.write([
      { type: 'put', key: utf8('s1'), value: utf8('before') },
      op,
      {
        type: 'del',
        key: utf8('s3'),
      },
    ])
    expect(counted.steps).toBe(4)
    expect(await entriesOf(db)).toEqual(['s0=0', 's1=1', 's2=2'])
    await db.close()
  })

  test('error: a step that throws writes none of the batch, and the next batch is taken', async () => {
    const db = await make()
    const { op } = stepped(12, 1, 9)
    await expect(db.write([{ type: 'put', key: utf8('x'), value: utf8('1') }, op])).rejects.toThrow(
      'step 9 failed',
    )
    expect(await entriesOf(db)).toEqual([])
    await db.write([{ type: 'put', key: utf8('z'), value: utf8('3') }])
    expect(await entriesOf(db)).toEqual(['z=3'])
    await db.close()
  })
})

describe('LevelDB backend: a long `more` made in steps', () => {
  test('behavior: the event loop gets turns while the batch fills, and the disk has none of it until every step is in', async () => {
    const { db } = await open()
    // 30 steps of 1 ms: several turns' worth (a turn every few milliseconds of steps).
    const steps = { done: 0 }
    const seen: string[] = []
    const op: BatchWrite = {
      type: 'more',
      write: function* (sink) {
        for (let i = 0; i < 30; i++) {
          const until = performance.now() + 1
          while (performance.now() < until);
          sink.put(utf8(`s${String(i).padStart(2, '0')}`), utf8(String(i)))
          steps.done++
          yield
        }
      },
    }
    let written = false
    const turns = () =>
      setImmediate(() => {
        if (written) return
        // What a reader sees in a turn: the steps so far, none of their keys on disk.
        seen.push(`${steps.done}:${db.getSync!(utf8('s00')) === undefined ? 'none' : 'some'}`)
        turns()
      })
    turns()
    await db.write([op])
    written = true
    const during = seen.filter((s) => !s.startsWith('0:') && !s.startsWith('30:'))
    expect(during.length).toBeGreaterThan(0)
    expect(during.every((s) => s.endsWith(':none'))).toBe(true)
    expect(await entriesOf(db)).toHaveLength(30)
    await db.close()
  })
})

describe('LevelDB backend scans', () => {
  /** Keys k0000 … k2499: more than two of the batches a scan takes at a time. */
  const keys = Array.from({ length: 2500 }, (_, i) => `k${String(i).padStart(4, '0')}`)

  test('behavior: a scan longer than a batch yields every entry of the range in order, forward, reverse and limited', async () => {
    const { db } = await open()
    await db.write(keys.map((k) => ({ type: 'put', key: utf8(k), value: utf8(`v${k}`) })))
    const scan = async (range: Parameters<typeof db.entries>[0]) => {
      const out: string[] = []
      for await (const [k, v] of db.entries(range)) {
        expect(Buffer.from(v).toString()).toBe(`v${Buffer.from(k).toString()}`)
        out.push(Buffer.from(k).toString())
      }
      return out
    }
    const range = { gte: utf8('k0001'), lt: utf8('k2499') }
    expect(await scan(range)).toEqual(keys.slice(1, 2499))
    expect(await scan({ ...range, reverse: true })).toEqual(keys.slice(1, 2499).reverse())
    expect(await scan({ ...range, limit: 1500 })).toEqual(keys.slice(1, 1501))
    await db.close()
  })
})
