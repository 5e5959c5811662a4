import type { ProtoRegistry } from '../codec/proto.js'
import { ChainHaltError, ErrInvalidRequest, ErrLogic } from '../errors.js'
import type { Logger } from '../logger.js'
import type { StateReader } from '../store/types.js'
import { routedMsg, routedQuery } from './handlers.js'
import { firstBroken } from './invariants.js'
import type {
  AppModule,
  AppVersion,
  BlockContext,
  BrokenInvariant,
  Migration,
  ModuleConfigurator,
  ModuleHost,
  RoutedMsgHandler,
  RoutedQueryHandler,
  UpgradeDefinition,
  ValidatorUpdate,
  VersionMap,
} from './types.js'

/**
 * Upstream assertNoForgottenModules, for every order list: a module with the hook a list runs must
 * be in it, and every module must be in initGenesis, which is also the order migrations run in
 * (upstream SetOrderMigrations exempts none). A forgotten module would silently skip its hook.
 */
function assertNoForgottenModules({ modules, order }: AppVersion): void {
  const lists: [string, readonly string[], (m: AppModule) => boolean][] = [
    ['initGenesis', order.initGenesis, (m) => m.initGenesis !== undefined],
    ['migrations (the initGenesis order)', order.initGenesis, () => true],
    ['preBlockers', order.preBlockers, (m) => m.preBlock !== undefined],
    ['beginBlockers', order.beginBlockers, (m) => m.beginBlock !== undefined],
    ['endBlockers', order.endBlockers, (m) => m.endBlock !== undefined],
  ]
  for (const [list, names, takesPart] of lists) {
    const missing = modules
      .filter((m) => takesPart(m) && !names.includes(m.name))
      .map((m) => m.name)
      .sort()
    if (missing.length > 0) {
      throw ErrLogic.wrap(
        `all modules must be defined when setting ${list}, missing: [${missing.join(' ')}]`,
      )
    }
  }
}

/** The block hooks a module may have, and the order list each runs in. */
const HOOK_ORDER = {
  preBlock: 'preBlockers',
  beginBlock: 'beginBlockers',
  endBlock: 'endBlockers',
} as const
type BlockHook = keyof typeof HOOK_ORDER

/**
 * The module manager of one app version: its modules, routers (msg and query), hook order lists,
 * version map and migrations.
 */
/** Modules whose genesis section carries no state: their export is their default section. */
const STATELESS_GENESIS = new Set(['upgrade', 'params', 'consensus'])

export class App {
  readonly modules: ReadonlyMap<string, AppModule>
  readonly queryHandlers = new Map<string, RoutedQueryHandler>()
  readonly msgHandlers = new Map<string, RoutedMsgHandler>()
  private readonly migrations = new Map<string, Map<number, Migration>>()
  private readonly upgrades: ReadonlyMap<string, UpgradeDefinition>

  /** Invariants are asserted after the EndBlock of every height divisible by it (0: never). */
  readonly invCheckPeriod: number
  /**
   * Whether another thread checks the invariants of the heights this app executes (the block
   * producer's `InvariantChecker`): EndBlock then asserts none itself.
   */
  invariantsElsewhere = false

  constructor(
    readonly version: AppVersion,
    readonly registry: ProtoRegistry,
    options: { invCheckPeriod?: number; skipGenesisInvariants?: boolean } = {},
  ) {
    this.invCheckPeriod = options.invCheckPeriod ?? 1
    const modules = new Map<string, AppModule>()
    for (const m of version.modules) {
      if (modules.has(m.name)) throw ErrLogic.wrap(`module ${m.name} registered twice`)
      modules.set(m.name, m)
    }
    this.modules = modules
    for (const list of Object.values(version.order)) {
      for (const name of list) {
        if (!modules.has(name)) throw ErrLogic.wrap(`order list names unknown module ${name}`)
      }
    }
    assertNoForgottenModules(version)
    const upgrades = new Map<string, UpgradeDefinition>()
    for (const u of version.upgrades) {
      if (upgrades.has(u.name)) throw ErrLogic.wrap(`upgrade handler ${u.name} registered twice`)
      upgrades.set(u.name, u)
    }
    this.upgrades = upgrades
    const cfg: ModuleConfigurator = {
      registerQuery: (method, handler) => {
        if (this.queryHandlers.has(method)) throw ErrLogic.wrap(`query ${method} registered twice`)
        this.queryHandlers.set(method, routedQuery(handler))
      },
      registerMsg: (canonical, handler) => {
        // Msgs arrive under the brand's type URLs.
        const typeUrl = registry.typeUrl(canonical)
        if (this.msgHandlers.has(typeUrl)) throw ErrLogic.wrap(`msg ${typeUrl} registered twice`)
        this.msgHandlers.set(typeUrl, routedMsg(handler))
      },
      registerMigration: (module, fromVersion, migration) => {
        let byVersion = this.migrations.get(module)
        if (!byVersion) {
          byVersion = new Map()
          this.migrations.set(module, byVersion)
        }
        byVersion.set(fromVersion, migration)
      },
    }
    for (const m of version.modules) m.registerServices?.(cfg)
    const host: ModuleHost = {
      appVersion: version.name,
      upgrade: (name) => this.upgrades.get(name),
      versionMap: () => this.versionMap(),
      runMigrations: (ctx, fromVersions) => this.runMigrations(ctx, fromVersions),
      msgHandler: (typeUrl) => this.msgHandlers.get(typeUrl),
      invariantRoutes: () =>
        [...this.modules.values()].flatMap((m) =>
          (m.invariants ?? []).map((inv) => ({ ...inv, module: m.name })),
        ),
      assertGenesisInvariants: async (ctx) => {
        if (options.skipGenesisInvariants !== true) await this.assertInvariants(ctx)
      },
    }
    for (const m of version.modules) m.attach?.(host)
  }

  get name(): string {
    return this.version.name
  }

  /** Store names the modules own, sorted. */
  storeNames(): string[] {
    return [...this.modules.values()].map((m) => m.storeKey ?? m.name).sort()
  }

  /** Every module's consensus version. */
  versionMap(): VersionMap {
    const vm: VersionMap = {}
    for (const m of this.modules.values()) vm[m.name] = m.consensusVersion
    return vm
  }

  /**
   * Stores an upgrade this version applies will add (added, or renamed to): a chain not yet
   * upgraded lacks them, and may (running this version early is warned about, not refused).
   */
  storesAddedByUpgrades(): string[] {
    return [...this.upgrades.values()].flatMap((u) => [
      ...(u.storeUpgrades?.added ?? []),
      ...(u.storeUpgrades?.renamed ?? []).map((r) => r.newKey),
    ])
  }

  /** The upgrade definition of that name, if this app version has a handler for it. */
  upgrade(name: string): UpgradeDefinition | undefined {
    return this.upgrades.get(name)
  }

  hasUpgradeHandler(name: string): boolean {
    return this.upgrades.has(name)
  }

  /**
   * Runs InitGenesis of every module in the initGenesis order; returns the genesis validator set
   * the one module that makes it returned (none if no module did).
   */
  async initChain(
    ctx: BlockContext,
    appState: Record<string, unknown>,
  ): Promise<readonly ValidatorUpdate[]> {
    let updates: readonly ValidatorUpdate[] = []
    for (const name of this.version.order.initGenesis) {
      const m = this.modules.get(name)!
      const section = appState[name] ?? m.defaultGenesis?.()
      const returned = await m.initGenesis?.(ctx, section)
      if (returned && returned.length > 0) {
        // Upstream module manager InitGenesis: only one module may set the validators.
        if (updates.length > 0)
          throw ErrLogic.wrap('validator InitGenesis updates already set by a previous module')
        updates = returned
      }
    }
    return updates
  }

  /**
   * Upstream module manager ExportGenesis(ForModules): each module's genesis section at `state`,
   * by name (sorted, as Go writes a map), of every module or of `only`. A module whose genesis holds
   * no state of its own (x/upgrade, x/params, x/consensus: their sections are empty) gives its
   * default section; one that holds state and cannot export it is an error, never a default.
   */
  async exportGenesis(
    state: StateReader,
    only: readonly string[] = [],
  ): Promise<Record<string, unknown>> {
    for (const name of only)
      if (!this.modules.has(name)) throw ErrInvalidRequest.wrap(`module ${name} does not exist`)
    const sections: [string, unknown][] = []
    for (const name of this.version.order.initGenesis) {
      if (only.length > 0 && !only.includes(name)) continue
      const m = this.modules.get(name)!
      if (m.exportGenesis) sections.push([name, await m.exportGenesis(state)])
      else if (m.defaultGenesis && STATELESS_GENESIS.has(name))
        sections.push([name, m.defaultGenesis()])
      else if (m.defaultGenesis)
        throw ErrLogic.wrap(`module ${name} cannot export its genesis state`)
    }
    return Object.fromEntries(sections.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  }

  async preBlock(ctx: BlockContext): Promise<void> {
    for (const m of this.hooked('preBlock')) {
      const pending = m.preBlock!(ctx)
      if (pending instanceof Promise) await pending
    }
  }

  async beginBlock(ctx: BlockContext): Promise<void> {
    for (const m of this.hooked('beginBlock')) {
      const pending = m.beginBlock!(ctx)
      if (pending instanceof Promise) await pending
    }
  }

  /** Runs EndBlock of every module in order; returns the validator updates one module made. */
  async endBlock(ctx: BlockContext): Promise<readonly ValidatorUpdate[]> {
    let updates: readonly ValidatorUpdate[] = []
    for (const m of this.hooked('endBlock')) {
      const pending = m.endBlock!(ctx)
      const returned = pending instanceof Promise ? await pending : pending
      if (returned && returned.length > 0) {
        // Upstream module manager EndBlock: only one module may return validator updates.
        if (updates.length > 0)
          throw ErrLogic.wrap('validator EndBlock updates already set by a previous module')
        updates = returned
      }
    }
    const period = this.invCheckPeriod
    if (period > 0 && ctx.height % period === 0 && !this.invariantsElsewhere) {
      await this.assertInvariants(ctx)
    }
    return updates
  }

  /**
   * Upstream x/crisis AssertInvariants, after the EndBlock of every `invCheckPeriod`-th height
   * (every block by default): a broken invariant stops the chain before the block is committed, so
   * the committed state stays the last good one.
   */
  async assertInvariants(ctx: BlockContext): Promise<void> {
    const broken = await this.firstBrokenInvariant(ctx)
    if (broken !== undefined) throw invariantHalt(broken, ctx.logger)
  }

  /** The first invariant broken in `ctx.state`, module by module in the app's order. */
  async firstBrokenInvariant(ctx: BlockContext): Promise<ModuleBrokenInvariant | undefined> {
    for (const m of this.modules.values()) {
      const broken = m.checkInvariants
        ? await m.checkInvariants(ctx)
        : await firstBroken(m.invariants ?? [], ctx)
      if (broken !== undefined) return { module: m.name, ...broken }
    }
    return undefined
  }

  private readonly hookLists = new Map<BlockHook, AppModule[]>()

  /**
   * The modules of the hook's order list that have the hook, in order (found once: a module without
   * it costs a block nothing, not an await).
   */
  private hooked(hook: BlockHook): AppModule[] {
    let modules = this.hookLists.get(hook)
    if (!modules) {
      modules = this.version.order[HOOK_ORDER[hook]]
        .map((name) => this.modules.get(name)!)
        .filter((m) => m[hook] !== undefined)
      this.hookLists.set(hook, modules)
    }
    return modules
  }

  /**
   * Upstream RunMigrations: for each module (in initGenesis order), run the registered migrations
   * from its stored version up to its current one; a module absent from `fromVersions` is new and
   * gets its default genesis. Returns the new version map.
   */
  async runMigrations(ctx: BlockContext, fromVersions: VersionMap): Promise<VersionMap> {
    const log = ctx.logger
    for (const name of this.version.order.initGenesis) {
      const m = this.modules.get(name)!
      const from = fromVersions[name]
      if (from === undefined) {
        log.info({ module: name }, `adding a new module: ${name}`)
        // A module added by an upgrade does not change the validator set (upstream ignores them).
        await m.initGenesis?.(ctx, m.defaultGenesis?.())
        continue
      }
      for (let v = from; v < m.consensusVersion; v++) {
        const migration = this.migrations.get(name)?.get(v)
        if (!migration) {
          throw ErrLogic.wrap(`no migration registered for module ${name} from version ${v}`)
        }
        log.info(
          { module: name, from: v, to: v + 1 },
          `migrating module ${name} from version ${v} to version ${v + 1}`,
        )
        await migration(ctx)
      }
    }
    return this.versionMap()
  }
}

/** A broken invariant and the module that registered it. */
export interface ModuleBrokenInvariant extends BrokenInvariant {
  module: string
}

/**
 * The halt of a broken invariant (upstream x/crisis panics with its message), logged with the
 * module and route that broke.
 */
export function invariantHalt(broken: ModuleBrokenInvariant, logger: Logger): ChainHaltError {
  logger.error({ module: broken.module, route: broken.route }, 'invariant broken')
  // Upstream's AssertInvariants panic, word for word (the message ends with its own blank line).
  return new ChainHaltError(
    `invariant broken: ${broken.message}\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken ${broken.module} ${broken.route}`,
    1,
  )
}
