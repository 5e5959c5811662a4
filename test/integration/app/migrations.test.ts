import { describe, expect, test } from 'vitest'
import type { AppModule } from '../../../src/app/types.js'
import { fromUtf8, utf8 } from '../../../src/codec/bytes.js'
import { UpgradeKeeper } from '../../../src/modules/upgrade/keeper.js'
import type { Node } from '../../../src/node/node.js'
import { cleanupAfterEach } from '../../helpers/cleanup.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { initTestHome } from '../../helpers/test-node.js'
import {
  ActionQueue,
  openNode,
  produceTo,
  recordingUpgrade,
  scheduleInNextBlock,
  testAppVersion,
} from '../../helpers/upgrade-chain.js'

// The module manager's RunMigrations, driven by an upgrade handler on a real home.

const cleanups = cleanupAfterEach()

/** A module "counter" at `version`, with migrations 1→2 and 2→3 appending to a log key. */
function counterModule(version: number, withMigrations: boolean): AppModule {
  const append = async (
    store: { get(k: Uint8Array): Promise<Uint8Array | undefined> },
    s: string,
  ) => {
    const old = await store.get(utf8('log'))
    return utf8(`${old ? fromUtf8(old) : ''}${s}`)
  }
  return {
    name: 'counter',
    consensusVersion: version,
    async initGenesis(ctx) {
      ctx.state.store('counter').set(utf8('log'), utf8('genesis;'))
    },
    registerServices(cfg) {
      if (!withMigrations) return
      for (const from of [1, 2]) {
        cfg.registerMigration('counter', from, async (ctx) => {
          const store = ctx.state.store('counter')
          store.set(utf8('log'), await append(store, `${from}->${from + 1};`))
        })
      }
    },
  }
}

async function chainWith(newVersion: number, withMigrations: boolean) {
  const t = await tempDir('sdkd-migrations-')
  await initTestHome(t.dir, { genesisAppVersion: 'v1' })
  const queue = new ActionQueue()
  const versions = {
    old: testAppVersion({ name: 'old', queue, modules: [counterModule(1, false)] }),
    new: testAppVersion({
      name: 'new',
      queue,
      modules: [counterModule(newVersion, withMigrations)],
      upgrades: [recordingUpgrade('bump')],
    }),
  }
  let node: Node = await openNode(t.dir, { appVersion: 'old', appVersions: versions })
  cleanups.push(async () => {
    await node.stop()
    await t.cleanup()
  })
  await scheduleInNextBlock(node, queue, { name: 'bump', height: 4 })
  await produceTo(node, 3)
  await node.stop()
  node = await openNode(t.dir, { appVersion: 'new', appVersions: versions })
  return { node: () => node }
}

describe('module manager migrations', () => {
  test('behavior: each module migrates from its stored version up to the new one, in order', async () => {
    const c = await chainWith(3, true)
    await c.node().producer.produceBlock()
    const view = c.node().store.view()
    expect(fromUtf8((await view.store('counter').get(utf8('log')))!)).toBe('genesis;1->2;2->3;')
    expect(
      (await new UpgradeKeeper({ registry: c.node().registry }).versionMap(view)).counter,
    ).toBe(3)
    expect(
      (await new UpgradeKeeper({ registry: c.node().registry }).versionMap(c.node().store.view(3)))
        .counter,
    ).toBe(1)
  })

  test('error: a missing migration halts the upgrade without committing the block', async () => {
    const c = await chainWith(2, false)
    await expect(c.node().producer.produceBlock()).rejects.toThrow(
      'no migration registered for module counter from version 1',
    )
    expect(c.node().store.latestHeight).toBe(3)
  })
})
