import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
} from '../helpers/devnet.js'
import { moduleTracer } from '../helpers/module-tracer.js'
import { runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * What a client call loads (issue 9: a CLI call that only talks to a node costs no more than a
 * bare Node start). Each call runs as a real `sdkd` process with a module tracer preloaded
 * (`NODE_OPTIONS=--import`): the ES modules it loads, the CommonJS ones and the Node built-ins. The
 * wall-time ratio itself is measured by `npm run bench:cli`, not here.
 */

let devnet: DevnetHome
let node: RunningNode
let cleanup: () => Promise<void>
let tracer: Awaited<ReturnType<typeof moduleTracer>>

beforeAll(async () => {
  let dir: string
  ;({ dir, cleanup } = await tempDir('sdkd-client-path-'))
  tracer = await moduleTracer(dir)
  devnet = await createDevnetHome('client-path')
  node = await startDevnetNode(devnet, 'v2')
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
  await cleanup?.()
})

/** Runs `sdkd <args>` on the devnet with the tracer; its result and what it loaded. */
async function traced(name: string, args: string[], nodeOptions = '') {
  const nodeFlag = args[0] === 'version' ? [] : ['--node', node.rpc]
  const r = await runSdkd(['--home', devnet.dir, ...args, ...nodeFlag], {
    env: await tracer.env(name, nodeOptions),
  })
  return { ...r, loaded: await tracer.loaded(name) }
}

/** The loaded modules matching `re`. */
const matching = (loaded: readonly string[], re: RegExp) => loaded.filter((m) => re.test(m))

/**
 * The modules of dist/ a client call loads: the entry and the client bundle's loader (the bundle
 * itself is compiled from its code cache, not loaded as a module).
 */
const ENTRY_MODULES = ['cli/main.js', 'cli/bundles.js', 'cli/command-words.js'].map(
  (f) => new URL(`../../dist/${f}`, import.meta.url).href,
)

/**
 * The loaded modules of dist/. The entry's two imports load side by side, so the tracer may see
 * them in either order: compared as sets (sorted).
 */
const inDist = (loaded: readonly string[]) =>
  loaded.filter((m) => m.startsWith(new URL('../../dist/', import.meta.url).href))

/** The client bundle (built with dist/). */
const BUNDLE = fileURLToPath(new URL('../../dist/cli/client-bundle.cjs', import.meta.url))

describe('a client call loads only what it uses', () => {
  it('behavior: sdkd status runs from the client bundle: no protobuf runtime, no libsodium, no node:crypto, no node code', async () => {
    const r = await traced('status', ['status'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).node_info.network).toBe('client-path')
    // The tracer sees the call's modules: the entry, the bundle's loader, and no other module of dist/.
    expect(inDist(r.loaded).sort()).toEqual([...ENTRY_MODULES].sort())
    expect(matching(r.loaded, /^node:http$/)).toEqual(['node:http'])
    expect(matching(r.loaded, /protobufjs|commander|sodium-native|@scure|^node:crypto$/)).toEqual(
      [],
    )
  })

  it('behavior: sdkd query upgrade plan runs from the client bundle: no libsodium, no node:crypto', async () => {
    const r = await traced('plan', ['query', 'upgrade', 'plan'])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('Error: no upgrade scheduled\n')
    expect(inDist(r.loaded).sort()).toEqual([...ENTRY_MODULES].sort())
    expect(matching(r.loaded, /protobufjs|sodium-native|@scure|^node:crypto$/)).toEqual([])
  })

  it('behavior: sdkd query bank balances decodes the answer without libsodium or node:crypto', async () => {
    const alice = devnet.accounts.alice!.address
    const r = await traced('balances', ['query', 'bank', 'balances', alice, '--output', 'json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).balances.length).toBeGreaterThan(0)
    expect(inDist(r.loaded).sort()).toEqual([...ENTRY_MODULES].sort())
    expect(matching(r.loaded, /sodium-native|^node:crypto$/)).toEqual([])
  })

  it('behavior: with source maps on, a client call prints the same from the bundle through Node’s loader', async () => {
    const plain = await runSdkd([
      '--home',
      devnet.dir,
      'query',
      'upgrade',
      'authority',
      '--node',
      node.rpc,
    ])
    const mapped = await traced('mapped', ['query', 'upgrade', 'authority'], '--enable-source-maps')
    expect(plain.code).toBe(0)
    expect(mapped.code).toBe(0)
    expect(mapped.stdout).toBe(plain.stdout)
    expect(mapped.stdout).toMatch(/^address: sdk1/)
    expect(matching(mapped.loaded, /client-bundle\.cjs$/)).toHaveLength(1)
  })

  it('behavior: the client bundle holds the status and query commands and no node, server or store code', async () => {
    const map = JSON.parse(await readFile(`${BUNDLE}.map`, 'utf8')) as { sources: string[] }
    const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ''))
    for (const file of ['src/cli/status.ts', 'src/cli/query-upgrade.ts', 'src/cli/query-bank.ts'])
      expect(sources).toContain(file)
    expect(sources.filter((s) => /^src\/(node|server|store|chain|app|block|tx)\//.test(s))).toEqual(
      [],
    )
    expect(
      sources.filter((s) =>
        /^src\/cli\/(init|start|devnet|run|rehearse|keys|genesis|tx-(bank|gov|upgrade|sign|flags)|dev|debug|version|reset)\.ts$/.test(
          s,
        ),
      ),
    ).toEqual([])
  })

  it('behavior: other commands run from the modules', async () => {
    const r = await traced('version', ['version'])
    expect(r.code).toBe(0)
    expect(matching(r.loaded, /\/dist\/cli\/(program|version)\.js$/)).toHaveLength(2)
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
    expect(unknown.stderr).toBe(
      'Error: unknown command "bnk" for "query"\n\nDid you mean this?\n\tbank\n\nRun \'sdkd query --help\' for usage.\n',
    )
  })
})
