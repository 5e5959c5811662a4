import { expect, test } from 'vitest'
import type { AppVersion } from '../../../src/app/types.js'
import {
  APP_VERSIONS,
  type AppVersionFactory,
  DEFAULT_APP_VERSION,
} from '../../../src/versions/index.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { createTestNode, initTestHome } from '../../helpers/test-node.js'

/** The default app version as an older sdkd built it: without x/mint. */
const olderBuild: AppVersionFactory = (deps) => {
  const v: AppVersion = APP_VERSIONS[DEFAULT_APP_VERSION]!(deps)
  const keep = (names: readonly string[]) => names.filter((n) => n !== 'mint')
  return {
    ...v,
    modules: v.modules.filter((m) => m.name !== 'mint'),
    order: Object.fromEntries(
      Object.entries(v.order).map(([k, names]) => [k, keep(names as string[])]),
    ) as unknown as AppVersion['order'],
  }
}

test('behavior: a home whose state lacks a store the app version owns is refused at start, naming the store and the way out', async () => {
  const home = await tempDir('sdkd-older-home-')
  try {
    await initTestHome(home.dir)
    const old = await createTestNode({
      home: home.dir,
      database: 'leveldb',
      appVersions: { ...APP_VERSIONS, [DEFAULT_APP_VERSION]: olderBuild },
    })
    await old.node.producer.produceBlocks(2)
    await old.close()

    // `sdkd start` opens the chain this way.
    const started = createTestNode({ home: home.dir, database: 'leveldb', checkStores: true })
    await expect(started).rejects.toThrow(
      "data/: the chain's state at height 2 has no mint store, which app version v2 of this sdkd needs: the home was made by an older sdkd. Start the chain over with 'sdkd devnet --reset'",
    )
    // Nothing was written: the older build still runs the chain on.
    const again = await createTestNode({
      home: home.dir,
      database: 'leveldb',
      checkStores: true,
      appVersions: { ...APP_VERSIONS, [DEFAULT_APP_VERSION]: olderBuild },
    })
    try {
      await again.node.producer.produceBlocks(1)
      expect(again.node.producer.height).toBe(3)
    } finally {
      await again.close()
    }
  } finally {
    await home.cleanup()
  }
})
