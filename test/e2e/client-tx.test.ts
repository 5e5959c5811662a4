import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeClient, type NodeClient } from '../../src/client/node-client.js'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
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
 * prompt, gas simulation, and the safety-rule warning of software-upgrade. The node mines
 * instantly (dev API): a tx is in a block as soon as it is admitted, and no block comes without
 * one, so no test waits on the wall clock or races a block.
 */

let dir: string
let home: string
let rpc: number
let devnet: DevnetHome
let node: RunningNode
let client: NodeClient
const addr: Record<string, string> = {}
const CHAIN = 'client-chain'

beforeAll(async () => {
  devnet = await createDevnetHome(CHAIN)
  home = devnet.dir
  dir = devnet.dir
  for (const name of ['validator', 'alice', 'bob']) addr[name] = devnet.accounts[name]!.address
  node = await startDevnetNode(devnet, 'v2')
  rpc = node.rpcPort
  client = createNodeClient({ url: node.rpc })
  await dev('dev_setMining', { mode: 'instant' })
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
})

/** A JSON-RPC call to the node (the dev API, mempool routes); its result. */
async function dev(method: string, params: Record<string, unknown> = {}): Promise<any> {
  return client.call(method, params)
}

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

async function sequenceOf(address: string): Promise<number> {
  return Number((await json(['query', 'auth', 'account', address])).account.sequence)
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

  it("behavior: an address argument or flag takes a key name of the keyring too, as autocli's address flag", async () => {
    // A key name is its account's address, or that account's operator address for a validator's.
    expect(await json(['query', 'bank', 'balances', 'bob'])).toEqual(
      await json(['query', 'bank', 'balances', addr.bob!]),
    )
    expect(await json(['query', 'auth', 'account', 'alice'])).toEqual(
      await json(['query', 'auth', 'account', addr.alice!]),
    )
    const validator = await json(['query', 'staking', 'validator', 'validator'])
    expect(validator.validator.operator_address).toBe(
      addressToBech32(bech32ToAddress(addr.validator!), 'sdkvaloper'),
    )
    const votes = await sdkd(['query', 'gov', 'proposals', '--voter', 'alice', '-o', 'json'])
    expect(votes.code).toBe(0)
    // A name the keyring does not hold is read as an address, and refused as one.
    const none = await sdkd(['query', 'gov', 'proposals', '--voter', 'carol'])
    expect([none.code, none.stderr]).toEqual([
      1,
      'Error: invalid argument "carol" for "--voter" flag: invalid account address or key name: decoding bech32 failed: invalid bech32 string length 5\n',
    ])
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
      `Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = account ${unknown} not found: key not found\n`,
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
      /^Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = proposal 999 doesn't exist: key not found\n$/,
    )
  })

  it('error: bad addresses, hashes and unreachable nodes are clear errors', async () => {
    const bad = await sdkd(['query', 'bank', 'balances', 'sdk1xyz'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe(
      'Error: invalid argument "sdk1xyz" for "--0" flag: invalid account address or key name: decoding bech32 failed: invalid bech32 string length 7\n',
    )
    // A hash is read with Go's hex.DecodeString, as upstream's QueryTx reads it; any length goes.
    const hashes: [string, string][] = [
      ['zz', "encoding/hex: invalid byte: U+007A 'z'"],
      ['abc', 'encoding/hex: odd length hex string'],
      ['abz', "encoding/hex: invalid byte: U+007A 'z'"],
      ['', 'argument should be a tx hash'],
      ['ab', 'RPC error -32603 - Internal error: tx (AB) not found'],
    ]
    for (const [arg, message] of hashes) {
      const r = await sdkd(['query', 'tx', arg])
      expect([r.code, r.stderr], arg).toEqual([1, `Error: ${message}\n`])
    }
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
    expect(down.stderr).toBe(
      'Error: post failed: Post "http://127.0.0.1:1": dial tcp 127.0.0.1:1: connect: connection refused\n',
    )
    const missingTx = await sdkd(['query', 'tx', 'AB'.repeat(32)])
    expect(missingTx.code).toBe(1)
    expect(missingTx.stderr).toBe(
      `Error: RPC error -32603 - Internal error: tx (${'AB'.repeat(32)}) not found\n`,
    )
  })
})

describe('sdkd tx upgrade software-upgrade: the safety rule', () => {
  it('behavior: a height that leaves no time for a cancel proposal gets a warning naming the lowest safe height', async () => {
    // Blocks 500 ms apart by block time, mined now: the recent interval is exactly 500ms whatever
    // the machine's speed. Their times run 50 s ahead of the wall clock, so the CLI's floor from
    // consensus_state (next round start less the latest block time) is negative and unused; with
    // instant mining no block comes during the test.
    const { height: mined } = await dev('dev_mine', { blocks: 100, interval_ms: 500 })
    const latest = Number(mined)
    expect(await rpcHeight(rpc)).toBe(latest)
    // Devnet: 2 × (5s + 10s) + 5s = 35s at 500 ms blocks = 70 blocks after the next block.
    const lowest = latest + 1 + 70
    const warning = (h: number) =>
      `WARNING: upgrade height ${h} leaves no time to cancel the upgrade by governance. The lowest height that does is ${lowest}: 2 × (voting period 5s + deposit period 10s) + safety delta 5s = 35s, about 70 blocks at the recent 500ms per block after the proposal starts (next block ${latest + 1}). Use --upgrade-height ${lowest} or higher to keep the upgrade cancellable.\n`
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
    const height = latest + 60
    const low = await sdkd([...args, '--upgrade-height', String(height), '--safety-delta', '5s'])
    expect(low.code).toBe(0)
    expect(low.stderr).toBe(warning(height))
    expect(JSON.parse(low.stdout).body.messages[0].messages[0].plan.height).toBe(String(height))

    // The height it names is the boundary: it passes, one below it does not.
    const safe = await sdkd([...args, '--upgrade-height', String(lowest), '--safety-delta', '5s'])
    expect(safe.code).toBe(0)
    expect(safe.stderr).toBe('')
    const justBelow = await sdkd([
      ...args,
      '--upgrade-height',
      String(lowest - 1),
      '--safety-delta',
      '5s',
    ])
    expect(justBelow.code).toBe(0)
    expect(justBelow.stderr).toBe(warning(lowest - 1))
    // The default safety delta is the voting period (5s on the devnet).
    const dflt = await sdkd([...args, '--upgrade-height', String(height)])
    expect(dflt.code).toBe(0)
    expect(dflt.stderr).toBe(warning(height))
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
    expect(fromFile.stderr).toBe(warning(height))
    // Nothing was broadcast: generate-only made no block.
    expect(await rpcHeight(rpc)).toBe(latest)
  })
})

describe('sdkd tx: sign and broadcast against the node', () => {
  it('behavior: tx bank send --yes --wait prints the included TxResponse; balances move', async () => {
    const before = await balance(addr.bob!)
    const sequence = await sequenceOf(addr.alice!)
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
    // alice's account now holds her key (derived here from her mnemonic by cosmjs).
    const [key] = await (
      await DirectSecp256k1HdWallet.fromMnemonic(devnet.accounts.alice!.mnemonic, {
        prefix: 'sdk',
      })
    ).getAccounts()
    const account = await json(['query', 'auth', 'account', addr.alice!])
    expect(account.account.pub_key).toEqual({
      '@type': '/sdk.crypto.secp256k1.PubKey',
      key: Buffer.from(key!.pubkey).toString('base64'),
    })
    expect(Number(account.account.sequence)).toBe(sequence + 1)
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
    // Broadcast before signing, as upstream's: sent as it is, the node refuses it with code 15.
    const early = await sdkd(['tx', 'broadcast', unsigned, '--output', 'json'])
    expect(early.code).toBe(0)
    expect(JSON.parse(early.stdout)).toMatchObject({
      code: 15,
      codespace: 'sdk',
      raw_log: 'no signatures supplied',
    })
    const signed = await sdkd(['tx', 'sign', unsigned, '--from', 'bob'])
    expect(signed.stderr).toBe('')
    expect(signed.code).toBe(0)
    // Online signing takes bob's sequence from the node (his account number is in the SignDoc,
    // checked by the node's signature verification below).
    expect(JSON.parse(signed.stdout).auth_info.signer_infos).toEqual([
      expect.objectContaining({ sequence: String(await sequenceOf(addr.bob!)) }),
    ])
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
    // The same signed bytes again: a committed tx stays in the mempool cache (code 19).
    const again = await sdkd(['tx', 'broadcast', signedFile, '--output', 'json'])
    expect(again.code).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({ code: 19, txhash: res.txhash })
    expect(await balance(addr.validator!)).toBe(before + 7n)
  })

  it('behavior: --sign-mode amino-json (send, and tx sign) signs the amino document; the node verifies it and includes the tx', async () => {
    const r = await sdkd([
      ...['tx', 'bank', 'send', 'alice', addr.bob!, '3token', '--fees', '10stake'],
      ...['--note', 'amino <memo> & more', '--sign-mode', 'amino-json', '--yes', '--wait'],
      ...['--output', 'json'],
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const res = JSON.parse(r.stdout)
    expect(res).toMatchObject({ code: 0, raw_log: '' })
    expect(res.tx.auth_info.signer_infos[0].mode_info).toEqual({
      single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' },
    })
    expect(res.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'transfer',
          attributes: expect.arrayContaining([
            expect.objectContaining({ key: 'amount', value: '3token' }),
          ]),
        }),
      ]),
    )

    // The three steps apart, signed in amino-json by `tx sign`.
    const gen = await sdkd(['tx', 'bank', 'send', 'bob', addr.alice!, '2token', '--generate-only'])
    expect(gen.code).toBe(0)
    const unsigned = join(dir, 'amino-unsigned.json')
    await writeFile(unsigned, gen.stdout)
    const signed = await sdkd([
      'tx',
      'sign',
      unsigned,
      '--from',
      'bob',
      '--sign-mode',
      'amino-json',
    ])
    expect(signed.stderr).toBe('')
    expect(signed.code).toBe(0)
    const signedFile = join(dir, 'amino-signed.json')
    await writeFile(signedFile, signed.stdout)
    const b = await sdkd(['tx', 'broadcast', signedFile, '--wait', '--output', 'json'])
    expect(b.code).toBe(0)
    expect(JSON.parse(b.stdout)).toMatchObject({
      code: 0,
      tx: {
        auth_info: {
          signer_infos: [{ mode_info: { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' } } }],
        },
      },
    })
  })

  it('behavior: without --yes the tx is shown on stdout and confirmed on stdin; "n" cancels', async () => {
    const before = await balance(addr.bob!)
    // As upstream: the unsigned tx on stdout in the output format; the prompt only at a terminal
    // (stdin is a pipe here), so stderr holds just the cancellation.
    const no = await sdkd(['tx', 'bank', 'send', 'alice', addr.bob!, '3token', '-o', 'json'], 'n\n')
    expect(no.code).toBe(0)
    expect(no.stderr).toBe('canceled transaction\n')
    expect(no.stdout).toMatch(
      /^\{"body":\{"messages":\[\{"@type":"\/sdk\.bank\.v1beta1\.MsgSend"[^\n]*\}\n$/,
    )
    const shown = JSON.parse(no.stdout)
    expect(shown.body.messages[0].amount).toEqual([{ denom: 'token', amount: '3' }])
    expect(shown.signatures).toEqual([])
    const text = await sdkd(
      ['tx', 'bank', 'send', 'alice', addr.bob!, '3token', '-o', 'text'],
      'no\n',
    )
    expect(text.code).toBe(0)
    expect(text.stderr).toBe('canceled transaction\n')
    expect(text.stdout).toMatch(/^auth_info:\n {2}fee:\n[\s\S]*\nsignatures: \[\]\n$/)
    // "n" sent nothing: with instant mining a broadcast tx would be in a block by now.
    expect(await balance(addr.bob!)).toBe(before)
    const yes = await sdkd(
      ['tx', 'bank', 'send', 'alice', addr.bob!, '3token', '--wait', '-o', 'json'],
      'y\n',
    )
    expect(yes.code).toBe(0)
    expect(yes.stderr).toBe('')
    // Two JSON lines: the tx as confirmed, then the TxResponse.
    const [tx, response, ...rest] = yes.stdout.split('\n')
    expect(rest).toEqual([''])
    expect(JSON.parse(tx!).body).toEqual(shown.body)
    expect(JSON.parse(response!).code).toBe(0)
    expect(await balance(addr.bob!)).toBe(before + 3n)
    const eof = await sdkd(['tx', 'bank', 'send', 'alice', addr.bob!, '3token', '-o', 'json'], '')
    expect(eof.code).toBe(1)
    expect(eof.stdout).toBe(no.stdout)
    expect(eof.stderr).toBe(
      'Error: EOF: no answer to the confirmation prompt on stdin (pass --yes to skip it); canceled transaction\n',
    )
    expect(await balance(addr.bob!)).toBe(before + 3n)
  })

  it('behavior: --gas auto simulates first; --dry-run only prints the estimate', async () => {
    const send = ['tx', 'bank', 'send', 'alice', addr.bob!, '1token']
    // Simulation mode takes an address, not a key name (upstream GetFromFields).
    const simulatedSend = ['tx', 'bank', 'send', addr.alice!, addr.bob!, '1token']
    const height = await rpcHeight(rpc)
    const sequence = await sequenceOf(addr.alice!)
    const bobBefore = await balance(addr.bob!)
    const estimate = async (args: string[]) => {
      const r = await sdkd([...simulatedSend, ...args, '--dry-run'])
      expect(r.code).toBe(0)
      expect(r.stdout).toBe('')
      const m = /^gas estimate: (\d+)\n$/.exec(r.stderr)
      expect(m, r.stderr).not.toBeNull()
      return Number(m![1])
    }
    // The tx as --gas auto simulates it (gas limit 0 in the simulated bytes): its gas used …
    const simulated = await estimate(['--gas', 'auto'])
    // … times the adjustment, truncated as upstream's uint64(adjustment × gas used).
    const adjusted = Math.floor(1.37 * simulated)
    expect(Number.isInteger(1.37 * simulated)).toBe(false) // so rounding up would differ
    expect(await estimate(['--gas', 'auto', '--gas-adjustment', '1.37'])).toBe(adjusted)
    // Without --gas auto, --dry-run simulates the tx with its gas limit (200000 by default) in the
    // bytes: 4 bytes more than gas limit 0, at tx_size_cost_per_byte 10.
    expect(await estimate([])).toBe(simulated + 40)
    // Nothing was signed or broadcast: no block (instant mining), no waiting tx, the same sequence.
    expect(await rpcHeight(rpc)).toBe(height)
    expect((await dev('num_unconfirmed_txs')).n_txs).toBe('0')
    expect(await sequenceOf(addr.alice!)).toBe(sequence)
    // --dry-run takes a bare address (as upstream's simulation mode): a home without keys
    // simulates alice's send with an empty key, and prints only the estimate.
    const keyless = join(dir, 'keyless')
    await mkdir(keyless, { recursive: true })
    const bare = await runSdkd([
      ...['--home', keyless, 'tx', 'bank', 'send', addr.alice!, addr.bob!, '1token'],
      ...['--dry-run', '--node', `tcp://127.0.0.1:${rpc}`],
    ])
    expect([bare.code, bare.stdout]).toEqual([0, ''])
    expect(bare.stderr).toMatch(/^gas estimate: \d+\n$/)
    // With --generate-only, --dry-run changes nothing but the reading of --from: the unsigned tx,
    // no simulation (as upstream).
    const generated = await sdkd([...simulatedSend, '--generate-only', '--dry-run'])
    expect([generated.code, generated.stderr]).toEqual([0, ''])
    expect(JSON.parse(generated.stdout).auth_info.fee.gas_limit).toBe('200000')
    expect(generated.stdout.endsWith('}\n')).toBe(true)

    const auto = await sdkd([
      ...send,
      '--gas',
      'auto',
      '--gas-adjustment',
      '1.37',
      '--yes',
      '--wait',
      '-o',
      'json',
    ])
    expect(auto.code).toBe(0)
    // Signing, the simulation carries alice's own public key (the estimates above, from a bare
    // address, an empty one): a little more gas than the dry run's.
    const signedEstimate = Number(/^gas estimate: (\d+)\n$/.exec(auto.stderr)?.[1])
    expect(signedEstimate).toBeGreaterThan(adjusted)
    const res = JSON.parse(auto.stdout)
    expect(res.code).toBe(0)
    expect(res.gas_wanted).toBe(String(signedEstimate))
    expect(res.tx.auth_info.fee.gas_limit).toBe(String(signedEstimate))
    expect(Number(res.gas_used)).toBeLessThanOrEqual(signedEstimate)
    expect(await balance(addr.bob!)).toBe(bobBefore + 1n)
  })

  it('error: --dry-run takes an address, not a key name, as upstream; offline it cannot estimate', async () => {
    const refused = (problem: string) =>
      `Error: failed to convert address field to address: a valid bech32 address must be provided in simulation mode: ${problem}\n`
    const cases: [string[], string][] = [
      [
        ['tx', 'bank', 'send', 'alice', addr.bob!, '1token', '--dry-run'],
        refused('decoding bech32 failed: invalid bech32 string length 5'),
      ],
      // --generate-only does not lift it: --dry-run sets simulation mode all the same.
      [
        ['tx', 'bank', 'send', 'alice', addr.bob!, '1token', '--dry-run', '--generate-only'],
        refused('decoding bech32 failed: invalid bech32 string length 5'),
      ],
      [
        ['tx', 'gov', 'vote', '1', 'yes', '--from', 'validator', '--dry-run'],
        refused('decoding bech32 failed: invalid separator index -1'),
      ],
      [
        [
          ...['tx', 'bank', 'send', 'cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du', addr.bob!],
          ...['1token', '--dry-run'],
        ],
        refused('invalid Bech32 prefix; expected sdk, got cosmos'),
      ],
      [
        [
          ...['tx', 'bank', 'send', addr.alice!, addr.bob!, '1token', '--dry-run', '--offline'],
          ...['--chain-id', CHAIN, '-a', '0', '-s', '0'],
        ],
        'Error: cannot estimate gas in offline mode\n',
      ],
    ]
    for (const [args, stderr] of cases) {
      const r = await sdkd(args)
      expect([r.code, r.stderr, r.stdout], args.join(' ')).toEqual([1, stderr, ''])
    }
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
      new RegExp(
        `raw_log: 'signature verification failed; please verify account number \\(${account.account.account_number}\\) and chain-id \\(client-chain\\): \\(unable to verify single signer signature\\): unauthorized`,
      ),
    )
  })

  it('behavior: --wait on a tx that fails in its block says so on stderr and exits 1; stdout stays the TxResponse', async () => {
    // More than alice holds: CheckTx does not run the message, so the tx is included and fails.
    const r = await sdkd([
      'tx',
      'bank',
      'send',
      'alice',
      addr.bob!,
      '999999999999999token',
      '--yes',
      '--wait',
      '-o',
      'json',
    ])
    expect(r.code).toBe(1)
    const res = JSON.parse(r.stdout)
    expect(res).toMatchObject({ code: 5, codespace: 'sdk' })
    expect(res.raw_log).toMatch(/: insufficient funds$/)
    expect(r.stderr).toBe(
      `Error: tx ${res.txhash} failed at height ${res.height}: code 5 (insufficient funds): ${res.raw_log}\n`,
    )
  })

  it('behavior: without --wait, text output adds on stderr that the mempool is not a block', async () => {
    const r = await sdkd(['tx', 'bank', 'send', 'alice', addr.bob!, '1token', '--yes'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^code: 0\ncodespace: ""\n/)
    const hash = /\ntxhash: ([0-9A-F]{64})\n/.exec(r.stdout)![1]
    expect(r.stderr).toBe(
      `accepted into the mempool (not yet in a block): sdkd query tx ${hash} shows the result once included\n`,
    )
  })
})
