import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { LOOPBACK_PORTS, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

// What `sdkd devnet` shows a person at start: the banner of the well-known keys as plain terminal
// text, and `node started` before the first block's lines, with the height the chain starts from.

const cleanups = cleanupAfterEach()

/** Runs `sdkd devnet` until it committed `blocks` more blocks; its stdout and JSON log lines. */
async function devnetRun(home: string, blocks: number) {
  const p = startSdkd(['--home', home, 'devnet', '--timeout-commit', '50ms', ...LOOPBACK_PORTS])
  cleanups.push(() => p.stop('SIGKILL'))
  const started = await p.waitForLog((l) => l.msg === 'node started')
  const start = Number(started.height)
  await p.waitForLog((l) => l.msg === 'committed block' && Number(l.height) >= start + blocks)
  const stopped = await p.stop('SIGINT')
  expect(stopped.code).toBe(0)
  return { out: p.output(), logs: p.logs() }
}

describe('sdkd devnet start-up output', () => {
  it('behavior: node started comes before the first block with the real height; the banner has no Markdown', async () => {
    const t = await tempDir('sdkd-start-logs-')
    cleanups.push(t.cleanup)
    for (const run of [1, 2]) {
      const { out, logs } = await devnetRun(t.dir, 2)
      const msgs = logs.map((l) => l.msg)
      const started = msgs.indexOf('node started')
      const firstBlock = msgs.indexOf('committed block')
      expect(started, msgs.join('\n')).toBeGreaterThanOrEqual(0)
      expect(started, msgs.join('\n')).toBeLessThan(firstBlock)
      // The height it names is the last committed one: the first block logged is the next.
      expect(Number(logs[firstBlock]!.height)).toBe(Number(logs[started]!.height) + 1)
      if (run === 1) {
        expect(logs[started]!.height).toBe(0)
        expect(out).toContain(
          '\nImportant: these are the well-known devnet keys, the same on every machine: never use them on a real chain.\n',
        )
        expect(out).not.toContain('**')
      } else {
        expect(Number(logs[started]!.height)).toBeGreaterThanOrEqual(2)
      }
    }
  })
})
