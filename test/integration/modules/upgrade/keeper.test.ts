import { describe, expect, test } from 'vitest'
import type { BlockContext } from '../../../../src/app/types.js'
import { toHex } from '../../../../src/codec/bytes.js'
import { UpgradeKeeper } from '../../../../src/modules/upgrade/keeper.js'
import type { Node } from '../../../../src/node/node.js'
import { cleanupAfterEach } from '../../../helpers/cleanup.js'
import { tempDir } from '../../../helpers/temp-dir.js'
import { initTestHome } from '../../../helpers/test-node.js'
import { ActionQueue, openNode, produceTo, testAppVersion } from '../../../helpers/upgrade-chain.js'

// Keeper behaviour of reference §5.2 on a real LevelDB home; each check runs inside a block.

const cleanups = cleanupAfterEach()

async function setup(): Promise<{
  node: Node
  inBlock<T>(fn: (ctx: BlockContext) => Promise<T>): Promise<T>
}> {
  const t = await tempDir('sdkd-upgrade-keeper-')
  await initTestHome(t.dir, { genesisAppVersion: 'v1' })
  const queue = new ActionQueue()
  const node = await openNode(t.dir, {
    appVersion: 'k',
    appVersions: { k: testAppVersion({ name: 'k', queue }) },
  })
  cleanups.push(async () => {
    await node.stop()
    await t.cleanup()
  })
  await produceTo(node, 9)
  return {
    node,
    async inBlock(fn) {
      let out: unknown
      let failure: unknown
      queue.push(async (ctx) => {
        try {
          out = await fn(ctx)
        } catch (err) {
          failure = err
        }
      })
      await node.producer.produceBlock()
      if (failure) throw failure
      return out as never
    },
  }
}

describe('x/upgrade keeper', () => {
  test('behavior: ScheduleUpgrade validates in upstream order and overwrites a scheduled plan', async () => {
    const { node, inBlock } = await setup()
    const k = new UpgradeKeeper({ registry: node.registry })
    // a. a good plan at ctx height 10
    await inBlock((ctx) =>
      k.scheduleUpgrade(ctx, { name: 'all-good', info: 'some text here', height: 123450000 }),
    )
    // b. overwrite
    await inBlock((ctx) => k.scheduleUpgrade(ctx, { name: 'alt-good', height: 543210000 }))
    const plan = await k.plan(node.store.view())
    expect({ name: plan?.name, height: String(plan?.height), info: plan?.info }).toEqual({
      name: 'alt-good',
      height: '543210000',
      info: '',
    })
    const cases: [Record<string, unknown>, string][] = [
      [{ height: 123450000 }, 'name cannot be empty: invalid request'],
      [{ name: 'all-good', height: 1 }, 'upgrade cannot be scheduled in the past: invalid request'],
      [{ name: 'missing', info: 'important' }, 'height must be greater than 0: invalid request'],
      [{ name: 'neg', height: -12345 }, 'height must be greater than 0: invalid request'],
      [
        { name: 't', height: 100, time: { seconds: '1', nanos: 0 } },
        'time-based upgrades have been deprecated in the SDK: invalid request',
      ],
      [
        {
          name: 't',
          height: 100,
          upgraded_client_state: { type_url: '/x', value: new Uint8Array() },
        },
        'upgrade logic for IBC has been moved to the IBC module: invalid request',
      ],
      // time is checked before the name
      [
        { height: 0, time: { seconds: '0', nanos: 0 } },
        'time-based upgrades have been deprecated in the SDK: invalid request',
      ],
    ]
    for (const [plan, message] of cases) {
      await expect(inBlock((ctx) => k.scheduleUpgrade(ctx, plan))).rejects.toThrow(message)
    }
    // e. a done name cannot be scheduled again
    await inBlock(async (ctx) => k.setDone(ctx.state, 'all-good', ctx.height))
    await expect(
      inBlock((ctx) => k.scheduleUpgrade(ctx, { name: 'all-good', height: 123450000 })),
    ).rejects.toThrow('upgrade with name all-good has already been completed: invalid request')
  })

  test('behavior: the last completed upgrade is the highest height, not the greatest name', async () => {
    const { node, inBlock } = await setup()
    const k = new UpgradeKeeper({ registry: node.registry })
    expect(await k.lastCompletedUpgrade(node.store.view())).toEqual({ name: '', height: 0n })
    await inBlock(async (ctx) => k.setDone(ctx.state, 'test-v0.9', 10))
    expect(await k.lastCompletedUpgrade(node.store.view())).toEqual({
      name: 'test-v0.9',
      height: 10n,
    })
    await inBlock(async (ctx) => k.setDone(ctx.state, 'test-v0.10', 15))
    expect(await k.lastCompletedUpgrade(node.store.view())).toEqual({
      name: 'test-v0.10',
      height: 15n,
    })
    // On a tie, the greatest name wins.
    await inBlock(async (ctx) => {
      k.setDone(ctx.state, 'b', 20)
      k.setDone(ctx.state, 'a', 20)
    })
    expect((await k.lastCompletedUpgrade(node.store.view())).name).toBe('b')
  })

  test('behavior: ApplyUpgrade stores the handler map, bumps the protocol version, clears the plan, marks done', async () => {
    const { node, inBlock } = await setup()
    const k = new UpgradeKeeper({ registry: node.registry })
    await expect(
      inBlock((ctx) => k.applyUpgrade(ctx, { name: 'dummy' }, undefined)),
    ).rejects.toThrow(/^ApplyUpgrade should never be called without first checking HasHandler$/)
    await inBlock((ctx) => k.scheduleUpgrade(ctx, { name: 'mig', height: 100 }))
    const before = await k.versionMap(node.store.view())
    expect(before.bank).toBe(4)
    const protocol = await inBlock((ctx) =>
      k.applyUpgrade(ctx, { name: 'mig', height: 100 }, async (from) => ({
        ...from,
        bank: from.bank! + 1,
      })),
    )
    expect(protocol).toBe(1n)
    const view = node.store.view()
    expect(await k.protocolVersion(view)).toBe(1n)
    expect((await k.versionMap(view)).bank).toBe(5)
    expect(await k.plan(view)).toBeUndefined()
    expect(await k.doneHeight(view, 'mig')).toBe(BigInt(view.height))
  })

  test('behavior: SetModuleVersionMap never deletes; keys follow the seed layout (0x00, 0x01‖name, 0x02‖module, 0x03)', async () => {
    const { node, inBlock } = await setup()
    const k = new UpgradeKeeper({ registry: node.registry })
    await inBlock(async (ctx) => {
      k.setVersionMap(ctx.state, { zeta: 1 })
      k.setVersionMap(ctx.state, {})
      k.setDone(ctx.state, 'v2', 0x0102)
      k.setProtocolVersion(ctx.state, 3n)
      await k.scheduleUpgrade(ctx, { name: 'p', height: 99 })
    })
    const view = node.store.view()
    expect((await k.versionMap(view)).zeta).toBe(1)
    const keys: Record<string, string> = {}
    for await (const [key, value] of view.store('upgrade').iterate())
      keys[toHex(key)] = toHex(value)
    expect(keys['017632']).toBe('0000000000000102') // 0x01 ‖ "v2" → BE height
    expect(keys['027a657461']).toBe('0000000000000001') // 0x02 ‖ "zeta" → BE version
    expect(keys['03']).toBe('0000000000000003')
    // The plan: name, the zero time, height (no info, no client state).
    expect(keys['00']).toBe(
      toHex(
        node.registry.encode('sdk.upgrade.v1beta1.Plan', {
          name: 'p',
          time: { seconds: '-62135596800', nanos: 0 },
          height: '99',
        }),
      ),
    )
    expect(Object.keys(keys).filter((x) => x.startsWith('02')).length).toBeGreaterThan(4)
  })
})
