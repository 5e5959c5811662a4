import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import { moduleTracer } from '../helpers/module-tracer.js'
import { boundPorts, getJson, LOOPBACK_PORTS, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * What a node loads: `sdkd start` and `sdkd devnet` run from the node bundle the build writes
 * (dist/cli/node-bundle.cjs, compiled from its code cache), not from the some six hundred modules
 * of dist/ one by one. Each node runs as a real `sdkd` process with a module tracer preloaded
 * (`NODE_OPTIONS=--import`). The restart time itself is measured by `npm run bench:chain`.
 */

let devnet: DevnetHome
let cleanup: () => Promise<void>
let tracer: Awaited<ReturnType<typeof moduleTracer>>

beforeAll(async () => {
  let dir: string
  ;({ dir, cleanup } = await tempDir('sdkd-node-bundle-'))
  tracer = await moduleTracer(dir)
  devnet = await createDevnetHome('node-bundle')
})

afterAll(async () => {
  await devnet?.cleanup()
  await cleanup?.()
})

const dist = (file: string) => new URL(`../../dist/${file}`, import.meta.url).href
const BUNDLE = fileURLToPath(dist('cli/node-bundle.cjs'))
const EXAMPLE_PLUGIN = join(process.cwd(), 'config/upgrade-plugins/example-upgrade.mjs')

/**
 * Runs `sdkd start` on the devnet with the tracer until its first block, asks /status, stops it;
 * its exit, the height /status showed, and what it loaded.
 */
async function tracedStart(name: string, extra: string[] = [], nodeOptions = '') {
  const p = startSdkd(
    ['--home', devnet.dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false', ...extra],
    { env: await tracer.env(name, nodeOptions) },
  )
  try {
    const { rpcPort } = await boundPorts(p)
    await p.waitForLog((l) => l.msg === 'committed block')
    const status = await getJson(`http://127.0.0.1:${rpcPort}/status`)
    const exit = await p.stop('SIGINT')
    return {
      exit,
      height: Number(status.body.result.sync_info.latest_block_height),
      loaded: await tracer.loaded(name),
    }
  } finally {
    await p.stop('SIGKILL')
  }
}

describe('a node runs from the node bundle', () => {
  it('behavior: the build writes the node bundle and its code cache', () => {
    expect(existsSync(BUNDLE)).toBe(true)
    expect(existsSync(BUNDLE.replace(/\.cjs$/, '.code-cache'))).toBe(true)
  })

  it('behavior: sdkd start loads the bundle from its code cache: no command, node or server module of dist/ on its own', async () => {
    const r = await tracedStart('start')
    expect(r.exit.code).toBe(0)
    expect(r.height).toBeGreaterThan(0)
    expect(r.loaded).toContain(dist('cli/bundles.js'))
    for (const file of ['cli/program.js', 'cli/start.js', 'node/node.js', 'server/rpc/server.js'])
      expect(r.loaded).not.toContain(dist(file))
    // Compiled from the code cache, not loaded as a module.
    expect(r.loaded).not.toContain(pathToFileURL(BUNDLE).href)
  })

  it('behavior: with source maps on, the node loads the bundle through Node’s loader', async () => {
    const r = await tracedStart('mapped', [], '--enable-source-maps')
    expect(r.exit.code).toBe(0)
    expect(r.height).toBeGreaterThan(0)
    expect(r.loaded).toContain(pathToFileURL(BUNDLE).href)
    expect(r.loaded).not.toContain(dist('node/node.js'))
  })

  it('behavior: an upgrade plugin (an ES module file) loads in a node run from the bundle', async () => {
    const r = await tracedStart('plugin', ['--upgrade-plugin', EXAMPLE_PLUGIN])
    expect(r.exit.code).toBe(0)
    expect(r.height).toBeGreaterThan(0)
    expect(r.loaded).toContain(pathToFileURL(EXAMPLE_PLUGIN).href)
    expect(r.loaded).not.toContain(dist('node/node.js'))
  })
})
