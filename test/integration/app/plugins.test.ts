import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { loadUpgradePlugins, withPlugins } from '../../../src/app/plugins.js'
import { fromUtf8, utf8 } from '../../../src/codec/bytes.js'
import type { Node } from '../../../src/node/node.js'
import { createV2 } from '../../../src/versions/v2.js'
import { cleanupAfterEach } from '../../helpers/cleanup.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { initTestHome } from '../../helpers/test-node.js'
import {
  ActionQueue,
  openNode,
  produceTo,
  scheduleInNextBlock,
  testAppVersion,
} from '../../helpers/upgrade-chain.js'

const EXAMPLE = fileURLToPath(
  new URL('../../../config/upgrade-plugins/example-upgrade.mjs', import.meta.url),
)

const cleanups = cleanupAfterEach()

async function dir(): Promise<string> {
  const t = await tempDir('sdkd-plugins-')
  cleanups.push(t.cleanup)
  return t.dir
}

async function plugin(d: string, name: string, source: string): Promise<string> {
  const file = join(d, name)
  await writeFile(file, source)
  return file
}

describe('upgrade plugins (--upgrade-plugin)', () => {
  test('behavior: the example plugin applies its upgrade: store added once, key written, chain continues', async () => {
    const home = await dir()
    await initTestHome(home, { genesisAppVersion: 'v1' })
    const queue = new ActionQueue()
    const versions = { v1: testAppVersion({ name: 'v1', queue }) }
    let node: Node = await openNode(home, { appVersion: 'v1', appVersions: versions })
    cleanups.push(() => node.stop())
    await scheduleInNextBlock(node, queue, { name: 'example-upgrade', height: 5, info: 'hello' })
    await produceTo(node, 4)
    await expect(node.producer.produceBlock()).rejects.toThrow(
      'UPGRADE "example-upgrade" NEEDED at height: 5: hello',
    )
    await node.stop()
    node = await openNode(home, { appVersion: 'v1', appVersions: versions, plugins: [EXAMPLE] })
    await produceTo(node, 7)
    const example = node.store.view().store('example')
    expect(fromUtf8((await example.get(utf8('upgraded_at')))!)).toBe('5')
    expect(fromUtf8((await example.get(utf8('plan_info')))!)).toBe('hello')
    expect(node.store.view(4).hasStore('example')).toBe(false)
  })

  test('error: a missing file, a broken module, no export or a wrong shape is a clear start-up error', async () => {
    const d = await dir()
    await expect(loadUpgradePlugins([join(d, 'nope.mjs')])).rejects.toThrow(
      `--upgrade-plugin ${join(d, 'nope.mjs')}: no such file`,
    )
    const broken = await plugin(d, 'broken.mjs', 'export default {{')
    await expect(loadUpgradePlugins([broken])).rejects.toThrow(
      `--upgrade-plugin ${broken}: cannot load the module:`,
    )
    const empty = await plugin(d, 'empty.mjs', 'export const x = 1')
    await expect(loadUpgradePlugins([empty])).rejects.toThrow(
      'exports no upgrade definition (expected `export default { name, storeUpgrades, handler }`)',
    )
    const noName = await plugin(d, 'noname.mjs', 'export default { handler() {} }')
    await expect(loadUpgradePlugins([noName])).rejects.toThrow(
      `--upgrade-plugin ${noName}: name: expected a non-empty string`,
    )
    const noHandler = await plugin(d, 'nohandler.mjs', "export default { name: 'x' }")
    await expect(loadUpgradePlugins([noHandler])).rejects.toThrow(
      'handler: expected a function (ctx, plan, fromVersions, tools) => versionMap',
    )
    const badStores = await plugin(
      d,
      'stores.mjs',
      "export default { name: 'x', handler() {}, storeUpgrades: { added: 'a' } }",
    )
    await expect(loadUpgradePlugins([badStores])).rejects.toThrow(
      'storeUpgrades.added: expected an array of store names',
    )
    const list = await plugin(
      d,
      'list.mjs',
      "export default [{ name: 'a', handler() {} }, { name: 'b', handler: 1 }]",
    )
    await expect(loadUpgradePlugins([list])).rejects.toThrow('[1].handler: expected a function')
    await expect(loadUpgradePlugins([EXAMPLE, EXAMPLE])).rejects.toThrow(
      `upgrade "example-upgrade" is already defined by ${EXAMPLE}`,
    )
    const v2 = await plugin(d, 'v2.mjs', "export const upgrade = { name: 'v2', handler() {} }")
    const plugins = await loadUpgradePlugins([v2])
    expect(plugins.map((p) => p.name)).toEqual(['v2'])
    const { protoRegistry } = await import('../../../src/codec/proto.js')
    // The error names the file, as the loader's do.
    expect(() => withPlugins(createV2({ registry: protoRegistry() }), plugins)).toThrow(
      `--upgrade-plugin ${v2}: name: upgrade "v2" is already defined by app version v2`,
    )
  })
})
