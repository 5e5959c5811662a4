import { readFile } from 'node:fs/promises'
import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { parseDuration } from '../../codec/json-well-known.js'
import { UpgradeKeeper } from '../../modules/upgrade/keeper.js'
import { MODULE_NAME as UPGRADE_STORE } from '../../modules/upgrade/keys.js'
import {
  durationMs,
  estimateHeight,
  type SafetyRule,
  safetyRule,
} from '../../modules/upgrade/timing.js'
import { parseUpgradeInfo } from '../../modules/upgrade/upgrade-info.js'
import { query, recentBlockTimes } from './chain-data.js'
import {
  arr,
  BASE,
  durationText,
  facts,
  href,
  type Json,
  jsonBlock,
  obj,
  str,
  timeTag,
} from './format.js'
import { proposalsAt } from './governance.js'
import type { Fragments, PageContext } from './page-context.js'

/** The gov periods of the safety rule at `height`, in ms (undefined without x/gov). */
async function govPeriods(
  ctx: PageContext,
  height: number,
): Promise<{ votingMs: number; depositMs: number } | undefined> {
  const r = await query(ctx.chain, 'sdk.gov.v1.Query/Params', { params_type: '' }, height)
  if (r === undefined) return undefined
  const p = obj(r, 'params')
  const ms = (text: string) => (text === '' ? 0 : durationMs(parseDuration(text)))
  return { votingMs: ms(str(p, 'voting_period')), depositMs: ms(str(p, 'max_deposit_period')) }
}

/** The live part of the upgrades page: the scheduled plan, its countdown and the safety rule. */
export async function upgradeFragments(ctx: PageContext): Promise<Fragments> {
  const { view } = ctx
  const r = await query(ctx.chain, 'sdk.upgrade.v1beta1.Query/CurrentPlan', {}, view.height)
  const plan = r?.plan
  const body =
    plan === null || plan === undefined || typeof plan !== 'object' || Array.isArray(plan)
      ? html`<p data-testid="no-plan">No upgrade is scheduled at height ${view.height}.</p>`
      : await planSection(ctx, plan)
  const section = html`<section id="upgrade-plan" aria-labelledby="upgrade-plan-title">
<h2 id="upgrade-plan-title">Scheduled upgrade</h2>
${body}
</section>`
  return { 'upgrade-plan': String(await section) }
}

async function planSection(ctx: PageContext, plan: Json): Promise<HtmlEscapedString> {
  const { chain, summaries, view } = ctx
  const name = str(plan, 'name')
  const height = Number(str(plan, 'height') || '0')
  const info = str(plan, 'info')
  const times = await recentBlockTimes(summaries, view.height)
  const estimate = estimateHeight(height, times)
  const left = Math.max(0, height - view.height)
  const countdown =
    left === 0
      ? html`<p class="countdown" data-testid="countdown">The upgrade height has been reached.</p>`
      : html`<p class="countdown" data-testid="countdown"><strong><span data-testid="blocks-left">${left}</span> block${left === 1 ? '' : 's'}</strong> to go${
          estimate.msLeft !== undefined && estimate.blockIntervalMs !== undefined
            ? html`, about <strong><span data-ms-left="${Math.round(estimate.msLeft)}">${durationText(estimate.msLeft)}</span></strong> at ${durationText(estimate.blockIntervalMs)} per block${estimate.at !== undefined ? html` (around ${timeTag(estimate.at)})` : ''}`
            : ' (too few blocks yet to estimate the time)'
        }.</p>`
  const rule = await safetySection(ctx, name, height, times)
  return html`${facts([
    ['Name', name],
    [
      'Height',
      height <= view.latest
        ? html`<a href="${href(`${BASE}/blocks/${height}`, view.at)}">${height}</a>`
        : String(height),
    ],
    ['Info', info === '' ? '—' : html`<code class="wrap">${info}</code>`],
    ['Running app version', chain.appVersion],
  ])}
${countdown}
${rule}` as HtmlEscapedString
}

/**
 * The seed's safety rule (an upgrade height must leave 2 × (voting + deposit period) + a safety delta
 * after the proposal starts, so that a cancel proposal can still pass) against the plan: for a
 * proposal made now, and for the proposal that scheduled it.
 */
async function safetySection(
  ctx: PageContext,
  name: string,
  planHeight: number,
  times: Awaited<ReturnType<typeof recentBlockTimes>>,
): Promise<HtmlEscapedString> {
  const { chain, view } = ctx
  const periods = await govPeriods(ctx, view.height)
  const recent = estimateHeight(planHeight, times).blockIntervalMs
  // As the CLI does: the recent interval, never below the configured block time (mined bursts).
  const configured = chain.configuredBlockTimeMs
  const interval = recent === undefined ? configured : Math.max(recent, configured)
  if (periods === undefined || interval <= 0) {
    return html`<p>The safety rule needs the governance periods and a block interval: not known at this height.</p>` as HtmlEscapedString
  }
  const rule = (latestHeight: number, p: { votingMs: number; depositMs: number }): SafetyRule =>
    safetyRule({
      latestHeight,
      blockIntervalMs: interval,
      votingPeriodMs: p.votingMs,
      depositPeriodMs: p.depositMs,
      safetyDeltaMs: p.votingMs,
    })
  const now = rule(view.height, periods)
  const origin = await proposalOf(ctx, name)
  // The rule as the proposal met it: the gov periods of the state it was submitted on (its block's
  // own in block 1, as no state before it is served; a height pruned since leaves it out).
  const before = origin?.submitHeight === undefined ? undefined : origin.submitHeight - 1
  const periodsThen =
    before === undefined
      ? undefined
      : await govPeriods(ctx, Math.max(before, 1)).catch(() => undefined)
  const atSubmit =
    before !== undefined && periodsThen !== undefined
      ? { ...rule(before, periodsThen), periods: periodsThen }
      : undefined
  const verdict = (ok: boolean) =>
    ok ? html`<span class="ok">✓ safe</span>` : html`<span class="warn">✗ too close</span>`
  return html`<div class="rule" data-testid="safety-rule">
<h3>Safety rule</h3>
<p>An upgrade height must leave 2 × (voting period ${durationText(periods.votingMs)} + deposit period ${durationText(periods.depositMs)}) + safety delta ${durationText(periods.votingMs)} = <strong>${durationText(now.windowMs)}</strong> after the proposal starts, so that a proposal cancelling it can still pass: about <strong>${now.windowBlocks} blocks</strong> at ${durationText(interval)} per block.</p>
<ul>
${
  origin
    ? html`<li>Scheduled by <a href="${href(`${BASE}/governance`, view.at)}#proposal-${origin.id}">proposal #${origin.id}</a>${
        atSubmit && origin.submitHeight !== undefined
          ? html`, submitted at height <a href="${href(`${BASE}/blocks/${origin.submitHeight}`, view.at)}">${origin.submitHeight}</a>: the lowest safe height then (voting period ${durationText(atSubmit.periods.votingMs)}, deposit period ${durationText(atSubmit.periods.depositMs)}) was <strong>${atSubmit.lowestSafeHeight}</strong>; the plan's ${planHeight} is ${verdict(planHeight >= atSubmit.lowestSafeHeight)}.`
          : '.'
      }</li>`
    : ''
}
<li>A proposal submitted now (next block ${view.height + 1}) must use height <strong>${now.lowestSafeHeight}</strong> or higher. ${
    planHeight >= now.lowestSafeHeight
      ? html`The plan's ${planHeight} leaves time to cancel it by governance (<span class="ok">✓</span>).`
      : html`The plan's ${planHeight} is below it: a cancel proposal made now could no longer pass in time (<span class="warn">✗</span>).`
  }</li>
</ul>
</div>` as HtmlEscapedString
}

/** The proposal that carries a MsgSoftwareUpgrade of this plan name, and the height it was submitted. */
async function proposalOf(
  ctx: PageContext,
  name: string,
): Promise<{ id: string; submitHeight: number | undefined } | undefined> {
  const registry = ctx.chain.router.registry
  const url = registry.typeUrl('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade')
  const found = (await proposalsAt(ctx, 50)).find((p) =>
    arr(p, 'messages').some((m) => str(m, '@type') === url && str(obj(m, 'plan'), 'name') === name),
  )
  if (!found) return undefined
  const id = str(found, 'id')
  const r = await query(
    ctx.chain,
    'sdk.tx.v1beta1.Service/GetTxsEvent',
    { query: `submit_proposal.proposal_id='${id}'`, page: 1, limit: 1 },
    ctx.view.height,
  ).catch(() => undefined)
  const h = Number(str(arr(r, 'tx_responses')[0], 'height') || '0')
  return { id, submitHeight: h > 0 ? h : undefined }
}

/** The upgrades page: the live plan, applied upgrades, module versions and upgrade-info.json. */
export async function upgradesBody(ctx: PageContext): Promise<HtmlEscapedString> {
  const { chain, view } = ctx
  const state = chain.view(view.height)
  if (!state.hasStore(UPGRADE_STORE))
    return html`<p>This app version has no upgrade module.</p>` as HtmlEscapedString
  const keeper = new UpgradeKeeper({ registry: chain.router.registry })
  const [fragments, applied, versions, protocol] = await Promise.all([
    upgradeFragments(ctx),
    keeper.completedUpgrades(state),
    keeper.moduleVersions(state),
    keeper.protocolVersion(state),
  ])
  applied.sort((a, b) => (a.height < b.height ? -1 : a.height > b.height ? 1 : 0))
  const last = applied.at(-1)
  // Module versions just before the last upgrade, to show what it changed.
  const beforeHeight = last ? Number(last.height) - 1 : 0
  let before: Map<string, bigint> | undefined
  if (beforeHeight >= 1) {
    try {
      chain.router.resolveHeight(BigInt(beforeHeight))
      const old = await keeper.moduleVersions(chain.view(beforeHeight))
      before = new Map(old.map((v) => [v.name, v.version]))
    } catch {
      before = undefined // pruned: only the current versions are shown
    }
  }
  // The protocol version is the applied-upgrades table's footer row: the upgrades are what set it,
  // and a row of its own outside the table read as a stray line of it.
  return html`${raw(fragments['upgrade-plan'] ?? '')}
<section aria-labelledby="applied-title">
<h2 id="applied-title">Applied upgrades</h2>
<div class="table-scroll"><table>
<thead><tr><th scope="col">Name</th><th scope="col">Height</th><th scope="col">State before and after</th></tr></thead>
<tbody>${
    applied.length === 0
      ? html`<tr><td colspan="3">No upgrade has been applied.</td></tr>`
      : applied.map((u) => {
          const h = Number(u.height)
          return html`<tr><td>${u.name}</td><td><a href="${href(`${BASE}/blocks/${h}`, view.at)}">${h}</a></td><td>${h > 1 ? html`<a href="${BASE}/upgrades?height=${h - 1}">at ${h - 1} (before)</a> · ` : ''}<a href="${BASE}/upgrades?height=${h}">at ${h} (after)</a></td></tr>`
        })
  }</tbody>
<tfoot><tr data-testid="protocol-version"><th scope="row">Protocol version</th><td colspan="2">${protocol.toString()}</td></tr></tfoot>
</table></div>
</section>
<section aria-labelledby="versions-title">
<h2 id="versions-title">Module versions</h2>
${before && last ? html`<p>Compared with height ${beforeHeight}, just before the last upgrade (${last.name} at ${Number(last.height)}).</p>` : ''}
<div class="table-scroll"><table>
<thead><tr><th scope="col">Module</th>${before ? html`<th scope="col" class="num">Before (${beforeHeight})</th>` : ''}<th scope="col" class="num">Version</th>${before ? html`<th scope="col">Change</th>` : ''}</tr></thead>
<tbody>${versions.map((v) => {
    const old = before?.get(v.name)
    const change = old === undefined ? 'added' : old === v.version ? '' : `${old} → ${v.version}`
    return html`<tr${before && change !== '' ? html` class="changed"` : ''}><td>${v.name}</td>${before ? html`<td class="num">${old === undefined ? '—' : old.toString()}</td>` : ''}<td class="num">${v.version.toString()}</td>${before ? html`<td>${change}</td>` : ''}</tr>`
  })}</tbody>
</table></div>
</section>
${await upgradeInfoSection(chain.upgradeInfoPath)}` as HtmlEscapedString
}

/** The home's `data/upgrade-info.json` now (it is a file, not state: it has no past heights). */
async function upgradeInfoSection(path: string): Promise<HtmlEscapedString> {
  let text: string | undefined
  let problem: string | undefined
  try {
    text = await readFile(path, 'utf8')
    parseUpgradeInfo(text)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') problem = (err as Error).message
  }
  return html`<section aria-labelledby="upgrade-info-title">
<h2 id="upgrade-info-title">upgrade-info.json</h2>
${
  text === undefined
    ? html`<p data-testid="upgrade-info">No <code>data/upgrade-info.json</code> in the home: the node has not halted for an upgrade.</p>`
    : html`<p data-testid="upgrade-info">The node halted for an upgrade and wrote <code>data/upgrade-info.json</code> (what cosmovisor reads)${problem ? html`; it does not parse: ${problem}` : ''}:</p>${jsonBlock(safeJson(text), 'upgrade-info.json')}`
}
</section>` as HtmlEscapedString
}

/** Parsed JSON for display, or the text itself when it does not parse. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
