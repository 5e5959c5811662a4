import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import LongestFirst from './test/helpers/file-order.js'

export default defineConfig({
  test: {
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
    projects: [
      // The unit tests beside the sources share their worker processes (a fresh process per file
      // cost more than most of these files' tests). They mock no module and restore what they change.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], isolate: false } },
      // Integration and end-to-end tests: each file in its own process, as some mock modules
      // (vi.mock) that others import.
      { extends: true, test: { name: 'e2e', include: ['test/**/*.test.ts'] } },
    ],
  },
})
