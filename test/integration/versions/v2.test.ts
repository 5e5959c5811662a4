import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { messageToJson } from '../../../src/codec/json-writer.js'
import { UpgradeKeeper } from '../../../src/modules/upgrade/keeper.js'
import type { Node } from '../../../src/node/node.js'
import type { AppVersionFactory } from '../../../src/versions/index.js'
import { createV1 } from '../../../src/versions/v1.js'
import { createV2 } from '../../../src/versions/v2.js'
import { cleanupAfterEach } from '../../helpers/cleanup.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { initTestHome } from '../../helpers/test-node.js'
import {
  ActionQueue,
  LogCapture,
  openNode,
  produceTo,
  scheduleInNextBlock,
  testAppVersion,
} from '../../helpers/upgrade-chain.js'

// The built-in example upgrade v1 → v2 end to end in-process, on a real LevelDB home.

/** docs/upgrades.md, "App versions": v1's modules and their consensus versions. */
const V1_MODULE_VERSIONS = {
  auth: 5,
  bank: 4,
  distribution: 3,
  staking: 5,
  slashing: 4,
  gov: 5,
  mint: 2,
  crisis: 2,
  genutil: 1,
  evidence: 1,
  params: 1,
  upgrade: 2,
}

const cleanups = cleanupAfterEach()

async function query(node: Node, method: string, height?: number) {
  const handler = node.app.queryHandlers.get(method)
  if (!handler) throw new Error(`no handler for ${method}`)
  const view = node.store.view(height)
  const service = node.registry.service(method.split('/')[0]!)
  const m = service.methods[method.split('/')[1]!]!
  m.resolve()
  const resType = node.registry.type(m.resolvedResponseType!.fullName.slice(1))
  // A handler is given its request decoded (every field present), as the routers decode it.
  const req = m.resolvedRequestType!.fromObject({})
  const res = await handler(req, { height: view.height, state: view, registry: node.registry })
  return messageToJson(node.registry, resType, resType.fromObject(res))
}

async function setup() {
  const t = await tempDir('sdkd-v2-upgrade-')
  await initTestHome(t.dir, { genesisAppVersion: 'v1' })
  const queue = new ActionQueue()
  const versions: Record<string, AppVersionFactory> = {
    v1: testAppVersion({ name: 'v1', base: createV1, queue }),
    v2: testAppVersion({ name: 'v2', base: createV2, queue }),
  }
  let node: Node | undefined
  let logs = new LogCapture()
  const open = async (appVersion: string, skipHeights: number[] = []) => {
    await node?.stop()
    logs = new LogCapture()
    node = await openNode(t.dir, { appVersion, appVersions: versions, skipHeights, logs })
    return node
  }
  cleanups.push(async () => {
    await node?.stop()
    await t.cleanup()
  })
  return { home: t.dir, queue, open, logs: () => logs }
}

describe('app version v2 (the example upgrade)', () => {
  test('behavior: v1 halts at the height; v2 adds consensus, deletes crisis, migrates the consensus params and runs migrations, once', async () => {
    const s = await setup()
    let node = await s.open('v1')
    await scheduleInNextBlock(node, s.queue, { name: 'v2', height: 6, info: 'v2 info' })
    await produceTo(node, 5)
    expect(node.store.view().storeNames()).toContain('crisis')
    expect(await query(node, 'sdk.params.v1beta1.Query/Params').catch((e) => e.message)).toBe(
      'invalid request',
    )
    await expect(node.producer.produceBlock()).rejects.toThrow(
      'UPGRADE "v2" NEEDED at height: 6: v2 info',
    )
    expect(await readFile(join(s.home, 'data/upgrade-info.json'), 'utf8')).toBe(
      '{"name":"v2","time":"0001-01-01T00:00:00Z","height":6,"info":"v2 info"}',
    )

    node = await s.open('v2')
    await node.producer.produceBlock()
    const storeLog = s.logs().lines.find((l) => l.msg === 'applying store upgrades')
    expect(storeLog).toMatchObject({
      upgrade: 'v2',
      height: 6,
      added: ['consensus'],
      deleted: ['crisis'],
    })
    expect(
      s
        .logs()
        .lines.filter((l) => l.module === 'x/upgrade')
        .map((l) => l.msg),
    ).toEqual(['applying upgrade "v2" at height: 6'])
    expect(s.logs().messages()).toContain('adding a new module: consensus')

    const before = node.store.view(5)
    const after = node.store.view(6)
    expect(before.storeNames()).toContain('crisis')
    expect(before.storeNames()).not.toContain('consensus')
    expect(after.storeNames()).toContain('consensus')
    expect(after.storeNames()).not.toContain('crisis')

    // Module versions, as docs/upgrades.md's "App versions" table has them: v1's, then consensus 1 added
    // and crisis 2 kept (upstream never deletes an entry).
    // (`testkit` 1 is the test harness's own module, next to the app version's.)
    const k = new UpgradeKeeper({ registry: node.registry })
    expect(await k.versionMap(before)).toEqual({ ...V1_MODULE_VERSIONS, testkit: 1 })
    expect(await k.versionMap(after)).toEqual({ ...V1_MODULE_VERSIONS, consensus: 1, testkit: 1 })
    expect(await k.doneHeight(after, 'v2')).toBe(6n)
    expect(await k.protocolVersion(after)).toBe(1n)
    expect(await k.plan(after)).toBeUndefined()

    // The params moved from x/params' baseapp subspace into x/consensus (version/abci were never there).
    expect(await query(node, 'sdk.consensus.v1.Query/Params')).toEqual({
      params: {
        block: { max_bytes: '22020096', max_gas: '-1' },
        evidence: {
          max_age_num_blocks: '100000',
          max_age_duration: '172800s',
          max_bytes: '1048576',
        },
        validator: { pub_key_types: ['ed25519'] },
        version: null,
        abci: null,
      },
    })
    await expect(query(node, 'sdk.consensus.v1.Query/Params', 5)).rejects.toThrow(
      "collections: not found: key 'no_key' of type tendermint.types.ConsensusParams",
    )

    // Later restarts of v2 do not apply the store upgrades again.
    await produceTo(node, 8)
    node = await s.open('v2')
    await produceTo(node, 10)
    expect(s.logs().messages()).not.toContain('applying store upgrades')
    expect(node.store.view().storeNames()).not.toContain('crisis')

    // And v1 refuses to run the upgraded chain.
    node = await s.open('v1')
    await expect(node.producer.produceBlock()).rejects.toThrow(
      'wrong app version 0, upgrade handler is missing for v2 upgrade plan',
    )
  })

  test('behavior: with the height skipped, v2 applies no store upgrades and clears the plan', async () => {
    const s = await setup()
    let node = await s.open('v1')
    await scheduleInNextBlock(node, s.queue, { name: 'v2', height: 4 })
    await produceTo(node, 3)
    await expect(node.producer.produceBlock()).rejects.toThrow('UPGRADE "v2" NEEDED')
    node = await s.open('v1', [4])
    await produceTo(node, 6)
    expect(s.logs().messages()).toContain('UPGRADE "v2" SKIPPED at 4: ')
    expect(s.logs().messages()).not.toContain('applying store upgrades')
    expect(node.store.view().storeNames()).toContain('crisis')
    expect(
      await new UpgradeKeeper({ registry: node.registry }).doneHeight(node.store.view(), 'v2'),
    ).toBe(0n)
  })

  test('error: v2 data run by v1 to the upgrade: the store v2 would add exists already; the halt says so plainly, commits nothing', async () => {
    const t = await tempDir('sdkd-v2-on-v2-data-')
    await initTestHome(t.dir, { genesisAppVersion: 'v2' })
    const queue = new ActionQueue()
    const versions: Record<string, AppVersionFactory> = {
      v1: testAppVersion({ name: 'v1', base: createV1, queue }),
      v2: testAppVersion({ name: 'v2', base: createV2, queue }),
    }
    let node = await openNode(t.dir, { appVersion: 'v2', appVersions: versions })
    cleanups.push(async () => {
      await node.stop()
      await t.cleanup()
    })
    await produceTo(node, 2)
    await node.stop()
    // The old binary on the new binary's data (the CLI refuses this; the store loader must not crash).
    node = await openNode(t.dir, { appVersion: 'v1', appVersions: versions })
    await scheduleInNextBlock(node, queue, { name: 'v2', height: 5 })
    await produceTo(node, 4)
    await expect(node.producer.produceBlock()).rejects.toThrow('UPGRADE "v2" NEEDED')
    await node.stop()
    const logs = new LogCapture()
    node = await openNode(t.dir, { appVersion: 'v2', appVersions: versions, logs })
    const err = await node.producer.produceBlock().catch((e: unknown) => e)
    expect(err).toMatchObject({
      name: 'ChainHaltError',
      exitCode: 1,
      message:
        'upgrade "v2" at height 5 adds the store "consensus", but this chain\'s state already has it: ' +
        'the data in this home was not made by the app version the upgrade starts from (was an older app version run on a newer home?). ' +
        'Nothing was committed; start the chain over (sdkd devnet --reset, or sdkd comet unsafe-reset-all) with the app version it should start from',
    })
    expect((err as Error).cause).toBeUndefined()
    expect(node.producer.height).toBe(4)
    expect(logs.messages().some((m) => m.includes('internal logic error'))).toBe(false)
  })

  test('behavior: a fresh v2 chain stores the full genesis consensus params and has no crisis', async () => {
    const t = await tempDir('sdkd-v2-genesis-')
    await initTestHome(t.dir, { genesisAppVersion: 'v2' })
    const node = await openNode(t.dir, { appVersion: 'v2', appVersions: { v2: createV2 } })
    cleanups.push(async () => {
      await node.stop()
      await t.cleanup()
    })
    await node.producer.produceBlocks(2)
    expect(node.store.view().storeNames()).toEqual(
      expect.arrayContaining(['auth', 'bank', 'consensus', 'gov', 'params', 'upgrade']),
    )
    expect(node.store.view().storeNames()).not.toContain('crisis')
    // docs/upgrades.md, "App versions": v2 is v1 without crisis, plus consensus 1.
    const { crisis: _, ...withoutCrisis } = V1_MODULE_VERSIONS
    expect(
      await new UpgradeKeeper({ registry: node.registry }).versionMap(node.store.view()),
    ).toEqual({
      ...withoutCrisis,
      consensus: 1,
    })
    expect((await query(node, 'sdk.consensus.v1.Query/Params')).params).toMatchObject({
      version: { app: '0' },
      abci: { vote_extensions_enable_height: '0' },
    })
  })
})
