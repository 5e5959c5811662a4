import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeClient, type NodeClient } from '../../src/client/node-client.js'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd tx staking …` against a real devnet node: delegate, unbond with the unbonding finished by
 * dev time travel, create-validator bonded by EndBlock, and a refusal with upstream's code and text.
 */

let devnet: DevnetHome
let node: RunningNode
let client: NodeClient
let alice: string
let operator: string
const UNBONDING_S = 1_814_400

beforeAll(async () => {
  devnet = await createDevnetHome('staking-e2e')
  node = await startDevnetNode(devnet, 'v2')
  client = createNodeClient({ url: node.rpc })
  alice = devnet.accounts.alice!.address
  operator = addressToBech32(bech32ToAddress(devnet.accounts.validator!.address), 'sdkvaloper')
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
})

async function stake(address: string): Promise<bigint> {
  const r = await rest(node, `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`)
  return BigInt(r.balance.amount)
}

function event(res: Record<string, any>, type: string): Record<string, string> | undefined {
  const e = (res.events as { type: string; attributes: { key: string; value: string }[] }[]).find(
    (x) => x.type === type,
  )
  return e && Object.fromEntries(e.attributes.map((a) => [a.key, a.value]))
}

describe('sdkd tx staking', () => {
  it('error: a genesis validator changes its commission rate only 24 h after genesis, as a gentx chain', async () => {
    const args = ['staking', 'edit-validator', '--commission-rate', '0.11']
    const early = await tx(devnet, node, args, 'validator')
    expect([early.code, early.codespace, early.raw_log]).toEqual([
      12,
      'staking',
      'failed to execute message; message index: 0: commission cannot be changed more than once in 24h',
    ])
    await client.call('dev_increaseTime', { seconds: 86_400 })
    await client.call('dev_mine', { blocks: 1 })
    const later = await txOk(devnet, node, args, 'validator')
    const { validator } = await rest(node, `/sdk/staking/v1beta1/validators/${operator}`)
    expect(validator.commission.commission_rates.rate).toBe('0.110000000000000000')
    // The tx response's timestamp has whole seconds (RFC 3339, as upstream's).
    const updated = Date.parse(validator.commission.update_time)
    expect(updated - (updated % 1000)).toBe(Date.parse(later.timestamp))
  })

  it('behavior: delegate --wait creates the delegation DelegatorDelegations shows', async () => {
    const res = await txOk(devnet, node, ['staking', 'delegate', operator, '5000000stake'], 'alice')
    expect(event(res, 'delegate')).toMatchObject({
      validator: operator,
      delegator: alice,
      amount: '5000000stake',
    })
    const { delegation_responses } = await rest(node, `/sdk/staking/v1beta1/delegations/${alice}`)
    expect(delegation_responses).toEqual([
      {
        delegation: {
          delegator_address: alice,
          validator_address: operator,
          shares: expect.stringMatching(/^5000000\.0+$/),
        },
        balance: { denom: 'stake', amount: '5000000' },
      },
    ])
  })

  it('behavior: unbond returns the tokens once dev time travel passes the unbonding time', async () => {
    const res = await txOk(devnet, node, ['staking', 'unbond', operator, '2000000stake'], 'alice')
    const unbond = event(res, 'unbond')!
    expect(unbond).toMatchObject({ validator: operator, delegator: alice, amount: '2000000stake' })
    const blockTime = Date.parse(res.timestamp)
    expect(Date.parse(unbond.completion_time!)).toBe(blockTime + UNBONDING_S * 1000)
    const before = await stake(alice)
    await client.call('dev_increaseTime', { seconds: UNBONDING_S })
    await client.call('dev_mine', { blocks: 1 })
    expect(await stake(alice)).toBe(before + 2_000_000n)
    const { delegation_responses } = await rest(node, `/sdk/staking/v1beta1/delegations/${alice}`)
    expect(delegation_responses[0].balance.amount).toBe('3000000')
  })

  it('behavior: an unbonding queued before a restart completes after it', async () => {
    await txOk(devnet, node, ['staking', 'unbond', operator, '1000000stake'], 'alice')
    const before = await stake(alice)
    await node.p.stop()
    node = await startDevnetNode(devnet, 'v2')
    client = createNodeClient({ url: node.rpc })
    await client.call('dev_increaseTime', { seconds: UNBONDING_S })
    await client.call('dev_mine', { blocks: 1 })
    expect(await stake(alice)).toBe(before + 1_000_000n)
  })

  it('behavior: create-validator from upstream JSON; EndBlock of its block bonds it', async () => {
    const bob = devnet.accounts.bob!.address
    const bobOperator = addressToBech32(bech32ToAddress(bob), 'sdkvaloper')
    const file = join(devnet.dir, 'validator.json')
    await writeFile(
      file,
      JSON.stringify({
        pubkey: {
          '@type': '/sdk.crypto.ed25519.PubKey',
          key: Buffer.alloc(32, 7).toString('base64'),
        },
        amount: '2000000stake',
        moniker: 'bob-validator',
        'commission-rate': '0.1',
        'commission-max-rate': '0.2',
        'commission-max-change-rate': '0.01',
        'min-self-delegation': '1',
      }),
    )
    const res = await txOk(devnet, node, ['staking', 'create-validator', file], 'bob')
    expect(event(res, 'create_validator')).toEqual({
      validator: bobOperator,
      amount: '2000000stake',
      msg_index: '0',
    })
    const { validator } = await rest(node, `/sdk/staking/v1beta1/validators/${bobOperator}`)
    expect(validator).toMatchObject({
      operator_address: bobOperator,
      status: 'BOND_STATUS_BONDED',
      tokens: '2000000',
      description: { moniker: 'bob-validator' },
      commission: { commission_rates: { rate: '0.100000000000000000' } },
    })
  })

  it('error: create-validator checks the message as upstream’s command does, before signing: nothing is broadcast', async () => {
    const account6 = devnet.accounts.account6!.address
    const file = join(devnet.dir, 'bad-validator.json')
    const sequence = async () =>
      (await rest(node, `/sdk/auth/v1beta1/accounts/${account6}`)).account.sequence
    const before = await sequence()
    const cases: [Record<string, string>, string][] = [
      [{ 'commission-rate': '0.3' }, 'Error: commission cannot be more than the max rate\n'],
      [{ 'commission-max-rate': '1.2' }, 'Error: commission cannot be more than 100%\n'],
      [
        { 'commission-max-change-rate': '0.25' },
        'Error: commission change rate cannot be more than the max rate\n',
      ],
      [{ 'commission-rate': '-0.1' }, 'Error: commission must be positive\n'],
      [
        { 'min-self-delegation': '3000000' },
        "Error: validator's self delegation must be greater than their minimum self delegation\n",
      ],
      [
        { 'min-self-delegation': '0' },
        'Error: minimum self delegation must be a positive integer: invalid request\n',
      ],
    ]
    for (const [change, stderr] of cases) {
      await writeFile(
        file,
        JSON.stringify({
          pubkey: {
            '@type': '/sdk.crypto.ed25519.PubKey',
            key: Buffer.alloc(32, 9).toString('base64'),
          },
          amount: '2000000stake',
          moniker: 'refused',
          'commission-rate': '0.1',
          'commission-max-rate': '0.2',
          'commission-max-change-rate': '0.01',
          'min-self-delegation': '1',
          ...change,
        }),
      )
      const r = await runSdkd([
        '--home',
        devnet.dir,
        'tx',
        'staking',
        'create-validator',
        file,
        '--from',
        'account6',
        '--node',
        node.rpc,
        '--yes',
      ])
      expect([r.code, r.stderr, r.stdout], JSON.stringify(change)).toEqual([1, stderr, ''])
    }
    expect(await sequence()).toBe(before)
  })

  it('behavior: redelegate, edit-validator and cancel-unbond through the CLI', async () => {
    const bobOperator = addressToBech32(bech32ToAddress(devnet.accounts.bob!.address), 'sdkvaloper')
    // A change of an existing delegation withdraws its rewards first (x/distribution's hook):
    // more reads and writes than the default 200000 gas pays for, as on simd.
    const red = await txOk(
      devnet,
      node,
      ['staking', 'redelegate', operator, bobOperator, '1000000stake', '--gas', '400000'],
      'alice',
    )
    expect(event(red, 'redelegate')).toMatchObject({
      source_validator: operator,
      destination_validator: bobOperator,
      amount: '1000000stake',
    })
    const edit = await txOk(
      devnet,
      node,
      ['staking', 'edit-validator', '--moniker', 'bob-renamed', '--min-self-delegation', '2'],
      'bob',
    )
    expect(event(edit, 'edit_validator')?.min_self_delegation).toBe('2')
    const { validator } = await rest(node, `/sdk/staking/v1beta1/validators/${bobOperator}`)
    expect(validator.description.moniker).toBe('bob-renamed')
    const unbond = await txOk(
      devnet,
      node,
      ['staking', 'unbond', bobOperator, '500000stake', '--gas', '400000'],
      'alice',
    )
    const cancel = await txOk(
      devnet,
      node,
      [
        'staking',
        'cancel-unbond',
        bobOperator,
        '500000stake',
        String(unbond.height),
        '--gas',
        '400000',
      ],
      'alice',
    )
    expect(event(cancel, 'cancel_unbonding_delegation')).toMatchObject({
      amount: '500000stake',
      validator: bobOperator,
      delegator: alice,
      creation_height: String(unbond.height),
    })
  })

  it("error: cancel-unbond's creation height past int64 is refused in strconv's words, not wrapped into another height; int64's largest is taken as it is", async () => {
    const cancel = (height: string) =>
      runSdkd([
        ...['--home', devnet.dir, 'tx', 'staking', 'cancel-unbond', operator, '1stake', height],
        ...['--from', alice, '--generate-only', '--node', node.rpc],
      ])
    for (const height of ['99999999999999999999', '9223372036854775808', '-9223372036854775809']) {
      const r = await cancel(height)
      expect([r.code, r.stdout, r.stderr], height).toEqual([
        1,
        '',
        `Error: invalid height: strconv.ParseInt: parsing "${height}": value out of range\n`,
      ])
    }
    const max = await cancel('9223372036854775807')
    expect(max.code, max.stderr).toBe(0)
    expect(JSON.parse(max.stdout).body.messages[0].creation_height).toBe('9223372036854775807')
  })

  it('error: a refused message fails in the block with upstream code and text; a bad file is refused before signing', async () => {
    const missing = addressToBech32(new Uint8Array(20).fill(3), 'sdkvaloper')
    const res = await tx(devnet, node, ['staking', 'delegate', missing, '1stake'], 'alice')
    expect([res.code, res.codespace, res.raw_log]).toEqual([
      3,
      'staking',
      'failed to execute message; message index: 0: validator does not exist',
    ])
    // The amount is read as upstream's ParseCoinNormalized reads it: zero is the chain's to refuse.
    const zero = await tx(devnet, node, ['staking', 'delegate', operator, '0stake'], 'alice')
    expect([zero.code, zero.codespace, zero.raw_log]).toEqual([
      18,
      'sdk',
      'failed to execute message; message index: 0: invalid delegation amount: invalid request',
    ])
    const file = join(devnet.dir, 'partial.json')
    await writeFile(file, JSON.stringify({ amount: '1stake', pubkey: {}, moniker: 'x' }))
    const r = await runSdkd([
      '--home',
      devnet.dir,
      'tx',
      'staking',
      'create-validator',
      file,
      '--from',
      'bob',
      '--keyring-backend',
      'test',
      '--node',
      node.rpc,
      '--yes',
    ])
    expect([r.code, r.stderr.trim()]).toEqual([
      1,
      'Error: must specify all validator commission parameters',
    ])
  })

  it('behavior: a decimal amount is truncated to a whole one, as upstream’s command reads it', async () => {
    const res = await txOk(devnet, node, ['staking', 'delegate', operator, '2.75stake'], 'bob')
    expect(event(res, 'delegate')).toMatchObject({ validator: operator, amount: '2stake' })
  })
})
