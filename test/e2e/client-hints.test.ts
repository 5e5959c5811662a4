import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { ABANDON_MNEMONIC, recoverKey, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Client errors that point the way: what a user mistyped is named, with what to type instead — a
 * node address without a scheme, a key name where an address goes, an unknown key, bad
 * `--upgrade-info`, a mistyped command word.
 */

const cleanups = cleanupAfterEach()

/** `sdkd tx upgrade software-upgrade v2` from alice, generated only, with the flags given. */
function softwareUpgrade(home: string, extra: string[], env: Record<string, string> = {}) {
  return runSdkd(
    [
      '--home',
      home,
      'tx',
      'upgrade',
      'software-upgrade',
      'v2',
      '--from',
      'alice',
      '--generate-only',
      '--title',
      't',
      '--upgrade-height',
      '100',
      ...extra,
    ],
    { env },
  )
}

const ZOO = 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong'

/** A home whose test keyring holds alice and bob; returns bob's address too. */
async function homeWithKeys(): Promise<{ home: string; bob: string }> {
  const t = await tempDir('sdkd-client-hints-')
  cleanups.push(t.cleanup)
  const home = join(t.dir, 'home')
  await recoverKey(home, 'alice', ABANDON_MNEMONIC)
  return { home, bob: await recoverKey(home, 'bob', ZOO) }
}

/** `sdkd tx bank send <from> <to> 10stake --generate-only` on the home, with `extra` flags. */
const sendTenStake = (home: string, from: string, to: string, extra: string[] = []) =>
  runSdkd(['--home', home, 'tx', 'bank', 'send', from, to, '10stake', '--generate-only', ...extra])

describe('client errors that point the way', () => {
  it('error: a --node without a scheme is refused with the forms that work, not Node’s protocol error', async () => {
    const t = await tempDir('sdkd-client-hints-')
    cleanups.push(t.cleanup)
    for (const node of ['localhost:26657', '127.0.0.1:26657']) {
      const r = await runSdkd(['--home', t.dir, 'status', '--node', node])
      expect(r.code).toBe(1)
      expect(r.stderr).toBe(
        `Error: invalid --node address "${node}": it has no scheme; use tcp://host:port or http://host:port (https://host:port for TLS), e.g. tcp://localhost:26657\n`,
      )
    }
    const ws = await runSdkd(['--home', t.dir, 'dev', 'status', '--node', 'ws://x:1'])
    expect(ws.code).toBe(1)
    expect(ws.stderr).toMatch(
      /^Error: invalid --node address "ws:\/\/x:1": the scheme ws:\/\/ is not supported; use tcp:\/\/host:port or http:\/\/host:port/,
    )
    // The forms that work still reach for the node (none listens on port 1).
    const tcp = await runSdkd(['--home', t.dir, 'status', '--node', 'tcp://127.0.0.1:1'])
    expect(tcp.code).toBe(1)
    expect(tcp.stderr).toBe(
      'Error: post failed: Post "http://127.0.0.1:1": dial tcp 127.0.0.1:1: connect: connection refused\n',
    )
  })

  it('error: a --node with a port past 65535 or that is no URL is refused before any connection, naming the flag and the value; client.toml’s node is named as such', async () => {
    const t = await tempDir('sdkd-client-hints-')
    cleanups.push(t.cleanup)
    const use =
      'use tcp://host:port or http://host:port (https://host:port for TLS), e.g. tcp://localhost:26657'
    const cases: [string[], string, string][] = [
      [['status'], 'tcp://127.0.0.1:99999', 'the port 99999 is out of range 0-65535'],
      [
        ['query', 'bank', 'balances', 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn'],
        'http://[::1]:65536',
        'the port 65536 is out of range 0-65535',
      ],
      [['dev', 'status'], 'tcp://:26657', 'it is not a valid URL'],
      [['query', 'upgrade', 'plan'], 'http://local host:26657', 'it is not a valid URL'],
    ]
    for (const [args, node, why] of cases) {
      const r = await runSdkd(['--home', t.dir, ...args, '--node', node])
      expect([r.code, r.stdout, r.stderr], node).toEqual([
        1,
        '',
        `Error: invalid --node address ${JSON.stringify(node)}: ${why}; ${use}\n`,
      ])
    }
    await mkdir(join(t.dir, 'config'), { recursive: true })
    await writeFile(join(t.dir, 'config/client.toml'), 'node = "tcp://localhost:70000"\n')
    const toml = await runSdkd(['--home', t.dir, 'status'])
    expect([toml.code, toml.stderr]).toEqual([
      1,
      `Error: invalid client.toml node address "tcp://localhost:70000": the port 70000 is out of range 0-65535; ${use}\n`,
    ])
  })

  it('error: a key name given as the recipient names itself a key and shows the command that prints its address', async () => {
    const { home, bob } = await homeWithKeys()
    const r = await sendTenStake(home, 'alice', 'bob')
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      `Error: to_address "bob" is a key name, not an address: give its address, which \`sdkd keys show bob -a --home ${home}\` prints\n`,
    )
    // The command shown prints bob's address as it is.
    const shown = await runSdkd(['keys', 'show', 'bob', '-a', '--home', home])
    expect(shown.stdout).toBe(`${bob}\n`)
    // A word that is no key keeps upstream's bech32 error.
    const nokey = await sendTenStake(home, 'alice', 'carol')
    expect(nokey.stderr).toMatch(/^Error: decoding bech32 failed: /)
  })

  it('error: an unknown signing key keeps upstream’s words and points to keys list', async () => {
    const { home, bob } = await homeWithKeys()
    const r = await sendTenStake(home, 'carol', bob, ['--keyring-backend', 'test'])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: failed to convert address field to address: carol.info: key not found: no key "carol" in this keyring; \`sdkd keys list --home ${home} --keyring-backend test\` lists its keys\n`,
    )
  })

  it('error: a bad --upgrade-info names the flag and --no-validate', async () => {
    const { home } = await homeWithKeys()
    const proposal = (extra: string[]) => softwareUpgrade(home, extra)
    const blank = await proposal([])
    expect(blank.code).toBe(1)
    expect(blank.stderr).toBe(
      'Error: plan info must not be blank (--upgrade-info is required: a JSON object {"binaries":{"<os>/<arch>":"<url>?checksum=sha256:<hex>"}} or a URL returning one; or pass --no-validate to submit it unchecked)\n',
    )
    const bad = await proposal(['--upgrade-info', '{nope'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(
      /^Error: could not parse plan info: .* \(in --upgrade-info: fix it; or pass --no-validate to submit it unchecked\)\n$/,
    )
    const unchecked = await proposal(['--upgrade-info', '{nope', '--no-validate', '--offline'])
    expect(unchecked.code, unchecked.stderr).toBe(0)
  })

  it('error: an archive without bin/<daemon-name> is refused as upstream refuses it; --daemon-name names the binary', async () => {
    const { home } = await homeWithKeys()
    const t = await tempDir('sdkd-client-hints-archive-')
    cleanups.push(t.cleanup)
    // A release archive of another chain's binary: bin/gaiad.
    await mkdir(join(t.dir, 'bin'))
    await writeFile(join(t.dir, 'bin', 'gaiad'), 'elf')
    const archive = join(t.dir, 'gaiad-v2.tar.gz')
    execFileSync('tar', ['-czf', archive, '-C', t.dir, 'bin'])
    const sum = createHash('sha256').update(readFileSync(archive)).digest('hex')
    const url = `${pathToFileURL(archive).href}?checksum=sha256:${sum}`
    const info = JSON.stringify({ binaries: { 'linux/amd64': url } })
    const proposal = (extra: string[], env: Record<string, string> = {}) =>
      softwareUpgrade(home, ['--offline', '--upgrade-info', info, ...extra], env)
    const refused = await proposal([])
    expect([refused.code, refused.stdout]).toEqual([1, ''])
    expect(refused.stderr).toBe(
      `Error: error downloading binary for os/arch linux/amd64: url "${url}" result does not contain a bin/sdkd or sdkd file (in --upgrade-info: fix it; or pass --no-validate to submit it unchecked)\n`,
    )
    const named = await proposal(['--daemon-name', 'gaiad'])
    expect(named.code, named.stderr).toBe(0)
    expect(JSON.parse(named.stdout).body.messages[0].messages[0].plan.info).toBe(info)
    // cosmovisor's DAEMON_NAME is the default, as upstream's flag.
    const fromEnv = await proposal([], { DAEMON_NAME: 'gaiad' })
    expect(fromEnv.code, fromEnv.stderr).toBe(0)
  })

  it('error: a mistyped command word is never answered with a command that starts a node', async () => {
    const t = await tempDir('sdkd-client-hints-')
    cleanups.push(t.cleanup)
    const stat = await runSdkd(['--home', t.dir, 'stat'])
    expect(stat.code).toBe(1)
    expect(stat.stderr).toBe(
      'Error: unknown command "stat" for "sdkd"\n\nDid you mean this?\n\tstatus\n\n' +
        "Run 'sdkd --help' for usage.\n",
    )
    // Within cobra's two edits of devnet, rehearse, start or run: never one of them.
    for (const word of ['devnt', 'rehears', 'strat', 'rn']) {
      const r = await runSdkd(['--home', t.dir, word])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(new RegExp(`^Error: unknown command "${word}" for "sdkd"\n`))
      expect(r.stderr).not.toMatch(/\t(start|devnet|run|rehearse)\n/)
    }
    // Other words still get cobra's suggestions.
    const keyz = await runSdkd(['--home', t.dir, 'keyz'])
    expect(keyz.stderr).toContain('\n\nDid you mean this?\n\tkeys\n\n')
  })

  it('behavior: a group without a sub-command prints its help on stdout and exits 0, as upstream; an unknown sub-command is still an error', async () => {
    const t = await tempDir('sdkd-client-hints-')
    cleanups.push(t.cleanup)
    for (const words of [[], ['tx'], ['query', 'bank'], ['dev'], ['keys']]) {
      const r = await runSdkd(['--home', t.dir, ...words])
      expect([r.code, r.stderr], words.join(' ')).toEqual([0, ''])
      expect(r.stdout).toMatch(
        new RegExp(`^Usage: ${['sdkd', ...words].join(' ')} \\[options\\] \\[command\\]\n`),
      )
      expect(r.stdout).toContain('Commands:')
    }
    const unknown = await runSdkd(['--home', t.dir, 'tx', 'zzzz'])
    expect([unknown.code, unknown.stdout]).toEqual([1, ''])
    expect(unknown.stderr).toBe(
      'Error: unknown command "zzzz" for "tx"\nRun \'sdkd tx --help\' for usage.\n',
    )
  })
})

describe('usage mistakes in the words of pflag and cobra', () => {
  it("error: a flag's missing value, argument counts, a required flag, a group called by its alias", async () => {
    const t = await tempDir('sdkd-client-hints-')
    cleanups.push(t.cleanup)
    const cases: [string[], string][] = [
      [['status', '--node'], "Error: flag needs an argument: --node\nRun 'sdkd status --help'"],
      [['status', '-n'], "Error: flag needs an argument: 'n' in -n\nRun 'sdkd status --help'"],
      [['status', '-xn'], "Error: unknown shorthand flag: 'x' in -xn\n"],
      [['status', '--bogus=1'], 'Error: unknown flag: --bogus\n'],
      [['status', 'extra'], 'Error: accepts 0 arg(s), received 1\n'],
      [['tx', 'bank', 'send', 'alice'], 'Error: accepts 3 arg(s), received 1\n'],
      [
        ['query', 'upgrade', 'module-versions', 'a', 'b'],
        'accepts between 0 and 1 arg(s), received 2\n',
      ],
      [['keys', 'show'], 'Error: requires at least 1 arg(s), only received 0\n'],
      [['query', 'blocks'], 'Error: required flag(s) "query" not set\n'],
      [['q', 'bnk'], 'Error: unknown command "bnk" for "q"\n\nDid you mean this?\n\tbank\n\n'],
    ]
    for (const [words, text] of cases) {
      const r = await runSdkd(['--home', t.dir, ...words])
      expect([r.code, r.stdout], words.join(' ')).toEqual([1, ''])
      expect(r.stderr, words.join(' ')).toContain(text)
    }
  })
})
