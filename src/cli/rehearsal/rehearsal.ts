import { rmSync } from 'node:fs'
import { Keyring } from '../../client/keyring.js'
import { loadHome } from '../../config/home.js'
import { CliError, errorMessage } from '../errors.js'
import { mine, rest } from './chain.js'
import {
  appHashContinuityCheck,
  appliedPlanCheck,
  applyingLine,
  applyingLineCheck,
  deterministicUpgradeCheck,
  haltLineCheck,
  moduleVersionsCheck,
  notCommittedCheck,
  readUpgradeInfoFile,
  restAtHeightCheck,
  upgradeInfoCheck,
  upgradeLines,
} from './checks.js'
import { Driver, type RehearsalIo, StepFailed } from './driver.js'
import { createRehearsalDir, fillRehearsalHome, readChainFacts } from './home.js'
import {
  earlyBinary,
  faultyUpgrade,
  InjectObservation,
  killAtHalt,
  missingHandler,
  restartedOnce,
} from './inject.js'
import type { LogCapture } from './log-capture.js'
import { computePreflight, formatPreflight, type Preflight, versionsLine } from './preflight.js'
import type { RehearsalReport } from './report.js'
import {
  bondedOperators,
  endVotingPeriod,
  scheduleAsAuthority,
  submitProposal,
  voteYes,
} from './schedule.js'
import type { RehearsalSetup } from './setup.js'

/** `Rehearsal of upgrade "v2": v1 → v2 via gov, in a copy of /home/me/.sdkd`. */
function title(s: RehearsalSetup): string {
  const where = s.source ? `a copy of ${s.source}` : `a fresh ${s.from.appVersion} devnet home`
  return `Rehearsal of upgrade "${s.plan}": ${versionsLine(s.from, s.to)} via ${s.via}${s.inject ? `, injecting ${s.inject}` : ''}, in ${where}\n`
}

/** A chain with no block yet gets its first (at the genesis time), so that queries answer. */
async function firstBlock(d: Driver): Promise<void> {
  const r = d.running!
  if (r.node.producer.height > 0) return
  await d.step('mine the first block', async () => {
    const mined = await mine(r, 1)
    if (mined.halt) return { value: undefined, ok: false, detail: mined.halt.message }
    return { value: undefined, detail: 'block 1, at the genesis time' }
  })
}

/** Schedules the plan: a proposal, a vote and a time jump to the end of voting, or the authority. */
async function schedule(d: Driver): Promise<void> {
  const r = d.running!
  const { plan, setup } = d
  if (setup.via === 'authority') {
    await d.step('schedule the plan as the gov authority', async () => {
      const h = await scheduleAsAuthority(r, plan)
      return {
        value: undefined,
        detail: `MsgSoftwareUpgrade run with the gov authority in block ${h} (a dev edit; no proposal)`,
      }
    })
  } else {
    const key = await Keyring.open(d.dir).get('validator')
    const summary = `sdkd rehearse: ${d.label(setup.from)} → ${d.label(setup.to)} at height ${plan.height}`
    const proposal = await d.step('submit the upgrade proposal', async () => {
      const p = await submitProposal(r, key, plan, summary)
      return {
        value: p,
        detail: `proposal ${p.id} by validator (MsgSoftwareUpgrade "${plan.name}" at ${plan.height}), deposit ${p.deposit} = min_deposit: voting starts`,
      }
    })
    await d.step('vote yes', async () => {
      // Every validator the keyring operates votes (a devnet with several validators needs their
      // stake for the quorum); the proposer first.
      // Multisig keys sign nothing alone: only local keys vote.
      const keys = (await Keyring.open(d.dir).list()).filter((k) => k.type === 'local')
      keys.sort((a, b) => (a.name === key.name ? -1 : b.name === key.name ? 1 : 0))
      const { voters, votingTokens, bondedTokens } = await bondedOperators(r, keys)
      if (voters.length === 0) voters.push(key)
      for (const voter of voters) await voteYes(r, voter, proposal.id)
      const names = voters.map((v) => v.name).join(', ')
      return {
        value: undefined,
        detail: `${names} vote${voters.length === 1 ? 's' : ''} yes on proposal ${proposal.id} (${votingTokens} of ${bondedTokens} bonded tokens)`,
      }
    })
    await d.step('time travel to the end of voting', async () => {
      const t = await endVotingPeriod(r, proposal.id)
      return {
        value: undefined,
        ok: t.status === 'PROPOSAL_STATUS_PASSED',
        detail: `next block time = voting_end_time ${t.votingEndTime}; proposal ${proposal.id} ${t.status}${t.failedReason ? ` (${t.failedReason})` : ''}`,
      }
    })
  }
  const current = await rest(r, '/sdk/upgrade/v1beta1/current_plan')
  const scheduled = current.body?.plan
  if (scheduled?.name !== plan.name || String(scheduled?.height) !== String(plan.height))
    throw new StepFailed(`the plan is not scheduled: current_plan ${JSON.stringify(current.body)}`)
}

/** The old binary mines to H−1; block H halts it (the NEEDED line, upgrade-info.json, exit 2). */
async function mineToHalt(d: Driver): Promise<void> {
  const r = d.running!
  const H = d.H
  const mark = d.logs.mark()
  const n = H - 1 - r.node.producer.height
  await d.step(`mine to ${H - 1}`, async () => {
    const { mined, rate } = await d.mineQuietly(n)
    if (mined.halt) return { value: undefined, ok: false, detail: mined.halt.message }
    return { value: undefined, detail: `${n} blocks through the producer (${rate} blocks/s)` }
  })
  const halt = await d.step(`halt at ${H}`, async () => {
    const mined = await mine(r, 1)
    return {
      value: mined.halt,
      ok: mined.halt?.exitCode === 2,
      detail: mined.halt
        ? `${mined.halt.message} (exit code ${mined.halt.exitCode})`
        : `block ${H} was committed: no halt`,
    }
  })
  d.checks.push(haltLineCheck(d.logsSince(mark), d.plan, halt?.exitCode))
  d.checks.push(await upgradeInfoCheck(d.upgradeInfoPath, d.plan))
  d.haltFile = await readUpgradeInfoFile(d.upgradeInfoPath)
  await d.stop()
}

/** The new binary applies the upgrade at H and the chain goes on; then the checks. */
async function applyUpgrade(
  d: Driver,
  preflight: Preflight,
  o: InjectObservation | undefined,
): Promise<void> {
  const H = d.H
  const mark = d.logs.mark()
  const r = await d.start(d.setup.to)
  d.checks.push(await notCommittedCheck(r, H, d.label(d.setup.from)))
  await d.step(`apply the upgrade at ${H}`, async () => {
    const mined = await mine(r, 1)
    if (mined.halt) return { value: undefined, ok: false, detail: mined.halt.message }
    const run = d.logsSince(mark)
    const stores = run.find((l) => l.msg === 'applying store upgrades')
    const migrations = run.filter(
      (l) => typeof l.msg === 'string' && /^(migrating module|adding a new module)/.test(l.msg),
    )
    return {
      value: undefined,
      detail: [
        applyingLine(d.plan),
        stores
          ? `store upgrades ${JSON.stringify({ added: stores.added, renamed: stores.renamed, deleted: stores.deleted })}`
          : 'no store upgrades',
        migrations.length > 0 ? migrations.map((l) => l.msg).join('; ') : 'no migrations',
      ].join('; '),
    }
  })
  // The first application's log lines, before the determinism check applies the upgrade again.
  const applied = d.logsSince(mark)
  const deterministic = await deterministicUpgradeCheck(r, H)
  const after = d.setup.blocksAfter
  await d.step(`mine ${after} blocks after`, async () => {
    const { mined, rate } = await d.mineQuietly(after)
    if (mined.halt) return { value: undefined, ok: false, detail: mined.halt.message }
    return { value: undefined, detail: `${after} blocks (${rate} blocks/s)` }
  })
  d.checks.push(applyingLineCheck(applied, d.plan))
  d.checks.push(await appliedPlanCheck(r, d.plan))
  d.checks.push(await moduleVersionsCheck(r, preflight.moduleVersions.after))
  d.checks.push(await appHashContinuityCheck(r, H - 2))
  d.checks.push(await restAtHeightCheck(r, H - 1, 'H−1', preflight.moduleVersions.before))
  d.checks.push(await restAtHeightCheck(r, H + 1, 'H+1', preflight.moduleVersions.after))
  d.checks.push(deterministic)
  if (o?.injected === 'restart-mid-upgrade') {
    const errors = applied.filter((l) => l.level >= 50).map((l) => String(l.msg))
    restartedOnce(o, upgradeLines(applied, applyingLine(d.plan)).length, errors)
  }
  await d.stop()
}

/** The steps after the preflight, with the injected case's own steps where it happens. */
async function rehearse(
  d: Driver,
  preflight: Preflight,
  o: InjectObservation | undefined,
): Promise<void> {
  await d.start(d.setup.from)
  await firstBlock(d)
  await schedule(d)
  if (o?.injected === 'early-binary') await earlyBinary(d, o)
  if (o?.injected === 'kill-at-halt') await killAtHalt(d, o)
  else await mineToHalt(d)
  if (o?.injected === 'missing-handler') await missingHandler(d, o)
  if (o?.injected === 'handler-throws' || o?.injected === 'restart-mid-upgrade')
    await faultyUpgrade(d, o)
  await applyUpgrade(d, preflight, o)
}

/**
 * Runs a rehearsal end to end in its own home and resolves with the report. A usage problem found
 * once the home's height is known (a height too low) removes the home and throws a CliError.
 */
export async function runRehearsal(
  s: RehearsalSetup,
  logs: LogCapture,
  io: RehearsalIo,
): Promise<RehearsalReport> {
  io.out(title(s))
  const home = await createRehearsalDir(s.keep)
  // Ctrl-C, a stop signal or the output's reader gone (`| head`): end the child, if any, and leave
  // no temp home behind.
  let driver: Driver | undefined
  const abort = (why: string, code: number) => {
    driver?.killChild?.()
    if (!home.kept) rmSync(home.dir, { recursive: true, force: true })
    try {
      process.stderr.write(
        `\nrehearsal interrupted (${why})${home.kept ? `; the rehearsal home stays in ${home.dir}` : ''}\n`,
      )
    } catch {
      // stderr is gone too: the exit says it.
    }
    process.exit(code)
  }
  const interrupted = (signal: NodeJS.Signals) => abort(signal, signal === 'SIGINT' ? 130 : 143)
  const outputLost = (err: NodeJS.ErrnoException) =>
    abort(`the output is closed: ${err.code ?? err.message}`, 1)
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  process.stdout.once('error', outputLost)
  const started = performance.now()
  let preflight: Preflight | null = null
  const observation = s.inject ? new InjectObservation(s.inject) : undefined
  let complete = false
  const failures: string[] = []
  try {
    await fillRehearsalHome(home.dir, s.source, s.from)
    const filledMs = Math.round(performance.now() - started)
    const homeStep = s.source ? 'copy home' : `create ${s.from.appVersion} devnet home`
    io.progress?.(`✓ ${homeStep} ${filledMs} ms`)
    const chain = await readChainFacts(home.dir)
    try {
      preflight = computePreflight(s, await loadHome(home.dir), chain)
    } catch (err) {
      if (err instanceof CliError) await home.discard()
      throw err
    }
    for (const line of formatPreflight(preflight, s)) io.out(line)
    driver = new Driver(s, logs, io, home.dir, { name: s.plan, height: preflight.height, info: '' })
    driver.steps.push({
      name: homeStep,
      fromHeight: null,
      toHeight: null,
      ms: filledMs,
      ok: true,
      detail: s.source ? `${s.source} → ${home.dir}` : `in ${home.dir}`,
    })
    driver.lastHeight = chain.latestHeight
    await rehearse(driver, preflight, observation)
    complete = true
  } catch (err) {
    if (err instanceof CliError && preflight === null) throw err
    failures.push(errorMessage(err))
  } finally {
    await driver?.running?.node.stop().catch(() => undefined)
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
    process.stdout.off('error', outputLost)
  }
  const checks = [
    ...(driver?.checks ?? []),
    ...failures.map((detail) => ({ name: 'rehearsal ran to the end', ok: false, detail })),
  ]
  const inject = observation?.record(complete) ?? null
  if (inject)
    checks.push({
      name: `injected ${inject.case}: the documented outcome`,
      ok: inject.ok,
      detail: JSON.stringify(inject.outcome),
    })
  const steps = driver?.steps ?? []
  const ok = steps.every((x) => x.ok) && checks.every((c) => c.ok) && (inject?.ok ?? true)
  await home.dispose()
  return {
    plan: s.plan,
    from: s.from.appVersion,
    to: s.to.appVersion,
    plugin: s.to.plugin?.file ?? null,
    via: s.via,
    height: preflight?.height ?? null,
    home: { source: s.source ?? null, dir: home.dir, kept: home.kept },
    preflight,
    steps,
    checks,
    inject,
    result: ok ? 'PASS' : 'FAIL',
  }
}
