import { describe, expect, test } from 'vitest'
import { createLogger, type WriteFd, whenOutputLost, writeLineSync } from './logger.js'

/** An error as node:fs throws it. */
const errno = (code: string) => Object.assign(new Error(`${code}: write`), { code })

describe('log output', () => {
  test('behavior: a full pipe (EAGAIN) is waited for and a partial write is finished: the line arrives whole, in order', () => {
    const got: Buffer[] = []
    const answers: (number | string)[] = ['EAGAIN', 3, 'EAGAIN', 'EAGAIN', 2, 1000]
    const write: WriteFd = (_fd, data) => {
      const a = answers.shift()!
      if (typeof a === 'string') throw errno(a)
      const bytes = Buffer.from(data)
      got.push(bytes.subarray(0, a))
      return Math.min(a, bytes.length)
    }
    writeLineSync(7, 'héllo wörld\n', write)
    expect(Buffer.concat(got).toString()).toBe('héllo wörld\n')
    expect(answers).toEqual([])
  })

  test('error: a write that fails otherwise (EPIPE) is not thrown to the logger’s caller: the output is lost once, later lines are dropped', async () => {
    const lines: string[] = []
    let fail = false
    const write: WriteFd = (_fd, data) => {
      if (fail) throw errno('EPIPE')
      lines.push(String(data))
      return Buffer.byteLength(String(data))
    }
    for (const format of ['plain', 'json'] as const) {
      lines.length = 0
      fail = false
      const logger = createLogger({ format, destination: 9, write })
      logger.info({ height: 1 }, 'committed block')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain('committed block')
      fail = true
      expect(() => logger.info({ height: 2 }, 'committed block')).not.toThrow()
      expect(() => logger.error('after the loss')).not.toThrow()
      const err = await whenOutputLost(logger)
      expect(err?.code).toBe('EPIPE')
      fail = false
      logger.info('dropped')
      expect(lines).toHaveLength(1)
    }
  })

  test('behavior: a logger on a stream has no output to lose', () => {
    const chunks: string[] = []
    const stream = { write: (c: string) => chunks.push(c) } as unknown as NodeJS.WritableStream
    const logger = createLogger({ format: 'plain', destination: stream })
    logger.info({ height: 3 }, 'committed block')
    expect(chunks[0]).toMatch(/INFO: committed block height=3\n$/)
    expect(whenOutputLost(logger)).toBeUndefined()
  })
})
