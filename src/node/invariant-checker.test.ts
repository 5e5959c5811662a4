import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../../test/helpers/cleanup.js'
import { testExecHeader } from '../../test/helpers/exec-header.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { createSilentLogger } from '../logger.js'
import { InvariantChecker } from './invariant-checker.js'
import type { InvariantWorkerData } from './invariant-worker-main.js'

/**
 * A stand-in for the invariant worker's thread: says it is ready when told to, and answers every
 * message with the verdict that `height` breaks an invariant.
 */
const STAND_IN = `
import { parentPort, workerData } from 'node:worker_threads'
if (workerData.ready) parentPort.postMessage({ kind: 'ready' })
parentPort.on('message', () =>
  parentPort.postMessage({
    kind: 'checked',
    height: workerData.height,
    broken: { module: 'bank', route: 'total-supply', message: 'bank: total supply invariant' },
  }),
)
`

const cleanups = cleanupAfterAll()

async function standIn(): Promise<URL> {
  const { dir, cleanup } = await tempDir('sdkd-inv-checker-')
  cleanups.push(cleanup)
  const file = join(dir, 'stand-in.mjs')
  await writeFile(file, STAND_IN)
  return pathToFileURL(file)
}

function checkerOf(script: URL, ready: boolean, onReady: () => void): InvariantChecker {
  const checker = InvariantChecker.start({
    data: { ready, height: 1 } as unknown as InvariantWorkerData,
    period: 1,
    seed: () => ({ height: 0, entries: [], stores: [], nextStoreId: 1 }),
    logger: createSilentLogger(),
    onReady,
    script,
  })
  expect(checker).toBeDefined()
  return checker!
}

const HEADER = testExecHeader(1)

describe('the invariant checker', () => {
  test('behavior: before its thread is ready a height is left to EndBlock (its check resolves at once); once ready, the thread’s verdict refuses it', async () => {
    const script = await standIn()
    let earlyReady = false
    const early = checkerOf(script, false, () => {
      earlyReady = true
    })
    try {
      await expect(early.check(HEADER)).resolves.toBeUndefined()
      expect(earlyReady).toBe(false)
    } finally {
      await early.close()
    }

    let ready!: () => void
    const readied = new Promise<void>((r) => (ready = r))
    const checker = checkerOf(script, true, ready)
    try {
      await readied
      await expect(checker.check(HEADER)).rejects.toThrow(
        'invariant broken: bank: total supply invariant',
      )
    } finally {
      await checker.close()
    }
  })
})
