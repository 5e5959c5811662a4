import { dirname, join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { COSMOVISOR } from '../helpers/cosmovisor.js'
import { readmeActions } from '../helpers/readme-blocks.js'
import {
  killTerminals,
  ROOT,
  runWalkthrough,
  type Terminal,
} from '../helpers/readme-walkthrough.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * The cosmovisor recipe of docs/upgrades.md run as written (its `<!-- readme-test(cosmovisor): … -->`
 * blocks), with the pinned upstream cosmovisor on the PATH as a reader who ran
 * scripts/install-tools.sh has it.
 */

const PAGE = 'docs/upgrades.md'

const terminals: Terminal[] = []
const cleanups = cleanupAfterAll()
afterAll(() => killTerminals(terminals))

describe.skipIf(!COSMOVISOR.path)('docs/upgrades.md: cosmovisor', () => {
  test('behavior: the cosmovisor recipe carries a v1 devnet through a governance upgrade to v2, as written', async () => {
    const { dir, cleanup } = await tempDir('sdkd-readme-cosmovisor-')
    cleanups.push(cleanup)
    const actions = readmeActions(join(ROOT, PAGE), 'cosmovisor')
    expect(actions.map((a) => a.kind)).toEqual(['run', 'terminal', 'run', 'run'])
    await runWalkthrough({
      dir,
      page: PAGE,
      actions,
      terminals,
      env: {
        PATH: `${dirname(COSMOVISOR.path!)}:${process.env.PATH}`,
        COSMOVISOR_COLOR_LOGS: 'false',
      },
      stopped(t, _code, context) {
        const out = t.output()
        // cosmovisor does not trap SIGINT (it dies by it); the node in its group stops cleanly.
        expect(out, context).toMatch(/INFO: stopped cleanly height=\d+/)
        // The walkthrough's upgrade, as cosmovisor logged it.
        for (const line of [
          / INF running app args=\["devnet","--upgrade-halt","wait"\] module=cosmovisor path=\S+\/cosmovisor\/genesis\/bin\/sdkd$/m,
          / INF daemon shutting down in an attempt to restart module=cosmovisor$/m,
          / INF backup completed .*backup saved at=\S+\/data-backup-\d{4}-\d{1,2}-\d{1,2} /m,
          / INF pre-upgrade successful\. continuing the upgrade\. module=cosmovisor$/m,
          / INF upgrade detected, relaunching app=sdkd module=cosmovisor$/m,
          / INF running app args=\["devnet","--upgrade-halt","wait"\] module=cosmovisor path=\S+\/cosmovisor\/upgrades\/v2\/bin\/sdkd$/m,
        ])
          expect(out, context).toMatch(line)
      },
    })
  }, 300_000)
})
