import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createV1 } from '../../src/versions/v1.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  getJson,
  rpcCall,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { initTestHome } from '../helpers/test-node.js'
import {
  ActionQueue,
  openNode,
  scheduleInNextBlock,
  testAppVersion,
} from '../helpers/upgrade-chain.js'

// Upgrade edges with real `sdkd` processes (docs/upgrades.md: "What happens at the height",
// "Upgrade plugins"): a plugin whose handler throws (exit 1, the failure line, nothing committed),
// then a plugin for the same plan that renames a store (its data under the new name after the
// upgrade and after a restart), and a malformed data/upgrade-info.json at start. One chain, one node
// process at a time. Blocks come from the dev API (`dev_mineTo`, `dev_mine`) and from the one block
// a start makes at once (`--timeout-commit 1h` puts the next an hour away). The plan is scheduled
// by the test-only fixture of upgrade.test.ts (the stopped home opened in-process).

const cleanups = cleanupAfterAll()

const PLAN = 'rename-crisis'
/** The plan's height: block 1 schedules it, the old binary commits up to H − 1. */
const H = 5
const UPGRADE_LOG = (l: Record<string, unknown>) => l.module === 'x/upgrade'

/** A plugin for PLAN: renames `crisis` to `crisis_archive`; its handler reads the data there. */
const GOOD_PLUGIN = `export default {
  name: '${PLAN}',
  storeUpgrades: { renamed: [{ oldKey: 'crisis', newKey: 'crisis_archive' }] },
  async handler(ctx, plan, fromVersions, tools) {
    const archive = ctx.state.store('crisis_archive')
    const fee = await archive.get(Uint8Array.of(0x01))
    if (fee === undefined) throw new Error('the renamed store has no 0x01 key')
    archive.set(Uint8Array.of(0x02), fee)
    return tools.runMigrations(ctx, fromVersions)
  },
}
`

/** The same plan, same store rename, but the handler writes into the state and then throws. */
const THROWING_PLUGIN = `export default {
  name: '${PLAN}',
  storeUpgrades: { renamed: [{ oldKey: 'crisis', newKey: 'crisis_archive' }] },
  async handler(ctx) {
    ctx.state.store('crisis_archive').set(Uint8Array.of(0x09), Uint8Array.of(0x09))
    throw new Error('the migration exploded')
  },
}
`

/** `sdkd --app-version v1 start`: RPC on port 0, dev API on; one block at start, then mined ones. */
function start(dir: string, extra: string[] = []): SdkdProcess {
  const p = startSdkd([
    '--home',
    dir,
    '--app-version',
    'v1',
    'start',
    '--timeout-commit',
    '1h',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable=false',
    '--grpc.enable=false',
    '--dev.enable',
    ...extra,
  ])
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

/** `start`, then the RPC port the node reports it bound. */
async function serve(dir: string, extra: string[] = []): Promise<{ p: SdkdProcess; rpc: number }> {
  const p = start(dir, extra)
  return { p, rpc: (await boundPorts(p)).rpcPort }
}

/** Height, block hash and app hash of the latest block, from `/status`. */
async function status(rpc: number) {
  const { body } = await getJson(`http://127.0.0.1:${rpc}/status`)
  const s = body.result.sync_info
  const height = s.latest_block_height as string
  // The state the latest block left (its FinalizeBlock app hash): what the next header carries.
  const results = await getJson(`http://127.0.0.1:${rpc}/block_results?height=${height}`)
  return {
    height,
    blockHash: s.latest_block_hash as string,
    appHash: Buffer.from(results.body.result.app_hash as string, 'base64')
      .toString('hex')
      .toUpperCase(),
  }
}

/** ABCI query of one raw key of a store (`/store/<name>/key`, data = the key), at a height. */
async function storeKey(rpc: number, store: string, keyHex: string, height?: number) {
  const h = height === undefined ? '' : `&height=${height}`
  const { body } = await getJson(
    `http://127.0.0.1:${rpc}/abci_query?path="/store/${store}/key"&data=0x${keyHex}${h}`,
  )
  // The node prints every field of the response (zeros and the key asked for too): keep those set.
  const { key: _key, ...rest } = body.result.response as Record<string, unknown>
  return Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== null && v !== '' && v !== 0 && v !== '0'),
  ) as { code?: number; log?: string; value?: string; height: string }
}

/**
 * Waits for the block a start makes at once (the loop's first block; later ones come only from the
 * dev API, as the next is an hour away) and checks its height.
 */
async function firstBlock(p: SdkdProcess, height: number): Promise<void> {
  const line = await p.waitForLog((l) => l.msg === 'committed block')
  expect(line.height).toBe(height)
}

/** Mines one block that the node cannot commit: the node exits; returns its exit code. */
async function mineIntoHalt(p: SdkdProcess, rpc: number): Promise<number | null> {
  // The process ends while answering; the reply (an error or none) does not matter, the exit does.
  await rpcCall(rpc, 'dev_mine', { blocks: 1 }).catch(() => undefined)
  return (await p.exited).code
}

const noSuchStore = (name: string) => ({
  code: 6,
  codespace: 'sdk',
  log: `no such store: ${name}: unknown request`,
})

/** What the tests share: one chain, halted at H by the old binary in `beforeAll`. */
let home: string
let good: string
let throwing: string
let infoPath: string
/** data/upgrade-info.json as the old binary wrote it. */
let info: string
/** /status of the old binary at H − 1, just before the halting block. */
let beforeHalt: Awaited<ReturnType<typeof status>>
/** The `crisis` store's 0x01 key (its constant fee) at H − 1, as abci_query answers it. */
let crisisFee: Awaited<ReturnType<typeof storeKey>>

beforeAll(async () => {
  const t = await tempDir('sdkd-e2e-upgrade-edges-')
  cleanups.push(t.cleanup)
  home = t.dir
  infoPath = join(home, 'data/upgrade-info.json')
  await initTestHome(home, { genesisAppVersion: 'v1' })
  // Genesis by the real v1, then the plan scheduled in block 1 (the test-only fixture).
  const v1 = await openNode(home, { appVersion: 'v1', appVersions: { v1: createV1 } })
  await v1.stop()
  const queue = new ActionQueue()
  const fixture = await openNode(home, {
    appVersion: 'v1',
    appVersions: { v1: testAppVersion({ name: 'v1', base: createV1, queue }) },
  })
  await scheduleInNextBlock(fixture, queue, { name: PLAN, height: H, info: 'edges' })
  await fixture.stop()
  good = join(home, 'good-plugin.mjs')
  throwing = join(home, 'throwing-plugin.mjs')
  await writeFile(good, GOOD_PLUGIN)
  await writeFile(throwing, THROWING_PLUGIN)

  // The old binary: its start makes one block (2), the dev API mines to H − 1, and the next block
  // halts it (exit 2, upgrade-info.json), as upgrade.test.ts checks in detail.
  const old = await serve(home)
  await firstBlock(old.p, 2)
  expect((await rpcCall(old.rpc, 'dev_mineTo', { height: H - 1 })).result).toEqual({
    height: String(H - 1),
  })
  beforeHalt = await status(old.rpc)
  expect(beforeHalt.height).toBe(String(H - 1))
  crisisFee = await storeKey(old.rpc, 'crisis', '01')
  expect(crisisFee.value).toMatch(/^[A-Za-z0-9+/]+=*$/)
  expect(await mineIntoHalt(old.p, old.rpc)).toBe(2)
  expect(
    old.p
      .logs()
      .filter(UPGRADE_LOG)
      .map((l) => l.msg),
  ).toEqual([`UPGRADE "${PLAN}" NEEDED at height: ${H}: edges`])
  info = await readFile(infoPath, 'utf8')
  expect(info).toBe(`{"name":"${PLAN}","time":"0001-01-01T00:00:00Z","height":${H},"info":"edges"}`)
})

// The tests run in order on the one chain: each starts where the one before left it.
describe('upgrade edges with real sdkd processes', () => {
  test('error: a plugin handler that throws halts at the height with exit 1 and `upgrade "<name>" at height: H failed: <error>`; nothing is committed', async () => {
    const bad = start(home, ['--upgrade-plugin', throwing])
    expect((await bad.exited).code).toBe(1)
    expect(bad.logs().find((l) => l.msg === 'node started')).toMatchObject({ height: H - 1 })
    expect(bad.logs().filter(UPGRADE_LOG)).toEqual([
      expect.objectContaining({ level: 30, msg: `applying upgrade "${PLAN}" at height: ${H}` }),
      expect.objectContaining({
        level: 50,
        msg: `upgrade "${PLAN}" at height: ${H} failed: the migration exploded`,
      }),
    ])
    expect(bad.logs().filter((l) => l.msg === 'committed block')).toEqual([])
    expect(await readFile(infoPath, 'utf8')).toBe(info)
  })

  test('behavior: restarted with a fixed plugin, the chain resumes at H − 1 (same block and app hash) and the store rename applies: the data is read under the new name', async () => {
    const fixed = await serve(home, ['--upgrade-plugin', good])
    await firstBlock(fixed.p, H)
    // Block H links to the block and app hash the old binary left at H − 1: the failed attempt
    // committed nothing, not even part of its state (key 0x09, the rename).
    expect(fixed.p.logs().find((l) => l.msg === 'node started')).toMatchObject({ height: H - 1 })
    const blockH = (await getJson(`http://127.0.0.1:${fixed.rpc}/block?height=${H}`)).body.result
    expect(blockH.block.header.last_block_id.hash).toBe(beforeHalt.blockHash)
    expect(blockH.block.header.app_hash).toBe(beforeHalt.appHash)
    expect(
      fixed.p
        .logs()
        .filter(UPGRADE_LOG)
        .map((l) => l.msg),
    ).toEqual([`applying upgrade "${PLAN}" at height: ${H}`])
    expect(fixed.p.logs().find((l) => l.msg === 'applying store upgrades')).toMatchObject({
      upgrade: PLAN,
      height: H,
      renamed: [{ oldKey: 'crisis', newKey: 'crisis_archive' }],
    })
    // The data under the new name from H on (the handler read it there and copied it to 0x02); the
    // old name is gone from H on and still answers at H − 1, where the new one did not exist.
    expect(await storeKey(fixed.rpc, 'crisis_archive', '01')).toEqual({
      ...crisisFee,
      height: String(H),
    })
    expect((await storeKey(fixed.rpc, 'crisis_archive', '02')).value).toBe(crisisFee.value)
    expect((await storeKey(fixed.rpc, 'crisis_archive', '09')).value).toBeUndefined()
    expect(await storeKey(fixed.rpc, 'crisis', '01')).toEqual(noSuchStore('crisis'))
    expect(await storeKey(fixed.rpc, 'crisis', '01', H - 1)).toEqual(crisisFee)
    expect(await storeKey(fixed.rpc, 'crisis_archive', '01', H - 1)).toEqual(
      noSuchStore('crisis_archive'),
    )
    expect(await devMine(fixed.rpc, 1)).toBe(H + 1)
    expect((await fixed.p.stop('SIGTERM')).code).toBe(0)
  })

  test('error: a malformed data/upgrade-info.json stops the start with `failed to read upgrade info from disk: <reason>` (exit 1)', async () => {
    for (const [text, reason] of [
      ['{"time":"0001-01-01T00:00:00Z","height":5}', 'name cannot be empty: invalid request'],
      [
        `{"name":"${PLAN}","height":"5"}`,
        'json: cannot unmarshal string into Go struct field Plan.height of type int64',
      ],
    ]) {
      await writeFile(infoPath, text!)
      const refused = start(home, ['--upgrade-plugin', good])
      expect((await refused.exited).code).toBe(1)
      // Before anything runs: no log line at all, only the error.
      expect(refused.output()).toBe(
        `Error: data/upgrade-info.json: failed to read upgrade info from disk: ${reason}\n`,
      )
    }
    await writeFile(infoPath, info)
  })

  test('behavior: after a restart the renamed store keeps its data under the new name; the upgrade and its store changes do not run again', async () => {
    // The chain goes on from H + 1 (its start makes block H + 2).
    const again = await serve(home, ['--upgrade-plugin', good])
    await firstBlock(again.p, H + 2)
    expect(again.p.logs().find((l) => l.msg === 'node started')).toMatchObject({ height: H + 1 })
    expect(await storeKey(again.rpc, 'crisis_archive', '01')).toEqual({
      ...crisisFee,
      height: String(H + 2),
    })
    expect((await storeKey(again.rpc, 'crisis_archive', '02')).value).toBe(crisisFee.value)
    expect(await storeKey(again.rpc, 'crisis', '01')).toEqual(noSuchStore('crisis'))
    expect(again.p.logs().filter(UPGRADE_LOG)).toEqual([])
    expect(again.p.logs().filter((l) => l.msg === 'applying store upgrades')).toEqual([])
    expect((await again.p.stop('SIGTERM')).code).toBe(0)
  })
})
