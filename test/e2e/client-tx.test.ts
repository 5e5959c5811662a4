import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
} from '../helpers/devnet.js'
import { rpcHeight, runSdkd, waitFor } from '../helpers/sdkd.js'

/**
 * The client commands against a real node: queries through abci_query, and the tx flows —
 * send with --wait, the three steps apart (generate-only → sign → broadcast), the confirmation
 * prompt, gas simulation, and the safety-rule warning of software-upgrade.
 */

let dir: string
let home: string
let rpc: number
let devnet: DevnetHome
let node: RunningNode
const addr: Record<string, string> = {}
const CHAIN = 'client-chain'

beforeAll(async () => {
  devnet = await createDevnetHome(CHAIN)
  home = devnet.dir
  dir = devnet.dir
  for (const name of ['validator', 'alice', 'bob']) addr[name] = devnet.accounts[name]!.address
  node = await startDevnetNode(devnet, 'v2')
  rpc = node.rpcPort
  await waitFor(async () => ((await rpcHeight(rpc)) ?? 0) >= 3 || undefined, 30_000, 'height 3')
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
})

/** `sdkd --home <home> <args> --node <the node>`. */
function sdkd(args: string[], stdin?: string) {
  const full = ['--home', home, ...args, '--node', `tcp://127.0.0.1:${rpc}`]
  return runSdkd(full, stdin === undefined ? {} : { input: stdin })
}

async function json(args: string[]): Promise<any> {
  const r = await sdkd([...args, '--output', 'json'])
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout)
}

async function balance(address: string, denom = 'token'): Promise<bigint> {
  const r = await json(['query', 'bank', 'balances', address, '--denom', denom])
  return BigInt(r.balance.amount)
}

describe('sdkd query: bank, auth, gov through --node', () => {
  it('behavior: query bank balances prints JSON or YAML text', async () => {
    expect(await json(['query', 'bank', 'balances', addr.validator!])).toEqual({
      balances: [
        { denom: 'stake', amount: expect.stringMatching(/^\d+$/) },
        { denom: 'token', amount: '1000000000' },
      ],
      pagination: { next_key: null, total: '2' },
    })
    const text = await sdkd(['query', 'bank', 'balances', addr.validator!, '--denom', 'token'])
    expect(text.code).toBe(0)
    expect(text.stdout).toBe('balance:\n  amount: "1000000000"\n  denom: token\n')
  })

  it('behavior: query auth account shows the account; an unknown one is NotFound', async () => {
    const a = await json(['query', 'auth', 'account', addr.bob!])
    expect(a.account).toMatchObject({
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address: addr.bob,
      account_number: expect.stringMatching(/^\d+$/),
    })
    const unknown = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
    const r = await sdkd(['query', 'auth', 'account', unknown])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: rpc error: code = NotFound desc = account ${unknown} not found: key not found\n`,
    )
  })

  it('behavior: query gov params shows the devnet periods', async () => {
    const p = await json(['query', 'gov', 'params'])
    expect(p.params).toMatchObject({
      voting_period: '5s',
      max_deposit_period: '10s',
      min_deposit: [{ denom: 'stake', amount: '10000000' }],
    })
    const missing = await sdkd(['query', 'gov', 'proposal', '999'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(
      /^Error: rpc error: code = NotFound desc = proposal 999 doesn't exist/,
    )
  })

  it('error: bad addresses, hashes and unreachable nodes are clear errors', async () => {
    const bad = await sdkd(['query', 'bank', 'balances', 'sdk1xyz'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^Error: invalid address "sdk1xyz": decoding bech32 failed/)
    const hash = await sdkd(['query', 'tx', 'zz'])
    expect(hash.code).toBe(1)
    expect(hash.stderr).toMatch(/^Error: invalid tx hash "zz"/)
    const down = await runSdkd([
      '--home',
      home,
      'query',
      'bank',
      'balances',
      addr.bob!,
      '--node',
      'tcp://127.0.0.1:1',
    ])
    expect(down.code).toBe(1)
    expect(down.stderr).toMatch(/^Error: cannot reach node at http:\/\/127\.0\.0\.1:1: /)
    const missingTx = await sdkd(['query', 'tx', 'AB'.repeat(32)])
    expect(missingTx.code).toBe(1)
    expect(missingTx.stderr).toBe(`Error: tx (${'AB'.repeat(32)}) not found\n`)
  })
})

describe('sdkd tx upgrade software-upgrade: the safety rule', () => {
  it('behavior: a height that leaves no time for a cancel proposal gets a warning naming the lowest safe height', async () => {
    const height = (await rpcHeight(rpc))! + 60 // far enough ahead not to pass during the test, far below the safe height
    const args = [
      'tx',
      'upgrade',
      'software-upgrade',
      'v2',
      '--from',
      'validator',
      '--generate-only',
      '--title',
      'v2',
      '--no-validate',
      '--deposit',
      '10000000stake',
    ]
    const low = await sdkd([...args, '--upgrade-height', String(height), '--safety-delta', '5s'])
    expect(low.code).toBe(0)
    // Devnet: 2 × (5s + 10s) + 5s = 35s at ~200 ms blocks ≈ 175 blocks.
    const m =
      /^WARNING: upgrade height (\d+) leaves no time to cancel the upgrade by governance\. The lowest height that does is (\d+): 2 × \(voting period 5s \+ deposit period 10s\) \+ safety delta 5s = 35s, about (\d+) blocks at the recent (\S+) per block after the proposal starts \(next block (\d+)\)\. Use --upgrade-height \2 or higher to keep the upgrade cancellable\.\n$/.exec(
        low.stderr,
      )
    expect(m, low.stderr).not.toBeNull()
    const lowest = Number(m![2])
    expect(Number(m![1])).toBe(height)
    expect(Number(m![3])).toBeGreaterThan(100)
    expect(lowest).toBe(Number(m![5]) + Number(m![3]))
    expect(JSON.parse(low.stdout).body.messages[0].messages[0].plan.height).toBe(String(height))

    const safe = await sdkd([
      ...args,
      '--upgrade-height',
      String(lowest + 1000),
      '--safety-delta',
      '5s',
    ])
    expect(safe.code).toBe(0)
    expect(safe.stderr).toBe('')
    // The default safety delta is the voting period (5s on the devnet).
    const dflt = await sdkd([...args, '--upgrade-height', String(height)])
    expect(dflt.stderr).toMatch(/safety delta 5s = 35s/)
    // A proposal file carrying MsgSoftwareUpgrade gets the same check.
    const file = join(dir, 'upgrade-proposal.json')
    await writeFile(
      file,
      JSON.stringify({
        messages: [
          {
            '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
            authority: 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x',
            plan: { name: 'v2', height: String(height), info: '' },
          },
        ],
        deposit: '10000000stake',
        title: 'v2',
        summary: 'v2',
      }),
    )
    const fromFile = await sdkd([
      'tx',
      'gov',
      'submit-proposal',
      file,
      '--from',
      'validator',
      '--generate-only',
    ])
    expect(fromFile.code).toBe(0)
    expect(fromFile.stderr).toMatch(
      new RegExp(
        `^WARNING: upgrade height ${height} leaves no time to cancel the upgrade by governance\\.`,
      ),
    )
  })
})

describe('sdkd tx: sign and broadcast against the node', () => {
  it('behavior: tx bank send --yes --wait prints the included TxResponse; balances move', async () => {
    const before = await balance(addr.bob!)
    const r = await sdkd([
      'tx',
      'bank',
      'send',
      'alice',
      addr.bob!,
      '25token',
      '--yes',
      '--wait',
      '--fees',
      '10stake',
      '--output',
      'json',
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const res = JSON.parse(r.stdout)
    expect(res).toMatchObject({
      txhash: expect.stringMatching(/^[0-9A-F]{64}$/),
      code: 0,
      codespace: '',
      height: expect.stringMatching(/^[1-9]\d*$/),
      gas_wanted: '200000',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      tx: {
        '@type': '/sdk.tx.v1beta1.Tx',
        body: {
          messages: [
            { '@type': '/sdk.bank.v1beta1.MsgSend', amount: [{ denom: 'token', amount: '25' }] },
          ],
        },
      },
    })
    expect(Number(res.gas_used)).toBeGreaterThan(0)
    const types = (res.events as { type: string }[]).map((e) => e.type)
    expect(types).toEqual(
      expect.arrayContaining(['tx', 'message', 'transfer', 'coin_spent', 'coin_received']),
    )
    expect(await balance(addr.bob!)).toBe(before + 25n)

    // query tx finds the same result.
    const q = await json(['query', 'tx', res.txhash])
    expect(q).toEqual(res)
    const account = await json(['query', 'auth', 'account', addr.alice!])
    expect(account.account.pub_key).toMatchObject({ '@type': '/sdk.crypto.secp256k1.PubKey' })
    expect(Number(account.account.sequence)).toBeGreaterThanOrEqual(1)
  })

  it('behavior: the three steps apart — generate-only, sign (account from the node), broadcast', async () => {
    const before = await balance(addr.validator!)
    const gen = await sdkd([
      'tx',
      'bank',
      'send',
      'bob',
      addr.validator!,
      '7token',
      '--generate-only',
    ])
    expect(gen.code).toBe(0)
    const unsigned = join(dir, 'three-steps-unsigned.json')
    await writeFile(unsigned, gen.stdout)
    const signed = await sdkd(['tx', 'sign', unsigned, '--from', 'bob'])
    expect(signed.stderr).toBe('')
    expect(signed.code).toBe(0)
    const signedFile = join(dir, 'three-steps-signed.json')
    await writeFile(signedFile, signed.stdout)
    const b = await sdkd(['tx', 'broadcast', signedFile, '--output', 'json'])
    expect(b.code).toBe(0)
    const res = JSON.parse(b.stdout)
    expect(res).toMatchObject({
      code: 0,
      height: '0',
      raw_log: '',
      txhash: expect.stringMatching(/^[0-9A-F]{64}$/),
    })
    const included = await waitFor(
      async () => {
        const q = await sdkd(['query', 'tx', res.txhash, '--output', 'json'])
        return q.code === 0 ? JSON.parse(q.stdout) : undefined
      },
      20_000,
      'the tx in a block',
    )
    expect(included.code).toBe(0)
    expect(await balance(addr.validator!)).toBe(before + 7n)
    // The same signed bytes again: the sequence is used up (or the tx is still in the cache).
    const again = await sdkd(['tx', 'broadcast', signedFile, '--output', 'json'])
    expect(again.code).toBe(0)
    expect([19, 32]).toContain(JSON.parse(again.stdout).code)
  })

  it('behavior: without --yes the tx is shown and confirmed on stdin; "n" cancels', async () => {
    const before = await balance(addr.bob!)
    const no = await sdkd(['tx', 'bank', 'send', 'alice', addr.bob!, '3token'], 'n\n')
    expect(no.code).toBe(0)
    expect(no.stdout).toBe('')
    expect(no.stderr).toMatch(/^\{"body":\{"messages":\[\{"@type":"\/sdk\.bank\.v1beta1\.MsgSend"/)
    expect(no.stderr).toMatch(
      /confirm transaction before signing and broadcasting \[y\/N\]: canceled transaction\n$/,
    )
    const yes = await sdkd(
      ['tx', 'bank', 'send', 'alice', addr.bob!, '3token', '--wait', '-o', 'json'],
      'y\n',
    )
    expect(yes.code).toBe(0)
    expect(JSON.parse(yes.stdout).code).toBe(0)
    expect(await balance(addr.bob!)).toBe(before + 3n)
    const eof = await sdkd(['tx', 'bank', 'send', 'alice', addr.bob!, '3token'], '')
    expect(eof.code).toBe(1)
    expect(eof.stderr).toMatch(
      /Error: EOF: no answer to the confirmation prompt on stdin \(pass --yes to skip it\); canceled transaction\n$/,
    )
  })

  it('behavior: --gas auto simulates first; --dry-run only prints the estimate', async () => {
    const dry = await sdkd(['tx', 'bank', 'send', 'alice', addr.bob!, '1token', '--dry-run'])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toBe('')
    const m = /^gas estimate: (\d+)\n$/.exec(dry.stderr)
    expect(m, dry.stderr).not.toBeNull()
    const auto = await sdkd([
      'tx',
      'bank',
      'send',
      'alice',
      addr.bob!,
      '1token',
      '--gas',
      'auto',
      '--gas-adjustment',
      '1.5',
      '--yes',
      '--wait',
      '-o',
      'json',
    ])
    expect(auto.code).toBe(0)
    const est = Number(/^gas estimate: (\d+)\n/.exec(auto.stderr)![1])
    const res = JSON.parse(auto.stdout)
    expect(res.code).toBe(0)
    expect(res.gas_wanted).toBe(String(est))
    expect(Number(res.gas_used)).toBeLessThanOrEqual(est)
  })

  it("error: a chain id that differs from the node's is refused before signing, naming both", async () => {
    const r = await sdkd([
      'tx',
      'bank',
      'send',
      'alice',
      addr.bob!,
      '1token',
      '--yes',
      '--chain-id',
      'other-chain',
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: chain id mismatch: --chain-id is "other-chain", but the node at http://127.0.0.1:${rpc} serves chain "${CHAIN}" (its node_info.network). Point --node at a node of that chain, or use --chain-id / client.toml chain-id of the node\n`,
    )
    expect(r.stdout).toBe('')
  })

  it('behavior: a tx signed offline for another chain id is rejected by the node with code 4; text output is YAML', async () => {
    const account = await json(['query', 'auth', 'account', addr.alice!])
    const unsigned = await sdkd([
      'tx',
      'bank',
      'send',
      'alice',
      addr.bob!,
      '1token',
      '--generate-only',
    ])
    expect(unsigned.code).toBe(0)
    const file = join(dir, 'other-chain-unsigned.json')
    await writeFile(file, unsigned.stdout)
    const signed = await runSdkd([
      '--home',
      home,
      'tx',
      'sign',
      file,
      '--from',
      'alice',
      '--offline',
      '--chain-id',
      'other-chain',
      '-a',
      account.account.account_number,
      '-s',
      account.account.sequence,
    ])
    expect(signed.code).toBe(0)
    const signedFile = join(dir, 'other-chain-signed.json')
    await writeFile(signedFile, signed.stdout)
    const r = await sdkd(['tx', 'broadcast', signedFile])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^code: 4\ncodespace: sdk\n/m)
    expect(r.stdout).toMatch(
      /raw_log: 'signature verification failed; please verify account number \(\d+\) and chain-id \(client-chain\): \(unable to verify single signer signature\): unauthorized/,
    )
  })
})
