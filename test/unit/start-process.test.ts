import { describe, expect, it } from 'vitest'
import { startProcess } from '../helpers/sdkd.js'

/**
 * The end-to-end tests read a process's JSON log lines as they arrive (test/helpers/sdkd.ts). A node
 * run with V8's --trace-gc flags writes V8's text to the same stdout in blocks, not lines, so a log
 * line can follow an unfinished line of it; waiting for such a line once timed out in CI.
 */
describe('startProcess', () => {
  it('behavior: a log line written after an unfinished line of the same stream, or between the chunks of a line of the other stream, is read', async () => {
    const script = `
      process.stdout.write('[123:0x1] Fast promotion mode: false survival rate: ')
      process.stderr.write('{"level":30,"msg":"from std')
      setTimeout(() => {
        process.stdout.write('{"level":30,"msg":"node started"}\\n')
        setTimeout(() => process.stderr.write('err"}\\n'), 50)
      }, 50)`
    const p = startProcess(process.execPath, ['-e', script])
    const started = await p.waitForLog((l) => l.msg === 'node started', 10_000)
    expect(started).toEqual({ level: 30, msg: 'node started' })
    const other = await p.waitForLog((l) => l.msg === 'from stderr', 10_000)
    expect(other).toEqual({ level: 30, msg: 'from stderr' })
    expect((await p.exited).code).toBe(0)
  })
})
