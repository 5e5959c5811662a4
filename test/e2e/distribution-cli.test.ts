import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd tx distribution …` and `sdkd query distribution …` without a node: the messages each tx
 * command builds (`--generate-only` prints the unsigned tx) and the argument checks made before
 * anything is sent. The commands against a running chain are in distribution.test.ts.
 */

const ACCOUNT = 'sdk1hwrhfuwd766u9elx59546p5xhe5yzwdnfx06qd'
const VALOPER = 'sdkvaloper1hwrhfuwd766u9elx59546p5xhe5yzwdnzzuuxd'
const OTHER = 'sdk1dnyjr4yxuhcn9c6wzcmuhf00cdfn8m898l44ga'
const cleanups = cleanupAfterAll()

async function sdkd(args: string[]) {
  const { dir, cleanup } = await tempDir('sdkd-distribution-cli-')
  cleanups.push(cleanup)
  return runSdkd(['--home', dir, ...args])
}

/** The messages of the unsigned tx a `tx distribution` command prints with --generate-only. */
async function generated(args: string[]) {
  const r = await sdkd(['tx', 'distribution', ...args, '--from', ACCOUNT, '--generate-only'])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout).body.messages
}

describe('sdkd tx distribution --generate-only', () => {
  test('behavior: withdraw-rewards builds MsgWithdrawDelegatorReward, and MsgWithdrawValidatorCommission with --commission', async () => {
    const reward = {
      '@type': '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward',
      delegator_address: ACCOUNT,
      validator_address: VALOPER,
    }
    expect(await generated(['withdraw-rewards', VALOPER])).toEqual([reward])
    expect(await generated(['withdraw-rewards', VALOPER, '--commission'])).toEqual([
      reward,
      {
        '@type': '/sdk.distribution.v1beta1.MsgWithdrawValidatorCommission',
        validator_address: VALOPER,
      },
    ])
  })

  test('behavior: set-withdraw-addr, fund-community-pool and fund-validator-rewards-pool', async () => {
    expect(await generated(['set-withdraw-addr', OTHER])).toEqual([
      {
        '@type': '/sdk.distribution.v1beta1.MsgSetWithdrawAddress',
        delegator_address: ACCOUNT,
        withdraw_address: OTHER,
      },
    ])
    expect(await generated(['fund-community-pool', '5token,100stake'])).toEqual([
      {
        '@type': '/sdk.distribution.v1beta1.MsgFundCommunityPool',
        amount: [
          { denom: 'stake', amount: '100' },
          { denom: 'token', amount: '5' },
        ],
        depositor: ACCOUNT,
      },
    ])
    expect(await generated(['fund-validator-rewards-pool', VALOPER, '7stake'])).toEqual([
      {
        '@type': '/sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool',
        depositor: ACCOUNT,
        validator_address: VALOPER,
        amount: [{ denom: 'stake', amount: '7' }],
      },
    ])
  })

  test('behavior: bad arguments are refused with a clear error before anything is built', async () => {
    const cases: [string[], string][] = [
      [['withdraw-rewards', ACCOUNT], "hrp does not match bech32 prefix: expected 'sdkvaloper'"],
      [['fund-community-pool', 'lots'], 'invalid decimal coin expression: lots'],
      [['fund-validator-rewards-pool', VALOPER, '0stake,'], 'invalid'],
      [['set-withdraw-addr', 'nobody'], 'decoding bech32 failed'],
      [['withdraw-all-rewards', '--offline'], 'cannot generate tx in offline mode'],
      [['withdraw-all-rewards', '--max-msgs', '-1'], "option '--max-msgs <n>' argument '-1'"],
    ]
    for (const [args, text] of cases) {
      const r = await sdkd(['tx', 'distribution', ...args, '--from', ACCOUNT, '--generate-only'])
      expect(r.code, args.join(' ')).not.toBe(0)
      expect(r.stderr, args.join(' ')).toContain(text)
      expect(r.stdout).toBe('')
    }
  })
})

describe('sdkd query distribution', () => {
  test('behavior: arguments are checked before any query: addresses, heights, the delegator flag', async () => {
    const cases: [string[], string][] = [
      // As autocli's address flag: a key name or a bech32 address, named by position or flag.
      [
        ['commission', ACCOUNT],
        `Error: invalid argument "${ACCOUNT}" for "--0" flag: invalid account address or key name: hrp does not match bech32 prefix: expected 'sdkvaloper' got 'sdk': internal logic error`,
      ],
      [
        ['rewards', VALOPER],
        `Error: invalid argument "${VALOPER}" for "--0" flag: invalid account address or key name: hrp does not match bech32 prefix: expected 'sdk' got 'sdkvaloper': internal logic error`,
      ],
      [['slashes', VALOPER, '1', 'x'], 'strconv.ParseUint: parsing "x": invalid syntax'],
      [
        ['slashes', VALOPER, '0', '18446744073709551616'],
        'strconv.ParseUint: parsing "18446744073709551616": value out of range',
      ],
      [['delegator-validators'], 'Error: required flag(s) "delegator-address" not set'],
      [
        ['delegator-withdraw-address', '--delegator-address', 'x'],
        'Error: invalid argument "x" for "--delegator-address" flag: invalid account address or key name: decoding bech32 failed: invalid bech32 string length 1',
      ],
    ]
    for (const [args, text] of cases) {
      const r = await sdkd(['query', 'distribution', ...args, '--node', 'tcp://127.0.0.1:9'])
      expect(r.code, args.join(' ')).not.toBe(0)
      expect(r.stderr, args.join(' ')).toContain(text)
    }
  })

  test('behavior: the commands are upstream autocli names', async () => {
    const r = await sdkd(['query', 'distribution', '--help'])
    for (const name of [
      'params',
      'validator-distribution-info',
      'validator-outstanding-rewards',
      'commission',
      'slashes',
      'rewards-by-validator',
      'rewards',
      'delegator-validators',
      'delegator-withdraw-address',
      'community-pool',
    ])
      expect(r.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'))
  })
})
