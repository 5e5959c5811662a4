import type { BlockContext, ModuleHost, UpgradeTools } from '../../app/types.js'
import type { Proto } from '../../codec/proto.js'
import { ChainHaltError, ErrLogic } from '../../errors.js'
import { thenNow } from '../../store/value-now.js'
import type { UpgradeKeeper } from './keeper.js'
import {
  applyingUpgradeMessage,
  binaryTooNewMessage,
  downgradeMessage,
  shouldExecute,
  toUpgradePlan,
  upgradeNeededMessage,
  upgradeSkippedMessage,
} from './plan.js'
import { writeUpgradeInfo } from './upgrade-info.js'

/** Exit status of an upgrade halt: what a Go panic gives, and what cosmovisor expects. */
export const UPGRADE_HALT_EXIT_CODE = 2

export interface PreBlockerOptions {
  keeper: UpgradeKeeper
  /** Heights whose upgrade is skipped (`--unsafe-skip-upgrades`). */
  skipHeights?: Iterable<number>
  /** Where a halting binary writes the plan (`<home>/data/upgrade-info.json`). */
  upgradeInfoPath?: string
  /**
   * Resolves once every height before the one being made is durable. A node that writes heights
   * behind the one it makes (a burst's grouped commits) passes it: upstream writes the file in a
   * block that starts only after the block before it was committed, and a supervisor (cosmovisor)
   * may kill the process the moment the file appears.
   */
  earlierHeightsDurable?: () => Promise<void>
  /** The consensus params' app version, reported by the downgrade check (0 as upstream). */
  consensusAppVersion?: bigint
}

/** The x/upgrade PreBlocker of one running app version, with its once-per-process downgrade check. */
export interface PreBlocker {
  /** Receives the module manager: this binary's upgrade handlers and migrations. */
  attach(host: ModuleHost): void
  /** At once (no promise) when no plan is stored and the first block's check is done. */
  preBlock(ctx: BlockContext): void | Promise<void>
}

/** What Go's `err.Error()` would print for whatever a handler threw (a non-Error value as text). */
function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** Creates the upstream PreBlocker (x/upgrade abci.go, SDK v0.50), step for step. */
export function createPreBlocker(options: PreBlockerOptions): PreBlocker {
  const { keeper } = options
  const skipHeights = new Set(options.skipHeights ?? [])
  const appVersion = options.consensusAppVersion ?? 0n
  let host: ModuleHost | undefined
  // In memory, false at process start: the first block checks the binary is not a downgrade.
  let downgradeVerified = false

  const halt = (ctx: BlockContext, message: string, exitCode: number, cause?: unknown): never => {
    ctx.logger.child({ module: 'x/upgrade' }).error(message)
    throw new ChainHaltError(message, exitCode, { cause, logged: true })
  }

  /** The PreBlocker once the stored plan (if any) is read. */
  async function withPlan(
    ctx: BlockContext,
    plan: Proto<'sdk.upgrade.v1beta1.Plan'> | undefined,
  ): Promise<void> {
    if (!host) return
    // Made when something is logged: most blocks apply no upgrade.
    const log = () => ctx.logger.child({ module: 'x/upgrade' })
    const h = ctx.height
    const due = plan !== undefined && shouldExecute(plan, h)

    if (!downgradeVerified) {
      downgradeVerified = true
      // Skipped when this very block applies a due plan: the new binary's first block is the upgrade.
      if (!due || skipHeights.has(h)) {
        const last = await keeper.lastCompletedUpgrade(ctx.state)
        if (last.name !== '' && !host.upgrade(last.name))
          halt(ctx, downgradeMessage(appVersion, last.name), 1)
      }
    }
    if (!plan) return

    if (due) {
      if (skipHeights.has(h)) {
        log().info(upgradeSkippedMessage(plan))
        keeper.clearUpgradePlan(ctx.state)
        return
      }
      const definition = host.upgrade(plan.name)
      if (!definition) {
        if (!options.upgradeInfoPath) {
          halt(ctx, 'unable to write upgrade info to filesystem: no home directory', 1)
        }
        await options.earlierHeightsDurable?.()
        try {
          await writeUpgradeInfo(options.upgradeInfoPath!, h, plan)
        } catch (err) {
          halt(ctx, `unable to write upgrade info to filesystem: ${(err as Error).message}`, 1, err)
        }
        halt(ctx, upgradeNeededMessage(plan), UPGRADE_HALT_EXIT_CODE)
      }
      log().info(applyingUpgradeMessage(plan))
      const upgradePlan = toUpgradePlan(plan)
      const tools: UpgradeTools = {
        runMigrations: (c, from) => host!.runMigrations(c, from),
      }
      try {
        await keeper.applyUpgrade(ctx, plan, (from) =>
          definition!.handler(ctx, upgradePlan, from, tools),
        )
      } catch (err) {
        // Upstream returns the handler's error as is and the node panics with it: the halt carries
        // the very error (its text unchanged after the context, its stack in `err`); a halt decided
        // inside the handler stays that halt.
        if (err instanceof ChainHaltError) throw err
        const message = `upgrade "${upgradePlan.name}" at height: ${upgradePlan.height} failed: ${errorText(err)}`
        log().error({ err }, message)
        throw new ChainHaltError(message, 1, { cause: err, logged: true })
      }
      return
    }

    // A plan for a later height that this binary already knows: it was started too early.
    if (host.upgrade(plan.name)) halt(ctx, binaryTooNewMessage(plan), 1)
  }

  return {
    attach(h) {
      host = h
    },

    preBlock(ctx) {
      if (!host) {
        throw ErrLogic.wrap('x/upgrade PreBlocker used before the module manager attached it')
      }
      // Most blocks: no plan stored, nothing to check; at once when memory has the plan's key.
      return thenNow(keeper.planNow(ctx.state), (plan) =>
        plan === undefined && downgradeVerified ? undefined : withPlan(ctx, plan),
      )
    },
  }
}
