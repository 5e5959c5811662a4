import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
} from '../helpers/devnet.js'
import { runSdkd, tempDir } from '../helpers/sdkd.js'

/**
 * What a client call loads (issue 9: a CLI call that only talks to a node costs no more than a
 * bare Node start). Each call runs as a real `sdkd` process with a module tracer preloaded
 * (`NODE_OPTIONS=--import`): the ES modules it loads, the CommonJS ones and the Node built-ins. The
 * wall-time ratio itself is measured by `npm run bench:cli`, not here.
 */

/** Loader hooks (their own thread): every ES module loaded, appended to the log file. */
const HOOKS = `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  appendFileSync(process.env.SDKD_MODULE_LOG, url + '\\n')
  return next(url, context)
}
`

/** Preloaded in the sdkd process: registers the hooks; at exit, logs CommonJS modules and built-ins. */
const TRACER = `import { appendFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'
register('./hooks.mjs', import.meta.url)
const { _cache } = createRequire(import.meta.url)('node:module')
process.on('exit', () => {
  const cjs = Object.keys(_cache).map((f) => 'file://' + f)
  const builtins = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => 'node:' + m.slice('NativeModule '.length))
  appendFileSync(process.env.SDKD_MODULE_LOG, [...cjs, ...builtins].join('\\n') + '\\n')
})
`

let devnet: DevnetHome
let node: RunningNode
let dir: string
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ dir, cleanup } = await tempDir('sdkd-client-path-'))
  await writeFile(join(dir, 'hooks.mjs'), HOOKS)
  await writeFile(join(dir, 'tracer.mjs'), TRACER)
  devnet = await createDevnetHome('client-path')
  node = await startDevnetNode(devnet, 'v2')
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
  await cleanup?.()
})

/** Runs `sdkd <args>` on the devnet with the tracer; its result and what it loaded. */
async function traced(name: string, args: string[]) {
  const log = join(dir, `${name}.log`)
  await writeFile(log, '')
  const r = await runSdkd(['--home', devnet.dir, ...args, '--node', node.rpc], {
    env: { NODE_OPTIONS: `--import ${join(dir, 'tracer.mjs')}`, SDKD_MODULE_LOG: log },
  })
  const loaded = [...new Set((await readFile(log, 'utf8')).split('\n').filter(Boolean))]
  return { ...r, loaded }
}

/** The loaded modules matching `re`. */
const matching = (loaded: readonly string[], re: RegExp) => loaded.filter((m) => re.test(m))

/** Code no client call needs: the node, its servers, store, chain, app and tx pipeline. */
const NODE_CODE = /\/dist\/(node|server|store|chain|app|block|tx)\//

describe('a client call loads only what it uses', () => {
  it('behavior: sdkd status loads no protobuf runtime, no libsodium, no node:crypto and no node code', async () => {
    const r = await traced('status', ['status'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).node_info.network).toBe('client-path')
    // The tracer sees the call's modules.
    expect(matching(r.loaded, /\/dist\/cli\/status\.js$/)).toHaveLength(1)
    expect(matching(r.loaded, /^node:http$/)).toEqual(['node:http'])
    expect(matching(r.loaded, NODE_CODE)).toEqual([])
    expect(matching(r.loaded, /protobufjs|sodium-native|@scure|^node:crypto$/)).toEqual([])
  })

  it('behavior: sdkd query upgrade plan loads the protobuf runtime but no libsodium, address codec or other module’s commands', async () => {
    const r = await traced('plan', ['query', 'upgrade', 'plan'])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('Error: no upgrade scheduled\n')
    expect(matching(r.loaded, /protobufjs\/src\/index-light\.js$/)).toHaveLength(1)
    expect(matching(r.loaded, NODE_CODE)).toEqual([])
    expect(matching(r.loaded, /\/dist\/cli\/(query-(bank|gov|auth|tx)|tx-\w+)\.js$/)).toEqual([])
    expect(matching(r.loaded, /sodium-native|@scure|\/dist\/codec\/(address|hash)\.js$/)).toEqual(
      [],
    )
    expect(matching(r.loaded, /^node:crypto$/)).toEqual([])
  })

  it('behavior: sdkd query bank balances decodes the answer without libsodium or node:crypto', async () => {
    const alice = devnet.accounts.alice!.address
    const r = await traced('balances', ['query', 'bank', 'balances', alice, '--output', 'json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).balances.length).toBeGreaterThan(0)
    expect(matching(r.loaded, NODE_CODE)).toEqual([])
    expect(matching(r.loaded, /sodium-native|^node:crypto$/)).toEqual([])
  })

  it('behavior: the help of query and tx still lists every module’s commands', async () => {
    const query = await runSdkd(['query', '--help'])
    expect(query.code).toBe(0)
    for (const sub of ['upgrade', 'auth', 'bank', 'gov', 'tx'])
      expect(query.stdout).toMatch(new RegExp(`\\n {2}${sub} `))
    const tx = await runSdkd(['tx', '--help'])
    expect(tx.code).toBe(0)
    for (const sub of ['bank', 'gov', 'upgrade', 'sign', 'broadcast', 'encode', 'decode'])
      expect(tx.stdout).toMatch(new RegExp(`\\n {2}${sub} `))
    const unknown = await runSdkd(['query', 'bnk'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("Error: unknown command 'bnk'")
  })
})
