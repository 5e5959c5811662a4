import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * test/durations.json, from which the suite starts its files longest first (test/helpers/file-order.ts
 * looks each file up by its path from the checkout's root). A record written from another checkout's
 * report once held that checkout's paths: no file matched, and nothing was ordered.
 */
const ROOT = join(import.meta.dirname, '../..')
const recorded = JSON.parse(readFileSync(join(ROOT, 'test/durations.json'), 'utf8')) as Record<
  string,
  number
>

describe('test/durations.json', () => {
  it('behavior: every key is a test file path from the checkout root, under src/ or test/', () => {
    const bad = Object.keys(recorded).filter(
      (key) => !/^(src|test)\/[\w./-]+\.test\.ts$/.test(key) || key.split('/').includes('..'),
    )
    expect(bad).toEqual([])
  })

  it('behavior: the files it names are this checkout’s, so the sequencer finds them', () => {
    const keys = Object.keys(recorded)
    const found = keys.filter((key) => existsSync(join(ROOT, key)))
    expect(keys.length).toBeGreaterThan(100)
    // A test file removed since the record was written is harmless; a record of other paths is not.
    expect(found.length / keys.length).toBeGreaterThan(0.9)
  })
})
