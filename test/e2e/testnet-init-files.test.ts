import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'smol-toml'
import { beforeAll, describe, expect, it } from 'vitest'
import { Keyring, keyFromMnemonic, pubKeyToAddress } from '../../src/client/keyring.js'
import { addressToBech32 } from '../../src/codec/address.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runCommand, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

const cleanups = cleanupAfterAll()

let out = ''
let stderr = ''
const NODES = ['node0', 'node1', 'node2', 'node3']
const homeOf = (n: string) => join(out, n, 'sdkd')
const read = async (n: string, file: string) => readFile(join(homeOf(n), file), 'utf8')

beforeAll(async () => {
  const t = await tempDir('sdkd-testnet-')
  cleanups.push(t.cleanup)
  out = join(t.dir, 'net')
  const r = await runSdkd([
    'testnet',
    'init-files',
    '--validators',
    '4',
    '--output-dir',
    out,
    '--chain-id',
    'testnet-e2e-1',
    '--starting-ip-address',
    '127.0.0.1',
  ])
  expect(r.code, r.stderr).toBe(0)
  stderr = r.stderr
})

describe('sdkd testnet init-files', () => {
  it('behavior: writes one home per validator with its keys, key_seed.json and a gentx of power 100', async () => {
    expect(stderr).toContain('Successfully initialized 4 node directories')
    expect((await readdir(out)).sort()).toEqual(['gentxs', ...NODES])
    expect((await readdir(join(out, 'gentxs'))).sort()).toEqual(NODES.map((n) => `${n}.json`))
    const nodeIds = new Set<string>()
    for (const n of NODES) {
      for (const f of [
        'config/app.toml',
        'config/client.toml',
        'config/config.toml',
        'config/genesis.json',
        'config/node_key.json',
        'config/priv_validator_key.json',
        'data/priv_validator_state.json',
        `keyring-test/${n}.info`,
      ])
        expect(existsSync(join(homeOf(n), f)), `${n}/${f}`).toBe(true)
      // The operator key's mnemonic (upstream's key_seed.json) recovers the key in the keyring.
      const seed = JSON.parse(await read(n, 'key_seed.json'))
      const address = addressToBech32(pubKeyToAddress(keyFromMnemonic(seed.secret).pubKey))
      expect((await Keyring.open(homeOf(n)).record(n)).address).toBe(address)
      const gentx = JSON.parse(await readFile(join(out, 'gentxs', `${n}.json`), 'utf8'))
      const msg = gentx.body.messages[0]
      const pv = JSON.parse(await read(n, 'config/priv_validator_key.json'))
      expect(msg.pubkey.key).toBe(pv.pub_key.value)
      expect(msg.description.moniker).toBe(n)
      expect(msg.value).toEqual({ denom: 'stake', amount: '100000000' })
      expect(msg.commission).toEqual({
        rate: '1.000000000000000000',
        max_rate: '1.000000000000000000',
        max_change_rate: '1.000000000000000000',
      })
      nodeIds.add(gentx.body.memo.split('@')[0])
    }
    expect(nodeIds.size).toBe(4)
  })

  it('behavior: every home holds the same genesis: the gentxs collected, the operators funded, no consensus validators', async () => {
    const texts = await Promise.all(NODES.map((n) => read(n, 'config/genesis.json')))
    expect(new Set(texts).size).toBe(1)
    const g = JSON.parse(texts[0]!)
    expect(g.chain_id).toBe('testnet-e2e-1')
    expect(g.consensus.validators).toEqual([])
    const gentxs = await Promise.all(
      NODES.map(async (n) => JSON.parse(await readFile(join(out, 'gentxs', `${n}.json`), 'utf8'))),
    )
    expect(g.app_state.genutil.gen_txs).toEqual(gentxs)
    const seeds = await Promise.all(
      NODES.map(async (n) => JSON.parse(await read(n, 'key_seed.json'))),
    )
    expect(g.app_state.bank.balances).toEqual(
      seeds.map((s, i) => ({
        address: addressToBech32(pubKeyToAddress(keyFromMnemonic(s.secret).pubKey)),
        coins: [
          { denom: `node${i}token`, amount: '1000000000' },
          { denom: 'stake', amount: '500000000' },
        ],
      })),
    )
  })

  it('behavior: each config.toml has its own ports, the other nodes as persistent peers on loopback, and short round timeouts', async () => {
    const memos = await Promise.all(
      NODES.map(
        async (n) =>
          JSON.parse(await readFile(join(out, 'gentxs', `${n}.json`), 'utf8')).body.memo as string,
      ),
    )
    expect(memos.map((m) => m.split('@')[1])).toEqual([
      '127.0.0.1:26656',
      '127.0.0.2:26666',
      '127.0.0.3:26676',
      '127.0.0.4:26686',
    ])
    for (const [i, n] of NODES.entries()) {
      const c = parse(await read(n, 'config/config.toml')) as any
      expect(c.moniker).toBe(n)
      expect(c.proxy_app).toBe(`tcp://127.0.0.1:${26658 + 10 * i}`)
      expect(c.rpc.laddr).toBe(`tcp://127.0.0.1:${26657 + 10 * i}`)
      expect(c.p2p.laddr).toBe(`tcp://127.0.0.1:${26656 + 10 * i}`)
      expect(c.p2p.addr_book_strict).toBe(false)
      expect(c.p2p.allow_duplicate_ip).toBe(true)
      // The memos keep --starting-ip-address; the peers dial each other on this host.
      expect(c.p2p.persistent_peers).toBe(
        memos
          .map((m, j) => `${m.split('@')[0]}@127.0.0.1:${26656 + 10 * j}`)
          .filter((_, j) => j !== i)
          .sort()
          .join(','),
      )
      expect(c.consensus).toEqual({
        timeout_propose: '1s',
        timeout_propose_delta: '500ms',
        timeout_prevote: '500ms',
        timeout_prevote_delta: '500ms',
        timeout_precommit: '500ms',
        timeout_precommit_delta: '500ms',
        timeout_commit: '500ms',
      })
      expect(c.instrumentation.prometheus_listen_addr).toBe(`127.0.0.1:${26660 + 10 * i}`)
      const app = parse(await read(n, 'config/app.toml')) as any
      expect(app.api.address).toBe(`tcp://127.0.0.1:${1317 + 10 * i}`)
      expect(app.grpc.address).toBe(`127.0.0.1:${9090 + 10 * i}`)
      expect(app['minimum-gas-prices']).toBe('0.000006stake')
    }
  })

  // Passes once a genesis may list no consensus validators (the consensus side of several validators).
  it('behavior: each home passes sdkd genesis validate-genesis', async () => {
    for (const n of NODES) {
      const r = await runSdkd(['--home', homeOf(n), 'genesis', 'validate-genesis'])
      expect(r.stderr).toBe('')
      expect(r.stdout).toBe(
        `File at ${join(homeOf(n), 'config/genesis.json')} is a valid genesis file\n`,
      )
      expect(r.code).toBe(0)
    }
  })

  it('refusal: an existing node directory, a bad IP and a bad count are refused', async () => {
    let r = await runSdkd(['testnet', 'init-files', '--output-dir', out])
    expect(r.stderr).toContain(
      `Error: ${join(out, 'node0')} already exists: choose another --output-dir, or remove it`,
    )
    expect(r.code).toBe(1)
    r = await runSdkd([
      'testnet',
      'init-files',
      '--output-dir',
      join(out, 'x'),
      '--starting-ip-address',
      '300.1.1.1',
    ])
    expect(r.stderr).toContain(
      'Error: invalid --starting-ip-address "300.1.1.1": expected an IPv4 address',
    )
    expect(r.code).toBe(1)
    r = await runSdkd([
      'testnet',
      'init-files',
      '--output-dir',
      join(out, 'x'),
      '--validators',
      '0',
    ])
    expect(r.stderr).toContain("Error: option '--validators <n>' argument '0' is invalid.")
    expect(r.code).toBe(1)
    r = await runSdkd([
      'testnet',
      'init-files',
      '--output-dir',
      join(out, 'x'),
      '--starting-port',
      '25000',
    ])
    expect(r.stderr).toContain(
      "Error: --starting-port 25000 puts the ports of 4 nodes at -339–25034, outside 1–65535: the REST API of node 0 is 25339 below the starting port, and node 3's Prometheus 34 above it",
    )
    expect(r.code).toBe(1)
    r = await runSdkd([
      'testnet',
      'init-files',
      '--output-dir',
      join(out, 'x'),
      '--validators',
      '100',
      '--starting-port',
      '64600',
    ])
    expect(r.stderr).toContain(
      'Error: --starting-port 64600 puts the ports of 100 nodes at 39261–65594, outside 1–65535',
    )
    expect(r.code).toBe(1)
    // A prefix holding a path would put a node's home, keys and all, outside --output-dir; prices
    // no node would start with are refused before anything is written too.
    for (const [flag, value, error] of [
      ['--node-dir-prefix', '../esc', 'a directory name, without / or \\'],
      [
        '--minimum-gas-prices',
        'garbage',
        'invalid decimal coin expression: garbage: invalid coins',
      ],
    ]) {
      r = await runSdkd(['testnet', 'init-files', '--output-dir', join(out, 'x'), flag!, value!])
      expect([r.code, r.stderr]).toEqual([1, `Error: invalid ${flag} "${value}": ${error}\n`])
    }
    expect(existsSync(join(out, 'esc0'))).toBe(false)
    expect(existsSync(join(out, 'x'))).toBe(false)
    // Upstream simd's --v names the same number; given with --validators it is refused.
    r = await runSdkd(['testnet', 'init-files', '--output-dir', join(out, 'v'), '--v', '2'])
    expect([r.code, r.stderr]).toEqual([0, 'Successfully initialized 2 node directories\n'])
    expect((await readdir(join(out, 'v'))).sort()).toEqual(['gentxs', 'node0', 'node1'])
    r = await runSdkd([
      'testnet',
      'init-files',
      '--output-dir',
      join(out, 'w'),
      '--v',
      '2',
      '--validators',
      '3',
    ])
    expect([r.code, r.stderr]).toEqual([
      1,
      'Error: --v and --validators both given: they name the same number, give one\n',
    ])
  })

  it('behavior: --keyring-backend file seals each operator key under a passphrase asked for each home, as upstream; a backend sdkd lacks is refused before anything is written', async () => {
    const dir = join(out, 'f')
    // Each home's keyring is new: its passphrase, then again (stdin is no terminal: no prompt).
    const r = await runSdkd(
      [
        'testnet',
        'init-files',
        '--output-dir',
        dir,
        '--validators',
        '2',
        '--keyring-backend',
        'file',
      ],
      { input: 'passw0rd0\npassw0rd0\npassw0rd1\npassw0rd1\n' },
    )
    expect([r.code, r.stderr]).toEqual([0, 'Successfully initialized 2 node directories\n'])
    for (const i of [0, 1]) {
      const home = join(dir, `node${i}`, 'sdkd')
      expect(existsSync(join(home, 'keyring-test'))).toBe(false)
      expect(existsSync(join(home, 'keyring-file', 'keyhash'))).toBe(true)
      expect(parse(await readFile(join(home, 'config/client.toml'), 'utf8'))).toMatchObject({
        'keyring-backend': 'file',
      })
      // The gentx's operator is the key sealed under that home's passphrase.
      const key = await Keyring.open(home, 'file', async () => `passw0rd${i}`).get(`node${i}`)
      const gentx = JSON.parse(await readFile(join(dir, 'gentxs', `node${i}.json`), 'utf8'))
      expect(gentx.auth_info.signer_infos[0].public_key.key).toBe(
        Buffer.from(key.pubKey).toString('base64'),
      )
      const shown = await runSdkd(['--home', home, 'keys', 'show', `node${i}`, '-a'], {
        input: `passw0rd${i}\n`,
      })
      expect([shown.code, shown.stdout]).toEqual([0, `${key.address}\n`])
    }
    // A passphrase typed differently the second time: upstream's three attempts, then the end.
    const bad = await runSdkd(
      [
        'testnet',
        'init-files',
        '--output-dir',
        join(dir, 'g'),
        '--v',
        '1',
        '--keyring-backend',
        'file',
      ],
      { input: 'passw0rd0\npassw0rdX\n' },
    )
    expect([bad.code, bad.stderr]).toEqual([
      1,
      'passphrase do not match\nEOF\nEOF\nError: too many failed passphrase attempts\n',
    ])
    // Nothing of that run is left: the same command can run again.
    expect(existsSync(join(dir, 'g'))).toBe(false)
    const os = await runSdkd([
      'testnet',
      'init-files',
      '--output-dir',
      join(dir, 'h'),
      '--keyring-backend',
      'os',
    ])
    expect([os.code, os.stderr]).toEqual([
      1,
      'Error: unsupported keyring backend "os": sdkd supports "test" (files under <home>/keyring-test) and "file" (<home>/keyring-file)\n',
    ])
    expect(existsSync(join(dir, 'h'))).toBe(false)
  })
})

const cometbft = requireUpstreamTool(
  'cometbft',
  'testnet init-files with --starting-port, checked by cometbft',
)

describe.skipIf(!cometbft.path)(
  `sdkd testnet init-files --starting-port, read by cometbft ${cometbft.version ?? ''}`,
  () => {
    it('behavior: every listener moves with the starting port; each node names the others by the id cometbft show-node-id prints for their homes', async () => {
      const t = await tempDir('sdkd-testnet-ports-')
      cleanups.push(t.cleanup)
      const net = join(t.dir, 'net')
      const base = 41_230
      const r = await runSdkd([
        'testnet',
        'init-files',
        '--validators',
        '3',
        '--output-dir',
        net,
        '--starting-port',
        String(base),
      ])
      expect(r.code, r.stderr).toBe(0)
      const nodes = ['node0', 'node1', 'node2']
      const ids: string[] = []
      for (const n of nodes) {
        const shown = await runCommand(cometbft.path!, [
          'show-node-id',
          '--home',
          join(net, n, 'sdkd'),
        ])
        expect(shown.code, shown.stderr).toBe(0)
        expect(shown.stdout).toMatch(/^[0-9a-f]{40}\n$/)
        ids.push(shown.stdout.trim())
      }
      for (const [i, n] of nodes.entries()) {
        const home = join(net, n, 'sdkd')
        const c = parse(await readFile(join(home, 'config/config.toml'), 'utf8')) as any
        const o = base - 26656 + 10 * i
        expect(c.p2p.laddr).toBe(`tcp://127.0.0.1:${26656 + o}`)
        expect(c.rpc.laddr).toBe(`tcp://127.0.0.1:${26657 + o}`)
        expect(c.proxy_app).toBe(`tcp://127.0.0.1:${26658 + o}`)
        expect(c.instrumentation.prometheus_listen_addr).toBe(`127.0.0.1:${26660 + o}`)
        const app = parse(await readFile(join(home, 'config/app.toml'), 'utf8')) as any
        expect(app.api.address).toBe(`tcp://127.0.0.1:${1317 + o}`)
        expect(app.grpc.address).toBe(`127.0.0.1:${9090 + o}`)
        const client = parse(await readFile(join(home, 'config/client.toml'), 'utf8')) as any
        expect(client.node).toBe(`tcp://127.0.0.1:${26657 + o}`)
        const peers = String(c.p2p.persistent_peers).split(',')
        expect(peers).toEqual(
          ids
            .map((id, j) => `${id}@127.0.0.1:${base + 10 * j}`)
            .filter((_, j) => j !== i)
            .sort(),
        )
      }
    })
  },
)
