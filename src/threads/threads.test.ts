import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { RingWorker, type ThreadLog } from './ring-worker.js'
import { serveRing } from './serve-ring.js'
import { CTRL, SharedRing } from './shared-ring.js'
import { whenDone } from './wait.js'

/** A log that keeps its lines. */
function recordingLog() {
  const lines: { level: string; fields: object; message: string }[] = []
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, fields, message })
    }
  const log: ThreadLog = { debug: at('debug'), warn: at('warn'), error: at('error') }
  return { log, lines }
}

describe('shared ring', () => {
  test('behavior: jobs are claimed in publishing order and counted done, across the int32 wrap', () => {
    const ring = SharedRing.create(3, 8)
    expect(ring.capacity).toBe(4)
    // Start just below the wrap: sequence numbers go negative and slots stay in order.
    const start = 0x7ffffffe
    for (const w of [CTRL.written, CTRL.claimed, CTRL.done]) Atomics.store(ring.ctrl, w, start)
    let seq = start
    for (let i = 0; i < 4; i++) {
      ring.view.setInt32(ring.slotAt(seq), 100 + i)
      seq = (seq + 1) | 0
    }
    ring.publish(seq)
    const seen: number[] = []
    serveRing(ring, (s) => seen.push(ring.view.getInt32(ring.slotAt(s))), { untilIdle: true })
    expect(seen).toEqual([100, 101, 102, 103])
    expect(ring.slotOf(start)).toBe(2)
    expect(ring.slotOf((start + 2) | 0)).toBe(0)
    expect(ring.isDone((seq - 1) | 0)).toBe(true)
    expect(ring.isDone(seq)).toBe(false)
  })

  test('behavior: whenDone resolves once the job is done, without blocking this thread', async () => {
    const ring = SharedRing.create(2, 8)
    ring.publish(1)
    let done = false
    const waited = whenDone(ring, 0, 5_000).then((ok) => {
      done = ok
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(done).toBe(false)
    setTimeout(() => serveRing(ring, () => undefined, { untilIdle: true }), 5)
    await waited
    expect(done).toBe(true)
  })

  test('behavior: whenDone gives up when the ring fails or the time is up', async () => {
    const ring = SharedRing.create(2, 8)
    ring.publish(1)
    expect(await whenDone(ring, 0, 20)).toBe(false)
    setTimeout(() => ring.fail(), 5)
    expect(await whenDone(ring, 0, 5_000)).toBe(false)
  })
})

describe('ring worker', () => {
  let dir: string
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    ;({ dir, cleanup } = await tempDir('sdkd-threads-'))
  })
  afterAll(() => cleanup())

  const script = async (name: string, text: string) => {
    const path = join(dir, name)
    await writeFile(path, text)
    return pathToFileURL(path)
  }

  test('behavior: no worker where its script is not built (the node does the work itself)', () => {
    const { log } = recordingLog()
    const w = RingWorker.start(pathToFileURL(join(dir, 'missing.js')), {
      name: 'test worker',
      ring: SharedRing.create(2, 8),
      log,
      onFail: () => undefined,
    })
    expect(w).toBeUndefined()
  })

  test('error: a worker that throws is logged with its error, the ring is marked failed and onFail is called once', async () => {
    const { log, lines } = recordingLog()
    const ring = SharedRing.create(2, 8)
    let failures = 0
    const url = await script('throws.mjs', "throw new RangeError('cannot load')")
    const failed = new Promise<void>((resolve) => {
      RingWorker.start(url, {
        name: 'test worker',
        ring,
        log,
        onFail: () => {
          failures++
          resolve()
        },
      })
    })
    await failed
    await new Promise((r) => setTimeout(r, 50))
    expect(failures).toBe(1)
    expect(ring.failed).toBe(true)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'error',
      message: "test worker failed: the node's thread does its work from now on",
    })
    expect((lines[0]!.fields as { err: Error }).err.message).toBe('cannot load')
  })

  test("error: a job the worker could not do is logged with the worker's fields", async () => {
    const { log, lines } = recordingLog()
    const url = await script(
      'reports.mjs',
      `import { parentPort } from 'node:worker_threads'
       parentPort.postMessage({ kind: 'ready' })
       parentPort.postMessage({ kind: 'job-error', err: new Error('bad block'), fields: { height: 7 }, message: 'could not build a block' })
       setInterval(() => {}, 1000)`,
    )
    let ready = false
    const w = RingWorker.start(url, {
      name: 'test worker',
      ring: SharedRing.create(2, 8),
      log,
      onReady: () => {
        ready = true
      },
      onFail: () => undefined,
    })
    w!.ref()
    await new Promise((r) => setTimeout(r, 200))
    await w!.stop()
    expect(ready).toBe(true)
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { err: expect.objectContaining({ message: 'bad block' }), height: 7 },
        message: 'test worker: could not build a block',
      },
    ])
  })
})
