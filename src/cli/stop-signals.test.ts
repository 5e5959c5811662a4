import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Logger } from '../logger.js'
import { onStopSignals } from './stop-signals.js'

const SIGNALS = ['SIGINT', 'SIGTERM'] as const
const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]))

afterEach(() => {
  // Only the listeners this test added go.
  for (const s of SIGNALS) {
    for (const l of process.listeners(s)) if (!before.get(s)!.includes(l)) process.off(s, l)
  }
})

describe('the stop signals of a node', () => {
  test('behavior: the first SIGINT or SIGTERM stops the node; the ones after it are logged and ignored, not left to kill it', () => {
    const info = vi.fn()
    const stop = vi.fn()
    onStopSignals({ info } as unknown as Logger, stop)
    process.emit('SIGTERM', 'SIGTERM')
    process.emit('SIGINT', 'SIGINT')
    process.emit('SIGTERM', 'SIGTERM')
    expect(stop.mock.calls).toEqual([['SIGTERM']])
    expect(info.mock.calls).toEqual([
      [{ signal: 'SIGINT', stopping_on: 'SIGTERM' }, 'already stopping: signal ignored'],
      [{ signal: 'SIGTERM', stopping_on: 'SIGTERM' }, 'already stopping: signal ignored'],
    ])
    // Still listening: a later signal is taken too, not handed to the default (exit 130/143).
    expect(process.listenerCount('SIGINT')).toBeGreaterThan(before.get('SIGINT')!.length)
    expect(process.listenerCount('SIGTERM')).toBeGreaterThan(before.get('SIGTERM')!.length)
  })
})
