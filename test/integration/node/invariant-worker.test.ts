import { describe, expect, test } from 'vitest'
import { App } from '../../../src/app/app.js'
import { EventManager } from '../../../src/block/events.js'
import type { ExecHeader } from '../../../src/block/header.js'
import { moduleAddress } from '../../../src/codec/address.js'
import { utf8 } from '../../../src/codec/bytes.js'
import { protoRegistry } from '../../../src/codec/proto.js'
import { createSilentLogger } from '../../../src/logger.js'
import { bankCollections } from '../../../src/modules/bank/keys.js'
import { InvariantWorker } from '../../../src/node/invariant-worker-main.js'
import { fullKeyOf, storeIdPrefix } from '../../../src/store/keys.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../../../src/versions/index.js'
import { StateFollower } from '../../helpers/state-follower.js'
import { createTestNode } from '../../helpers/test-node.js'

/** The header the worker's checks see (the invariants read none of it but the height and time). */
function headerOf(height: number): ExecHeader {
  return { chainId: 'test-chain', height, time: BigInt(height) * 1_000_000_000n } as ExecHeader
}

describe('the invariant worker', () => {
  test("behavior: on a copy seeded from the node and told each height, the app's invariants hold where the node's do, and break with the node's own verdict", async () => {
    const t = await createTestNode()
    try {
      const { node } = t
      await node.producer.produceBlocks(2)
      const registry = protoRegistry()
      const app = new App(APP_VERSIONS[DEFAULT_APP_VERSION]!({ registry }), registry, {
        invCheckPeriod: 0,
      })
      const worker = new InvariantWorker(app, 'test-chain', createSilentLogger())
      const follower = new StateFollower()
      node.store.observer = follower
      const seed = node.store.workingSeed()
      expect(await worker.handle({ kind: 'seed', seed })).toBeUndefined()
      await node.producer.produceBlocks(3)
      const told = follower.heights.splice(0)
      expect(told.map((h) => h.height)).toEqual([seed.height + 1, seed.height + 2, seed.height + 3])
      for (const { height, changes } of told) {
        expect(
          await worker.handle({ kind: 'height', height, changes, check: headerOf(height) }),
        ).toEqual({ kind: 'checked', height, broken: undefined })
      }

      // Coins appear in the distribution account out of band: the next height breaks invariants.
      const bankId = node.store.workingSeed().stores.find(([name]) => name === 'bank')![1]
      const key = bankCollections(registry).balances.storeKey([
        moduleAddress('distribution'),
        'stake',
      ])
      const full = fullKeyOf(storeIdPrefix(bankId), key)
      const amount = utf8('999999999999999')
      const height = seed.height + 4
      const verdict = await worker.handle({
        kind: 'height',
        height,
        changes: { writes: [[full, amount]], stores: [], nextStoreId: seed.nextStoreId },
        check: headerOf(height),
      })
      // The node's own app, on a branch of its working state with the same write.
      const branch = node.store.branch()
      branch.store('bank').set(key, amount)
      const own = await node.app.firstBrokenInvariant(
        node.producer.context(branch, headerOf(height), new EventManager(true)),
      )
      expect(own).toBeDefined()
      expect(verdict).toEqual({ kind: 'checked', height, broken: own })
      expect(own!.message).toMatch(/^(bank|distribution): /)

      // A height out of order is refused: the copy would no longer be the node's state.
      await expect(
        worker.handle({
          kind: 'height',
          height: height + 2,
          changes: { writes: [], stores: [], nextStoreId: seed.nextStoreId },
          check: undefined,
        }),
      ).rejects.toThrow(`height ${height + 2} arrived after height ${height}`)
    } finally {
      await t.close()
    }
  })
})
