import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import LongestFirst from './test/helpers/file-order.js'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core. Most of the suite's time is end-to-end files waiting on real `sdkd`,
    // `cometbft` and `cosmovisor` processes, so vitest's default (one core left free: a single
    // file at a time on a 2-core machine) leaves a core idle; `VITEST_MAX_WORKERS` still overrides.
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ['test/helpers/global-setup.ts'],
    // Longest files first, from a recorded run (test/durations.json): see test/helpers/file-order.ts.
    sequence: { sequencer: LongestFirst },
  },
})
