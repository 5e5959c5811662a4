import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { utf8 } from '../codec/bytes.js'
import type { BatchOp } from './backend.js'
import { createLevelBackend } from './level-backend.js'

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function open() {
  const path = await mkdtemp(join(tmpdir(), 'sdkd-level-'))
  dirs.push(path)
  return { path, db: await createLevelBackend({ path }) }
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
    const again = await createLevelBackend({ path })
    const entries: string[] = []
    for await (const [k, v] of again.entries({ gte: utf8('a'), lt: utf8('z') })) {
      entries.push(`${Buffer.from(k)}=${Buffer.from(v)}`)
    }
    expect(entries).toEqual(['b=3', 'c=5'])
    await again.close()
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
