import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32 } from '../../src/codec/address.js'
import { formatRfc3339 } from '../../src/codec/time.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { getJson, rpcCall, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Vesting accounts (upstream x/auth/vesting v0.50) on a devnet whose genesis makes account3 a
 * continuous and account4 a delayed vesting account of their whole token balance over 1000 s from
 * the genesis time: spendable balances follow the block time (set through the dev API), a send
 * over the spendable amount is refused with upstream's text, the account query answers the vesting
 * type (kept across sequence changes), and `tx vesting create-vesting-account` creates both kinds.
 */

const TOKEN = 1_000_000_000n
const cleanups = cleanupAfterAll()
let home: DevnetHome
let node: RunningNode
/** The genesis time in Unix seconds: the vesting start. */
let start: bigint
let continuous: string
let delayed: string
/** A delayed vesting account of half its stake, which delegates. */
let staker: string
const LOCKED_STAKE = 50_000_000_000_000n

/** A vesting account JSON wrapping a genesis BaseAccount, as upstream's account query shows it. */
function vestingJson(base: object, kind: 'Continuous' | 'Delayed', end: bigint) {
  return {
    '@type': `/sdk.vesting.v1beta1.${kind}VestingAccount`,
    base_vesting_account: {
      base_account: base,
      original_vesting: [{ denom: 'token', amount: String(TOKEN) }],
      delegated_free: [],
      delegated_vesting: [],
      end_time: String(end),
    },
    ...(kind === 'Continuous' ? { start_time: String(start) } : {}),
  }
}

/** Mines one block at `seconds` (Unix) through the dev API; its height. */
async function mineAt(seconds: bigint): Promise<number> {
  const time = formatRfc3339(seconds * 1_000_000_000n)
  const set = await rpcCall(node.rpcPort, 'dev_setNextBlockTime', { time })
  expect(set.error).toBeUndefined()
  const mined = await rpcCall(node.rpcPort, 'dev_mine', { blocks: 1 })
  expect(mined.error).toBeUndefined()
  return Number(mined.result.height)
}

async function spendable(address: string): Promise<string | undefined> {
  const { balances } = await rest(node, `/sdk/bank/v1beta1/spendable_balances/${address}`)
  return balances.find((c: { denom: string }) => c.denom === 'token')?.amount
}

async function account(address: string): Promise<any> {
  return (await rest(node, `/sdk/auth/v1beta1/accounts/${address}`)).account
}

beforeAll(async () => {
  home = await createDevnetHome('vesting-e2e')
  cleanups.push(home.cleanup)
  continuous = home.accounts.account3!.address
  delayed = home.accounts.account4!.address
  staker = home.accounts.account5!.address
  const file = join(home.dir, 'config/genesis.json')
  const g = JSON.parse(await readFile(file, 'utf8'))
  start = BigInt(Math.floor(Date.parse(g.genesis_time) / 1000))
  g.app_state.auth.accounts = g.app_state.auth.accounts.map((a: { address: string }) =>
    a.address === continuous
      ? vestingJson(a, 'Continuous', start + 1000n)
      : a.address === delayed
        ? vestingJson(a, 'Delayed', start + 1000n)
        : a.address === staker
          ? {
              ...vestingJson(a, 'Delayed', start + 100_000n),
              base_vesting_account: {
                ...vestingJson(a, 'Delayed', start + 100_000n).base_vesting_account,
                original_vesting: [{ denom: 'stake', amount: String(LOCKED_STAKE) }],
              },
            }
          : a,
  )
  await writeFile(file, JSON.stringify(g, null, 2))
  node = await startDevnetNode(home, 'v2', '1h')
  cleanups.push(() => node.p.stop())
  expect((await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'manual' })).error).toBeUndefined()
}, 60_000)

describe('vesting accounts from genesis', () => {
  test('behavior: the account query answers the vesting account with its schedule', async () => {
    expect(await account(continuous)).toEqual(
      vestingJson(
        { address: continuous, pub_key: null, account_number: expect.any(String), sequence: '0' },
        'Continuous',
        start + 1000n,
      ),
    )
    expect((await account(delayed))['@type']).toBe('/sdk.vesting.v1beta1.DelayedVestingAccount')
  })

  test('behavior: spendable balances grow with the block time; balances do not', async () => {
    await mineAt(start + 250n)
    // A quarter of the time: 250000000token vested, the rest locked; delayed: all locked ("0").
    expect(await spendable(continuous)).toBe('250000000')
    expect(await spendable(delayed)).toBe('0')
    const { balances } = await rest(node, `/sdk/bank/v1beta1/balances/${continuous}`)
    expect(balances).toContainEqual({ denom: 'token', amount: String(TOKEN) })
    const byDenom = await rest(
      node,
      `/sdk/bank/v1beta1/spendable_balances/${continuous}/by_denom?denom=token`,
    )
    expect(byDenom.balance).toEqual({ denom: 'token', amount: '250000000' })
    await mineAt(start + 500n)
    expect(await spendable(continuous)).toBe('500000000')
    expect(await spendable(delayed)).toBe('0')
  })

  test('error: a send over the spendable amount is refused with code 5; the account keeps vesting', async () => {
    expect(
      (await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'instant' })).error,
    ).toBeUndefined()
    const bob = home.accounts.bob!.address
    const refused = await tx(
      home,
      node,
      ['bank', 'send', 'account3', bob, '600000000token'],
      'account3',
    )
    expect(refused.code).toBe(5)
    expect(refused.codespace).toBe('sdk')
    expect(refused.raw_log).toMatch(
      /^failed to execute message; message index: 0: spendable balance 50\d{7}token is smaller than 600000000token: insufficient funds$/,
    )
    // The fee was paid (sequence 1) and the schedule survived the account's rewrite.
    const after = await account(continuous)
    expect(after['@type']).toBe('/sdk.vesting.v1beta1.ContinuousVestingAccount')
    expect(after.base_vesting_account.base_account.sequence).toBe('1')
    expect(after.base_vesting_account.original_vesting).toEqual([
      { denom: 'token', amount: String(TOKEN) },
    ])
    // The dashboard's account page reads the fields inside the vesting account.
    const page = await (await fetch(`${node.api}/dashboard/accounts/${continuous}`)).text()
    expect(page).toContain('<span data-testid="sequence">1</span>')
    expect(page).toContain('ContinuousVestingAccount')
    // What is spendable goes.
    await txOk(home, node, ['bank', 'send', 'account3', bob, '400000000token'], 'account3')
    const delayedSend = await tx(
      home,
      node,
      ['bank', 'send', 'account4', bob, '1token'],
      'account4',
    )
    expect(delayedSend.code).toBe(5)
    expect(delayedSend.raw_log).toContain('spendable balance 0token is smaller than 1token')
  })
})

describe('delegations of a vesting account', () => {
  test('behavior: delegated locked coins count as delegated vesting, and stop being locked', async () => {
    const { validators } = await rest(node, '/sdk/staking/v1beta1/validators')
    const operator = validators[0].operator_address
    // 60T stake: the 50T still vesting become delegated vesting, the other 10T delegated free.
    await txOk(home, node, ['staking', 'delegate', operator, '60000000000000stake'], 'account5')
    const after = (await account(staker)).base_vesting_account
    expect(after.delegated_vesting).toEqual([{ denom: 'stake', amount: String(LOCKED_STAKE) }])
    expect(after.delegated_free).toEqual([{ denom: 'stake', amount: '10000000000000' }])
    // Nothing is locked any more: the whole remaining balance is spendable.
    const { balances } = await rest(node, `/sdk/bank/v1beta1/balances/${staker}`)
    const { balances: free } = await rest(node, `/sdk/bank/v1beta1/spendable_balances/${staker}`)
    expect(free).toEqual(balances)
    // The devnet charges no fee: 100T − 60T delegated.
    expect(free).toContainEqual({ denom: 'stake', amount: '40000000000000' })
  })
})

describe('tx vesting create-vesting-account', () => {
  test('behavior: creates a continuous account from the block time, and a delayed one', async () => {
    const to = addressToBech32(new Uint8Array(20).fill(7))
    const end = start + 5000n
    const res = await txOk(
      home,
      node,
      ['vesting', 'create-vesting-account', to, '1000token', String(end)],
      'alice',
    )
    const made = await account(to)
    expect(made['@type']).toBe('/sdk.vesting.v1beta1.ContinuousVestingAccount')
    expect(made.base_vesting_account.original_vesting).toEqual([{ denom: 'token', amount: '1000' }])
    expect(made.base_vesting_account.end_time).toBe(String(end))
    // The start is the block's time, in Unix seconds.
    const block = await rest(node, `/sdk/base/tendermint/v1beta1/blocks/${res.height}`)
    expect(made.start_time).toBe(String(Math.floor(Date.parse(block.block.header.time) / 1000)))
    const actions = res.events
      .filter((e: { type: string }) => e.type === 'message')
      .flatMap((e: { attributes: { key: string; value: string }[] }) => e.attributes)
    expect(actions).toContainEqual(
      expect.objectContaining({
        key: 'action',
        value: '/sdk.vesting.v1beta1.MsgCreateVestingAccount',
      }),
    )
    expect(actions).toContainEqual(expect.objectContaining({ key: 'module', value: 'vesting' }))

    const later = addressToBech32(new Uint8Array(20).fill(8))
    await txOk(
      home,
      node,
      ['vesting', 'create-vesting-account', later, '5token', String(end), '--delayed'],
      'alice',
    )
    const dva = await account(later)
    expect(dva['@type']).toBe('/sdk.vesting.v1beta1.DelayedVestingAccount')
    expect(dva.start_time).toBeUndefined()
    expect(await spendable(later)).toBe('0')
  })

  test('error: an existing account and a bad end time are refused with upstream texts', async () => {
    const bob = home.accounts.bob!.address
    const exists = await tx(
      home,
      node,
      ['vesting', 'create-vesting-account', bob, '1token', String(start + 5000n)],
      'alice',
    )
    expect(exists.code).toBe(18)
    expect(exists.raw_log).toBe(
      `failed to execute message; message index: 0: account ${bob} already exists: invalid request`,
    )
    const to = addressToBech32(new Uint8Array(20).fill(9))
    const zero = await tx(
      home,
      node,
      ['vesting', 'create-vesting-account', to, '1token', '0'],
      'alice',
    )
    expect(zero.code).toBe(18)
    expect(zero.raw_log).toBe(
      'failed to execute message; message index: 0: invalid end time: invalid request',
    )
    const bad = await runSdkd([
      '--home',
      home.dir,
      'tx',
      'vesting',
      'create-vesting-account',
      to,
      '1token',
      'soon',
      '--from',
      'alice',
      '--keyring-backend',
      'test',
      '--node',
      node.rpc,
      '--yes',
    ])
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain('invalid end_time "soon": expected Unix seconds')
  })
})

describe('tx vesting create-permanent-locked-account and create-periodic-vesting-account', () => {
  test('behavior: a permanently locked account never vests; a periodic one vests period by period', async () => {
    const locked = addressToBech32(new Uint8Array(20).fill(10))
    const made = await txOk(
      home,
      node,
      ['vesting', 'create-permanent-locked-account', locked, '30token'],
      'alice',
    )
    const plva = await account(locked)
    expect(plva['@type']).toBe('/sdk.vesting.v1beta1.PermanentLockedAccount')
    expect(plva.base_vesting_account.original_vesting).toEqual([{ denom: 'token', amount: '30' }])
    expect(plva.base_vesting_account.end_time).toBe('0')
    await mineAt(start + 10_000_000n)
    expect(await spendable(locked)).toBe('0')
    expect(made.code).toBe(0)

    // Periods from the last block's time on: 10 token after 100 s, 20 more after 100 s more.
    const status = await getJson(`http://127.0.0.1:${node.rpcPort}/status`)
    const now = BigInt(
      Math.floor(Date.parse(status.body.result.sync_info.latest_block_time) / 1000),
    )
    const dir = await tempDir('sdkd-periods-')
    cleanups.push(dir.cleanup)
    const file = join(dir.dir, 'periods.json')
    await writeFile(
      file,
      JSON.stringify({
        start_time: Number(now),
        periods: [
          { coins: '10token', length_seconds: 100 },
          { coins: '20token', length_seconds: 100 },
        ],
      }),
    )
    const periodic = addressToBech32(new Uint8Array(20).fill(11))
    await txOk(home, node, ['vesting', 'create-periodic-vesting-account', periodic, file], 'alice')
    const pva = await account(periodic)
    expect(pva['@type']).toBe('/sdk.vesting.v1beta1.PeriodicVestingAccount')
    expect(pva.start_time).toBe(String(now))
    expect(pva.base_vesting_account.end_time).toBe(String(now + 200n))
    expect(pva.vesting_periods).toEqual([
      { length: '100', amount: [{ denom: 'token', amount: '10' }] },
      { length: '100', amount: [{ denom: 'token', amount: '20' }] },
    ])
    await mineAt(now + 99n)
    expect(await spendable(periodic)).toBe('0')
    await mineAt(now + 100n)
    expect(await spendable(periodic)).toBe('10')
    await mineAt(now + 200n)
    expect(await spendable(periodic)).toBe('30')
  })

  test('error: a period of length 0 and a start time of 0 are refused with upstream texts', async () => {
    const dir = await tempDir('sdkd-periods-')
    cleanups.push(dir.cleanup)
    const to = addressToBech32(new Uint8Array(20).fill(12))
    const write = async (name: string, body: object) => {
      const file = join(dir.dir, name)
      await writeFile(file, JSON.stringify(body))
      return file
    }
    const zeroLength = await tx(
      home,
      node,
      [
        'vesting',
        'create-periodic-vesting-account',
        to,
        await write('zero.json', {
          start_time: Number(start),
          periods: [{ coins: '1token', length_seconds: 0 }],
        }),
      ],
      'alice',
    )
    expect(zeroLength.code).toBe(18)
    expect(zeroLength.raw_log).toBe(
      'failed to execute message; message index: 0: invalid period length of 0 in period 0, length must be greater than 0: invalid request',
    )
    const noStart = await tx(
      home,
      node,
      [
        'vesting',
        'create-periodic-vesting-account',
        to,
        await write('nostart.json', { periods: [{ coins: '1token', length_seconds: 5 }] }),
      ],
      'alice',
    )
    expect(noStart.code).toBe(18)
    expect(noStart.raw_log).toBe(
      'failed to execute message; message index: 0: invalid start time of 0, length must be greater than 0: invalid request',
    )
    expect((await getJson(`${node.api}/sdk/auth/v1beta1/accounts/${to}`)).body.code).toBe(5)
  })
})

describe('genesis validation', () => {
  test('error: a continuous schedule ending before it starts is refused', async () => {
    const file = join(home.dir, 'config/genesis.json')
    const g = JSON.parse(await readFile(file, 'utf8'))
    const i = g.app_state.auth.accounts.findIndex(
      (a: { '@type': string }) => a['@type'] === '/sdk.vesting.v1beta1.ContinuousVestingAccount',
    )
    g.app_state.auth.accounts[i].start_time = String(start + 2000n)
    const bad = join(home.dir, 'bad-genesis.json')
    await writeFile(bad, JSON.stringify(g))
    const r = await runSdkd(['--home', home.dir, 'genesis', 'validate-genesis', bad])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain(
      `app_state.auth.accounts[${i}]: vesting start-time cannot be before end-time`,
    )
    expect(await getJson(`${node.api}/sdk/auth/v1beta1/accounts/${continuous}`)).toMatchObject({
      status: 200,
    })
  })
})

describe('genesis add-genesis-account --vesting-*', () => {
  test('behavior: continuous with a start and an end, delayed with an end; upstream refusals', async () => {
    const { dir, cleanup } = await tempDir('sdkd-vesting-')
    cleanups.push(cleanup)
    expect((await runSdkd(['--home', dir, 'init', 'n', '--chain-id', 'v'])).code).toBe(0)
    const add = (address: string, coins: string, ...flags: string[]) =>
      runSdkd(['--home', dir, 'genesis', 'add-genesis-account', address, coins, ...flags])
    const [a, b, c] = [1, 2, 3].map((n) => addressToBech32(new Uint8Array(20).fill(n)))
    const vest = ['--vesting-amount', '50stake']
    expect(
      (
        await add(
          a!,
          '100stake',
          ...vest,
          '--vesting-start-time',
          '1900000000',
          '--vesting-end-time',
          '2000000000',
        )
      ).code,
    ).toBe(0)
    expect((await add(b!, '100stake', ...vest, '--vesting-end-time', '2000000000')).code).toBe(0)
    const over = await add(c!, '10stake', ...vest, '--vesting-end-time', '2000000000')
    expect(over.code).not.toBe(0)
    expect(over.stderr).toContain('vesting amount cannot be greater than total amount')
    const noEnd = await add(c!, '100stake', ...vest, '--vesting-start-time', '5')
    expect(noEnd.stderr).toContain(
      'invalid vesting parameters; must supply start and end time or end time',
    )
    // An end before the start is refused here, not left for validate-genesis and the start to find.
    const endsFirst = ['--vesting-start-time', '100', '--vesting-end-time', '50']
    const backwards = await add(c!, '100stake', ...vest, ...endsFirst)
    expect(backwards.code).toBe(1)
    expect(backwards.stderr).toBe(
      'Error: failed to validate new genesis account: vesting start-time cannot be before end-time\n',
    )
    const g = JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))
    const base = (address: string) => ({
      address,
      pub_key: null,
      account_number: '0',
      sequence: '0',
    })
    const schedule = (address: string) => ({
      base_account: base(address),
      original_vesting: [{ denom: 'stake', amount: '50' }],
      delegated_free: [],
      delegated_vesting: [],
      end_time: '2000000000',
    })
    expect(g.app_state.auth.accounts).toEqual([
      {
        '@type': '/sdk.vesting.v1beta1.ContinuousVestingAccount',
        base_vesting_account: schedule(a!),
        start_time: '1900000000',
      },
      { '@type': '/sdk.vesting.v1beta1.DelayedVestingAccount', base_vesting_account: schedule(b!) },
    ])
    const valid = await runSdkd(['--home', dir, 'genesis', 'validate-genesis'])
    expect(valid.code).toBe(0)
  })
})
