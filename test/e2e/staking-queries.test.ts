import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Decimal } from '@cosmjs/math'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import {
  QueryClient,
  SigningStargateClient,
  type StakingExtension,
  setupStakingExtension,
} from '@cosmjs/stargate'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import * as grpc from '@grpc/grpc-js'
import { MsgEditValidator } from 'cosmjs-types/cosmos/staking/v1beta1/tx'
import { beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { ed25519FromSeed, privValidatorKeyJson } from '../../src/config/validator-key.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import {
  boundPorts,
  devMine,
  LOOPBACK_PORTS,
  rpcCall,
  runSdkd,
  startSdkd,
} from '../helpers/sdkd.js'

/**
 * The staking, validator-set and legacy params routes against a real devnet node whose genesis has
 * three bonded validators and delegations to them (validator 0 of the devnet, and two more operated
 * by alice and bob), over REST, gRPC and the CLI, each at a past height (the height header).
 */

const PAST = 2
const HEADER = 'x-sdk-block-height'
/** Gateway JSON bodies, checked field by field. */
type Json = any
/** The operator address of an account's bytes, in the account's brand (`sdk1…` → `sdkvaloper1…`). */
const valoper = (account: string) => {
  const prefix = account.slice(0, account.lastIndexOf('1'))
  return addressToBech32(bech32ToAddress(account, prefix), `${prefix}valoper`)
}
const shares = (n: number) => `${n}.000000000000000000`
/** The same shares as a LegacyDec's protobuf wire text: the integer scaled by 10^18. */
const wireShares = (n: number) => `${n}000000000000000000`

const cleanups = cleanupAfterAll()
let home: DevnetHome
let api: string
let grpcAddress: string
let rpc: string
let alice: string
let bob: string
let val0: string

/** Adds two bonded validators (alice's 20 stake units, bob's 3 for 2 shares) and delegations. */
async function editGenesis(
  dir: string,
  { alice, bob, val0 }: { alice: string; bob: string; val0: string },
): Promise<void> {
  const file = join(dir, 'config/genesis.json')
  const g = JSON.parse(await readFile(file, 'utf8'))
  const s = g.app_state.staking
  const template = s.validators[0]
  // The node signs for every validator (their keys beside its own), so its blocks commit.
  await mkdir(join(dir, 'config/priv_validator_keys'), { recursive: true })
  const consensusKey = async (seed: number) => {
    const k = ed25519FromSeed(new Uint8Array(32).fill(seed))
    await writeFile(
      join(dir, `config/priv_validator_keys/val-${seed}.json`),
      JSON.stringify(privValidatorKeyJson(k)),
    )
    return Buffer.from(k.pubKey).toString('base64')
  }
  const keys = { 1: await consensusKey(1), 2: await consensusKey(2) } as Record<number, string>
  const validator = (operator: string, key: number, tokens: number, delegatorShares: number) => ({
    ...template,
    operator_address: operator,
    consensus_pubkey: {
      ...template.consensus_pubkey,
      key: keys[key],
    },
    tokens: String(tokens),
    delegator_shares: shares(delegatorShares),
    description: { ...template.description, moniker: `val-${key}` },
  })
  template.tokens = '11000000'
  template.delegator_shares = shares(11_000_000)
  s.validators.push(validator(valoper(alice), 1, 20_000_000, 20_000_000))
  s.validators.push(validator(valoper(bob), 2, 3_000_000, 2_000_000))
  s.delegations.push(
    { delegator_address: alice, validator_address: val0, shares: shares(1_000_000) },
    { delegator_address: alice, validator_address: valoper(alice), shares: shares(15_000_000) },
    { delegator_address: bob, validator_address: valoper(alice), shares: shares(5_000_000) },
    { delegator_address: bob, validator_address: valoper(bob), shares: shares(2_000_000) },
  )
  s.last_validator_powers = [
    { address: val0, power: '11' },
    { address: valoper(alice), power: '20' },
    { address: valoper(bob), power: '3' },
  ]
  s.last_total_power = '34'
  const pool = g.app_state.bank.balances.find(
    (b: { coins: { denom: string; amount: string }[] }) =>
      b.coins.length === 1 && b.coins[0]!.amount === '10000000',
  )
  pool.coins[0].amount = '34000000'
  if (g.app_state.bank.supply?.length) {
    const stake = g.app_state.bank.supply.find((c: { denom: string }) => c.denom === 'stake')
    stake.amount = String(BigInt(stake.amount) + 24_000_000n)
  }
  // The consensus set is the one x/staking's InitChain makes.
  g.consensus.validators = []
  await writeFile(file, JSON.stringify(g, null, 2))
}

/** A REST GET at the past height: status, body and the height the node says it answered at. */
async function restAt(path: string, height = PAST) {
  const res = await fetch(`${api}${path}`, { headers: { [HEADER]: String(height) } })
  return { status: res.status, body: (await res.json()) as Json, height: res.headers.get(HEADER) }
}

/**
 * A unary gRPC call at the past height (or `height`; null: no height metadata), encoded with the
 * node's own proto types.
 */
async function grpcAt(
  method: string,
  request: Record<string, unknown>,
  height: number | null = PAST,
) {
  const registry = protoRegistry()
  const [service, name] = method.split('/') as [string, string]
  const m = registry.service(service).methods[name]!
  m.resolve()
  const req = m.resolvedRequestType!
  const res = m.resolvedResponseType!
  const client = new grpc.Client(grpcAddress, grpc.credentials.createInsecure())
  try {
    return await new Promise<{ body: Record<string, unknown>; height: unknown }>(
      (resolve, reject) => {
        let served: unknown
        const md = new grpc.Metadata()
        if (height !== null) md.set(HEADER, String(height))
        const call = client.makeUnaryRequest(
          `/${method}`,
          (r: object) => Buffer.from(req.encode(req.fromObject(r)).finish()),
          (b: Buffer) =>
            res.toObject(res.decode(b), { longs: String, arrays: true }) as Record<string, unknown>,
          request,
          md,
          (err, body) => (err ? reject(err) : resolve({ body: body!, height: served })),
        )
        call.on('metadata', (meta) => {
          served = meta.get(HEADER)[0]
        })
      },
    )
  } finally {
    client.close()
  }
}

beforeAll(async () => {
  home = await createDevnetHome('staking-q')
  cleanups.push(home.cleanup)
  alice = home.accounts.alice!.address
  bob = home.accounts.bob!.address
  val0 = valoper(home.accounts.validator!.address)
  await editGenesis(home.dir, { alice, bob, val0 })
  const node = startSdkd([
    '--home',
    home.dir,
    'start',
    ...LOOPBACK_PORTS,
    '--grpc.address',
    '127.0.0.1:0',
    '--instrumentation.prometheus=false',
    '--timeout-commit',
    '1h',
  ])
  cleanups.push(() => node.stop())
  const ports = await boundPorts(node, { api: true, grpc: true })
  api = `http://127.0.0.1:${ports.apiPort}`
  grpcAddress = `127.0.0.1:${ports.grpcPort}`
  rpc = `tcp://127.0.0.1:${ports.rpcPort}`
  await node.waitForLog((l) => l.msg === 'committed block' && l.height === 1)
  await rpcCall(ports.rpcPort, 'dev_setMining', { mode: 'manual' })
  expect(await devMine(ports.rpcPort, PAST + 1)).toBe(PAST + 2)
})

describe('staking queries against a node with three validators', () => {
  test('behavior: REST delegation routes answer at the height asked, balances from shares', async () => {
    const byVal = await restAt(`/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations`)
    expect(byVal.height).toBe(String(PAST))
    expect(byVal.status).toBe(200)
    const balances = Object.fromEntries(
      byVal.body.delegation_responses.map((r: any) => [r.delegation.delegator_address, r.balance]),
    )
    expect(balances).toEqual({
      [alice]: { denom: 'stake', amount: '15000000' },
      [bob]: { denom: 'stake', amount: '5000000' },
    })
    expect(byVal.body.pagination).toEqual({ next_key: null, total: '2' })

    // Bob's 2,000,000 shares of a validator holding 3,000,000 tokens for 2,000,000 shares.
    const one = await restAt(`/sdk/staking/v1beta1/validators/${valoper(bob)}/delegations/${bob}`)
    expect(one.body).toEqual({
      delegation_response: {
        delegation: {
          delegator_address: bob,
          validator_address: valoper(bob),
          shares: shares(2_000_000),
        },
        balance: { denom: 'stake', amount: '3000000' },
      },
    })
    const vals = await restAt(`/sdk/staking/v1beta1/delegators/${bob}/validators`)
    expect(vals.body.validators.map((v: any) => v.description.moniker).sort()).toEqual([
      'val-1',
      'val-2',
    ])
    const dv = await restAt(`/sdk/staking/v1beta1/delegators/${alice}/validators/${val0}`)
    expect(dv.body.validator.operator_address).toBe(val0)
    const none = await restAt(`/sdk/staking/v1beta1/delegators/${alice}/validators/${valoper(bob)}`)
    expect(none).toMatchObject({
      status: 404,
      body: { code: 5, message: 'no delegation for (address, validator) tuple', details: [] },
    })

    // A height the chain has not reached is refused: the header is what the route reads.
    const future = await restAt(`/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations`, 99)
    expect(future.status).toBe(400)
  })

  test('behavior: a page past the end answers the count when counting, as upstream Paginate', async () => {
    const byVal = `/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations`
    const cases: [string, Json][] = [
      [`${byVal}?pagination.offset=5`, { delegation_responses: [], total: '2' }],
      [
        `${byVal}?pagination.offset=2&pagination.count_total=true&pagination.limit=1`,
        { delegation_responses: [], total: '2' },
      ],
      [`${byVal}?pagination.offset=5&pagination.limit=1`, { delegation_responses: [], total: '0' }],
      [
        '/sdk/staking/v1beta1/validators?pagination.offset=9&pagination.reverse=true',
        { validators: [], total: '3' },
      ],
      [
        '/sdk/staking/v1beta1/validators?status=BOND_STATUS_BONDED&pagination.offset=3',
        { validators: [], total: '3' },
      ],
    ]
    for (const [path, { total, ...list }] of cases) {
      const r = await restAt(path)
      expect([r.status, r.body], path).toEqual([
        200,
        { ...list, pagination: { next_key: null, total } },
      ])
    }
  })

  test('behavior: REST unbonding, redelegation and historical routes at a past height', async () => {
    const paths = [
      `/sdk/staking/v1beta1/validators/${valoper(alice)}/unbonding_delegations`,
      `/sdk/staking/v1beta1/delegators/${alice}/unbonding_delegations`,
      `/sdk/staking/v1beta1/delegators/${alice}/redelegations`,
    ]
    for (const path of paths) {
      const r = await restAt(path)
      expect([r.status, r.height], path).toEqual([200, String(PAST)])
      expect(r.body.pagination, path).toEqual({ next_key: null, total: '0' })
    }
    const ubd = await restAt(
      `/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations/${alice}/unbonding_delegation`,
    )
    expect(ubd).toMatchObject({
      status: 404,
      body: {
        code: 5,
        message: `unbonding delegation with delegator ${alice} not found for validator ${valoper(alice)}`,
      },
    })
    const hist = await restAt('/sdk/staking/v1beta1/historical_info/-1')
    expect(hist).toMatchObject({
      status: 400,
      body: { code: 3, message: 'height cannot be negative' },
    })
  })

  test('behavior: validator sets and legacy params at a past height', async () => {
    const latest = await restAt('/sdk/base/tendermint/v1beta1/validatorsets/latest')
    expect(latest.status).toBe(200)
    expect(latest.body.block_height).toBe(String(PAST))
    const v = latest.body.validators[0]
    expect(v.address).toMatch(/^sdkvalcons1/)
    expect(v.pub_key['@type']).toBe('/sdk.crypto.ed25519.PubKey')
    expect(latest.body.pagination.total).toBe(String(latest.body.validators.length))
    const byHeight = await restAt(`/sdk/base/tendermint/v1beta1/validatorsets/${PAST}`)
    expect(byHeight.body).toEqual(latest.body)
    // Without a height header, upstream's answer: CometBFT's next height's set.
    const bare = await fetch(`${api}/sdk/base/tendermint/v1beta1/validatorsets/latest`)
    const served = Number(bare.headers.get(HEADER))
    const next = (await bare.json()) as Json
    expect(next.block_height).toBe(String(served + 1))
    expect(next.validators).toEqual(latest.body.validators.map(() => expect.anything()))
    // With the header at that same height, that height's set.
    const atServed = await restAt('/sdk/base/tendermint/v1beta1/validatorsets/latest', served)
    expect(atServed.body.block_height).toBe(String(served))
    const ahead = await restAt(`/sdk/base/tendermint/v1beta1/validatorsets/${PAST + 1}`)
    expect(ahead).toMatchObject({
      status: 400,
      body: { code: 3, message: 'requested block height is bigger then the chain length' },
    })

    const p = await restAt('/sdk/params/v1beta1/params?subspace=staking&key=UnbondingTime')
    expect(p).toMatchObject({
      status: 200,
      height: String(PAST),
      body: { param: { subspace: 'staking', key: 'UnbondingTime', value: '"1814400000000000"' } },
    })
  })

  test('behavior: gRPC staking and validator-set calls answer at the height asked', async () => {
    const d = await grpcAt('sdk.staking.v1beta1.Query/ValidatorDelegations', {
      validator_addr: valoper(bob),
    })
    expect(d.height).toBe(String(PAST))
    expect((d.body.delegation_responses as any[])[0].balance).toEqual({
      denom: 'stake',
      amount: '3000000',
    })
    const r = await grpcAt('sdk.staking.v1beta1.Query/Redelegations', { delegator_addr: bob })
    expect(r.body.redelegation_responses).toEqual([])
    const set = await grpcAt('sdk.base.tendermint.v1beta1.Service/GetLatestValidatorSet', {})
    expect(set.body.block_height).toBe(String(PAST))
    const next = await grpcAt('sdk.base.tendermint.v1beta1.Service/GetLatestValidatorSet', {}, null)
    expect(next.body.block_height).toBe(String(Number(next.height) + 1))
  })

  test('behavior: staking decimals are scaled integers on gRPC and decimal text over REST, as upstream', async () => {
    const v = await grpcAt('sdk.staking.v1beta1.Query/Validator', { validator_addr: valoper(bob) })
    const validator = v.body.validator as Json
    expect(validator.delegator_shares).toBe(wireShares(2_000_000))
    expect(validator.commission.commission_rates).toMatchObject({
      rate: '100000000000000000',
      max_rate: '200000000000000000',
      max_change_rate: '10000000000000000',
    })
    const d = await grpcAt('sdk.staking.v1beta1.Query/Delegation', {
      delegator_addr: bob,
      validator_addr: valoper(alice),
    })
    expect((d.body.delegation_response as Json).delegation.shares).toBe(wireShares(5_000_000))
    const p = await grpcAt('sdk.staking.v1beta1.Query/Params', {})
    expect((p.body.params as Json).min_commission_rate).toBe('0')

    const rest = await restAt(`/sdk/staking/v1beta1/validators/${valoper(bob)}`)
    expect(rest.body.validator.delegator_shares).toBe(shares(2_000_000))
    expect(rest.body.validator.commission.commission_rates).toMatchObject({
      rate: '0.100000000000000000',
      max_rate: '0.200000000000000000',
      max_change_rate: '0.010000000000000000',
    })
    const restDel = await restAt(
      `/sdk/staking/v1beta1/validators/${valoper(alice)}/delegations/${bob}`,
    )
    expect(restDel.body.delegation_response.delegation.shares).toBe(shares(5_000_000))
    const restParams = await restAt('/sdk/staking/v1beta1/params')
    expect(restParams.body.params.min_commission_rate).toBe('0.000000000000000000')
  })

  test('behavior: sdkd query staking and comet-validator-set print the responses', async () => {
    const q = (...args: string[]) =>
      runSdkd(['query', ...args, '--node', rpc, '--height', String(PAST), '-o', 'json'])
    const to = await q('staking', 'delegations-to', valoper(bob))
    expect(to.code, to.stderr).toBe(0)
    expect(JSON.parse(to.stdout).delegation_responses[0].balance.amount).toBe('3000000')
    const one = await q('staking', 'delegation', bob, valoper(alice))
    expect(JSON.parse(one.stdout).delegation_response.balance.amount).toBe('5000000')
    const ubds = await q('staking', 'unbonding-delegations-from', valoper(alice))
    expect(JSON.parse(ubds.stdout).unbonding_responses).toEqual([])
    const reds = await q('staking', 'redelegations', alice)
    expect(JSON.parse(reds.stdout).redelegation_responses).toEqual([])
    const set = await q('comet-validator-set', String(PAST))
    expect(set.code, set.stderr).toBe(0)
    const whole = JSON.parse(set.stdout)
    expect(whole.block_height).toBe(String(PAST))
    // The RPC's validators, paged by it: --limit is its per_page, --page its page.
    const second = await q('comet-validator-set', String(PAST), '--limit', '1', '--page', '2')
    expect(second.code, second.stderr).toBe(0)
    expect(JSON.parse(second.stdout)).toEqual({
      block_height: String(PAST),
      validators: [whole.validators[1]],
      pagination: { next_key: null, total: whole.pagination.total },
    })
    const ahead = await q('comet-validator-set', '99999999')
    expect(ahead.code).toBe(1)
    expect(ahead.stderr).toMatch(
      /^Error: RPC error -32603 - Internal error: height 99999999 must be less than or equal to the current blockchain height \d+\n$/,
    )
    const missing = await q('staking', 'unbonding-delegation', alice, valoper(bob))
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toContain(
      `unbonding delegation with delegator ${alice} not found for validator ${valoper(bob)}`,
    )
    const bad = await q('staking', 'validator', alice)
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain(
      `invalid argument "${alice}" for "--0" flag: invalid account address or key name: hrp does not match bech32 prefix: expected 'sdkvaloper' got 'sdk'`,
    )
  })

  test('behavior: each other sdkd query staking command prints what its REST route answers at that height', async () => {
    const q = async (...args: string[]) => {
      const r = await runSdkd([
        'query',
        'staking',
        ...args,
        '--node',
        rpc,
        '--height',
        String(PAST),
        '-o',
        'json',
      ])
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0)
      return JSON.parse(r.stdout) as Json
    }
    const rest = async (path: string) => {
      const r = await restAt(path)
      expect(r.status, path).toBe(200)
      return r.body
    }
    const pairs: [string[], string][] = [
      [['delegations', bob], `/sdk/staking/v1beta1/delegations/${bob}`],
      [
        ['unbonding-delegations', alice],
        `/sdk/staking/v1beta1/delegators/${alice}/unbonding_delegations`,
      ],
      [['delegator-validators', bob], `/sdk/staking/v1beta1/delegators/${bob}/validators`],
      [
        ['delegator-validator', bob, valoper(alice)],
        `/sdk/staking/v1beta1/delegators/${bob}/validators/${valoper(alice)}`,
      ],
      [['historical-info', String(PAST)], `/sdk/staking/v1beta1/historical_info/${PAST}`],
      [['pool'], '/sdk/staking/v1beta1/pool'],
      [['params'], '/sdk/staking/v1beta1/params'],
    ]
    for (const [args, path] of pairs)
      expect(await q(...args), args.join(' ')).toEqual(await rest(path))
    // What each one found, so that an empty answer on both sides cannot pass.
    expect((await q('delegations', bob)).delegation_responses).toHaveLength(2)
    expect((await q('delegator-validators', bob)).validators).toHaveLength(2)
    expect((await q('historical-info', String(PAST))).hist.header.height).toBe(String(PAST))
    // Outgoing redelegations of a validator have no REST route (a delegator is in its path): the
    // gRPC method's answer, none at that height.
    expect((await q('redelegations-from', valoper(alice))).redelegation_responses).toEqual([])
    const one = await runSdkd([
      'query',
      'staking',
      'redelegation',
      alice,
      valoper(alice),
      valoper(bob),
      '--node',
      rpc,
      '-o',
      'json',
    ])
    expect(one.code).not.toBe(0)
    expect(one.stderr).toContain(
      `redelegation not found for delegator address ${alice} from validator address ${valoper(alice)}`,
    )
  })
})

describe('unmodified cosmjs against --brand cosmos', () => {
  let client: QueryClient & StakingExtension
  let tm: Comet38Client
  let c: { alice: string; bob: string; val0: string }
  let cosmosApi: string
  let rpcUrl: string
  let rpcPort: number
  let aliceMnemonic: string

  beforeAll(async () => {
    const h = await createDevnetHome('staking-q-cosmos', {}, 'v2', 'cosmos')
    cleanups.push(h.cleanup)
    aliceMnemonic = h.accounts.alice!.mnemonic
    c = {
      alice: h.accounts.alice!.address,
      bob: h.accounts.bob!.address,
      val0: valoper(h.accounts.validator!.address),
    }
    await editGenesis(h.dir, c)
    const node = startSdkd(['--home', h.dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false'])
    cleanups.push(() => node.stop())
    const ports = await boundPorts(node, { api: true })
    cosmosApi = `http://127.0.0.1:${ports.apiPort}`
    await node.waitForLog((l) => l.msg === 'committed block')
    rpcPort = ports.rpcPort
    rpcUrl = `http://127.0.0.1:${rpcPort}`
    tm = await Comet38Client.connect(rpcUrl)
    cleanups.push(async () => tm.disconnect())
    client = QueryClient.withExtensions(tm, setupStakingExtension)
  })

  test('behavior: the staking query extension reads delegations, unbondings and redelegations', async () => {
    const { alice, bob } = c
    const byVal = await client.staking.validatorDelegations(valoper(bob))
    expect(byVal.delegationResponses.map((r) => r.balance?.amount)).toEqual(['3000000'])
    const one = await client.staking.delegation(bob, valoper(alice))
    expect(one.delegationResponse?.balance?.amount).toBe('5000000')
    const vals = await client.staking.delegatorValidators(alice)
    expect(vals.validators).toHaveLength(2)
    expect((await client.staking.delegatorUnbondingDelegations(alice)).unbondingResponses).toEqual(
      [],
    )
    expect(
      (await client.staking.validatorUnbondingDelegations(valoper(alice))).unbondingResponses,
    ).toEqual([])
    await expect(client.staking.redelegations(alice, valoper(alice), valoper(bob))).rejects.toThrow(
      `redelegation not found for delegator address ${alice} from validator address ${valoper(alice)}`,
    )
    await expect(client.staking.historicalInfo(-1)).rejects.toThrow('height cannot be negative')
  })

  test('behavior: the cosmos REST paths serve the validator set with cosmosvalcons addresses', async () => {
    const res = await fetch(`${cosmosApi}/cosmos/base/tendermint/v1beta1/validatorsets/latest`)
    const body = (await res.json()) as Json
    expect(res.status).toBe(200)
    expect(body.validators[0].address).toMatch(/^cosmosvalcons1/)
    expect(body.validators[0].pub_key['@type']).toBe('/cosmos.crypto.ed25519.PubKey')
    const p = await fetch(
      `${cosmosApi}/cosmos/params/v1beta1/params?subspace=staking&key=BondDenom`,
    )
    expect(await p.json()).toEqual({
      param: { subspace: 'staking', key: 'BondDenom', value: '"stake"' },
    })
  })

  test('behavior: the query extension reads shares as scaled integers (cosmjs decodes upstream wire form)', async () => {
    const { alice, bob } = c
    const { validator } = await client.staking.validator(valoper(bob))
    expect(validator.delegatorShares).toBe(wireShares(2_000_000))
    expect(Decimal.fromAtomics(validator.delegatorShares, 18).toString()).toBe('2000000')
    expect(validator.commission?.commissionRates?.rate).toBe('100000000000000000')
    const one = await client.staking.delegation(bob, valoper(alice))
    expect(one.delegationResponse?.delegation?.shares).toBe(wireShares(5_000_000))
  })

  test('behavior: SigningStargateClient with a direct wallet sends MsgEditValidator with a new commission rate; REST reads it back as decimal text', async () => {
    const { alice } = c
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(aliceMnemonic, { prefix: 'cosmos' })
    const signing = await SigningStargateClient.connectWithSigner(rpcUrl, wallet)
    cleanups.push(async () => signing.disconnect())
    const keep = '[do-not-modify]'
    const msg = {
      typeUrl: '/cosmos.staking.v1beta1.MsgEditValidator',
      value: MsgEditValidator.fromPartial({
        description: {
          moniker: keep,
          identity: keep,
          website: keep,
          securityContact: keep,
          details: keep,
        },
        validatorAddress: valoper(alice),
        // cosmjs puts a LegacyDec on the wire as its atomics (0.11 → 110000000000000000).
        commissionRate: Decimal.fromUserInput('0.11', 18).atomics,
        minSelfDelegation: '',
      }),
    }
    const fee = { amount: [{ denom: 'stake', amount: '5000' }], gas: '300000' }
    // A genesis validator's commission is set at the genesis time: a change waits 24 h.
    await rpcCall(rpcPort, 'dev_increaseTime', { seconds: 86_400 })
    const r = await signing.signAndBroadcast(alice, [msg], fee)
    expect(r.code, r.rawLog).toBe(0)
    const res = await fetch(`${cosmosApi}/cosmos/staking/v1beta1/validators/${valoper(alice)}`)
    const body = (await res.json()) as Json
    expect(body.validator.commission.commission_rates.rate).toBe('0.110000000000000000')
    expect(body.validator.description.moniker).toBe('val-1')
    const { validator } = await client.staking.validator(valoper(alice))
    expect(validator.commission?.commissionRates?.rate).toBe('110000000000000000')
  })
})
