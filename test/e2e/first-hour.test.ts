import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  getJson,
  heightAtLeast,
  runSdkd,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * The traps of a new user's first hour, each with real `sdkd` processes: a home remembers its app
 * version, resets start the chain over, genesis and data must match, the client follows its node,
 * upgrade heights are checked before broadcasting, config errors are complete.
 */

const cleanups = cleanupAfterEach()

async function newDir(): Promise<string> {
  const t = await tempDir('sdkd-first-hour-')
  cleanups.push(t.cleanup)
  return t.dir
}

/** A node's listen flags: the RPC on a port the OS picks (read back with `started`), REST and gRPC off. */
const LISTEN = ['--rpc.laddr', 'tcp://127.0.0.1:0', '--api.enable=false', '--grpc.enable=false']

function track(p: SdkdProcess): SdkdProcess {
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

/** Starts `sdkd <args>` (a node); resolves with the RPC port it bound once its RPC is up. */
async function started(
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ p: SdkdProcess; rpc: number }> {
  const p = track(startSdkd(args, env ? { env } : {}))
  const { rpcPort } = await boundPorts(p)
  return { p, rpc: rpcPort }
}

/** Runs `sdkd devnet` on a home until height `h`, then stops it with SIGTERM (exit 0). */
async function runDevnetTo(home: string, h: number, extra: string[] = []): Promise<SdkdProcess> {
  const { p, rpc } = await started([
    '--home',
    home,
    ...extra,
    'devnet',
    ...LISTEN,
    '--timeout-commit',
    '100ms',
  ])
  await heightAtLeast(rpc, h)
  expect((await p.stop('SIGTERM')).code).toBe(0)
  return p
}

describe('a home remembers its app version', () => {
  test('error: an app version older than the home refuses at once, naming both versions and the ways out; nothing is written', async () => {
    const home = join(await newDir(), 'home')
    expect((await runSdkd(['--home', home, 'init', 'n', '--devnet'])).code).toBe(0)
    const r = await runSdkd(['--home', home, '--app-version', 'v1', 'start', ...LISTEN])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: the home ${home} belongs to app version v2 (created by v2); app version v1 is older and cannot run its chain: a chain only moves forward.\n` +
        `Either run it with --app-version v2, or give v1 a fresh home: sdkd devnet --app-version v1 --home <new dir> ` +
        `(or sdkd devnet --app-version v1 --reset to start this home's chain over, keeping its keys and config).\n`,
    )
    expect(await readdir(join(home, 'data'))).toEqual(['priv_validator_state.json'])
    // The same refusal from `devnet` on the existing home.
    const d = await runSdkd(['--home', home, '--app-version', 'v1', 'devnet', ...LISTEN])
    expect(d.code).toBe(1)
    expect(d.stderr).toContain('belongs to app version v2')
    expect(await readdir(join(home, 'data'))).toEqual(['priv_validator_state.json'])
  })

  test('behavior: devnet --app-version v1 on a missing home makes a v1 home, which records the app version that ran it', async () => {
    const home = join(await newDir(), 'home')
    await runDevnetTo(home, 2, ['--app-version', 'v1'])
    const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    expect(Object.keys(genesis.app_state)).toContain('crisis')
    expect(Object.keys(genesis.app_state)).not.toContain('consensus')
    const record = await readFile(join(home, 'config/sdkd.toml'), 'utf8')
    expect(record).toContain('created-by-app-version = "v1"')
    expect(record).toContain('last-run-app-version = "v1"')
    // v2 may run it (an upgrade goes forward); v1 again too.
    await runDevnetTo(home, 3, ['--app-version', 'v1'])
  })
})

describe('resets', () => {
  test('behavior: devnet --reset and comet unsafe-reset-all start the chain over at height 1; keys and config edits are kept', async () => {
    const home = join(await newDir(), 'home')
    await runDevnetTo(home, 3)
    const keyring = async () => (await readdir(join(home, 'keyring-test'))).sort()
    const keysBefore = await keyring()
    const validatorKey = await readFile(join(home, 'config/priv_validator_key.json'), 'utf8')
    const genesisBefore = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    // A config edit the reset must keep.
    const configToml = join(home, 'config/config.toml')
    const edited = `${await readFile(configToml, 'utf8')}\n# kept across resets\n`
    await writeFile(configToml, edited)

    const { p: again, rpc } = await started(['--home', home, 'devnet', '--reset', ...LISTEN])
    await heightAtLeast(rpc, 1)
    const status = (await getJson(`http://127.0.0.1:${rpc}/status`)).body.result
    expect(status.sync_info.earliest_block_height).toBe('1')
    // The chain started over: its first commit is height 1, and block 1 carries the new genesis time.
    expect(again.logs().find((l) => l.msg === 'committed block')?.height).toBe(1)
    const newBlock1 = (await getJson(`http://127.0.0.1:${rpc}/block?height=1`)).body.result
    const newGenesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    expect(newGenesis.genesis_time).not.toBe(genesisBefore.genesis_time)
    expect(newBlock1.block.header.time).toBe(newGenesis.genesis_time.replace(/\.?0+Z$/, 'Z'))
    expect((await again.stop('SIGTERM')).code).toBe(0)
    expect(await keyring()).toEqual(keysBefore)
    expect(await readFile(join(home, 'config/priv_validator_key.json'), 'utf8')).toBe(validatorKey)
    expect(await readFile(configToml, 'utf8')).toBe(edited)
    const genesisAfter = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    expect(genesisAfter.chain_id).toBe(genesisBefore.chain_id)
    expect(genesisAfter.genesis_time).not.toBe(genesisBefore.genesis_time)

    // upstream's unsafe-reset-all: data/ gone but for a reset signing state; config, keys, genesis stay.
    await runDevnetTo(home, 3)
    const reset = await runSdkd([
      '--home',
      home,
      '--log_format',
      'plain',
      'comet',
      'unsafe-reset-all',
    ])
    expect(reset.code).toBe(0)
    expect(reset.stdout).toMatch(/INFO: Removed all blockchain history dir=/)
    expect(reset.stdout).toMatch(/INFO: Reset private validator file to genesis state key=/)
    expect(await readdir(join(home, 'data'))).toEqual(['priv_validator_state.json'])
    expect(
      JSON.parse(await readFile(join(home, 'data/priv_validator_state.json'), 'utf8')),
    ).toEqual({
      height: '0',
      round: 0,
      step: 0,
    })
    expect(await readFile(join(home, 'config/genesis.json'), 'utf8')).toBe(
      `${JSON.stringify(genesisAfter, null, 2)}\n`,
    )
    expect(await keyring()).toEqual(keysBefore)
    // The chain starts again from the same genesis: block 1 carries the genesis time.
    const restarted = await started(['--home', home, 'start', ...LISTEN])
    const p = restarted.p
    await heightAtLeast(restarted.rpc, 1)
    const block1 = (await getJson(`http://127.0.0.1:${restarted.rpc}/block?height=1`)).body.result
    expect(block1.block.header.time).toBe(genesisAfter.genesis_time.replace(/\.?0+Z$/, 'Z'))
    // While a node runs on the home, a reset is refused and removes nothing.
    const busy = await runSdkd(['--home', home, 'unsafe-reset-all'])
    expect(busy.code).toBe(1)
    expect(busy.stderr).toMatch(
      /^Error: a node is running on .* is locked\): stop it first; nothing was removed\n$/,
    )
    expect((await p.stop('SIGTERM')).code).toBe(0)
    expect(existsSync(join(home, 'data/application.db'))).toBe(true)
  })

  test("behavior: the reset answers as cometbft, tendermint and bare unsafe-reset-all; --keep-addr-book keeps config/addrbook.json, without it the file goes; reset-state removes CometBFT's databases alone", async () => {
    const home = join(await newDir(), 'home')
    expect((await runSdkd(['--home', home, 'init', 'n', '--chain-id', 'reset-1'])).code).toBe(0)
    const addrBook = join(home, 'config/addrbook.json')
    const book = '{"key":"0123456789abcdef01234567","addrs":[]}\n'
    // Each reset gets data/ with a leftover file to remove and the address book in place.
    const reset = async (words: string[]) => {
      await writeFile(join(home, 'data/leftover'), 'x')
      if (!existsSync(addrBook)) await writeFile(addrBook, book)
      const r = await runSdkd(['--home', home, '--log_format', 'plain', ...words])
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toMatch(/INFO: Removed all blockchain history dir=/)
      expect(await readdir(join(home, 'data'))).toEqual(['priv_validator_state.json'])
      return r.stdout
    }
    const kept = await reset(['cometbft', 'unsafe-reset-all', '--keep-addr-book'])
    expect(kept).not.toContain('Removed existing address book')
    expect(kept).toContain('INFO: The address book remains intact')
    expect(await readFile(addrBook, 'utf8')).toBe(book)
    expect(await reset(['unsafe_reset_all', '--keep-addr-book'])).toContain(
      'INFO: The address book remains intact',
    )
    expect(await readFile(addrBook, 'utf8')).toBe(book)
    const removed = await reset(['tendermint', 'unsafe-reset-all'])
    expect(removed).toContain(`INFO: Removed existing address book file=${addrBook}`)
    expect(existsSync(addrBook)).toBe(false)
    await reset(['unsafe-reset-all'])
    expect(existsSync(addrBook)).toBe(false)
    expect(await readFile(join(home, 'config/genesis.json'), 'utf8')).toContain('"reset-1"')

    // reset-state removes CometBFT's databases alone, those present; the rest of data/ stays.
    const data = join(home, 'data')
    await mkdir(join(data, 'blockstore.db'))
    await writeFile(join(data, 'blockstore.db/000001.log'), 'x')
    await writeFile(join(data, 'tx_index.db'), 'x')
    const info = '{"name":"v2","height":9}'
    await writeFile(join(data, 'upgrade-info.json'), info)
    const state = await runSdkd(['--home', home, '--log_format', 'plain', 'comet', 'reset-state'])
    expect(state.code, state.stderr).toBe(0)
    expect(state.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(`INFO: Removed all blockstore.db dir=${join(data, 'blockstore.db')}$`),
      expect.stringMatching(`INFO: Removed tx_index.db dir=${join(data, 'tx_index.db')}$`),
    ])
    expect((await readdir(data)).sort()).toEqual(['priv_validator_state.json', 'upgrade-info.json'])
    expect(await readFile(join(data, 'upgrade-info.json'), 'utf8')).toBe(info)
    // Nothing of CometBFT's left: nothing removed, nothing printed.
    const again = await runSdkd(['--home', home, 'tendermint', 'reset_state'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toBe('')
  })

  test('error: start on data made from another genesis.json refuses, naming --reset', async () => {
    const home = join(await newDir(), 'home')
    await runDevnetTo(home, 2)
    // init --overwrite refuses a started chain; a genesis.json put in by hand is another one.
    const over = await runSdkd(['--home', home, 'init', 'n', '--devnet', '--overwrite'])
    expect(over.code).toBe(1)
    expect(over.stderr).toContain('has already started (data/application.db exists)')
    const genesisPath = join(home, 'config/genesis.json')
    const other = JSON.parse(await readFile(genesisPath, 'utf8'))
    other.genesis_time = '2020-01-01T00:00:00Z'
    await writeFile(genesisPath, JSON.stringify(other, null, 2))
    const r = await runSdkd(['--home', home, 'start', ...LISTEN])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /^Error: config\/genesis\.json: does not match the chain in data\/ \(genesis hash [0-9A-F]{64}; the chain was made from [0-9A-F]{64}\), e\.g\. after it was edited or copied from another home\. Start the chain over from this genesis with 'sdkd devnet --reset' \(a devnet home\) or 'sdkd comet unsafe-reset-all', or put back the genesis\.json the chain was made from\n$/,
    )
  })
})

describe('the client finds its node', () => {
  test('behavior: client.toml follows the devnet RPC address (flag, then variable); status needs no --node', async () => {
    const home = join(await newDir(), 'home')
    const { p, rpc } = await started(['--home', home, 'devnet', ...LISTEN])
    await heightAtLeast(rpc, 1)
    await waitFor(async () =>
      (await readFile(join(home, 'config/client.toml'), 'utf8')).includes(
        `node = "tcp://127.0.0.1:${rpc}"`,
      )
        ? true
        : undefined,
    )
    const status = await runSdkd(['--home', home, 'status'])
    expect(status.code).toBe(0)
    expect(JSON.parse(status.stdout).node_info.network).toBe('sdk-devnet-1')
    expect((await p.stop('SIGTERM')).code).toBe(0)

    // Restarted elsewhere through SDKD_RPC_LADDR, on a wildcard host: the client dials localhost.
    const { p: q, rpc: port } = await started(
      ['--home', home, 'devnet', '--api.enable=false', '--grpc.enable=false'],
      { SDKD_RPC_LADDR: 'tcp://0.0.0.0:0' },
    )
    await heightAtLeast(port, 1)
    await waitFor(async () =>
      (await readFile(join(home, 'config/client.toml'), 'utf8')).includes(
        `node = "tcp://localhost:${port}"`,
      )
        ? true
        : undefined,
    )
    expect((await runSdkd(['--home', home, 'status'])).code).toBe(0)
    expect((await q.stop('SIGTERM')).code).toBe(0)
  })

  test('error: a client.toml chain id that differs from the node refuses a tx, naming both', async () => {
    const home = join(await newDir(), 'home')
    const { rpc } = await started(['--home', home, 'devnet', ...LISTEN])
    await heightAtLeast(rpc, 1)
    const clientToml = join(home, 'config/client.toml')
    // The devnet points client.toml at its RPC once it listens: edit the file after that.
    await waitFor(async () =>
      (await readFile(clientToml, 'utf8')).includes(`node = "tcp://127.0.0.1:${rpc}"`)
        ? true
        : undefined,
    )
    await writeFile(
      clientToml,
      (await readFile(clientToml, 'utf8')).replace(
        'chain-id = "sdk-devnet-1"',
        'chain-id = "stale-chain"',
      ),
    )
    const r = await runSdkd([
      '--home',
      home,
      'tx',
      'bank',
      'send',
      'alice',
      'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34',
      '1stake',
      '--yes',
      '--node',
      `tcp://127.0.0.1:${rpc}`,
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: chain id mismatch: config/client.toml chain-id is "stale-chain", but the node at http://127.0.0.1:${rpc} serves chain "sdk-devnet-1" (its node_info.network). Point --node at a node of that chain, or use --chain-id / client.toml chain-id of the node\n`,
    )
  })
})

describe('upgrade heights', () => {
  test('error: a height at or below the current one is refused before broadcasting; nothing reaches the chain', async () => {
    const home = join(await newDir(), 'home')
    const { rpc } = await started([
      '--home',
      home,
      'devnet',
      ...LISTEN,
      '--timeout-commit',
      '100ms',
    ])
    await heightAtLeast(rpc, 3)
    const node = `tcp://127.0.0.1:${rpc}`
    const r = await runSdkd([
      '--home',
      home,
      'tx',
      'upgrade',
      'software-upgrade',
      'v9',
      '--title',
      't',
      '--summary',
      's',
      '--deposit',
      '10000000stake',
      '--upgrade-height',
      '2',
      '--upgrade-info',
      '{}',
      '--no-validate',
      '--from',
      'validator',
      '--yes',
      '--node',
      node,
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Error: upgrade height 2 is in the past \(current height (\d+)\)\n$/)
    const proposals = await runSdkd([
      '--home',
      home,
      'query',
      'gov',
      'proposals',
      '-o',
      'json',
      '--node',
      node,
    ])
    expect(JSON.parse(proposals.stdout).proposals).toEqual([])
  })
})

describe('config errors are complete', () => {
  test('error: a TOML syntax error names the file, the line and the column', async () => {
    const home = join(await newDir(), 'home')
    expect((await runSdkd(['--home', home, 'init', 'n', '--devnet'])).code).toBe(0)
    const appToml = join(home, 'config/app.toml')
    const lines = (await readFile(appToml, 'utf8')).split('\n')
    const at = lines.findIndex((l) => l.startsWith('halt-height'))
    lines[at] = 'halt-height = = 5'
    await writeFile(appToml, lines.join('\n'))
    const r = await runSdkd(['--home', home, 'start', ...LISTEN])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: config/app.toml: invalid TOML at line ${at + 1}, column 15: invalid value\n`,
    )
  })

  test('error: every listen address is validated before anything binds, naming the file and field or the flag', async () => {
    const home = join(await newDir(), 'home')
    expect((await runSdkd(['--home', home, 'init', 'n', '--devnet'])).code).toBe(0)
    const flag = await runSdkd(['--home', home, 'start', '--rpc.laddr', 'nonsense'])
    expect(flag.code).toBe(1)
    expect(flag.stderr).toBe(
      'Error: --rpc.laddr: invalid listen address "nonsense": expected [tcp://]host:port\n',
    )
    const appToml = join(home, 'config/app.toml')
    await writeFile(
      appToml,
      (await readFile(appToml, 'utf8')).replace(
        'address = "localhost:9090"',
        'address = "localhost:99999"',
      ),
    )
    const file = await runSdkd(['--home', home, 'start', '--rpc.laddr', '127.0.0.1:0'])
    expect(file.code).toBe(1)
    expect(file.stderr).toBe(
      'Error: config/app.toml: grpc.address: invalid listen address "localhost:99999": port out of range\n',
    )
    expect(await readdir(join(home, 'data'))).toEqual(['priv_validator_state.json'])
  })

  test('error: a port in use is reported before devnet creates anything', async () => {
    // The test holds the port itself (a port that must be refused), so no other process can.
    const busy: Server = createServer()
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()))
    cleanups.push(() => new Promise((r) => busy.close(r)))
    const port = (busy.address() as { port: number }).port
    const home = join(await newDir(), 'home')
    const r = await runSdkd([
      '--home',
      home,
      'devnet',
      '--rpc.laddr',
      `tcp://127.0.0.1:${port}`,
      '--api.enable=false',
      '--grpc.enable=false',
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: RPC server: address 127.0.0.1:${port} is already in use (--rpc.laddr); stop what listens there or choose another address\n`,
    )
    expect(existsSync(home)).toBe(false)
  })
})

describe('the command line speaks plainly', () => {
  test('error: a usage error prints Error: and one hint line, not the whole help', async () => {
    const r = await runSdkd(['tx', 'bank', 'send', '--bogus'])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      "Error: unknown flag: --bogus\nRun 'sdkd tx bank send --help' for usage.\n",
    )
    expect(r.stdout).toBe('')
    // Mistakes a command's own checks find read the same way (no node is asked).
    for (const [args, message] of [
      [['dev', 'mining', 'foo'], 'mode must be interval, instant or manual, got "foo"'],
      [['dev', 'mining', 'manual', '5s'], 'an interval goes with the interval mode only'],
      [['dev', 'time'], 'give either a jump (+2h) or --set <time>'],
    ] as const) {
      const u = await runSdkd([...args])
      expect([u.code, u.stdout, u.stderr], args.join(' ')).toEqual([
        1,
        '',
        `Error: ${message}\nRun 'sdkd ${args.slice(0, 2).join(' ')} --help' for usage.\n`,
      ])
    }
  })

  test('behavior: sub-command help shows the global flags; the main commands have examples', async () => {
    for (const cmd of [
      ['devnet'],
      ['start'],
      ['tx', 'upgrade', 'software-upgrade'],
      ['tx', 'gov', 'vote'],
      ['query', 'upgrade', 'plan'],
      ['keys', 'add'],
    ]) {
      const r = await runSdkd([...cmd, '--help'])
      expect(r.code).toBe(0)
      expect(r.stdout).toContain('Global Options:\n  --home <dir>')
      expect(r.stdout).toContain('--log_format <format>')
      expect(r.stdout).toMatch(new RegExp(`\\nExamples:\\n {2}sdkd ${cmd.join(' ')}`))
    }
    const upgrade = await runSdkd(['tx', 'upgrade', 'software-upgrade', '--help'])
    expect(upgrade.stdout).toMatch(/--upgrade-height <height>\s+\(required\)/)
    expect(upgrade.stdout).toMatch(
      /--upgrade-info <info>\s+Info for the upgrade plan[\s\S]*"binaries"/,
    )
  })
})
