import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd config get|set|view|home`, as upstream's confix commands: a value read and written by its
 * dotted key, the rest of the file (comments, order, spacing) kept byte for byte, a value the home
 * cannot load refused with the file left as it was, and the client commands using what was set.
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
})
