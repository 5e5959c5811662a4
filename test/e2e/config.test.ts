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

    // Refusals: a key that is not there, a value the home cannot load, a file that is not there.
    r = await sdkd('set', 'app', 'api.enabled', 'true')
    expect([r.code, r.stderr]).toEqual([1, 'Error: key ["api" "enabled"] not found\n'])
    r = await sdkd('set', 'app', 'api.enable', 'maybe')
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      `Error: the updated config is invalid (config/app.toml: api.enable: expected true or false, got "maybe"); ${appToml} was left as it was\n`,
    )
    expect(await readFile(appToml, 'utf8')).toBe(after)
    r = await sdkd('get', 'nosuch', 'x')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Error: failed to load config: .*nosuch\.toml/)

    // view: the file as it is, or as JSON.
    expect((await sdkd('view', 'client')).stdout).toBe(await readFile(clientToml, 'utf8'))
    const json = JSON.parse((await sdkd('view', 'client', '--output-format', 'json')).stdout)
    expect(json['chain-id']).toBe('config-e2e')

    // The client commands read client.toml: its node is where `sdkd status` asks.
    const node = await startDevnetNode(h, 'v2')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    r = await sdkd('set', 'client', 'node', node.rpc)
    expect(r.code, r.stderr).toBe(0)
    expect((await sdkd('get', 'client', 'node')).stdout).toBe(`"${node.rpc}"\n`)
    const status = await runSdkd(['--home', h.dir, 'status'])
    expect(status.code, status.stderr).toBe(0)
    expect(JSON.parse(status.stdout).node_info.network).toBe('config-e2e')
  }, 90_000)
})
