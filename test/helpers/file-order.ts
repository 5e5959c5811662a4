import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Runs the test files longest first, from the seconds each took in a recorded run
 * (test/durations.json, rewritten by `npm run test:durations` after a full run). Vitest orders by its
 * own cache of the last run, which a clean clone does not have: it then starts files by size, and a
 * slow end-to-end file that starts late keeps one worker busy while the other idles. Files not in the
 * record run first, as vitest runs unknown files first.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = recorded()
    const root = this.ctx.config.root
    const cost = (spec: TestSpecification) =>
      seconds[relative(root, spec.moduleId)] ?? Number.POSITIVE_INFINITY
    return [...files].sort((a, b) => cost(b) - cost(a))
  }
}

function recorded(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8'))
  } catch {
    return {}
  }
}
