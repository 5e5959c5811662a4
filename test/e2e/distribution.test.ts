import * as grpc from '@grpc/grpc-js'
import { beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { type DevnetHome, type RunningNode, rest, txOk } from '../helpers/devnet.js'
import {
  boundPorts,
  getJson,
  heightAtLeast,
  LOOPBACK_PORTS,
  runSdkd,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * x/distribution as a client sees it on a real devnet of four validators (`init --devnet
 * --validators 4`): every Query route over REST, gRPC and the CLI at a past height (the height
 * header), the refusals with upstream's codes and texts, and `sdkd tx distribution …` moving coins
 * exactly as its events say.
 */

const HEADER = 'x-sdk-block-height'
const D = '/sdk/distribution/v1beta1'
const cleanups = cleanupAfterAll()
let home: DevnetHome
let node: RunningNode
let grpcAddress: string
let alice: string
let bob: string
let val1: string
let val2: string
let val1Account: string
/** A height at which alice's and bob's delegations have earned for a few blocks. */
let past: number

const valoper = (account: string) => addressToBech32(bech32ToAddress(account), 'sdkvaloper')
/** A DecCoin amount of the gateway (`1.500000000000000000`) as gRPC carries it (the scaled integer). */
const atomics = (dec: string) => BigInt(dec.replace('.', '')).toString()
const decAmount = (coins: { denom: string; amount: string }[], denom = 'stake') =>
  BigInt(atomics(coins.find((c) => c.denom === denom)?.amount ?? '0'))

/**
 * A gateway answer in the form gRPC carries it, for comparison: LegacyDec texts as their scaled
 * integers, and the values proto3 leaves off the wire (null, false, 0, empty text) left out.
 */
function wireForm(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(wireForm)
  if (typeof v === 'string') return /^\d+\.\d{18}$/.test(v) ? atomics(v) : v
  if (v === null || typeof v !== 'object') return v
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64')
  return Object.fromEntries(
    Object.entries(v)
      .map(([k, x]) => [k, wireForm(x)] as const)
      .filter(([, x]) => x !== null && x !== false && x !== '0' && x !== '' && x !== undefined),
  )
}

/** A REST GET at a height: status, body and the height the node says it answered at. */
async function restAt(path: string, height = past) {
  const r = await getJson(`${node.api}${path}`, { headers: { [HEADER]: String(height) } })
  return { status: r.status, body: r.body, height: r.headers.get(HEADER) }
}

/** A unary gRPC call at a height, encoded with the node's own proto types. */
async function grpcAt(method: string, request: Record<string, unknown>, height = past) {
  const registry = protoRegistry()
  const [service, name] = method.split('/') as [string, string]
  const m = registry.service(service).methods[name]!
  m.resolve()
  const req = m.resolvedRequestType!
  const res = m.resolvedResponseType!
  const client = new grpc.Client(grpcAddress, grpc.credentials.createInsecure())
  try {
    return await new Promise<{ body: any; height: unknown }>((resolve, reject) => {
      let answered: unknown
      const md = new grpc.Metadata()
      md.set(HEADER, String(height))
      const call = client.makeUnaryRequest(
        `/${method}`,
        (r: object) => Buffer.from(req.encode(req.fromObject(r)).finish()),
        (b: Buffer) => res.toObject(res.decode(b), { longs: String, arrays: true }),
        request,
        md,
        (err, body) => (err ? reject(err) : resolve({ body, height: answered })),
      )
      call.on('metadata', (meta) => {
        answered = meta.get(HEADER)[0]
      })
    })
  } finally {
    client.close()
  }
}

/** `sdkd query distribution …` at a height, its JSON output. */
async function cli(args: string[], height = past) {
  const r = await runSdkd([
    'query',
    'distribution',
    ...args,
    '--node',
    node.rpc,
    '--height',
    String(height),
    '-o',
    'json',
  ])
  return { code: r.code, stderr: r.stderr, body: r.code === 0 ? JSON.parse(r.stdout) : undefined }
}

async function stake(address: string, height?: number): Promise<bigint> {
  const path = `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`
  const body = height === undefined ? await rest(node, path) : (await restAt(path, height)).body
  return BigInt(body.balance.amount)
}

function events(res: Record<string, any>, type: string): Record<string, string>[] {
  return (res.events as { type: string; attributes: { key: string; value: string }[] }[])
    .filter((e) => e.type === type)
    .map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])))
}

/** The stake amount of a `withdraw_rewards` / `withdraw_commission` event (`""` or `0stake` → 0). */
const eventStake = (amount: string | undefined) =>
  BigInt(/^(\d+)stake/.exec(amount ?? '')?.[1] ?? 0)

beforeAll(async () => {
  const { dir, cleanup } = await tempDir('sdkd-distribution-')
  cleanups.push(cleanup)
  const init = await runSdkd([
    '--home',
    dir,
    'init',
    'node0',
    '--devnet',
    '--chain-id',
    'distribution-e2e',
    '--validators',
    '4',
    '--powers',
    '40,30,20,10',
  ])
  expect(init.code, init.stderr).toBe(0)
  const accounts: DevnetHome['accounts'] = {}
  let name = ''
  for (const line of init.stdout.split('\n')) {
    const n = /^- name: (\S+)/.exec(line)
    if (n) name = n[1]!
    const a = /^ {2}address: (\S+)/.exec(line)
    if (a) accounts[name] = { address: a[1]!, mnemonic: '' }
  }
  home = { dir, chainId: 'distribution-e2e', accounts, cleanup }
  alice = accounts.alice!.address
  bob = accounts.bob!.address
  val1Account = accounts.validator1!.address
  val1 = valoper(val1Account)
  val2 = valoper(accounts.validator2!.address)

  const p = startSdkd([
    '--home',
    dir,
    'start',
    ...LOOPBACK_PORTS,
    '--grpc.address',
    '127.0.0.1:0',
    '--instrumentation.prometheus=false',
    '--timeout-commit',
    '200ms',
  ])
  cleanups.push(() => p.stop())
  const ports = await boundPorts(p, { api: true, grpc: true })
  await p.waitForLog((l) => l.msg === 'committed block')
  node = {
    p,
    rpcPort: ports.rpcPort,
    apiPort: ports.apiPort!,
    rpc: `tcp://127.0.0.1:${ports.rpcPort}`,
    api: `http://127.0.0.1:${ports.apiPort}`,
  }
  grpcAddress = `127.0.0.1:${ports.grpcPort}`

  await txOk(home, node, ['staking', 'delegate', val1, '5000000stake'], 'alice')
  await txOk(home, node, ['staking', 'delegate', val2, '3000000stake'], 'alice')
  const last = await txOk(home, node, ['staking', 'delegate', val1, '2000000stake'], 'bob')
  past = Number(last.height) + 3
  await heightAtLeast(node.rpcPort, past + 1)
}, 120_000)

describe('distribution queries at a past height', () => {
  test('behavior: rewards of a delegation grow block by block; REST, gRPC and the CLI agree at the height asked', async () => {
    const path = `${D}/delegators/${alice}/rewards/${val1}`
    const r = await restAt(path)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.height).toBe(String(past))
    const now = decAmount(r.body.rewards)
    expect(now > 0n).toBe(true)
    expect(r.body.rewards[0].amount).toMatch(/^\d+\.\d{18}$/)
    const before = decAmount((await restAt(path, past - 1)).body.rewards)
    expect(now > before).toBe(true)

    const g = await grpcAt('sdk.distribution.v1beta1.Query/DelegationRewards', {
      delegator_address: alice,
      validator_address: val1,
    })
    expect(g.height).toBe(String(past))
    expect(g.body.rewards).toEqual(
      r.body.rewards.map((c: any) => ({ denom: c.denom, amount: atomics(c.amount) })),
    )
    const c = await cli(['rewards-by-validator', alice, val1])
    expect(c.body).toEqual(r.body)
  })

  test('behavior: every route answers the same over gRPC as over REST at the height asked', async () => {
    const routes: [string, string, Record<string, unknown>][] = [
      ['Params', `${D}/params`, {}],
      ['ValidatorDistributionInfo', `${D}/validators/${val1}`, { validator_address: val1 }],
      [
        'ValidatorOutstandingRewards',
        `${D}/validators/${val1}/outstanding_rewards`,
        { validator_address: val1 },
      ],
      ['ValidatorCommission', `${D}/validators/${val1}/commission`, { validator_address: val1 }],
      [
        'ValidatorSlashes',
        `${D}/validators/${val1}/slashes?starting_height=1&ending_height=100`,
        { validator_address: val1, starting_height: 1, ending_height: 100 },
      ],
      [
        'DelegationRewards',
        `${D}/delegators/${alice}/rewards/${val1}`,
        { delegator_address: alice, validator_address: val1 },
      ],
      ['DelegationTotalRewards', `${D}/delegators/${alice}/rewards`, { delegator_address: alice }],
      ['DelegatorValidators', `${D}/delegators/${alice}/validators`, { delegator_address: alice }],
      [
        'DelegatorWithdrawAddress',
        `${D}/delegators/${alice}/withdraw_address`,
        { delegator_address: alice },
      ],
      ['CommunityPool', `${D}/community_pool`, {}],
    ]
    for (const [method, path, request] of routes) {
      const r = await restAt(path)
      expect(r.status, path).toBe(200)
      expect(r.height, path).toBe(String(past))
      const g = await grpcAt(`sdk.distribution.v1beta1.Query/${method}`, request)
      expect(g.height, method).toBe(String(past))
      expect(wireForm(g.body), method).toEqual(wireForm(r.body))
    }
  })

  test('behavior: total rewards, the delegator validators and withdraw address, per delegator', async () => {
    const total = await restAt(`${D}/delegators/${alice}/rewards`)
    expect(total.status).toBe(200)
    const byVal = Object.fromEntries(
      total.body.rewards.map((r: any) => [r.validator_address, r.reward]),
    )
    expect(Object.keys(byVal).sort()).toEqual([val1, val2].sort())
    expect(decAmount(total.body.total)).toBe(decAmount(byVal[val1]) + decAmount(byVal[val2]))
    expect((await cli(['rewards', alice])).body).toEqual(total.body)

    const vals = await restAt(`${D}/delegators/${alice}/validators`)
    expect([...vals.body.validators].sort()).toEqual([val1, val2].sort())
    expect(
      (await cli(['delegator-validators', '--delegator-address', alice])).body.validators.sort(),
    ).toEqual([val1, val2].sort())
    expect((await restAt(`${D}/delegators/${alice}/withdraw_address`)).body).toEqual({
      withdraw_address: alice,
    })
    const g = await grpcAt('sdk.distribution.v1beta1.Query/DelegatorWithdrawAddress', {
      delegator_address: alice,
    })
    expect(g.body).toEqual({ withdraw_address: alice })
  })

  test('behavior: a validator: distribution info, outstanding rewards, commission, slashes', async () => {
    const info = await restAt(`${D}/validators/${val1}`)
    expect(info.status).toBe(200)
    expect(info.body.operator_address).toBe(val1Account)
    expect(decAmount(info.body.self_bond_rewards) > 0n).toBe(true)
    const commission = await restAt(`${D}/validators/${val1}/commission`)
    expect(commission.body.commission.commission).toEqual(info.body.commission)
    expect(decAmount(info.body.commission) > 0n).toBe(true)
    const outstanding = await restAt(`${D}/validators/${val1}/outstanding_rewards`)
    // Outstanding rewards hold the commission and every delegator's rewards not yet withdrawn.
    expect(decAmount(outstanding.body.rewards.rewards)).toBeGreaterThan(
      decAmount(info.body.commission) + decAmount(info.body.self_bond_rewards),
    )
    expect((await cli(['validator-outstanding-rewards', val1])).body).toEqual(outstanding.body)
    expect((await cli(['commission', val1])).body).toEqual(commission.body)
    expect((await cli(['validator-distribution-info', val1])).body).toEqual(info.body)
    const g = await grpcAt('sdk.distribution.v1beta1.Query/ValidatorCommission', {
      validator_address: val1,
    })
    expect(g.height).toBe(String(past))
    expect(g.body.commission.commission).toEqual(
      info.body.commission.map((c: any) => ({ denom: c.denom, amount: atomics(c.amount) })),
    )
    const slashes = await restAt(
      `${D}/validators/${val1}/slashes?starting_height=1&ending_height=100`,
    )
    expect(slashes.body).toEqual({ slashes: [], pagination: { next_key: null, total: '0' } })
    expect((await cli(['slashes', val1, '1', '100'])).body).toEqual(slashes.body)
  })

  test('behavior: params and the community pool', async () => {
    const params = await restAt(`${D}/params`)
    expect(params.body).toEqual({
      params: {
        community_tax: '0.020000000000000000',
        base_proposer_reward: '0.000000000000000000',
        bonus_proposer_reward: '0.000000000000000000',
        withdraw_addr_enabled: true,
      },
    })
    expect((await cli(['params'])).body).toEqual(params.body)
    const pool = await restAt(`${D}/community_pool`)
    expect(pool.height).toBe(String(past))
    expect(decAmount(pool.body.pool) > 0n).toBe(true)
    expect(decAmount((await restAt(`${D}/community_pool`, past - 1)).body.pool)).toBeLessThan(
      decAmount(pool.body.pool),
    )
    expect((await cli(['community-pool'])).body).toEqual(pool.body)
  })

  test('behavior: refusals: bad address 400, unknown validator and missing delegation 404, slashes ending < starting 400', async () => {
    const bad = await restAt(`${D}/delegators/not-an-address/rewards`)
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe(3)
    const unknownVal = valoper(addressToBech32(new Uint8Array(20).fill(0x42)))
    const unknown = await restAt(`${D}/delegators/${alice}/rewards/${unknownVal}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 5 })
    expect(unknown.body.message).toContain('validator does not exist')
    const missing = await restAt(`${D}/delegators/${bob}/rewards/${val2}`)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toContain('no delegation for (address, validator) tuple')
    const slashes = await restAt(
      `${D}/validators/${val1}/slashes?starting_height=10&ending_height=1`,
    )
    expect(slashes.status).toBe(400)
    expect(slashes.body.message).toBe('starting height greater than ending height (10 > 1)')
    const max = '18446744073709551615'
    const top = await restAt(
      `${D}/validators/${val1}/slashes?starting_height=${max}&ending_height=${max}`,
    )
    expect(top.status).toBe(200)
    expect(top.body.slashes).toEqual([])
    const both = await restAt(
      `${D}/validators/${val1}/slashes?ending_height=1&pagination.offset=1&pagination.key=AA==`,
    )
    expect(both.status).toBe(400)
    expect(both.body.message).toBe('invalid request, either offset or key is expected, got both')
    await expect(
      grpcAt('sdk.distribution.v1beta1.Query/DelegationRewards', {
        delegator_address: bob,
        validator_address: val2,
      }),
    ).rejects.toMatchObject({ code: 5 })
    const c = await cli(['rewards-by-validator', bob, val2])
    expect(c.code).toBe(1)
    expect(c.stderr).toContain('no delegation for (address, validator) tuple')
    const badArg = await cli(['commission', alice])
    expect(badArg.code).not.toBe(0)
    expect(badArg.stderr).toContain(
      `invalid argument "${alice}" for "--0" flag: invalid account address or key name: hrp does not match bech32 prefix`,
    )
  })
})

describe('sdkd tx distribution', () => {
  test('behavior: withdraw-rewards raises the balance by exactly the withdrawn reward', async () => {
    const res = await txOk(home, node, ['distribution', 'withdraw-rewards', val1], 'alice')
    const [w] = events(res, 'withdraw_rewards')
    expect(w).toMatchObject({ validator: val1, delegator: alice })
    const amount = eventStake(w!.amount)
    expect(amount > 0n).toBe(true)
    const h = Number(res.height)
    expect((await stake(alice, h)) - (await stake(alice, h - 1))).toBe(amount)
  })

  test('behavior: set-withdraw-addr redirects later rewards to the new address', async () => {
    const carol = addressToBech32(new Uint8Array(20).fill(0x43))
    await txOk(home, node, ['distribution', 'set-withdraw-addr', carol], 'bob')
    expect(await rest(node, `${D}/delegators/${bob}/withdraw_address`)).toEqual({
      withdraw_address: carol,
    })
    const res = await txOk(home, node, ['distribution', 'withdraw-rewards', val1], 'bob')
    const amount = eventStake(events(res, 'withdraw_rewards')[0]!.amount)
    expect(amount > 0n).toBe(true)
    const h = Number(res.height)
    expect((await stake(carol, h)) - (await stake(carol, h - 1))).toBe(amount)
    expect(await stake(bob, h)).toBe(await stake(bob, h - 1))
  })

  test('behavior: withdraw-all-rewards withdraws from every validator in one tx, or one tx per --max-msgs', async () => {
    const one = await txOk(home, node, ['distribution', 'withdraw-all-rewards'], 'alice')
    expect(
      events(one, 'withdraw_rewards')
        .map((e) => e.validator)
        .sort(),
    ).toEqual([val1, val2].sort())
    const r = await runSdkd([
      '--home',
      home.dir,
      'tx',
      'distribution',
      'withdraw-all-rewards',
      '--max-msgs',
      '1',
      '--from',
      'alice',
      '--keyring-backend',
      'test',
      '--node',
      node.rpc,
      '--yes',
      '--wait',
      '-o',
      'json',
    ])
    expect(r.code, r.stderr).toBe(0)
    const txs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(txs.map((t) => t.code)).toEqual([0, 0])
    expect(txs.map((t) => events(t, 'withdraw_rewards').length)).toEqual([1, 1])
  })

  test('behavior: withdraw-rewards --commission also withdraws the operator commission', async () => {
    const res = await txOk(
      home,
      node,
      ['distribution', 'withdraw-rewards', val1, '--commission'],
      'validator1',
    )
    const rewards = eventStake(events(res, 'withdraw_rewards')[0]!.amount)
    const commission = eventStake(events(res, 'withdraw_commission')[0]!.amount)
    expect(commission > 0n).toBe(true)
    const h = Number(res.height)
    expect((await stake(val1Account, h)) - (await stake(val1Account, h - 1))).toBe(
      rewards + commission,
    )
  })

  test('behavior: fund-community-pool grows the pool by the amount (plus the block tax); fund-validator-rewards-pool the outstanding rewards', async () => {
    const res = await txOk(
      home,
      node,
      ['distribution', 'fund-community-pool', '1000000stake'],
      'alice',
    )
    const h = Number(res.height)
    expect((await stake(alice, h - 1)) - (await stake(alice, h))).toBe(1_000_000n)
    const pool = async (height: number) =>
      decAmount((await restAt(`${D}/community_pool`, height)).body.pool)
    const growth = (await pool(h)) - (await pool(h - 1))
    expect(growth >= 1_000_000n * 10n ** 18n).toBe(true)
    // The rest of the growth is the block's community tax, far below the funded amount.
    expect(growth < 2_000_000n * 10n ** 18n).toBe(true)

    const dep = await txOk(
      home,
      node,
      ['distribution', 'fund-validator-rewards-pool', val2, '500000stake'],
      'alice',
    )
    const d = Number(dep.height)
    const outstanding = async (height: number) =>
      decAmount(
        (await restAt(`${D}/validators/${val2}/outstanding_rewards`, height)).body.rewards.rewards,
      )
    expect((await outstanding(d)) - (await outstanding(d - 1)) >= 500_000n * 10n ** 18n).toBe(true)
  })

  test('behavior: bad arguments are refused before anything is signed', async () => {
    const run = (args: string[]) =>
      runSdkd([
        '--home',
        home.dir,
        'tx',
        'distribution',
        ...args,
        '--from',
        'alice',
        '--keyring-backend',
        'test',
        '--node',
        node.rpc,
        '--yes',
      ])
    const coins = await run(['fund-community-pool', 'lots'])
    expect(coins.code).toBe(1)
    expect(coins.stderr).toContain('lots')
    const val = await run(['withdraw-rewards', alice])
    expect(val.code).toBe(1)
    expect(val.stderr).toMatch(/^Error: .*prefix/m)
    const bad = await runSdkd([
      '--home',
      home.dir,
      'tx',
      'distribution',
      'withdraw-all-rewards',
      '--from',
      'alice',
      '--keyring-backend',
      'test',
      '--offline',
      '--generate-only',
    ])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('cannot generate tx in offline mode')
  })
})
