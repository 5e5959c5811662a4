import { beforeAll, describe, expect, test } from 'vitest'
import { type DevnetHome, devnetForTests, heightOf, type RunningNode } from '../helpers/devnet.js'
import { getJson, runSdkd } from '../helpers/sdkd.js'

/**
 * The query commands upstream's autocli has for x/bank's balance, supply, params and send-enabled
 * entries, x/auth's accounts, module accounts and params, and x/gov's constitution: each printed
 * answer is the REST gateway's for the same method at the same height (a second way to the state).
 */

const devnet = devnetForTests('query-more')
let home: DevnetHome
let node: RunningNode
/** A committed height both ways read at (x/mint changes the supply at every block). */
let height: number

beforeAll(async () => {
  ;({ home, node } = devnet)
  height = await heightOf(node)
}, 60_000)

async function cli(...args: string[]): Promise<unknown> {
  const r = await runSdkd([
    '--home',
    home.dir,
    'query',
    ...args,
    '--node',
    node.rpc,
    '--height',
    String(height),
    '-o',
    'json',
  ])
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0)
  return JSON.parse(r.stdout)
}

async function gateway(path: string): Promise<unknown> {
  const r = await getJson(`${node.api}${path}`, {
    headers: { 'x-sdk-block-height': String(height) },
  })
  expect(r.status, path).toBe(200)
  return r.body
}

describe('sdkd query bank, auth, gov and params: the rest of upstream autocli commands', () => {
  test('behavior: each prints what the gateway answers for the same method and height', async () => {
    const alice = home.accounts.alice!.address
    const pairs: [string[], string][] = [
      [
        ['bank', 'balance', alice, 'token'],
        `/sdk/bank/v1beta1/balances/${alice}/by_denom?denom=token`,
      ],
      [['bank', 'total-supply'], '/sdk/bank/v1beta1/supply'],
      [['bank', 'total', '--page-limit', '1'], '/sdk/bank/v1beta1/supply?pagination.limit=1'],
      [['bank', 'total-supply-of', 'stake'], '/sdk/bank/v1beta1/supply/by_denom?denom=stake'],
      [['bank', 'params'], '/sdk/bank/v1beta1/params'],
      [['bank', 'send-enabled'], '/sdk/bank/v1beta1/send_enabled'],
      [
        ['bank', 'send-enabled', 'stake', 'token'],
        '/sdk/bank/v1beta1/send_enabled?denoms=stake&denoms=token',
      ],
      [['auth', 'accounts', '--page-limit', '3'], '/sdk/auth/v1beta1/accounts?pagination.limit=3'],
      [['auth', 'module-accounts'], '/sdk/auth/v1beta1/module_accounts'],
      [['auth', 'params'], '/sdk/auth/v1beta1/params'],
      [['gov', 'constitution'], '/sdk/gov/v1/constitution'],
      [['params', 'subspaces'], '/sdk/params/v1beta1/subspaces'],
      [
        ['params', 'subspace', 'staking', 'MaxValidators'],
        '/sdk/params/v1beta1/params?subspace=staking&key=MaxValidators',
      ],
    ]
    for (const [args, path] of pairs)
      expect(await cli(...args), args.join(' ')).toEqual(await gateway(path))
    // What the answers hold, not only that they agree.
    const supply = (await cli('bank', 'total-supply-of', 'stake')) as { amount: { amount: string } }
    expect(BigInt(supply.amount.amount)).toBeGreaterThan(0n)
    const modules = (await cli('auth', 'module-accounts')) as { accounts: { name: string }[] }
    expect(modules.accounts.map((a) => a.name)).toContain('fee_collector')
    const accounts = (await cli('auth', 'accounts', '--page-limit', '3')) as { accounts: unknown[] }
    expect(accounts.accounts).toHaveLength(3)
    const subspaces = (await cli('params', 'subspaces')) as {
      subspaces: { subspace: string; keys: string[] }[]
    }
    expect(subspaces.subspaces.map((x) => x.subspace)).toEqual([
      'auth',
      'bank',
      'baseapp',
      'gov',
      'staking',
    ])
    expect(subspaces.subspaces.at(-1)!.keys).toContain('MaxValidators')
    expect(await cli('params', 'subspace', 'staking', 'MaxValidators')).toEqual({
      param: { subspace: 'staking', key: 'MaxValidators', value: '100' },
    })
  })

  test('error: an unknown subspace is refused with x/params’s error', async () => {
    const r = await runSdkd([
      '--home',
      home.dir,
      'query',
      'params',
      'subspace',
      'nope',
      'x',
      '--node',
      node.rpc,
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('nope: unknown subspace')
  })

  test('behavior: text output is YAML, as upstream', async () => {
    const r = await runSdkd(['--home', home.dir, 'query', 'bank', 'params', '--node', node.rpc])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe('params:\n  default_send_enabled: true\n  send_enabled: []\n')
  })
})
