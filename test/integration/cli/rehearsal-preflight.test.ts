import { describe, expect, test } from 'vitest'
import type { ChainFacts } from '../../../src/cli/rehearsal/home.js'
import { computePreflight } from '../../../src/cli/rehearsal/preflight.js'
import type { RehearsalSetup } from '../../../src/cli/rehearsal/setup.js'
import { loadHome } from '../../../src/config/home.js'
import { cleanupAfterAll } from '../../helpers/cleanup.js'
import { createDevnetHome } from '../../helpers/devnet.js'

// The rehearsal's preflight on a home whose own upgrade comes first: refused before anything runs
// (a rehearsal used to submit its proposal and meet the home's halt on the way).

const cleanups = cleanupAfterAll()

const setup: RehearsalSetup = {
  plan: 'v2',
  from: { appVersion: 'v1' },
  to: { appVersion: 'v2' },
  source: undefined,
  via: 'gov',
  at: { lowestSafe: true },
  blocksAfter: 1,
  json: undefined,
  inject: undefined,
  keep: undefined,
}

async function preflight(chain: ChainFacts) {
  const home = await createDevnetHome('preflight', {}, 'v1')
  cleanups.push(home.cleanup)
  const loaded = await loadHome(home.dir)
  return async () => computePreflight(setup, loaded, chain)
}

describe('rehearsal preflight: a home with an upgrade under way', () => {
  test('error: a plan the home halts at before the rehearsal’s own plan is scheduled is refused', async () => {
    // Via gov, the rehearsal's plan is scheduled at latest + 3 (submit, vote, pass).
    for (const height of [11, 13]) {
      const run = await preflight({
        latestHeight: 10,
        versions: undefined,
        scheduled: { name: 'v2', height },
      })
      await expect(run()).rejects.toThrow(
        `the home has upgrade "v2" scheduled at height ${height}, which comes before the rehearsal's plan can be scheduled (height 13): the chain would halt there first; rehearse on a copy of the home from before that plan was scheduled`,
      )
    }
  })

  test('behavior: a plan after that height is replaced by the rehearsal’s own', async () => {
    const run = await preflight({
      latestHeight: 10,
      versions: undefined,
      scheduled: { name: 'v2', height: 14 },
    })
    await expect(run()).resolves.toMatchObject({ scheduledAt: 13 })
  })

  test('error: a home halted at an upgrade is refused, with what to do instead', async () => {
    const run = await preflight({
      latestHeight: 15,
      versions: undefined,
      halted: { name: 'v2', height: 16 },
    })
    await expect(run()).rejects.toThrow(
      'the home halted at height 16 for upgrade "v2" (data/upgrade-info.json): a rehearsal schedules a plan of its own',
    )
  })
})
