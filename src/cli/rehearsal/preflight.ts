import type { VersionMap } from '../../app/types.js'
import { parseGoDuration } from '../../config/duration.js'
import type { LoadedHome } from '../../config/home.js'
import { defaultGovParams } from '../../modules/gov/params.js'
import {
  formatDurationMs,
  type SafetyRuleInputs,
  safetyRule,
  safetyWarning,
} from '../../modules/upgrade/timing.js'
import { CliError } from '../errors.js'
import { type Binary, binaryFacts } from './binaries.js'
import type { ChainFacts } from './home.js'
import type { RehearsalSetup } from './setup.js'

/** A module's consensus version in each binary. */
export interface ModuleDiff {
  changed: { module: string; from: number; to: number }[]
  added: { module: string; version: number }[]
  removed: { module: string; version: number }[]
  unchanged: { module: string; version: number }[]
}

/** A migration the handler's `runMigrations` will run (or the InitGenesis of a new module). */
export type PlannedMigration =
  | { module: string; from: number; to: number }
  | { module: string; initGenesis: true; to: number }

/** Seed rule 4 for the chosen height, at the home's block time. */
export interface SafetyCheck {
  lowestSafeHeight: number
  windowMs: number
  windowBlocks: number
  blockIntervalMs: number
  votingPeriodMs: number
  depositPeriodMs: number
  safetyDeltaMs: number
  /** The chosen height is below the lowest safe one (then `warning` is the tx command's warning). */
  belowSafe: boolean
  warning?: string
}

/** What the rehearsal expects, printed before anything runs. */
export interface Preflight {
  appVersions: { from: string; to: string; plugin: string | null }
  modules: ModuleDiff
  storeUpgrades: {
    added: string[]
    renamed: { oldKey: string; newKey: string }[]
    deleted: string[]
  }
  migrations: PlannedMigration[]
  handler: { source: 'built-in'; appVersion: string } | { source: 'plugin'; file: string }
  /** Stored module versions before the upgrade, and what they must be after it. */
  moduleVersions: { before: VersionMap; after: VersionMap }
  /** The last committed height when the rehearsal starts (1 for a chain without a block: it mines the first). */
  latestHeight: number
  /** Where the proposal (or the authority's msg) lands, and the block that schedules the plan. */
  proposalHeight: number
  scheduledAt: number
  /** The upgrade height. */
  height: number
  safety: SafetyCheck
}

/** A version map with its modules in name order (as module_versions lists them). */
const sorted = (v: VersionMap): VersionMap =>
  Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))

function moduleDiff(from: VersionMap, to: VersionMap): ModuleDiff {
  const diff: ModuleDiff = { changed: [], added: [], removed: [], unchanged: [] }
  for (const module of Object.keys({ ...from, ...to }).sort()) {
    const a = from[module]
    const b = to[module]
    if (a === undefined) diff.added.push({ module, version: b! })
    else if (b === undefined) diff.removed.push({ module, version: a })
    else if (a !== b) diff.changed.push({ module, from: a, to: b })
    else diff.unchanged.push({ module, version: a })
  }
  return diff
}

/** The gov periods of the home's genesis (upstream defaults for what it leaves out). */
function govPeriodsMs(home: LoadedHome): { votingPeriodMs: number; depositPeriodMs: number } {
  const gov = (home.genesis.appState.gov ?? {}) as { params?: Record<string, unknown> }
  const params = { ...defaultGovParams(), ...(gov.params ?? {}) } as Record<string, unknown>
  return {
    votingPeriodMs: parseGoDuration(String(params.voting_period)),
    depositPeriodMs: parseGoDuration(String(params.max_deposit_period)),
  }
}

/** The lowest height the plan may have: after the block that schedules it (two later for cases that run a block in between). */
function minimumHeight(setup: RehearsalSetup, scheduledAt: number): number {
  const between = setup.inject === 'early-binary' || setup.inject === 'kill-at-halt' ? 2 : 1
  return scheduledAt + between
}

/**
 * A home whose own upgrade comes first cannot be rehearsed on: the rehearsal schedules its plan
 * through blocks the home's plan would halt before (or already halted at).
 */
function refuseUpgradeUnderWay(chain: ChainFacts, scheduledAt: number): void {
  const copy = 'rehearse on a copy of the home from before that plan was scheduled'
  if (chain.halted) {
    const { name, height } = chain.halted
    throw new CliError(
      `the home halted at height ${height} for upgrade "${name}" (data/upgrade-info.json): a rehearsal schedules a plan of its own, which this chain cannot reach; ${copy}, or apply the upgrade by starting the new binary (sdkd run, or cosmovisor)`,
    )
  }
  if (chain.scheduled && chain.scheduled.height <= scheduledAt) {
    const { name, height } = chain.scheduled
    throw new CliError(
      `the home has upgrade "${name}" scheduled at height ${height}, which comes before the rehearsal's plan can be scheduled (height ${scheduledAt}): the chain would halt there first; ${copy}`,
    )
  }
}

/**
 * The preflight: app versions, module version diff, store upgrades, migrations, the handler's
 * source, the upgrade height and the safety rule. A height that cannot work is a usage error.
 */
export function computePreflight(
  setup: RehearsalSetup,
  home: LoadedHome,
  chain: ChainFacts,
): Preflight {
  const from = binaryFacts(setup.from)
  const to = binaryFacts(setup.to)
  const upgrade = to.upgrades.get(setup.plan)!
  const before = chain.versions ?? from.versions
  const migrations: PlannedMigration[] = []
  for (const module of to.migrationOrder) {
    const target = to.versions[module]!
    const stored = before[module]
    if (stored === undefined) migrations.push({ module, initGenesis: true, to: target })
    else if (stored < target) migrations.push({ module, from: stored, to: target })
  }
  // A chain with no block yet gets its first one (at the genesis time) before anything else.
  const L = Math.max(chain.latestHeight, 1)
  // Via gov: submit (L+1), vote (L+2), the block whose time ends the voting period passes it (L+3).
  const proposalHeight = L + 1
  const scheduledAt = setup.via === 'gov' ? L + 3 : L + 1
  const periods = govPeriodsMs(home)
  const inputs: SafetyRuleInputs = {
    latestHeight: L,
    blockIntervalMs: home.node.consensus.timeoutCommitMs,
    ...periods,
    safetyDeltaMs: periods.votingPeriodMs,
  }
  refuseUpgradeUnderWay(chain, scheduledAt)
  const rule = safetyRule(inputs)
  const lowest = minimumHeight(setup, scheduledAt)
  const height =
    'height' in setup.at
      ? setup.at.height
      : 'blocks' in setup.at
        ? scheduledAt + setup.at.blocks
        : Math.max(rule.lowestSafeHeight, lowest)
  if (height < lowest)
    throw new CliError(
      `upgrade height ${height} is too low: the plan is scheduled at height ${scheduledAt} (${setup.via === 'gov' ? 'submit, vote, pass' : 'by the authority'}), so the height must be ${lowest} or higher${lowest > scheduledAt + 1 ? ` with --inject ${setup.inject}` : ''}`,
    )
  const warning = safetyWarning(height, inputs)
  const { added = [], renamed = [], deleted = [] } = upgrade.storeUpgrades ?? {}
  return {
    appVersions: {
      from: setup.from.appVersion,
      to: setup.to.appVersion,
      plugin: setup.to.plugin?.file ?? null,
    },
    modules: moduleDiff(from.versions, to.versions),
    storeUpgrades: {
      added: [...added],
      renamed: renamed.map((r) => ({ ...r })),
      deleted: [...deleted],
    },
    migrations,
    handler: setup.to.plugin
      ? { source: 'plugin', file: setup.to.plugin.file }
      : { source: 'built-in', appVersion: setup.to.appVersion },
    moduleVersions: { before: sorted(before), after: sorted({ ...before, ...to.versions }) },
    latestHeight: L,
    proposalHeight,
    scheduledAt,
    height,
    safety: {
      ...rule,
      blockIntervalMs: inputs.blockIntervalMs,
      ...periods,
      safetyDeltaMs: inputs.safetyDeltaMs,
      belowSafe: warning !== undefined,
      ...(warning !== undefined ? { warning } : {}),
    },
  }
}

const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(', ') : 'none')

/** `v1 → v2`, `v1 → v1 + plugin …/example-upgrade.mjs`. */
export function versionsLine(from: Binary, to: Binary): string {
  return `${from.appVersion} → ${to.appVersion}${to.plugin ? ` + plugin ${to.plugin.file}` : ''}`
}

/** The preflight as text lines (the WARNING line last, when the height is below the safe one). */
export function formatPreflight(p: Preflight, setup: RehearsalSetup): string[] {
  const m = p.modules
  const modules = [
    ...m.changed.map((c) => `${c.module} ${c.from} → ${c.to}`),
    ...m.added.map((a) => `${a.module} added (${a.version})`),
    ...m.removed.map((r) => `${r.module} removed (${r.version}; its version entry stays)`),
    `unchanged: ${list(m.unchanged.map((u) => `${u.module} ${u.version}`))}`,
  ]
  const su = p.storeUpgrades
  const stores = [
    su.added.length > 0 ? `added ${su.added.join(', ')}` : '',
    su.renamed.length > 0
      ? `renamed ${su.renamed.map((r) => `${r.oldKey} → ${r.newKey}`).join(', ')}`
      : '',
    su.deleted.length > 0 ? `deleted ${su.deleted.join(', ')}` : '',
  ].filter(Boolean)
  const migrations = p.migrations.map((x) =>
    'initGenesis' in x
      ? `${x.module} InitGenesis (new module, version ${x.to})`
      : `${x.module} ${x.from} → ${x.to}`,
  )
  const s = p.safety
  const relative =
    'blocks' in setup.at
      ? `${setup.at.blocks} blocks after the plan is scheduled at height ${p.scheduledAt}`
      : 'height' in setup.at
        ? `scheduled at height ${p.scheduledAt}`
        : `the lowest safe height, ${p.height - p.scheduledAt} blocks after the plan is scheduled at height ${p.scheduledAt}`
  const lines = [
    'Preflight',
    `  app versions        ${versionsLine(setup.from, setup.to)}`,
    `  module versions     ${modules.join('; ')}`,
    `  store upgrades      ${stores.length > 0 ? stores.join('; ') : 'none'}`,
    `  migrations          ${migrations.length > 0 ? migrations.join('; ') : 'none'}`,
    `  handler             ${p.handler.source === 'plugin' ? `plugin ${p.handler.file}` : `built in, app version ${p.handler.appVersion}`}`,
    `  upgrade height      ${p.height} (${relative}; via ${setup.via})`,
    `  lowest safe height  ${s.lowestSafeHeight}: 2 × (voting period ${formatDurationMs(s.votingPeriodMs)} + deposit period ${formatDurationMs(s.depositPeriodMs)}) + safety delta ${formatDurationMs(s.safetyDeltaMs)} = ${formatDurationMs(s.windowMs)}, ${s.windowBlocks} blocks at the home's ${formatDurationMs(s.blockIntervalMs)} timeout_commit after the proposal starts (height ${p.proposalHeight})`,
  ]
  if (s.warning) lines.push(`${s.warning} The rehearsal continues: it time-travels.`)
  return lines
}
