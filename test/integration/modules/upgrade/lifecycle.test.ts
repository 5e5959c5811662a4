import { existsSync } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { UpgradeDefinition, VersionMap } from '../../../../src/app/types.js'
import { ChainHaltError, ErrInvalidRequest } from '../../../../src/errors.js'
import { UpgradeKeeper } from '../../../../src/modules/upgrade/keeper.js'
import type { Node } from '../../../../src/node/node.js'
import { cleanupAfterEach } from '../../../helpers/cleanup.js'
import { tempDir } from '../../../helpers/temp-dir.js'
import { initTestHome } from '../../../helpers/test-node.js'
import {
  ActionQueue,
  LogCapture,
  openNode,
  produceTo,
  recordingUpgrade,
  scheduleInNextBlock,
  testAppVersion,
} from '../../../helpers/upgrade-chain.js'

// The PreBlocker lifecycle of reference §5.1, on a real LevelDB home: "binaries" are test app versions
// (v1 plus handlers), swapped by reopening the home, as an operator swaps binaries.

const cleanups = cleanupAfterEach()

interface Chain {
  home: string
  queue: ActionQueue
  node: Node
  logs: LogCapture
  /** Stops the running binary and starts another on the same home. */
  swap(binary: string, skipHeights?: number[]): Promise<Node>
  plan(): Promise<{ name: string; height: string } | undefined>
  doneHeight(name: string): Promise<bigint>
}

/** A chain whose binaries are `old` (no handlers) and one per handler set given. */
async function chain(
  binaries: Record<string, UpgradeDefinition[]>,
  first = 'old',
  skipHeights: number[] = [],
): Promise<Chain> {
  const t = await tempDir('sdkd-upgrade-lifecycle-')
  await initTestHome(t.dir, { genesisAppVersion: 'v1' })
  const queue = new ActionQueue()
  const versions = Object.fromEntries(
    Object.entries({ old: [], ...binaries }).map(([name, upgrades]) => [
      name,
      testAppVersion({ name, queue, upgrades }),
    ]),
  )
  const c: Chain = {
    home: t.dir,
    queue,
    logs: new LogCapture(),
    node: undefined as unknown as Node,
    async swap(binary, skip = []) {
      await c.node?.stop()
      c.logs = new LogCapture()
      c.node = await openNode(t.dir, {
        appVersion: binary,
        appVersions: versions,
        skipHeights: skip,
        logs: c.logs,
      })
      return c.node
    },
    async plan() {
      const p = await new UpgradeKeeper({ registry: c.node.registry }).plan(c.node.store.view())
      return p && { name: String(p.name), height: String(p.height) }
    },
    doneHeight: (name) =>
      new UpgradeKeeper({ registry: c.node.registry }).doneHeight(c.node.store.view(), name),
  }
  cleanups.push(async () => {
    await c.node?.stop()
    await t.cleanup()
  })
  await c.swap(first, skipHeights)
  return c
}

const upgradeLogs = (logs: LogCapture) =>
  logs.lines.filter((l) => l.module === 'x/upgrade').map((l) => ({ level: l.level, msg: l.msg }))

describe('x/upgrade PreBlocker', () => {
  test('behavior: a plan in the past is refused; one at the current height is due at the next block', async () => {
    const c = await chain({})
    await produceTo(c.node, 9)
    await expect(scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 9 })).rejects.toThrow(
      'upgrade cannot be scheduled in the past: invalid request',
    )
    expect(c.node.producer.height).toBe(10)
    await scheduleInNextBlock(c.node, c.queue, { name: 'now', height: 11 })
    // Scheduled at its own height (11): due at 12, reported "at height: 11", file height 12.
    await expect(c.node.producer.produceBlock()).rejects.toThrow(
      'UPGRADE "now" NEEDED at height: 11: ',
    )
    expect(await readFile(join(c.home, 'data/upgrade-info.json'), 'utf8')).toBe(
      '{"name":"now","time":"0001-01-01T00:00:00Z","height":12}',
    )
  })

  test('behavior: no handler at the height → upgrade-info.json, the NEEDED line, exit 2, block 11 not committed; the new binary applies it', async () => {
    const calls: { height: number; from: VersionMap }[] = []
    const c = await chain({ new: [recordingUpgrade('test', calls)] })
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 11, info: '' })
    await produceTo(c.node, 10)
    const err = await c.node.producer.produceBlock().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ChainHaltError)
    expect((err as ChainHaltError).message).toBe('UPGRADE "test" NEEDED at height: 11: ')
    expect((err as ChainHaltError).exitCode).toBe(2)
    expect((err as ChainHaltError).logged).toBe(true)
    expect(c.node.store.latestHeight).toBe(10)
    expect(c.node.blocks.latest?.block.header.height).toBe(10)
    expect(upgradeLogs(c.logs)).toEqual([
      { level: 50, msg: 'UPGRADE "test" NEEDED at height: 11: ' },
    ])
    const file = join(c.home, 'data/upgrade-info.json')
    expect(await readFile(file, 'utf8')).toBe(
      '{"name":"test","time":"0001-01-01T00:00:00Z","height":11}',
    )
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    // Restarting the old binary halts again and rewrites the same file.
    await c.swap('old')
    await expect(c.node.producer.produceBlock()).rejects.toThrow('UPGRADE "test" NEEDED')
    expect(c.node.store.latestHeight).toBe(10)

    await c.swap('new')
    await c.node.producer.produceBlock()
    expect(c.node.store.latestHeight).toBe(11)
    expect(calls.map((x) => x.height)).toEqual([11])
    expect(calls[0]!.from).toMatchObject({ auth: 5, bank: 4, upgrade: 2 })
    expect(upgradeLogs(c.logs)).toEqual([
      { level: 30, msg: 'applying upgrade "test" at height: 11' },
    ])
    expect(await c.plan()).toBeUndefined()
    expect(await c.doneHeight('test')).toBe(11n)
    const keeper = new UpgradeKeeper({ registry: c.node.registry })
    expect(await keeper.protocolVersion(c.node.store.view())).toBe(1n)
    expect(await keeper.versionMap(c.node.store.view())).toEqual(c.node.app.versionMap())
    await c.node.producer.produceBlocks(2)
    expect(calls).toHaveLength(1)
  })

  test('behavior: in a burst of grouped commits, every height before the halt is durable before upgrade-info.json appears (a supervisor may kill the node at once)', async () => {
    const c = await chain({})
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 60, info: '' })
    // Each commit line, with whether the file was there when the height was published.
    const file = join(c.home, 'data/upgrade-info.json')
    const commits: { height: number; fileThere: boolean }[] = []
    const lines = c.logs.lines
    const push = lines.push.bind(lines)
    lines.push = (...items) => {
      for (const l of items) {
        if (l.msg === 'committed block')
          commits.push({ height: l.height, fileThere: existsSync(file) })
      }
      return push(...items)
    }
    // One burst across the height: its heights are written in groups behind the one being made.
    const err = await c.node.producer.produceBlocks(100).catch((e: unknown) => e)
    expect((err as ChainHaltError).message).toBe('UPGRADE "test" NEEDED at height: 60: ')
    expect(c.node.store.latestHeight).toBe(59)
    expect(existsSync(file)).toBe(true)
    expect(commits.map((x) => x.height).slice(-3)).toEqual([57, 58, 59])
    expect(commits.filter((x) => x.fileThere)).toEqual([])
  })

  test('behavior: a new plan overwrites the scheduled one', async () => {
    const c = await chain({ new: [recordingUpgrade('test')] })
    await scheduleInNextBlock(c.node, c.queue, { name: 'bad_test', height: 20 })
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 11 })
    expect(await c.plan()).toEqual({ name: 'test', height: '11' })
    await produceTo(c.node, 10)
    await expect(c.node.producer.produceBlock()).rejects.toThrow(
      'UPGRADE "test" NEEDED at height: 11: ',
    )
    await c.swap('new')
    await produceTo(c.node, 25)
    expect(await c.plan()).toBeUndefined()
    expect(await c.doneHeight('bad_test')).toBe(0n)
  })

  test('behavior: a binary with the handler of a future plan halts (BINARY UPDATED BEFORE TRIGGER) and calls nothing', async () => {
    const calls: { height: number; from: VersionMap }[] = []
    const c = await chain({ new: [recordingUpgrade('future', calls)] }, 'new')
    await produceTo(c.node, 11) // no plan: the handler is not called
    expect(calls).toHaveLength(0)
    await scheduleInNextBlock(c.node, c.queue, { name: 'future', height: 14 })
    const err = (await c.node.producer.produceBlock().catch((e) => e)) as ChainHaltError
    expect(err.message).toBe(
      'BINARY UPDATED BEFORE TRIGGER! UPGRADE "future" - in binary but not executed on chain. Downgrade your binary',
    )
    expect(err.exitCode).toBe(1)
    expect(upgradeLogs(c.logs)).toEqual([{ level: 50, msg: err.message }])
    expect(c.node.store.latestHeight).toBe(12)
    expect(calls).toHaveLength(0)

    await c.swap('old')
    await produceTo(c.node, 13)
    await c.swap('new')
    await c.node.producer.produceBlock()
    expect(calls.map((x) => x.height)).toEqual([14])
    expect(await c.plan()).toBeUndefined()
  })

  test('behavior: cancelling clears the plan; cancelling with none succeeds', async () => {
    const c = await chain({})
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 110 })
    expect(await c.plan()).toEqual({ name: 'test', height: '110' })
    const keeper = new UpgradeKeeper({ registry: c.node.registry })
    c.queue.push(async (ctx) => keeper.clearUpgradePlan(ctx.state))
    await c.node.producer.produceBlock()
    expect(await c.plan()).toBeUndefined()
    c.queue.push(async (ctx) => keeper.clearUpgradePlan(ctx.state))
    await c.node.producer.produceBlock()
    expect(await c.plan()).toBeUndefined()
  })

  test('error: an applied upgrade name cannot be scheduled again', async () => {
    const c = await chain({ new: [recordingUpgrade('test')] })
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 3 })
    await produceTo(c.node, 2)
    await c.swap('new')
    await produceTo(c.node, 5)
    await expect(
      scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 11 }),
    ).rejects.toThrow('upgrade with name test has already been completed: invalid request')
  })

  test('behavior: no plan → no upgrade output at all', async () => {
    const c = await chain({})
    await produceTo(c.node, 10)
    expect(upgradeLogs(c.logs)).toEqual([])
  })

  test('behavior: skip heights clear the plan without a file, a handler or a done mark', async () => {
    const calls: { height: number; from: VersionMap }[] = []
    const c = await chain({ new: [recordingUpgrade('test', calls)] }, 'old', [11, 20])
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 11, info: 'some info' })
    await produceTo(c.node, 10)
    // The binary that has the handler, told to skip 11: the plan is skipped, its handler not called.
    await c.swap('new', [11, 20])
    await produceTo(c.node, 11)
    expect(await c.plan()).toBeUndefined()
    expect(calls).toHaveLength(0)
    await scheduleInNextBlock(c.node, c.queue, { name: 'test2', height: 20 })
    await produceTo(c.node, 21)
    expect(await c.plan()).toBeUndefined()
    expect(upgradeLogs(c.logs)).toEqual([
      { level: 30, msg: 'UPGRADE "test" SKIPPED at 11: some info' },
      { level: 30, msg: 'UPGRADE "test2" SKIPPED at 20: ' },
    ])
    expect(await c.doneHeight('test')).toBe(0n)
    expect(await c.doneHeight('test2')).toBe(0n)
    await expect(stat(join(c.home, 'data/upgrade-info.json'))).rejects.toThrow('ENOENT')
    expect(calls).toHaveLength(0)
    // A skipped name is not done: it can be scheduled again.
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 40 })
    expect(await c.plan()).toEqual({ name: 'test', height: '40' })
  })

  test('behavior: skipping one height leaves the next upgrade in force', async () => {
    const c = await chain({ new: [recordingUpgrade('test2')] }, 'old', [11])
    await scheduleInNextBlock(c.node, c.queue, { name: 'test', height: 11 })
    await produceTo(c.node, 12)
    await scheduleInNextBlock(c.node, c.queue, { name: 'test2', height: 20 })
    await produceTo(c.node, 19)
    await expect(c.node.producer.produceBlock()).rejects.toThrow(
      'UPGRADE "test2" NEEDED at height: 20: ',
    )
    await c.swap('new', [11])
    await c.node.producer.produceBlock()
    expect(await c.doneHeight('test')).toBe(0n)
    expect(await c.doneHeight('test2')).toBe(20n)
  })

  test('error: a binary without the handler of the last applied upgrade refuses to run (wrong app version)', async () => {
    const c = await chain({ new: [recordingUpgrade('downgrade')] })
    await scheduleInNextBlock(c.node, c.queue, { name: 'downgrade', height: 5 })
    await produceTo(c.node, 4)
    await c.swap('new')
    await produceTo(c.node, 6)

    // Downgrade without any active plan.
    await c.swap('old')
    const err = (await c.node.producer.produceBlock().catch((e) => e)) as ChainHaltError
    expect(err.message).toBe(
      'wrong app version 0, upgrade handler is missing for downgrade upgrade plan',
    )
    expect(err.exitCode).toBe(1)
    expect(upgradeLogs(c.logs)).toEqual([{ level: 50, msg: err.message }])
    expect(c.node.store.latestHeight).toBe(6)

    // The valid binary runs on; with a plan pending that is not due, the downgrade still fails.
    await c.swap('new')
    await scheduleInNextBlock(c.node, c.queue, { name: 'anotherdowngrade', height: 13 })
    await c.swap('old')
    await expect(c.node.producer.produceBlock()).rejects.toThrow(
      'wrong app version 0, upgrade handler is missing for downgrade upgrade plan',
    )
  })

  test('error: a handler that throws halts the chain and commits nothing of the block', async () => {
    const failing: UpgradeDefinition = {
      name: 'boom',
      async handler(ctx) {
        ctx.state.store('bank').set(Uint8Array.of(0xee), Uint8Array.of(1))
        throw new Error('migration exploded')
      },
    }
    const c = await chain({ failing: [failing] })
    await scheduleInNextBlock(c.node, c.queue, { name: 'boom', height: 4 })
    await produceTo(c.node, 3)
    await c.swap('failing')
    const err = (await c.node.producer.produceBlock().catch((e) => e)) as ChainHaltError
    expect(err).toBeInstanceOf(ChainHaltError)
    expect(err.message).toBe('upgrade "boom" at height: 4 failed: migration exploded')
    expect(err.exitCode).toBe(1)
    expect(c.node.store.latestHeight).toBe(3)
    expect(await c.node.store.view().store('bank').get(Uint8Array.of(0xee))).toBeUndefined()
    expect(await c.plan()).toEqual({ name: 'boom', height: '4' })
    expect(await c.doneHeight('boom')).toBe(0n)
  })

  test('error: the handler’s own error passes through unchanged: its text after the context, the very error as the cause and in the log line', async () => {
    /** Runs a plan at 4 whose handler throws `thrown`; the halt and the error lines of x/upgrade. */
    const failWith = async (thrown: unknown) => {
      const c = await chain({
        failing: [
          {
            name: 'boom',
            async handler() {
              throw thrown
            },
          },
        ],
      })
      await scheduleInNextBlock(c.node, c.queue, { name: 'boom', height: 4 })
      await produceTo(c.node, 3)
      await c.swap('failing')
      const halt = (await c.node.producer.produceBlock().catch((e) => e)) as ChainHaltError
      return { halt, lines: c.logs.lines.filter((l) => l.module === 'x/upgrade' && l.level === 50) }
    }

    const thrown = ErrInvalidRequest.wrap('bank params out of range')
    const { halt, lines } = await failWith(thrown)
    // Upstream's wrapped-error text (`<wrap>: <root>`), as the handler made it.
    const text = 'upgrade "boom" at height: 4 failed: bank params out of range: invalid request'
    expect(halt).toBeInstanceOf(ChainHaltError)
    expect([halt.message, halt.exitCode, halt.logged]).toEqual([text, 1, true])
    expect(halt.cause).toBe(thrown)
    expect(lines).toEqual([
      expect.objectContaining({
        msg: text,
        err: expect.objectContaining({ message: 'bank params out of range: invalid request' }),
      }),
    ])

    // Not an Error at all (a careless plugin): its text as it is.
    const odd = await failWith('a plain string')
    expect(odd.halt.message).toBe('upgrade "boom" at height: 4 failed: a plain string')
    expect(odd.halt.cause).toBe('a plain string')
    const none = await failWith(undefined)
    expect(none.halt.message).toBe('upgrade "boom" at height: 4 failed: undefined')
  })

  test('error: a halt raised inside the handler stays that halt (same error, same exit code)', async () => {
    const halt = new ChainHaltError('the disk is full', 3)
    const c = await chain({
      halting: [
        {
          name: 'stop',
          async handler() {
            throw halt
          },
        },
      ],
    })
    await scheduleInNextBlock(c.node, c.queue, { name: 'stop', height: 4 })
    await produceTo(c.node, 3)
    await c.swap('halting')
    expect(await c.node.producer.produceBlock().catch((e) => e)).toBe(halt)
    expect(c.node.store.latestHeight).toBe(3)
  })

  test('error: a malformed upgrade-info.json stops the start before anything runs', async () => {
    const c = await chain({})
    await produceTo(c.node, 2)
    await c.node.stop()
    await writeFile(join(c.home, 'data/upgrade-info.json'), '{"height":3}')
    await expect(c.swap('old')).rejects.toThrow(
      'data/upgrade-info.json: failed to read upgrade info from disk: name cannot be empty: invalid request',
    )
    c.node = undefined as unknown as Node
  })
})
