import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { JsonValue } from '../../codec/json.js'
import { query } from './chain-data.js'
import {
  arr,
  BASE,
  coinsDisplay,
  facts,
  href,
  type Json,
  jsonBlock,
  obj,
  rfcTimeTag,
  str,
  typeName,
} from './format.js'
import type { Fragments, PageContext } from './page-context.js'

/** Proposals listed, newest first. */
const PROPOSALS_SHOWN = 20

/** The newest proposals at the viewed height (gov v1), newest first; [] without x/gov. */
export async function proposalsAt(ctx: PageContext, limit = PROPOSALS_SHOWN): Promise<Json[]> {
  const r = await query(
    ctx.chain,
    'sdk.gov.v1.Query/Proposals',
    { proposal_status: 0, pagination: { limit, reverse: true } },
    ctx.view.height,
  )
  return arr(r, 'proposals') as Json[]
}

const STATUS_TEXT: Record<string, string> = {
  PROPOSAL_STATUS_DEPOSIT_PERIOD: 'deposit period',
  PROPOSAL_STATUS_VOTING_PERIOD: 'voting period',
  PROPOSAL_STATUS_PASSED: 'passed',
  PROPOSAL_STATUS_REJECTED: 'rejected',
  PROPOSAL_STATUS_FAILED: 'failed',
}

/** The options of a tally, in the order the bar stacks them. */
const OPTIONS = [
  ['yes', 'yes_count', 'yes'],
  ['no', 'no_count', 'no'],
  ['veto', 'no_with_veto_count', 'no with veto'],
  ['abstain', 'abstain_count', 'abstain'],
] as const

/** The live part of the governance page: every proposal with its status and tally. */
export async function governanceFragments(ctx: PageContext): Promise<Fragments> {
  const [proposals, pool] = await Promise.all([
    proposalsAt(ctx),
    query(ctx.chain, 'sdk.staking.v1beta1.Query/Pool', {}, ctx.view.height),
  ])
  const bonded = BigInt(str(obj(pool, 'pool'), 'bonded_tokens') || '0')
  const cards = await Promise.all(proposals.map((p) => proposalCard(ctx, p, bonded)))
  const list = html`<section id="proposals" aria-labelledby="proposals-title">
<h2 id="proposals-title">Proposals</h2>
${cards.length === 0 ? html`<p>No proposals at this height.</p>` : cards}
</section>`
  return { proposals: String(await list) }
}

/** The governance page: parameters, then the live list of proposals. */
export async function governanceBody(ctx: PageContext): Promise<HtmlEscapedString> {
  const [fragments, params] = await Promise.all([
    governanceFragments(ctx),
    query(ctx.chain, 'sdk.gov.v1.Query/Params', { params_type: '' }, ctx.view.height),
  ])
  if (params === undefined)
    return html`<p>This app version has no governance module.</p>` as HtmlEscapedString
  const p = obj(params, 'params')
  return html`<section aria-labelledby="gov-params-title">
<h2 id="gov-params-title">Parameters</h2>
${facts([
  ['Minimum deposit', coinsDisplay(arr(p, 'min_deposit'))],
  ['Deposit period', str(p, 'max_deposit_period')],
  ['Voting period', str(p, 'voting_period')],
  ['Expedited voting period', str(p, 'expedited_voting_period') || '—'],
  ['Quorum', str(p, 'quorum')],
  ['Threshold', str(p, 'threshold')],
  ['Veto threshold', str(p, 'veto_threshold')],
])}
</section>
${raw(fragments.proposals ?? '')}` as HtmlEscapedString
}

async function proposalCard(ctx: PageContext, p: Json, bonded: bigint): Promise<HtmlEscapedString> {
  const at = ctx.view.at
  const id = str(p, 'id')
  const status = str(p, 'status')
  const voting = status === 'PROPOSAL_STATUS_VOTING_PERIOD'
  // A proposal in its voting period has no final tally yet: count the votes cast so far.
  const tally = voting
    ? obj(
        await query(
          ctx.chain,
          'sdk.gov.v1.Query/TallyResult',
          { proposal_id: id },
          ctx.view.height,
        ).catch(() => undefined),
        'tally',
      )
    : obj(p, 'final_tally_result')
  const messages = arr(p, 'messages')
  const proposer = str(p, 'proposer')
  return html`<article class="proposal" id="proposal-${id}" aria-labelledby="proposal-${id}-title">
<div class="proposal-head">
<h3 id="proposal-${id}-title">#${id} ${str(p, 'title') || '(no title)'}</h3>
<span class="badge status-${status.replace(/^PROPOSAL_STATUS_/, '').toLowerCase()}" data-testid="proposal-status">${STATUS_TEXT[status] ?? status}</span>
</div>
${str(p, 'summary') ? html`<p class="summary">${str(p, 'summary')}</p>` : ''}
${facts([
  ['Submitted', rfcTimeTag(str(p, 'submit_time'))],
  ['Deposit ends', rfcTimeTag(str(p, 'deposit_end_time'))],
  ['Voting starts', rfcTimeTag(str(p, 'voting_start_time'))],
  ['Voting ends', rfcTimeTag(str(p, 'voting_end_time'))],
  ['Deposit', coinsDisplay(arr(p, 'total_deposit'))],
  [
    'Proposer',
    proposer
      ? html`<a class="addr" href="${href(`${BASE}/accounts/${proposer}`, at)}">${proposer}</a>`
      : '—',
  ],
  ...(p.expedited === true ? [['Expedited', 'yes'] as const] : []),
  ...(str(p, 'failed_reason') ? [['Failed', str(p, 'failed_reason')] as const] : []),
])}
${tallyBar(id, tally, bonded, voting)}
<details id="proposal-${id}-messages">
<summary>${messages.length} message${messages.length === 1 ? '' : 's'}${messages.length > 0 ? `: ${messages.map((m) => typeName(str(m, '@type'))).join(', ')}` : ''}</summary>
${messages.map((m, i) => html`<h4>${typeName(str(m, '@type'))}</h4>${jsonBlock(m, `message ${i + 1} of proposal ${id}`)}`)}
</details>
</article>` as HtmlEscapedString
}

/** The tally as one bar of the bonded tokens: each option's share, the rest not voted. */
function tallyBar(id: string, tally: Json, bonded: bigint, live: boolean): HtmlEscapedString {
  const counts = OPTIONS.map(([cls, field, label]) => {
    const count = BigInt(str(tally as JsonValue, field) || '0')
    const share = bonded > 0n ? Number((count * 10000n) / bonded) / 100 : 0
    return { cls, label, count, share }
  })
  const described = counts.map((c) => `${c.label} ${c.share}%`).join(', ')
  return html`<figure class="tally" aria-labelledby="tally-${id}-caption">
<figcaption id="tally-${id}-caption">${live ? 'Votes so far' : 'Final tally'}, as shares of the bonded tokens (${bonded.toString()})</figcaption>
<div class="bar" role="img" aria-label="${described}">${counts.map((c) => html`<span class="seg ${c.cls}" style="width:${c.share}%" data-option="${c.cls}" data-share="${c.share}"></span>`)}</div>
<ul class="legend">${counts.map((c) => html`<li><span class="swatch ${c.cls}" aria-hidden="true"></span>${c.label}: ${c.count.toString()} (${c.share}%)</li>`)}</ul>
</figure>` as HtmlEscapedString
}
