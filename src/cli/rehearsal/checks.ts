import { readFile, stat } from 'node:fs/promises'
import type { VersionMap } from '../../app/types.js'
import type { BlockId } from '../../block/block.js'
import { keptBlockOps } from '../../chain/kept-block.js'
import { toHexUpper } from '../../codec/bytes.js'
import { applyingUpgradeMessage, upgradeNeededMessage } from '../../modules/upgrade/plan.js'
import { upgradeInfoJson } from '../../modules/upgrade/upgrade-info.js'
import type { RunningBinary } from './chain.js'
import { rest } from './chain.js'
import type { LogRecord } from './log-capture.js'
import type { CheckRecord } from './report.js'

/** The plan a rehearsal schedules. */
export interface PlanFacts {
  name: string
  height: number
  info: string
}

const check = (name: string, ok: boolean, detail: string): CheckRecord => ({ name, ok, detail })

/** The exact NEEDED line upstream logs at the halt. */
export function neededLine(plan: PlanFacts): string {
  return upgradeNeededMessage({ name: plan.name, height: plan.height, info: plan.info })
}

/** The line the new binary logs as it applies the upgrade. */
export function applyingLine(plan: PlanFacts): string {
  return applyingUpgradeMessage({ name: plan.name, height: plan.height })
}

/** x/upgrade's log lines with this message. */
export function upgradeLines(logs: readonly LogRecord[], message: string): LogRecord[] {
  return logs.filter((l) => l.module === 'x/upgrade' && l.msg === message)
}

/** The halt: the NEEDED line logged once at error level, and exit code 2. */
export function haltLineCheck(
  logs: readonly LogRecord[],
  plan: PlanFacts,
  exitCode: number | undefined,
): CheckRecord {
  const line = neededLine(plan)
  const found = upgradeLines(logs, line)
  const ok = found.length === 1 && found[0]!.level === 50 && exitCode === 2
  return check(
    'halt line',
    ok,
    `${found.length === 1 ? `logged ${line}` : `expected the line ${line} once, found it ${found.length} times`} (exit code ${exitCode ?? 'none'})`,
  )
}

/** The bytes upstream writes into data/upgrade-info.json for this plan. */
export function expectedUpgradeInfo(plan: PlanFacts): string {
  return upgradeInfoJson({ name: plan.name, height: plan.height, info: plan.info })
}

/** What the file is now: its bytes, mode and inode (undefined: no file). */
export async function readUpgradeInfoFile(
  path: string,
): Promise<{ text: string; mode: number; ino: number } | undefined> {
  try {
    const [text, s] = await Promise.all([readFile(path, 'utf8'), stat(path)])
    return { text, mode: s.mode & 0o777, ino: s.ino }
  } catch {
    return undefined
  }
}

/** data/upgrade-info.json holds exactly the expected bytes, mode 0600. */
export async function upgradeInfoCheck(path: string, plan: PlanFacts): Promise<CheckRecord> {
  const expected = expectedUpgradeInfo(plan)
  const file = await readUpgradeInfoFile(path)
  if (!file) return check('upgrade-info.json bytes and mode', false, 'no data/upgrade-info.json')
  const ok = file.text === expected && file.mode === 0o600
  return check(
    'upgrade-info.json bytes and mode',
    ok,
    `${file.text === expected ? expected : `expected ${expected}, got ${file.text}`}, mode ${file.mode.toString(8).padStart(4, '0')}`,
  )
}

/** The chain as a binary found it at its start: block H was not committed by the old binary. */
export async function notCommittedCheck(
  r: RunningBinary,
  height: number,
  by: string,
): Promise<CheckRecord> {
  const latest = r.startHeight
  const block = await r.node.blocks.get(height)
  return check(
    `nothing of height ${height} committed by ${by}`,
    latest === height - 1 && block === undefined,
    `the chain resumed at ${latest}${block ? `; block ${height} exists` : `; no block ${height}`}`,
  )
}

/** The applying line, exactly once in the run that applied the upgrade. */
export function applyingLineCheck(logs: readonly LogRecord[], plan: PlanFacts): CheckRecord {
  const line = applyingLine(plan)
  const n = upgradeLines(logs, line).length
  return check('applying upgrade line', n === 1, `${line} (logged ${n} time${n === 1 ? '' : 's'})`)
}

/** REST applied_plan/<name> answers the upgrade height. */
export async function appliedPlanCheck(r: RunningBinary, plan: PlanFacts): Promise<CheckRecord> {
  const path = '/sdk/upgrade/v1beta1/applied_plan/'
  const a = await rest(r, `${path}${encodeURIComponent(plan.name)}`)
  const height = String(a.body?.height ?? '')
  return check(
    `applied plan height = ${plan.height}`,
    a.status === 200 && height === String(plan.height),
    `GET ${r.node.registry.name(path)}${plan.name} → ${a.status} ${JSON.stringify(a.body)}`,
  )
}

/** `module_versions` as a map. */
function versionsOf(body: unknown): VersionMap | undefined {
  const list = (body as { module_versions?: { name: string; version: string }[] })?.module_versions
  if (!Array.isArray(list)) return undefined
  return Object.fromEntries(list.map((m) => [m.name, Number(m.version)]))
}

const sameVersions = (a: VersionMap | undefined, b: VersionMap) =>
  a !== undefined &&
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

export const formatVersions = (v: VersionMap | undefined) =>
  v === undefined
    ? 'none'
    : Object.entries(v)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([m, n]) => `${m} ${n}`)
        .join(', ')

/** REST module_versions at the latest height equal the preflight's expectation. */
export async function moduleVersionsCheck(
  r: RunningBinary,
  expected: VersionMap,
): Promise<CheckRecord> {
  const a = await rest(r, '/sdk/upgrade/v1beta1/module_versions')
  const got = versionsOf(a.body)
  return check(
    'module versions after = the preflight',
    a.status === 200 && sameVersions(got, expected),
    sameVersions(got, expected)
      ? formatVersions(got)
      : `expected ${formatVersions(expected)}, got ${formatVersions(got)}`,
  )
}

/** REST module_versions at a past height (`x-sdk-block-height`): the versions and the served height. */
export async function restAtHeightCheck(
  r: RunningBinary,
  height: number,
  label: string,
  expected: VersionMap,
): Promise<CheckRecord> {
  const a = await rest(r, '/sdk/upgrade/v1beta1/module_versions', height)
  const got = versionsOf(a.body)
  const served = a.servedHeight === String(height)
  return check(
    `REST at ${label} (height ${height})`,
    a.status === 200 && served && sameVersions(got, expected),
    `${r.node.registry.brand.heightHeader} ${a.servedHeight ?? 'absent'}; module_versions ${sameVersions(got, expected) ? formatVersions(got) : `expected ${formatVersions(expected)}, got ${formatVersions(got)}`}`,
  )
}

const sameId = (a: BlockId, b: BlockId) =>
  toHexUpper(a.hash) === toHexUpper(b.hash) &&
  a.parts.total === b.parts.total &&
  toHexUpper(a.parts.hash) === toHexUpper(b.parts.hash)

/**
 * Every block from `from` to the latest links to the one before: last_block_id is the previous
 * block's id and app_hash the previous block's resulting app hash; the last one's result is the
 * store's app hash.
 */
export async function appHashContinuityCheck(r: RunningBinary, from: number): Promise<CheckRecord> {
  const { blocks, store } = r.node
  const last = blocks.latest?.block.header.height ?? 0
  const first = Math.max(from, blocks.base + 1, 2)
  const broken: string[] = []
  let prev = await blocks.get(first - 1)
  for (let h = first; h <= last; h++) {
    const cur = await blocks.get(h)
    if (!cur || !prev) {
      broken.push(`block ${cur ? h - 1 : h} missing`)
      prev = cur
      continue
    }
    if (!sameId(cur.block.header.lastBlockId, prev.block.blockId))
      broken.push(`${h}: last_block_id is not block ${h - 1}'s id`)
    if (toHexUpper(cur.block.header.appHash) !== toHexUpper(prev.appHash))
      broken.push(`${h}: app_hash is not block ${h - 1}'s result`)
    prev = cur
  }
  if (prev && toHexUpper(prev.appHash) !== toHexUpper(store.appHash))
    broken.push(`${last}: its result is not the store's app hash`)
  return check(
    `app-hash continuity, blocks ${first}..${last}`,
    broken.length === 0,
    broken.length === 0
      ? `each links to block ${first - 1}..${last - 1} (last_block_id, app_hash); the last one's result is the store's app hash`
      : broken.join('; '),
  )
}

/**
 * The upgrade is deterministic: block H, applied, is rolled back to H − 1 (the block kept, as
 * `sdkd rollback` does) and made again by the same binary — the store upgrades, the handler and the
 * migrations run a second time from the same state. The block and the app hash after it must be the
 * first ones: a handler whose result depends on anything but the state (a map's order, the clock, a
 * random number) would split a real network's validators at the upgrade height.
 */
export async function deterministicUpgradeCheck(r: RunningBinary, H: number): Promise<CheckRecord> {
  const { producer, blocks, store } = r.node
  const name = `upgrade applied again from H−1 (height ${H - 1}): the same block ${H} and app hash`
  const first = blocks.latest
  if (first?.block.header.height !== H)
    return check(name, false, `the chain is at ${first?.block.header.height ?? 0}, not at ${H}`)
  const appHash = toHexUpper(store.appHash)
  try {
    await producer.rollbackTo(H - 1, keptBlockOps(first))
    const again = await producer.produceBlock()
    const same =
      toHexUpper(again.block.blockId.hash) === toHexUpper(first.block.blockId.hash) &&
      toHexUpper(store.appHash) === appHash
    return check(
      name,
      same,
      same
        ? `block ${toHexUpper(first.block.blockId.hash)}, app hash ${appHash}`
        : `first: app hash ${appHash}; again: app hash ${toHexUpper(store.appHash)} (block ${toHexUpper(again.block.blockId.hash)}): the upgrade's result depends on more than the state`,
    )
  } catch (err) {
    return check(name, false, (err as Error).message)
  }
}
