import type { BlockContext, VersionMap } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { ErrInvalidRequest, GrpcCode, StatusError } from '../../errors.js'
import type { Readable, Writable } from '../../store/types.js'
import { MODULE_NAME, upgradeCollections } from './keys.js'
import { normalizePlan, type PlanInput, planHeight, validatePlan } from './plan.js'

/** The name and block height of the newest applied upgrade (`''`, 0 when none). */
export interface CompletedUpgrade {
  name: string
  height: bigint
}

export interface UpgradeKeeperOptions {
  registry: ProtoRegistry
}

/**
 * x/upgrade keeper on upstream's store layout: the plan (`0x0`), done heights (`0x1 ‖ name`), module
 * versions (`0x2 ‖ module`) and the protocol version (`0x3`). It holds no in-memory state: handlers,
 * skip heights and the downgrade check live with the PreBlocker of one running app version.
 */
export class UpgradeKeeper {
  readonly c: ReturnType<typeof upgradeCollections>

  constructor({ registry }: UpgradeKeeperOptions) {
    this.c = upgradeCollections(registry)
  }

  /** The scheduled plan, if any. */
  async plan(state: Readable): Promise<Proto<'sdk.upgrade.v1beta1.Plan'> | undefined> {
    return this.c.plan.get(state.store(MODULE_NAME))
  }

  /** `plan` at once when memory has the key (every block's PreBlocker reads it). */
  planNow(
    state: Readable,
  ):
    | Proto<'sdk.upgrade.v1beta1.Plan'>
    | undefined
    | Promise<Proto<'sdk.upgrade.v1beta1.Plan'> | undefined> {
    return this.c.plan.getNowThen(state.store(MODULE_NAME), (plan) => plan)
  }

  /**
   * Upstream ScheduleUpgrade: validates the plan, refuses a past height (the current height is
   * allowed, for emergency forks) and a name already done, then stores it, silently replacing any
   * scheduled plan (a new height delays or hastens the upgrade).
   */
  async scheduleUpgrade(ctx: Pick<BlockContext, 'height' | 'state'>, plan: PlanInput) {
    validatePlan(plan)
    if (planHeight(plan) < BigInt(ctx.height))
      throw ErrInvalidRequest.wrap('upgrade cannot be scheduled in the past')
    if ((await this.doneHeight(ctx.state, plan.name!)) !== 0n)
      throw ErrInvalidRequest.wrap(`upgrade with name ${plan.name} has already been completed`)
    this.c.plan.set(ctx.state.store(MODULE_NAME), normalizePlan(plan))
  }

  /** Upstream ClearUpgradePlan: removes the scheduled plan; succeeds when there is none. */
  clearUpgradePlan(state: Writable): void {
    this.c.plan.remove(state.store(MODULE_NAME))
  }

  /** Height at which the named upgrade was applied (0 if never). */
  async doneHeight(state: Readable, name: string): Promise<bigint> {
    return (await this.c.done.get(state.store(MODULE_NAME), name)) ?? 0n
  }

  /** Records that `name` was applied at block `height`. */
  setDone(state: Writable, name: string, height: number | bigint): void {
    if (name === '')
      throw new StatusError(GrpcCode.Internal, 'cannot mark an upgrade without a name as done')
    this.c.done.set(state.store(MODULE_NAME), name, BigInt(height))
  }

  /**
   * Upstream GetLastCompletedUpgrade: the applied upgrade with the greatest height (on a tie, the
   * greatest name); `''`/0 when none.
   */
  async lastCompletedUpgrade(state: Readable): Promise<CompletedUpgrade> {
    let last: CompletedUpgrade = { name: '', height: 0n }
    for await (const [name, height] of this.c.done.iterate(state.store(MODULE_NAME))) {
      // Names iterate in ascending byte order, so `>=` keeps the greatest name on equal heights.
      if (height >= last.height) last = { name, height }
    }
    return last
  }

  /** Every applied upgrade with the block height it was applied at, in byte order of the name. */
  async completedUpgrades(state: Readable): Promise<CompletedUpgrade[]> {
    const out: CompletedUpgrade[] = []
    for await (const [name, height] of this.c.done.iterate(state.store(MODULE_NAME)))
      out.push({ name, height })
    return out
  }

  /** Module versions in byte order of the module name. */
  async moduleVersions(state: Readable): Promise<{ name: string; version: bigint }[]> {
    const out: { name: string; version: bigint }[] = []
    for await (const [name, version] of this.c.versions.iterate(state.store(MODULE_NAME)))
      out.push({ name, version })
    return out
  }

  async versionMap(state: Readable): Promise<VersionMap> {
    const vm: VersionMap = {}
    for (const { name, version } of await this.moduleVersions(state)) vm[name] = Number(version)
    return vm
  }

  /** Upstream SetModuleVersionMap: writes every entry in name order, never deletes. */
  setVersionMap(state: Writable, vm: VersionMap): void {
    const store = state.store(MODULE_NAME)
    for (const name of Object.keys(vm).sort()) this.c.versions.set(store, name, BigInt(vm[name]!))
  }

  /** Upstream GetUpgradedConsensusState: the bytes stored for `lastHeight`, if any. */
  async upgradedConsensusState(state: Readable, lastHeight: bigint): Promise<Bytes | undefined> {
    return this.c.upgradedConsState.get(state.store(MODULE_NAME), lastHeight)
  }

  async protocolVersion(state: Readable): Promise<bigint> {
    return (await this.c.protocolVersion.get(state.store(MODULE_NAME))) ?? 0n
  }

  setProtocolVersion(state: Writable, version: bigint): void {
    this.c.protocolVersion.set(state.store(MODULE_NAME), version)
  }

  /**
   * Upstream ApplyUpgrade, in its order: run the handler on the stored version map, store the map it
   * returns, bump the protocol version, clear the plan and record the upgrade as done at this block.
   * Returns the new protocol version.
   */
  async applyUpgrade(
    ctx: Pick<BlockContext, 'height' | 'state'>,
    plan: PlanInput,
    handler: ((fromVersions: VersionMap) => Promise<VersionMap>) | undefined,
  ): Promise<bigint> {
    if (!handler) {
      throw new StatusError(
        GrpcCode.Internal,
        'ApplyUpgrade should never be called without first checking HasHandler',
      )
    }
    const updated = await handler(await this.versionMap(ctx.state))
    this.setVersionMap(ctx.state, updated)
    const next = (await this.protocolVersion(ctx.state)) + 1n
    this.setProtocolVersion(ctx.state, next)
    this.clearUpgradePlan(ctx.state)
    this.setDone(ctx.state, plan.name ?? '', ctx.height)
    return next
  }
}
