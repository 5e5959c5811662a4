import { Writable } from 'node:stream'
import type {
  AppModule,
  AppVersion,
  BlockContext,
  UpgradeDefinition,
  VersionMap,
} from '../../src/app/types.js'
import { createLogger } from '../../src/logger.js'
import { UpgradeKeeper } from '../../src/modules/upgrade/keeper.js'
import type { PlanInput } from '../../src/modules/upgrade/plan.js'
import type { Node } from '../../src/node/node.js'
import type { AppVersionDeps, AppVersionFactory } from '../../src/versions/index.js'
import { APP_VERSIONS } from '../../src/versions/index.js'
import { createTestNode } from './test-node.js'

/**
 * A chain run in-process on a real home (LevelDB in a temp dir), for tests of the upgrade lifecycle:
 * "binaries" are test app versions built on a real one, plus a `testkit` module that runs queued
 * actions in the next block's BeginBlock. This is the test-only way to schedule a plan: `sdkd start`
 * never has the testkit. Tests of real `sdkd` processes schedule plans through governance instead
 * (`upgrade-proposal.ts`).
 */

type Action = (ctx: BlockContext) => Promise<void>

/** A queue of actions the testkit module runs in BeginBlock, one batch per block. */
export class ActionQueue {
  private readonly pending: Action[] = []

  push(a: Action): void {
    this.pending.push(a)
  }

  async run(ctx: BlockContext): Promise<void> {
    for (const a of this.pending.splice(0)) await a(ctx)
  }
}

/** The base app version with the testkit module and extra upgrade handlers. */
export function testAppVersion(options: {
  name: string
  base?: AppVersionFactory
  queue: ActionQueue
  upgrades?: UpgradeDefinition[]
  /** Adds the base's upgrades too (default true). */
  keepBaseUpgrades?: boolean
  modules?: AppModule[]
}): AppVersionFactory {
  return (deps: AppVersionDeps): AppVersion => {
    const base = (options.base ?? APP_VERSIONS.v1!)(deps)
    const testkit: AppModule = {
      name: 'testkit',
      consensusVersion: 1,
      beginBlock: (ctx) => options.queue.run(ctx),
    }
    const extra = options.modules ?? []
    return {
      ...base,
      name: options.name,
      modules: [...base.modules, ...extra, testkit],
      order: {
        ...base.order,
        initGenesis: [...base.order.initGenesis, ...extra.map((m) => m.name), 'testkit'],
        beginBlockers: [...base.order.beginBlockers, 'testkit'],
      },
      upgrades: [
        ...(options.keepBaseUpgrades === false ? [] : base.upgrades),
        ...(options.upgrades ?? []),
      ],
    }
  }
}

/** An upgrade handler that records its calls and returns the app's migrated version map. */
export function recordingUpgrade(
  name: string,
  calls: { height: number; from: VersionMap }[] = [],
  extra?: Partial<UpgradeDefinition>,
): UpgradeDefinition {
  return {
    name,
    async handler(ctx, _plan, from, tools) {
      calls.push({ height: ctx.height, from })
      return tools.runMigrations(ctx, from)
    },
    ...extra,
  }
}

/** Log lines (pino JSON) captured from one node. */
export class LogCapture {
  readonly lines: Record<string, any>[] = []

  stream(): Writable {
    return new Writable({
      write: (chunk, _enc, done) => {
        for (const line of String(chunk).split('\n')) {
          if (line.trim() !== '') this.lines.push(JSON.parse(line))
        }
        done()
      },
    })
  }

  messages(): string[] {
    return this.lines.map((l) => String(l.msg))
  }
}

export interface OpenOptions {
  appVersion: string
  appVersions: Record<string, AppVersionFactory>
  skipHeights?: number[]
  plugins?: string[]
  logs?: LogCapture
}

/** Opens a LevelDB home as a node running `appVersion` (the one fixture; no servers, no block loop). */
export async function openNode(home: string, o: OpenOptions): Promise<Node> {
  const logs = o.logs ?? new LogCapture()
  const { node } = await createTestNode({
    home,
    appVersion: o.appVersion,
    appVersions: o.appVersions,
    node: (n) => {
      n.consensus.timeoutCommitMs = 0
    },
    logger: createLogger({ level: 'debug', destination: logs.stream() }),
    upgrade: { skipHeights: o.skipHeights ?? [], plugins: o.plugins ?? [] },
  })
  return node
}

/** Schedules a plan from inside the next block (as a passed proposal would), then commits it. */
export async function scheduleInNextBlock(
  node: Node,
  queue: ActionQueue,
  plan: PlanInput,
): Promise<void> {
  let failure: unknown
  queue.push(async (ctx) => {
    try {
      await new UpgradeKeeper({ registry: ctx.registry }).scheduleUpgrade(ctx, plan)
    } catch (err) {
      failure = err
    }
  })
  await node.producer.produceBlock()
  if (failure) throw failure
}

/** Produces blocks until the committed height is `height`. */
export async function produceTo(node: Node, height: number): Promise<void> {
  const n = height - node.producer.height
  if (n > 0) await node.producer.produceBlocks(n)
}
