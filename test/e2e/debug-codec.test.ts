import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd debug codec list-interfaces | list-implementations`, upstream's client/debug codec tools: the
 * app version's interface registry (what its reflection service answers) in the home's brand.
 */

const cleanups = cleanupAfterAll()

async function home(args: string[] = []): Promise<string> {
  const t = await tempDir('sdkd-debug-codec-')
  cleanups.push(t.cleanup)
  const r = await runSdkd(['--home', t.dir, 'init', 'node0', ...args])
  expect(r.code, r.stderr).toBe(0)
  return t.dir
}

const INTERFACES = [
  'auth.v1.ModuleCredential',
  'auth.v1beta1.AccountI',
  'auth.v1beta1.GenesisAccount',
  'base.v1beta1.Msg',
  'crypto.PrivKey',
  'crypto.PubKey',
  'evidence.v1beta1.Evidence',
  'gov.v1beta1.Content',
  'tx.v1beta1.MsgResponse',
  'tx.v1beta1.Tx',
  'tx.v1beta1.TxExtensionOptionI',
  'vesting.v1beta1.VestingAccount',
]

describe('sdkd debug codec', () => {
  test('behavior: list-interfaces prints every interface of the home brand, one a line; list-implementations the type URLs of one', async () => {
    for (const [brand, args] of [
      ['sdk', []],
      ['cosmos', ['--brand', 'cosmos']],
    ] as const) {
      const dir = await home([...args])
      const list = await runSdkd(['--home', dir, 'debug', 'codec', 'list-interfaces'])
      expect(list.code, list.stderr).toBe(0)
      expect(list.stdout).toBe(INTERFACES.map((i) => `${brand}.${i}\n`).join(''))
      const content = await runSdkd([
        '--home',
        dir,
        'debug',
        'codec',
        'list-implementations',
        `${brand}.gov.v1beta1.Content`,
      ])
      expect(content.code, content.stderr).toBe(0)
      expect(content.stdout).toBe(
        [
          `/${brand}.gov.v1beta1.TextProposal`,
          `/${brand}.upgrade.v1beta1.CancelSoftwareUpgradeProposal`,
          `/${brand}.upgrade.v1beta1.SoftwareUpgradeProposal`,
        ]
          .map((u) => `${u}\n`)
          .join(''),
      )
      const msgs = await runSdkd([
        '--home',
        dir,
        'debug',
        'codec',
        'list-implementations',
        `${brand}.base.v1beta1.Msg`,
      ])
      expect(msgs.stdout.split('\n')).toContain(`/${brand}.bank.v1beta1.MsgSend`)
      expect(msgs.stdout.split('\n')).toContain(`/${brand}.staking.v1beta1.MsgDelegate`)
    }
  })

  test('error: an unknown interface lists nothing (exit 0), as upstream; list-implementations needs its argument', async () => {
    const dir = await home()
    const none = await runSdkd(['--home', dir, 'debug', 'codec', 'list-implementations', 'nope'])
    expect(none).toMatchObject({ code: 0, stdout: '' })
    const missing = await runSdkd(['--home', dir, 'debug', 'codec', 'list-implementations'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^Error: accepts 1 arg\(s\), received 0\n/)
  })
})
