import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { readmeActions } from '../helpers/readme-blocks.js'
import {
  killTerminals,
  ROOT,
  runWalkthrough,
  type Terminal,
} from '../helpers/readme-walkthrough.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Runs the README's walkthrough as written, in README order, on a fresh home: the quick start, the
 * dev API session, `sdkd rehearse v2`, and the upgrade step by step
 * (test/helpers/readme-walkthrough.ts says how a reader's terminals are stood in for). `npm ci` is
 * left out (the suite runs after it).
 */

const PAGE = 'README.md'

const terminals: Terminal[] = []
const cleanups = cleanupAfterAll()
afterAll(() => killTerminals(terminals))

describe('README', () => {
  test('behavior: the quick start, the dev API session, the one-command rehearsal and the upgrade step by step run as written, in order', async () => {
    const { dir, cleanup } = await tempDir('sdkd-readme-')
    cleanups.push(cleanup)
    const actions = readmeActions(join(ROOT, PAGE))
    expect(actions.map((a) => a.kind)).toEqual([
      // Quick start: the devnet, the height rising, a query and a send.
      'terminal',
      'watch',
      'run',
      // Drive the chain; Stake; Rehearse an upgrade in one command.
      'run',
      'run',
      'run',
      // Step by step: v1, the proposal, the fast-forward, the halt, v2.
      'ctrl-c',
      'terminal',
      'run',
      'run',
      'run',
      'exited',
      'terminal',
      'run',
    ])
    await runWalkthrough({
      dir,
      page: PAGE,
      actions,
      terminals,
      stopped(t, code, context) {
        expect(t.output(), context).toMatch(/INFO: stopped cleanly height=\d+/)
        if (t.output().includes('INFO: running app')) {
          // `npm start` runs `sdkd run`, which logs the exit of its app and exits with it; npm
          // itself ends by the signal it passed on.
          expect(t.output(), context).toMatch(/INFO: app stopped module=cosmovisor exit_code=0$/m)
        } else expect(code, context).toBe(0)
      },
    })
  }, 300_000)
})
