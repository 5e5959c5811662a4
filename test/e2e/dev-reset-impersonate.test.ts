import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { addressToBech32 } from '../../src/codec/address.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  GOV_ADDRESS,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
} from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * The dev API's reset (back to the genesis state) and impersonation (an account's txs taken without
 * its signature), with real processes: `sdkd dev …`, `sdkd tx … --impersonate` and the RPC.
 */

const cleanups = cleanupAfterEach()

async function devnet(extra: string[] = []): Promise<{ home: DevnetHome; node: RunningNode }> {
  const home = await createDevnetHome('dev-reset-e2e')
  cleanups.push(home.cleanup)
  const node = await startDevnetNode(home, 'v2', '200ms', extra)
  cleanups.push(() => node.p.stop('SIGKILL'))
  return { home, node }
}

/** A JSON-RPC call; the whole reply ({result} or {error}). */
async function rpc(node: RunningNode, method: string, params: Record<string, unknown> = {}) {
  const res = await fetch(`http://127.0.0.1:${node.rpcPort}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as any
}

/** `sdkd dev …` against the node; its JSON output. */
async function devCli(home: DevnetHome, node: RunningNode, args: string[]): Promise<any> {
  const r = await runSdkd(['--home', home.dir, 'dev', ...args, '--node', node.rpc])
  expect([args, r.stderr, r.code]).toEqual([args, '', 0])
  return JSON.parse(r.stdout)
}

/** `sdkd <args>` on the home against the node, as it ends (the devnet's keys in its test keyring). */
const sdkd = (home: DevnetHome, node: RunningNode, args: string[]) =>
  runSdkd([
    '--home',
    home.dir,
    ...args,
    ...(args[0] === 'keys' ? [] : ['--node', node.rpc]),
    ...(args[0] === 'keys' ? ['--keyring-backend', 'test'] : []),
  ])

/** Accounts no key of the keyring holds: 20 bytes of `n`. */
const keyless = (n: number) => addressToBech32(new Uint8Array(20).fill(n))

const account = async (node: RunningNode, address: string) =>
  (await rest(node, `/sdk/auth/v1beta1/accounts/${address}`)).account
const stake = async (node: RunningNode, address: string) =>
  (await rest(node, `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`)).balance.amount

/** A bank send from `from` with `--impersonate`, waited for; the tx response. */
async function sendImpersonated(home: DevnetHome, node: RunningNode, from: string, to: string) {
  const r = await sdkd(home, node, [
    'tx',
    'bank',
    'send',
    from,
    to,
    '1000stake',
    '--fees',
    '5000stake',
    '--impersonate',
    '--yes',
    '--wait',
    '-o',
    'json',
  ])
  expect([r.stderr, r.code]).toEqual(['', 0])
  return JSON.parse(r.stdout)
}

describe('dev API: impersonation', () => {
  test("behavior: an impersonated account's txs are taken unsigned: the fee charged, the sequence bumped, no key stored", async () => {
    const { home, node } = await devnet()
    const x = keyless(1)
    const bob = home.accounts.bob!.address
    await devCli(home, node, ['fund', x, '5000000stake'])

    // Not impersonated: the CLI says what to do, and sends nothing.
    const early = await sdkd(home, node, [
      'tx',
      'bank',
      'send',
      x,
      bob,
      '1000stake',
      '--impersonate',
      '--yes',
    ])
    expect([early.code, early.stderr]).toEqual([
      1,
      `Error: the node does not impersonate ${x}: run "sdkd dev impersonate ${x}" first (or "sdkd dev auto-impersonate on")\n`,
    ])

    // The same tx by hand (signer info with the sequence and no key, an empty signature): the node
    // refuses it as upstream's ante handler does, until the account is impersonated.
    const generated = await sdkd(home, node, [
      'tx',
      'bank',
      'send',
      x,
      bob,
      '1000stake',
      '--fees',
      '5000stake',
      '--generate-only',
    ])
    expect(generated.code).toBe(0)
    const unsigned = JSON.parse(generated.stdout)
    const byHand = (sequence: string) => ({
      ...unsigned,
      auth_info: {
        ...unsigned.auth_info,
        signer_infos: [{ mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } }, sequence }],
      },
      signatures: [''],
    })
    const file = join(home.dir, 'impersonated.json')
    await writeFile(file, JSON.stringify(byHand('0')))
    const refused = await sdkd(home, node, ['tx', 'broadcast', file, '-o', 'json'])
    expect(JSON.parse(refused.stdout)).toMatchObject({
      code: 8,
      codespace: 'sdk',
      raw_log: 'unrecognized public key type: <nil>: invalid pubkey',
    })

    expect(await devCli(home, node, ['impersonate', x])).toEqual({ auto: false, addresses: [x] })
    expect((await devCli(home, node, ['status'])).impersonating).toEqual({
      auto: false,
      addresses: [x],
    })
    const sent = await sendImpersonated(home, node, x, bob)
    expect([sent.code, sent.raw_log]).toEqual([0, ''])
    expect(await account(node, x)).toMatchObject({ pub_key: null, sequence: '1' })
    expect(await stake(node, x)).toBe(String(5_000_000 - 1000 - 5000))

    // By hand at the next sequence; the same bytes again are a sequence mismatch, as upstream's.
    await writeFile(file, JSON.stringify(byHand('1')))
    const again = await sdkd(home, node, ['tx', 'broadcast', file, '-o', 'json'])
    expect(JSON.parse(again.stdout)).toMatchObject({ code: 0 })
    await devCli(home, node, ['mine'])
    expect(await account(node, x)).toMatchObject({ pub_key: null, sequence: '2' })
    // (Another memo: the very same bytes are refused sooner, as a tx the cache has seen.)
    await writeFile(
      file,
      JSON.stringify({ ...byHand('1'), body: { ...unsigned.body, memo: 'again' } }),
    )
    const replay = await sdkd(home, node, ['tx', 'broadcast', file, '-o', 'json'])
    expect(JSON.parse(replay.stdout)).toMatchObject({
      code: 32,
      raw_log: 'account sequence mismatch, expected 2, got 1: incorrect account sequence',
    })

    // Stopped: the account's signature is asked again; stopping twice says it was not impersonated.
    expect(await devCli(home, node, ['stop-impersonating', x])).toEqual({
      auto: false,
      addresses: [],
      was_impersonated: true,
    })
    expect((await devCli(home, node, ['stop-impersonating', x])).was_impersonated).toBe(false)
    await writeFile(file, JSON.stringify(byHand('2')))
    const stopped = await sdkd(home, node, ['tx', 'broadcast', file, '-o', 'json'])
    expect(JSON.parse(stopped.stdout)).toMatchObject({ code: 8 })
  }, 120_000)

  test("behavior: another key in an impersonated tx is not stored; the owner's signed txs still work; auto impersonates everyone", async () => {
    const { home, node } = await devnet()
    const alice = home.accounts.alice!.address
    const bob = home.accounts.bob!.address
    await devCli(home, node, ['impersonate', alice])
    // Alice's tx carrying bob's key: taken, and alice's account keeps no key.
    const bobKey = await sdkd(home, node, ['keys', 'show', 'bob', '-p'])
    const generated = await sdkd(home, node, [
      'tx',
      'bank',
      'send',
      alice,
      bob,
      '7stake',
      '--fees',
      '5000stake',
      '--generate-only',
    ])
    const unsigned = JSON.parse(generated.stdout)
    const file = join(home.dir, 'other-key.json')
    await writeFile(
      file,
      JSON.stringify({
        ...unsigned,
        auth_info: {
          ...unsigned.auth_info,
          signer_infos: [
            {
              public_key: JSON.parse(bobKey.stdout),
              mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } },
              sequence: '0',
            },
          ],
        },
        signatures: [''],
      }),
    )
    const taken = await sdkd(home, node, ['tx', 'broadcast', file, '-o', 'json'])
    expect(JSON.parse(taken.stdout)).toMatchObject({ code: 0 })
    await devCli(home, node, ['mine'])
    expect(await account(node, alice)).toMatchObject({ pub_key: null, sequence: '1' })
    // Alice signs her own tx: her key is stored as on any chain.
    await devCli(home, node, ['stop-impersonating', alice])
    const signed = await tx(home, node, ['bank', 'send', 'alice', bob, '7stake'], 'alice')
    expect(signed.code).toBe(0)
    expect((await account(node, alice)).pub_key).toMatchObject({
      '@type': '/sdk.crypto.secp256k1.PubKey',
    })

    // Auto: any account, named or not.
    const y = keyless(2)
    await devCli(home, node, ['fund', y, '100000stake'])
    expect(await devCli(home, node, ['auto-impersonate', 'on'])).toEqual({
      auto: true,
      addresses: [],
    })
    expect((await sendImpersonated(home, node, y, bob)).code).toBe(0)
    expect(await devCli(home, node, ['auto-impersonate', 'off'])).toEqual({
      auto: false,
      addresses: [],
    })

    // Refusals: -32602 with what was wrong.
    const errors = await Promise.all([
      rpc(node, 'dev_impersonate', {}),
      rpc(node, 'dev_impersonate', { address: 'sdk1nope' }),
      rpc(node, 'dev_stopImpersonating', { address: '' }),
      rpc(node, 'dev_autoImpersonate', { enabled: 'maybe' }),
      rpc(node, 'dev_autoImpersonate', {}),
    ])
    expect(errors.map((e) => [e.error.code, e.error.data])).toEqual([
      [-32602, 'address is required'],
      // The decoder's reason once, ending with one `invalid address`.
      [
        -32602,
        expect.stringMatching(
          /^invalid address "sdk1nope": decoding bech32 failed: (?:(?!invalid address).)*: invalid address$/,
        ),
      ],
      [-32602, 'address is required'],
      [
        -32602,
        'error converting json params to arguments: json: cannot unmarshal string into Go value of type bool',
      ],
      [-32602, 'enabled is required: true or false'],
    ])
    const badStatus = await sdkd(home, node, ['dev', 'auto-impersonate', 'yes'])
    expect([badStatus.code, badStatus.stderr]).toEqual([
      1,
      'Error: status must be on or off, got "yes"\n',
    ])
  }, 120_000)

  test("behavior: x/gov's module account, impersonated, changes x/staking's params without a proposal", async () => {
    const { home, node } = await devnet()
    await devCli(home, node, ['impersonate', GOV_ADDRESS])
    const params = (await rest(node, '/sdk/staking/v1beta1/params')).params
    expect(params.unbonding_time).toBe('1814400s')
    const file = join(home.dir, 'update-params.json')
    await writeFile(
      file,
      JSON.stringify({
        body: {
          messages: [
            {
              '@type': '/sdk.staking.v1beta1.MsgUpdateParams',
              authority: GOV_ADDRESS,
              params: { ...params, unbonding_time: '60s' },
            },
          ],
        },
        auth_info: {
          signer_infos: [{ mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } }, sequence: '0' }],
          fee: { amount: [], gas_limit: '200000' },
        },
        signatures: [''],
      }),
    )
    const r = await sdkd(home, node, ['tx', 'broadcast', file, '-o', 'json'])
    expect(JSON.parse(r.stdout)).toMatchObject({ code: 0 })
    await devCli(home, node, ['mine'])
    expect((await rest(node, '/sdk/staking/v1beta1/params')).params).toEqual({
      ...params,
      unbonding_time: '60s',
    })
  }, 60_000)

  test('behavior: a snapshot keeps the impersonated accounts; a revert brings them back', async () => {
    const { home, node } = await devnet()
    const x = keyless(3)
    await devCli(home, node, ['impersonate', x])
    const snap = await devCli(home, node, ['snapshot'])
    await devCli(home, node, ['stop-impersonating', x])
    await devCli(home, node, ['auto-impersonate', 'on'])
    await devCli(home, node, ['revert', snap.id])
    expect((await devCli(home, node, ['status'])).impersonating).toEqual({
      auto: false,
      addresses: [x],
    })
  }, 60_000)
})

describe('dev API: reset', () => {
  test('behavior: reset goes back to the genesis state: balances, blocks, snapshots used up, clock and impersonation cleared, a new instance id', async () => {
    const { home, node } = await devnet()
    const bob = home.accounts.bob!.address
    await devCli(home, node, ['mining', 'manual'])
    const genesisStake = (
      await rest(node, `/sdk/bank/v1beta1/balances/${bob}/by_denom?denom=stake`)
    ).balance.amount
    const blockHash = async (n: RunningNode, h: number) =>
      (await rpc(n, 'block', { height: String(h) })).result.block_id.hash as string
    const block1 = await blockHash(node, 1)
    const before = await devCli(home, node, ['status'])
    await devCli(home, node, ['set-balance', bob, '1stake'])
    const snap = await devCli(home, node, ['snapshot'])
    await devCli(home, node, ['impersonate', keyless(4)])
    await devCli(home, node, ['time', '+48h'])
    await devCli(home, node, ['mine', '3'])
    const lastBefore = Number((await devCli(home, node, ['status'])).height)
    const oldBlock2 = await blockHash(node, 2)

    const reset = await devCli(home, node, ['reset'])
    expect(reset).toEqual({ height: '0', instance_id: expect.stringMatching(/^0x[0-9a-f]{32}$/) })
    expect(reset.instance_id).not.toBe(before.instance_id)
    const after = await devCli(home, node, ['status'])
    expect(after).toMatchObject({
      instance_id: reset.instance_id,
      height: '0',
      mining: { mode: 'manual' },
      clock: { offset_seconds: '0' },
      snapshots: [],
      impersonating: { auto: false, addresses: [] },
    })
    const gone = await rpc(node, 'block', { height: '1' })
    expect(gone.error.data).toMatch(/must be less than or equal to the current blockchain height/)

    // Used up; ids are not given again.
    const revert = await sdkd(home, node, ['dev', 'revert', snap.id])
    expect([revert.code, revert.stderr]).toEqual([
      1,
      'Error: unknown snapshot id 0x1 (snapshots: none; a reverted snapshot and the ones after it are used up): invalid request\n',
    ])
    expect((await devCli(home, node, ['snapshot'])).id).toBe('0x2')

    // The chain starts again from genesis: block 1 is the same block (it takes the genesis time,
    // as CometBFT's first block), block 2 a new one on the wall clock, not 48 hours ahead.
    await devCli(home, node, ['mine', '2'])
    expect(await blockHash(node, 1)).toBe(block1)
    const block2 = (await rpc(node, 'block', { height: '2' })).result
    expect(block2.block_id.hash).not.toBe(oldBlock2)
    expect(Math.abs(Date.parse(block2.block.header.time) - Date.now())).toBeLessThan(60_000)
    expect(await stake(node, bob)).toBe(genesisStake)
    expect(lastBefore).toBeGreaterThan(2)

    // Durable: a restart stays reset.
    expect((await node.p.stop('SIGTERM')).code).toBe(0)
    const restarted = await startDevnetNode(home, 'v2')
    cleanups.push(() => restarted.p.stop('SIGKILL'))
    expect(await stake(restarted, bob)).toBe(genesisStake)
    expect(await blockHash(restarted, 2)).toBe(block2.block_id.hash)
  }, 120_000)

  test('error: with the genesis state pruned, reset is refused and the chain goes on', async () => {
    const { home, node } = await devnet(['--pruning', 'everything'])
    await devCli(home, node, ['mining', 'manual'])
    await devCli(home, node, ['mine', '40'])
    const r = await sdkd(home, node, ['dev', 'reset'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /^Error: cannot reset to the genesis state \(height 0\): history is pruned below height \d+; start the chain over with sdkd devnet --reset: invalid request\n$/,
    )
    const height = Number((await devCli(home, node, ['status'])).height)
    expect(height).toBeGreaterThanOrEqual(40)
    expect(Number((await devCli(home, node, ['mine'])).height)).toBe(height + 1)
  }, 60_000)
})
