import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { initHome, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd genesis bulk-add-genesis-account <file.json>`, as upstream's: the same genesis as adding
 * each account with `add-genesis-account`, `--append`, and a refused file changing nothing.
 */

const cleanups = cleanupAfterAll()
const ALICE = 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn'
const BOB = 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34'

async function home(): Promise<string> {
  const t = await tempDir('sdkd-genesis-bulk-')
  cleanups.push(t.cleanup)
  await initHome(t.dir, ['--chain-id', 'bulk-1'])
  return t.dir
}

const genesisOf = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))

describe('sdkd genesis bulk-add-genesis-account', () => {
  test('behavior: the accounts of the file, as add-genesis-account adds them one by one', async () => {
    const bulk = await home()
    const file = join(bulk, 'accounts.json')
    await writeFile(
      file,
      JSON.stringify([
        {
          address: ALICE,
          coins: [
            { denom: 'stake', amount: '100' },
            { denom: 'token', amount: '5' },
          ],
        },
        {
          address: BOB,
          coins: [{ denom: 'stake', amount: '50' }],
          vesting_amt: [{ denom: 'stake', amount: '20' }],
          vesting_start: 1700000000,
          vesting_end: 1800000000,
        },
      ]),
    )
    const r = await runSdkd(['--home', bulk, 'genesis', 'bulk-add-genesis-account', file])
    expect(r.code, r.stderr).toBe(0)

    const single = await home()
    const add = (...args: string[]) =>
      runSdkd(['--home', single, 'genesis', 'add-genesis-account', ...args])
    expect((await add(ALICE, '100stake,5token')).code).toBe(0)
    expect(
      (
        await add(
          BOB,
          '50stake',
          '--vesting-amount',
          '20stake',
          '--vesting-start-time',
          '1700000000',
          '--vesting-end-time',
          '1800000000',
        )
      ).code,
    ).toBe(0)
    const [a, b] = [await genesisOf(bulk), await genesisOf(single)]
    expect(a.app_state.auth.accounts).toEqual(b.app_state.auth.accounts)
    expect(a.app_state.bank).toEqual(b.app_state.bank)
    expect(a.app_state.auth.accounts.map((x: { '@type': string }) => x['@type'])).toEqual([
      '/sdk.auth.v1beta1.BaseAccount',
      '/sdk.vesting.v1beta1.ContinuousVestingAccount',
    ])
    const valid = await runSdkd(['--home', bulk, 'genesis', 'validate-genesis'])
    expect(valid.code, valid.stderr).toBe(0)

    // Again: refused as a whole; with --append every balance doubles.
    const again = await runSdkd(['--home', bulk, 'genesis', 'bulk-add-genesis-account', file])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(`Error: cannot add account at existing address ${ALICE}\n`)
    const appended = await runSdkd([
      '--home',
      bulk,
      'genesis',
      'bulk-add-genesis-account',
      file,
      '--append',
    ])
    expect(appended.code, appended.stderr).toBe(0)
    expect((await genesisOf(bulk)).app_state.bank.balances).toEqual([
      {
        address: ALICE,
        coins: [
          { denom: 'stake', amount: '200' },
          { denom: 'token', amount: '10' },
        ],
      },
      { address: BOB, coins: [{ denom: 'stake', amount: '100' }] },
    ])
  })

  test('error: a bad address, bad coins, a module account or a missing file change nothing', async () => {
    const dir = await home()
    const before = await readFile(join(dir, 'config/genesis.json'), 'utf8')
    const cases: [unknown, string][] = [
      [
        [
          { address: ALICE, coins: [] },
          { address: 'nope', coins: [] },
        ],
        'failed to parse account address nope: decoding bech32 failed: invalid bech32 string length 4',
      ],
      [
        [{ address: ALICE, coins: [{ denom: 'stake', amount: 'x' }] }],
        'failed to decode JSON: account 0 coins: invalid decimal coin expression: xstake: invalid coins',
      ],
      [
        [{ address: ALICE, coins: [], module_name: 'gov' }],
        `account 0 (${ALICE}): module accounts (module_name) are not supported: a module's account is made when its module starts`,
      ],
      [{ address: ALICE }, 'failed to decode JSON: expected an array of accounts'],
    ]
    for (const [content, message] of cases) {
      const file = join(dir, 'accounts.json')
      await writeFile(file, JSON.stringify(content))
      const r = await runSdkd(['--home', dir, 'genesis', 'bulk-add-genesis-account', file])
      expect(r.code, message).toBe(1)
      expect(r.stderr).toBe(`Error: ${message}\n`)
    }
    const missing = await runSdkd([
      '--home',
      dir,
      'genesis',
      'bulk-add-genesis-account',
      join(dir, 'none.json'),
    ])
    expect(missing.stderr).toMatch(/^Error: failed to open file: ENOENT/)
    expect(await readFile(join(dir, 'config/genesis.json'), 'utf8')).toBe(before)
  })
})
