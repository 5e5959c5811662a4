import { describe, expect, test } from 'vitest'
import { eachNow, thenNow } from './value-now.js'

// The steps of a tx whose reads memory answers run at once, without a promise; the same steps over
// reads that need one run in the same order, as an async function would.

describe('thenNow', () => {
  test('behavior: a value is handed on at once, and what the step returns comes back as it is', () => {
    const seen: number[] = []
    const out = thenNow(2, (v) => {
      seen.push(v)
      return v * 10
    })
    expect(out).toBe(20)
    expect(seen).toEqual([2])
  })

  test('behavior: a promise is handed on once it settles, as a promise of what the step returns', async () => {
    const out = thenNow(Promise.resolve(2), (v) => v * 10)
    expect(out).toBeInstanceOf(Promise)
    expect(await out).toBe(20)
  })

  test('error: a step that throws throws at once for a value, and rejects for a promise', async () => {
    const fail = () => {
      throw new Error('refused')
    }
    expect(() => thenNow(1, fail)).toThrow('refused')
    await expect(thenNow(Promise.resolve(1), fail)).rejects.toThrow('refused')
    // A rejected read never reaches the step.
    let ran = false
    await expect(
      thenNow(Promise.reject(new Error('read failed')), () => {
        ran = true
      }),
    ).rejects.toThrow('read failed')
    expect(ran).toBe(false)
  })
})

describe('eachNow', () => {
  test('behavior: steps that answer at once all run in order, and nothing is returned to await', () => {
    const seen: string[] = []
    const out = eachNow(['a', 'b', 'c'], (item, i) => {
      seen.push(`${i}${item}`)
    })
    expect(out).toBeUndefined()
    expect(seen).toEqual(['0a', '1b', '2c'])
  })

  test('behavior: after a step that returns a promise, the rest run in order once it settled', async () => {
    const seen: string[] = []
    const out = eachNow(['a', 'b', 'c', 'd'], (item) => {
      seen.push(`start ${item}`)
      if (item === 'b' || item === 'c')
        return Promise.resolve().then(() => {
          seen.push(`end ${item}`)
        })
      return undefined
    })
    expect(out).toBeInstanceOf(Promise)
    // The step after the pending one has not started.
    expect(seen).toEqual(['start a', 'start b'])
    await out
    expect(seen).toEqual(['start a', 'start b', 'end b', 'start c', 'end c', 'start d'])
  })

  test('error: the first failure stops the loop, thrown at once or rejected once a step was pending', async () => {
    const seen: number[] = []
    const failAt = (n: number, pendingFrom: number) => (item: number) => {
      seen.push(item)
      const run = () => {
        if (item === n) throw new Error(`refused ${item}`)
      }
      if (item < pendingFrom) return run()
      return Promise.resolve().then(run)
    }
    expect(() => eachNow([1, 2, 3], failAt(2, 9))).toThrow('refused 2')
    expect(seen).toEqual([1, 2])
    seen.length = 0
    await expect(eachNow([1, 2, 3, 4], failAt(3, 2))).rejects.toThrow('refused 3')
    expect(seen).toEqual([1, 2, 3])
  })
})
