import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import { ROOT } from '../helpers/docs.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd config get|set|view|home|diff|migrate`, as upstream's confix commands: a value read and
 * written by its dotted key, the rest of the file (comments, order, spacing) kept byte for byte, a
 * value the home cannot load refused with the file left as it was, and the client commands using
 * what was set; a file's values against the defaults, and a file brought to the defaults' keys.
 */

const cleanups = cleanupAfterEach()

describe('sdkd config (e2e)', () => {
  test('behavior: get and set keep every other byte of the file; a client.toml node set is where sdkd status goes; refusals leave the file as it was', async () => {
    const h = await createDevnetHome('config-e2e')
    cleanups.push(h.cleanup)
    const sdkd = (...args: string[]) => runSdkd(['--home', h.dir, 'config', ...args])
    const appToml = join(h.dir, 'config/app.toml')
    const clientToml = join(h.dir, 'config/client.toml')

    expect((await sdkd('get', 'client', 'chain-id')).stdout).toBe('"config-e2e"\n')
    expect((await sdkd('get', 'app', 'api.enable')).stdout).toBe('true\n')
    expect((await sdkd('get', 'app', 'api.max-open-connections')).stdout).toMatch(/^\d+\n$/)
    expect((await sdkd('home')).stdout).toBe(`${h.dir}\n`)

    const before = await readFile(appToml, 'utf8')
    let r = await sdkd('set', 'app', 'api.max-open-connections', '777')
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', ''])
    const after = await readFile(appToml, 'utf8')
    const changed = (a: string, b: string) =>
      a
        .split('\n')
        .flatMap((line, i) => (line === b.split('\n')[i] ? [] : [[line, b.split('\n')[i]]]))
    expect(changed(before, after)).toEqual([
      [expect.stringMatching(/^max-open-connections = \d+$/), 'max-open-connections = 777'],
    ])
    expect((await sdkd('get', 'app', 'api.max-open-connections')).stdout).toBe('777\n')

    // --stdout prints the result and writes nothing.
    r = await sdkd('set', 'app', 'api.max-open-connections', '778', '--stdout')
    expect(r.stdout).toContain('max-open-connections = 778')
    expect(await readFile(appToml, 'utf8')).toBe(after)

    // -v logs confix's plan step on stderr, as tomledit's tab-aligned line.
    r = await sdkd('set', 'app', 'api.max-open-connections', '777', '-v')
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      '',
      `[1] update ["api" "max-open-connections"]="777" in ${appToml} | OK\n`,
    ])

    // Refusals, in upstream's words: a key that is not there (set names the file and the key's
    // segments, get the key as given), a value the home cannot load, a file that is not there.
    r = await sdkd('set', 'app', 'api.enabled', 'true')
    expect([r.code, r.stdout, r.stderr]).toEqual([
      1,
      '',
      `Error: updating "${appToml}": key ["api" "enabled"] not found\n`,
    ])
    r = await sdkd('set', 'app', 'api.enabled', 'true', '-v')
    expect([r.code, r.stderr]).toEqual([
      1,
      `[1] update ["api" "enabled"]="true" in ${appToml} | FAILED: key ["api" "enabled"] not found\n` +
        `Error: updating "${appToml}": key ["api" "enabled"] not found\n`,
    ])
    r = await sdkd('get', 'app', 'api.enabled')
    expect([r.code, r.stdout, r.stderr]).toEqual([1, '', 'Error: key "api.enabled" not found\n'])
    r = await sdkd('set', 'app', 'api.enable', 'maybe')
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: the updated config is invalid (config/app.toml: api.enable: expected true or false, got "maybe"); ${appToml} was left as it was\n`,
    )
    expect(await readFile(appToml, 'utf8')).toBe(after)
    // A value of the right type that no start accepts is refused as well, and a table is not a value.
    for (const [key, value, reason] of [
      ['pruning', 'bogus', 'pruning: unknown pruning strategy bogus'],
      [
        'minimum-gas-prices',
        'garbage',
        'minimum-gas-prices: invalid decimal coin expression: garbage: invalid coins',
      ],
      [
        'api.address',
        'notanaddress',
        'api.address: invalid listen address "notanaddress": expected [tcp://]host:port',
      ],
    ]) {
      r = await sdkd('set', 'app', key!, value!)
      expect([r.code, r.stderr]).toEqual([
        1,
        `Error: the updated config is invalid (config/app.toml: ${reason}); ${appToml} was left as it was\n`,
      ])
    }
    r = await sdkd('set', 'app', 'api', '5')
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: updating "${appToml}": ["api"] is a table, not a value: set one of its keys (api.enable)\n`,
    ])
    expect(await readFile(appToml, 'utf8')).toBe(after)
    const nosuch = join(h.dir, 'config/nosuch.toml')
    const missing = `open ${nosuch}: no such file or directory`
    r = await sdkd('get', 'nosuch', 'x')
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: failed to load config: failed to open "${nosuch}": ${missing}\n`,
    ])
    r = await sdkd('set', 'nosuch', 'x', '1')
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: loading config: failed to open "${nosuch}": ${missing}\n`,
    ])
    r = await sdkd('view', 'nosuch')
    expect([r.code, r.stdout, r.stderr]).toEqual([1, '', `Error: ${missing}\n`])

    // view: the file as cobra's Println prints it (then a newline), or as JSON with every table's
    // keys in name order (Go maps), two-space indented.
    r = await sdkd('view', 'client')
    expect([r.code, r.stdout, r.stderr]).toEqual([0, `${await readFile(clientToml, 'utf8')}\n`, ''])
    r = await sdkd('view', 'client', '--output-format', 'json')
    const json = JSON.parse(r.stdout)
    expect(json['chain-id']).toBe('config-e2e')
    expect(Object.keys(json)).toEqual(Object.keys(json).sort())
    expect(r.stdout).toBe(`${JSON.stringify(json, null, 2)}\n`)

    // The client commands read client.toml: its node is where `sdkd status` asks.
    const node = await startDevnetNode(h, 'v2')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    r = await sdkd('set', 'client', 'node', node.rpc)
    expect(r.code, r.stderr).toBe(0)
    expect((await sdkd('get', 'client', 'node')).stdout).toBe(`"${node.rpc}"\n`)
    const status = await runSdkd(['--home', h.dir, 'status'])
    expect(status.code, status.stderr).toBe(0)
    expect(status.stderr).toBe('')
    expect(status.stdout).toBe(`${JSON.stringify(JSON.parse(status.stdout))}\n`)
    expect(JSON.parse(status.stdout).node_info.network).toBe('config-e2e')
    // Upstream's flags: -n for the node; -o text prints the result as YAML (JSON is the default,
    // whatever client.toml's output says: client.toml's is text).
    await sdkd('set', 'client', 'node', 'tcp://127.0.0.1:1')
    const text = await runSdkd(['--home', h.dir, 'status', '-n', node.rpc, '-o', 'text'])
    expect([text.code, text.stderr]).toEqual([0, ''])
    expect(text.stdout).toMatch(/^node_info:\n {2}channels: "?[0-9a-fA-F]+"?\n/)
    expect(text.stdout).toContain('\n  network: config-e2e\n')
    expect(text.stdout).toMatch(/\nsync_info:\n {2}catching_up: false\n[\s\S]*\nvalidator_info:\n/)
    const json2 = await runSdkd(['--home', h.dir, 'status', '-n', node.rpc, '-o', 'json'])
    expect(JSON.parse(json2.stdout).node_info.network).toBe('config-e2e')
  }, 90_000)

  test('behavior: diff lists what a devnet home changed; migrate gives an older file the keys it lacks, with the defaults’ text, and drops unknown ones', async () => {
    const h = await createDevnetHome('config-e2e')
    cleanups.push(h.cleanup)
    const sdkd = (...args: string[]) => runSdkd(['--home', h.dir, 'config', ...args])
    const appToml = join(h.dir, 'config/app.toml')
    const configToml = join(h.dir, 'config/config.toml')
    const clientToml = join(h.dir, 'config/client.toml')

    // diff: the values `init --devnet` sets, against the files `init` writes without it (the
    // default file app.toml; config.toml and client.toml against their own defaults).
    let r = await sdkd('diff', 'v0.50')
    expect([r.code, r.stderr]).toEqual([0, ''])
    expect(r.stdout).toBe(
      'The following config values are different from the defaults:\n' +
        '+M pruning="nothing"\n' +
        '+M api.dashboard=true\n' +
        '+M api.enable=true\n' +
        '+M api.enabled-unsafe-cors=true\n' +
        '+M api.swagger=true\n' +
        '+M dev.enable=true\n',
    )
    // docs/commands.md shows the same lines.
    const docs = await readFile(join(ROOT, 'docs/commands.md'), 'utf8')
    const at = docs.indexOf('```text\n', docs.indexOf('\n### config diff and migrate\n'))
    expect(docs.slice(at + 8, docs.indexOf('```\n', at + 8))).toBe(r.stdout)
    r = await sdkd('diff', 'v0.50', configToml)
    expect(r.stdout).toBe(
      'The following config values are different from the defaults:\n' +
        '+M moniker="node0"\n' +
        '+M consensus.timeout_commit="500ms"\n' +
        '+M instrumentation.prometheus=true\n' +
        '+M instrumentation.prometheus_listen_addr="127.0.0.1:26660"\n' +
        '+M rpc.cors_allowed_origins=["*"]\n',
    )
    r = await sdkd('diff', 'v0.50', clientToml)
    expect(r.stdout).toBe(
      'The following config values are different from the defaults:\n+M chain-id="config-e2e"\n',
    )
    for (const [key, value] of [
      ['pruning', 'default'],
      ['api.dashboard', 'false'],
      ['api.enable', 'false'],
      ['api.enabled-unsafe-cors', 'false'],
      ['api.swagger', 'false'],
      ['dev.enable', 'false'],
    ] as const) {
      expect((await sdkd('set', 'app', key, value)).code).toBe(0)
    }
    r = await sdkd('diff', 'v0.50')
    expect([r.code, r.stdout]).toEqual([0, 'All config values are the same as the defaults.\n'])

    // migrate: a config.toml without [statesync] (a home made before sdkd had it) gets the
    // section back as `init` writes it, where the defaults have it: the file is byte for byte
    // what it was. Nothing is written for a file that already has the defaults' keys.
    const config = await readFile(configToml, 'utf8')
    const start = config.indexOf(
      '#######################################################\n###         State Sync',
    )
    const end = config.indexOf(
      '#######################################################\n###   Transaction Indexer',
    )
    expect([start > 0, end > start]).toEqual([true, true])
    await writeFile(configToml, config.slice(0, start) + config.slice(end))
    // get and set refuse the missing key in upstream's words, then point at migrate.
    const hint = `; the file predates this key: \`sdkd config migrate v0.50 ${configToml}\` adds it with its default\n`
    expect((await sdkd('get', 'config', 'statesync.enable')).stderr).toBe(
      `Error: key "statesync.enable" not found${hint}`,
    )
    expect((await sdkd('set', 'config', 'statesync.enable', 'true')).stderr).toBe(
      `Error: updating "${configToml}": key ["statesync" "enable"] not found${hint}`,
    )
    r = await sdkd('migrate', 'v0.50', configToml, '--verbose')
    expect([r.code, r.stdout]).toEqual([0, ''])
    expect(r.stderr).toBe(
      [
        '[1]  add statesync section                   | OK',
        '[2]  add statesync.enable key                | OK',
        '[3]  add statesync.rpc_servers key           | OK',
        '[4]  add statesync.trust_height key          | OK',
        '[5]  add statesync.trust_hash key            | OK',
        '[6]  add statesync.trust_period key          | OK',
        '[7]  add statesync.discovery_time key        | OK',
        '[8]  add statesync.temp_dir key              | OK',
        '[9]  add statesync.chunk_request_timeout key | OK',
        '[10] add statesync.chunk_fetchers key        | OK',
        '[11] add statesync.max_snapshot_chunks key   | OK',
        '',
      ].join('\n'),
    )
    expect(await readFile(configToml, 'utf8')).toBe(config)
    r = await sdkd('migrate', 'v0.50', configToml, '--verbose')
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', ''])

    // app.toml: a key the defaults lack goes (with its comment), a missing one comes back with
    // its comment at the end of its table; --stdout prints the result and writes nothing.
    const app = await readFile(appToml, 'utf8')
    const edited = app
      .replace(
        '\n# Dashboard serves',
        '\n# a key of another app\nwasm-cache = 100\n\n# Dashboard serves',
      )
      .replace(/\n# MaxSendMsgSize[^\n]*\n[^\n]*\nmax-send-msg-size = "\d+"\n/, '')
    expect(edited).not.toContain('max-send-msg-size')
    await writeFile(appToml, edited)
    r = await sdkd('diff', 'v0.50')
    expect(r.stdout).toBe(
      'The following config values are different from the defaults:\n' +
        '+M grpc.max-send-msg-size="2147483647"\n',
    )
    r = await sdkd('migrate', 'v0.50', '--stdout', '--verbose')
    expect([r.code, r.stdout, r.stderr]).toEqual([
      0,
      app,
      '[1] remove api.wasm-cache key      | OK\n[2] add grpc.max-send-msg-size key | OK\n',
    ])
    expect(await readFile(appToml, 'utf8')).toBe(edited)
    r = await sdkd('migrate', 'v0.50')
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', ''])
    expect(await readFile(appToml, 'utf8')).toBe(app)

    // Refusals, in upstream's words; a refused migration writes nothing.
    r = await sdkd('diff', 'v0.47')
    expect([r.code, r.stderr]).toEqual([
      1,
      'Error: unknown version "v0.47", supported versions are: ["v0.50"]\n',
    ])
    const nosuch = join(h.dir, 'config/nosuch.toml')
    r = await sdkd('migrate', 'v0.50', nosuch)
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: failed to load config: failed to open "${nosuch}": open ${nosuch}: no such file or directory\n`,
    ])
    const client = await readFile(clientToml, 'utf8')
    await writeFile(clientToml, client.replace('chain-id = "config-e2e"', 'chain-id = ""'))
    r = await sdkd('migrate', 'v0.50', clientToml)
    expect([r.code, r.stderr]).toEqual([
      1,
      'Error: failed to migrate config: updated config is invalid: client config invalid: chain-id is empty\n',
    ])
    r = await sdkd('migrate', 'v0.50', clientToml, '--skip-validate')
    expect([r.code, r.stderr]).toEqual([0, ''])
    await writeFile(appToml, app.replace('enable = false', 'enable = "maybe"'))
    r = await sdkd('migrate', 'v0.50')
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: failed to migrate config: updated config is invalid: ${appToml}: api.enable: expected true or false, got "maybe"\n`,
    ])
  }, 60_000)
})
