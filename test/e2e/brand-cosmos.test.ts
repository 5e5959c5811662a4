import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { BRAND_CHECKS, BRANDS, type BrandNode } from '../helpers/brand-checks.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { boundPorts, runSdkd, type SdkdProcess, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * A `--brand cosmos` devnet as a user runs it: `sdkd devnet` with SDKD_BRAND=cosmos creates the home
 * in brand cosmos and records it; the node and every later command on the home (keys, query, tx)
 * use upstream's names. The brand checks every node passes run against it, then the CLI's.
 */

const cleanups = cleanupAfterAll()
const x = BRANDS.cosmos
const CHAIN_ID = 'brand-cosmos-e2e'

let home: string
let p: SdkdProcess
let target: BrandNode
/** alice's address and mnemonic, as `devnet` printed them. */
let alice: { address: string; mnemonic: string }

/** `sdkd --home <home> <args> -o json` against the node; the parsed output. */
async function cli(args: string[]): Promise<any> {
  const r = await runSdkd(['--home', home, ...args, '-o', 'json'])
  if (r.code !== 0) throw new Error(`sdkd ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return JSON.parse(r.stdout)
}

beforeAll(async () => {
  const dir = await tempDir('sdkd-brand-e2e-')
  cleanups.push(dir.cleanup)
  home = join(dir.dir, 'home')
  p = startSdkd(
    [
      '--home',
      home,
      'devnet',
      '--chain-id',
      CHAIN_ID,
      '--accounts',
      '3',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--api.address',
      'tcp://127.0.0.1:0',
      '--grpc.address',
      '127.0.0.1:0',
    ],
    { env: { SDKD_BRAND: 'cosmos' } },
  )
  cleanups.push(() => p.stop())
  const ports = await boundPorts(p, { api: true, grpc: true })
  await p.waitForLog((l) => l.msg === 'committed block')
  const printed = p.output()
  const address = /- name: alice\n {2}address: (\S+)\n {2}mnemonic: "([^"]+)"/.exec(printed)
  if (!address) throw new Error(`devnet printed no alice account:\n${printed}`)
  alice = { address: address[1]!, mnemonic: address[2]! }
  target = {
    x,
    api: `http://127.0.0.1:${ports.apiPort}`,
    rpcPort: ports.rpcPort,
    grpc: `127.0.0.1:${ports.grpcPort}`,
    chainId: CHAIN_ID,
    mnemonic: alice.mnemonic,
  }
})

describe('sdkd devnet with SDKD_BRAND=cosmos', () => {
  test('behavior: the home records brand cosmos; the devnet accounts are cosmos1 addresses', async () => {
    expect(await readFile(join(home, 'config/sdkd.toml'), 'utf8')).toContain('brand = "cosmos"\n')
    expect(alice.address).toMatch(/^cosmos1[02-9ac-hj-np-z]{38}$/)
    const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    expect(genesis.app_state.auth.accounts[0]['@type']).toBe('/cosmos.auth.v1beta1.BaseAccount')
  })

  test.each(BRAND_CHECKS.map((c) => [c.name, c] as const))('%s', async (_name, check) => {
    await check.run(target)
  })

  test('behavior: keys, query and tx commands on the home speak brand cosmos', async () => {
    const keys = (await cli(['keys', 'list', '--keyring-backend', 'test'])) as {
      name: string
      address: string
      pubkey: string
    }[]
    expect(keys.find((k) => k.name === 'alice')?.address).toBe(alice.address)
    expect(JSON.parse(keys[0]!.pubkey)['@type']).toBe('/cosmos.crypto.secp256k1.PubKey')

    const node = ['--node', `tcp://127.0.0.1:${target.rpcPort}`]
    const account = await cli(['query', 'auth', 'account', alice.address, ...node])
    expect(account.account['@type']).toBe('/cosmos.auth.v1beta1.BaseAccount')

    const sent = await cli([
      'tx',
      'bank',
      'send',
      'alice',
      x.gov,
      '5stake',
      '--keyring-backend',
      'test',
      '--yes',
      '--wait',
      ...node,
    ])
    expect(sent.code).toBe(0)
    expect(sent.tx['@type']).toBe('/cosmos.tx.v1beta1.Tx')
    expect(sent.tx.body.messages[0]).toEqual({
      '@type': '/cosmos.bank.v1beta1.MsgSend',
      from_address: alice.address,
      to_address: x.gov,
      amount: [{ denom: 'stake', amount: '5' }],
    })
    const actions = sent.events
      .filter((e: { type: string }) => e.type === 'message')
      .flatMap((e: { attributes: { key: string; value: string }[] }) => e.attributes)
      .filter((a: { key: string }) => a.key === 'action')
      .map((a: { value: string }) => a.value)
    expect(actions).toEqual(['/cosmos.bank.v1beta1.MsgSend'])

    const balances = await cli(['query', 'bank', 'balances', x.gov, ...node])
    expect(balances.balances).toContainEqual({ denom: 'stake', amount: expect.any(String) })
  })

  test('error: another brand on the existing home is refused; an unknown brand is refused', async () => {
    const other = await runSdkd(['--home', home, 'devnet', '--brand', 'sdk'])
    expect(other.code).toBe(1)
    expect(other.stderr).toContain(
      'is in brand cosmos; --brand sdk applies only to a new home, or with --reset',
    )
    const unknown = await runSdkd([
      '--home',
      join(home, '..', 'other'),
      'init',
      'n',
      '--brand',
      'acme',
    ])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("option '--brand <name>' argument 'acme' is invalid")
  })
})
