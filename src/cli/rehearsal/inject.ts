import type { UpgradeDefinition, VersionMap } from '../../app/types.js'
import { toHexUpper } from '../../codec/bytes.js'
import { binaryTooNewMessage } from '../../modules/upgrade/plan.js'
import type { HandlerWrap } from './binaries.js'
import { mine, openBinary } from './chain.js'
import {
  expectedUpgradeInfo,
  formatVersions,
  neededLine,
  readUpgradeInfoFile,
  upgradeInfoCheck,
  upgradeLines,
} from './checks.js'
import { killChildAtHalt } from './child.js'
import type { Driver } from './driver.js'
import type { InjectCase } from './inject-cases.js'
import type { InjectRecord } from './report.js'

/**
 * `--inject`: the failures operators fear, provoked on purpose. Each flow checks that the chain and
 * the files do what docs/upgrades.md documents and records what they did; the rehearsal then goes on to
 * a successful upgrade.
 */

/** What each injected failure must lead to (docs/upgrades.md documents the same). */
export const DOCUMENTED: Record<InjectCase, string> = {
  'handler-throws':
    'the new binary halts at the upgrade height with exit code 1 and logs the handler error; the block is not committed; upgrade-info.json is unchanged; the new binary without the fault then applies the upgrade',
  'early-binary':
    'the new binary, started after the plan is scheduled but before its height, halts at its first block: BINARY UPDATED BEFORE TRIGGER, exit code 1, nothing committed; the old binary then continues to the height',
  'missing-handler':
    'a binary without the handler, started at the switch, halts again at the height: the same NEEDED line, exit code 2, upgrade-info.json rewritten with identical bytes, nothing committed; then the new binary applies the upgrade',
  'kill-at-halt':
    'the old binary, a child sdkd killed with SIGKILL the moment upgrade-info.json appears, leaves the file whole (the expected bytes, mode 0600) and the database at height H−1 (no block H, the app hash of the last block); the new binary then applies the upgrade',
  'restart-mid-upgrade':
    'the new binary dies after its handler ran the migrations, before block H commits: nothing of H is kept; started again, it applies the upgrade exactly once (one applying line, no store error, module versions as expected)',
}

/** An error a rehearsal injects into a handler (not a bug of the chain). */
class InjectedFailure extends Error {
  override readonly name = 'InjectedFailure'
}

/** What the injected case did, gathered across its steps. */
export class InjectObservation {
  readonly outcome: Record<string, unknown> = {}
  ok = true
  /** The version map the handler returned before the injected crash (restart-mid-upgrade). */
  migrated: VersionMap | undefined

  constructor(readonly injected: InjectCase) {}

  observe(ok: boolean, fields: Record<string, unknown>): void {
    Object.assign(this.outcome, fields)
    this.ok &&= ok
  }

  /** The report's record (not ok when the rehearsal stopped before the case was seen through). */
  record(complete: boolean): InjectRecord {
    return {
      case: this.injected,
      documented: DOCUMENTED[this.injected],
      outcome: this.outcome,
      ok: complete && this.ok,
    }
  }
}

const mode = (m: number) => m.toString(8).padStart(4, '0')

/** `early-binary`: the new binary before the height refuses (exit 1); the old one goes on. */
export async function earlyBinary(d: Driver, o: InjectObservation): Promise<void> {
  const { from, to } = d.setup
  await d.stop()
  const mark = d.logs.mark()
  const r = await d.start(to, `start ${d.label(to)} early (injected)`)
  const at = r.node.producer.height
  const expected = binaryTooNewMessage({ name: d.plan.name })
  await d.step(
    `${d.label(to)} at ${at + 1}, before ${d.H}`,
    async () => {
      const mined = await mine(r, 1)
      const logged = upgradeLines(d.logsSince(mark), expected).length === 1
      const latest = r.node.producer.height
      const ok =
        mined.halt?.exitCode === 1 && mined.halt.message === expected && logged && latest === at
      o.observe(ok, {
        exitCode: mined.halt?.exitCode ?? null,
        error: mined.halt?.message ?? null,
        logged,
        latestHeight: latest,
      })
      return {
        value: undefined,
        ok,
        detail: mined.halt
          ? `${mined.halt.message} (exit code ${mined.halt.exitCode}); latest height still ${latest}`
          : `block ${at + 1} was committed`,
      }
    },
    false,
  )
  await d.stop()
  await d.start(from, `start ${d.label(from)} again`)
}

/** `missing-handler`: a binary without the handler halts again at H, same line and file. */
export async function missingHandler(d: Driver, o: InjectObservation): Promise<void> {
  const { from } = d.setup
  const mark = d.logs.mark()
  const r = await d.start(from, `start ${d.label(from)} at the switch (injected)`)
  await d.step(
    `halt again at ${d.H}`,
    async () => {
      const mined = await mine(r, 1)
      const file = await readUpgradeInfoFile(d.upgradeInfoPath)
      const before = d.haltFile
      const logged = upgradeLines(d.logsSince(mark), neededLine(d.plan)).length === 1
      const identical = file !== undefined && before !== undefined && file.text === before.text
      const ok =
        mined.halt?.exitCode === 2 &&
        logged &&
        identical &&
        file?.mode === 0o600 &&
        r.node.producer.height === d.H - 1
      o.observe(ok, {
        exitCode: mined.halt?.exitCode ?? null,
        neededLineLogged: logged,
        upgradeInfo: {
          identicalBytes: identical,
          rewritten: file !== undefined && before !== undefined && file.ino !== before.ino,
          mode: file ? mode(file.mode) : null,
        },
        latestHeight: r.node.producer.height,
      })
      return {
        value: undefined,
        ok,
        detail: mined.halt
          ? `${mined.halt.message} (exit code ${mined.halt.exitCode}); upgrade-info.json ${identical ? 'rewritten with identical bytes' : 'changed'}`
          : `block ${d.H} was committed`,
      }
    },
    false,
  )
  await d.stop()
}

/** A handler that throws before the real one (handler-throws) or after it ran (restart-mid-upgrade). */
function throwingHandler(o: InjectObservation, afterMigrations: boolean): HandlerWrap {
  return (handler): UpgradeDefinition['handler'] =>
    async (ctx, plan, fromVersions, tools) => {
      if (!afterMigrations) throw new InjectedFailure('injected: the upgrade handler threw')
      o.migrated = await handler(ctx, plan, fromVersions, tools)
      throw new InjectedFailure(
        'injected: the process died after the migrations, before the commit',
      )
    }
}

/**
 * `handler-throws` and the first half of `restart-mid-upgrade`: the new binary with a fault at H
 * must halt with exit code 1 and the error logged, nothing of H committed, upgrade-info.json left
 * as it was.
 */
export async function faultyUpgrade(d: Driver, o: InjectObservation): Promise<void> {
  const { to } = d.setup
  const crash = o.injected === 'restart-mid-upgrade'
  const mark = d.logs.mark()
  const r = await d.start(
    to,
    `start ${d.label(to)} (injected: ${crash ? 'dies mid-upgrade' : 'handler throws'})`,
    throwingHandler(o, crash),
  )
  await d.step(
    crash ? `apply at ${d.H}: dies after the migrations` : `apply at ${d.H}: the handler throws`,
    async () => {
      const mined = await mine(r, 1)
      const file = await readUpgradeInfoFile(d.upgradeInfoPath)
      const errors = d
        .logsSince(mark)
        .filter((l) => l.level >= 50 && typeof l.msg === 'string' && l.msg.includes('injected:'))
      const unchanged =
        file !== undefined &&
        d.haltFile !== undefined &&
        file.text === d.haltFile.text &&
        file.ino === d.haltFile.ino
      const blockH = await r.node.blocks.get(d.H)
      const ok =
        mined.halt?.exitCode === 1 &&
        errors.length === 1 &&
        r.node.producer.height === d.H - 1 &&
        blockH === undefined &&
        unchanged &&
        (!crash || o.migrated !== undefined)
      o.observe(ok, {
        [crash ? 'first' : 'halt']: {
          exitCode: mined.halt?.exitCode ?? null,
          error: errors[0]?.msg ?? mined.halt?.message ?? null,
          latestHeight: r.node.producer.height,
          blockHCommitted: blockH !== undefined,
          upgradeInfoUnchanged: unchanged,
          ...(crash
            ? {
                migrationsRan: o.migrated !== undefined,
                handlerReturned: formatVersions(o.migrated),
              }
            : {}),
        },
      })
      return {
        value: undefined,
        ok,
        detail: mined.halt
          ? `${mined.halt.message} (exit code ${mined.halt.exitCode}); block ${d.H} not committed; upgrade-info.json ${unchanged ? 'unchanged' : 'changed'}`
          : `block ${d.H} was committed`,
      }
    },
    false,
  )
  // A crash: the node is dropped without a commit of H (closing it writes nothing more).
  await d.stop(crash ? `drop ${d.label(to)} without committing ${d.H}` : undefined)
}

/** `restart-mid-upgrade`, second half: the run that applied the upgrade did it once, cleanly. */
export function restartedOnce(
  o: InjectObservation,
  applyingLines: number,
  errors: readonly string[],
): void {
  o.observe(applyingLines === 1 && errors.length === 0, {
    second: { applyingLines, errors },
  })
}

/** `kill-at-halt`: the old binary as a child process, SIGKILLed as upgrade-info.json appears. */
export async function killAtHalt(d: Driver, o: InjectObservation): Promise<void> {
  const { from } = d.setup
  const H = d.H
  await d.stop()
  const mark = d.logs.mark()
  const child = await d.step(
    `${d.label(from)} as a child sdkd, mined to ${H} by dev_mine, SIGKILL at the halt`,
    async () => {
      const c = await killChildAtHalt({
        dir: d.dir,
        appVersion: from.appVersion,
        height: H,
        logs: d.logs,
        timeoutMs: 120_000 + H * 2,
        onSpawn: (kill) => {
          d.killChild = kill
        },
      })
      d.killChild = undefined
      d.lastHeight = H - 1
      return {
        value: c,
        ok: c.killed && c.signal === 'SIGKILL' && c.problem === undefined,
        detail: c.problem ?? `killed by ${c.signal} as data/upgrade-info.json appeared`,
      }
    },
    false,
  )
  const logged = upgradeLines(d.logsSince(mark), neededLine(d.plan)).length === 1
  d.checks.push({
    name: 'halt at H (the child killed at the halt)',
    ok: child.killed && child.signal === 'SIGKILL',
    detail: `signal ${child.signal ?? 'none'}, exit code ${child.code ?? 'none'}; the NEEDED line was ${logged ? '' : 'not yet '}logged before the kill`,
  })
  d.checks.push(await upgradeInfoCheck(d.upgradeInfoPath, d.plan))
  d.haltFile = await readUpgradeInfoFile(d.upgradeInfoPath)
  const db = await d.step(
    'open the database after the kill',
    async () => {
      const r = await openBinary({ dir: d.dir, binary: from, plan: d.plan.name, logger: d.logger })
      try {
        const latest = r.node.store.latestHeight
        const last = r.node.blocks.latest
        const blockH = (await r.node.blocks.get(H)) !== undefined
        const appHashOk =
          last !== undefined && toHexUpper(last.appHash) === toHexUpper(r.node.store.appHash)
        const ok = latest === H - 1 && last?.block.header.height === H - 1 && !blockH && appHashOk
        return {
          value: { latest, blockH, appHashOk, ok },
          ok,
          detail: `state and blocks at ${latest}/${last?.block.header.height}; block ${H} ${blockH ? 'present' : 'absent'}; app hash ${appHashOk ? 'matches the last block' : 'differs from the last block'}`,
        }
      } finally {
        await r.node.stop()
      }
    },
    false,
  )
  d.checks.push({
    name: `the database opens at ${H - 1}, uncorrupted`,
    ok: db.ok,
    detail: `latest height ${db.latest}, block ${H} ${db.blockH ? 'present' : 'absent'}, app hash ${db.appHashOk ? 'consistent' : 'inconsistent'}`,
  })
  const file = d.haltFile
  const whole = file !== undefined && file.text === expectedUpgradeInfo(d.plan)
  o.observe(child.killed && child.signal === 'SIGKILL' && whole && file?.mode === 0o600 && db.ok, {
    child: { signal: child.signal, exitCode: child.code, neededLineLogged: logged },
    upgradeInfo: file ? { whole, mode: mode(file.mode) } : null,
    database: {
      latestHeight: db.latest,
      blockHCommitted: db.blockH,
      appHashConsistent: db.appHashOk,
    },
  })
}
