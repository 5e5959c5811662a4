import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { JsonValue } from '../../codec/json.js'
import { POWER_REDUCTION } from '../../modules/staking/keys.js'
import { UpgradeKeeper } from '../../modules/upgrade/keeper.js'
import { MODULE_NAME as UPGRADE_STORE } from '../../modules/upgrade/keys.js'
import { query, recentIntervalMs } from './chain-data.js'
import { economySection } from './economy.js'
import { arr, BASE, durationText, facts, href, obj, shortHash, str, timeTag } from './format.js'
import type { Fragments, PageContext } from './page-context.js'

/** Blocks listed on the overview. */
const RECENT_BLOCKS = 10

/** The live part of the overview: height, block time and interval, mempool; the last blocks. */
export async function overviewFragments(ctx: PageContext): Promise<Fragments> {
  const { chain, summaries, view } = ctx
  const at = view.at
  const [recent, interval, economy] = await Promise.all([
    summaries.recent(view.height, RECENT_BLOCKS),
    recentIntervalMs(summaries, view.height),
    economySection(ctx),
  ])
  const top = recent[0]
  const mempool = chain.mempoolSize?.()
  const stalled = chain.stalled?.()
  const status = html`<section id="chain-status" aria-labelledby="chain-status-title">
<h2 id="chain-status-title">Chain</h2>
<dl class="stats">
<div><dt>Height</dt><dd class="big" data-testid="height">${top ? html`<a href="${href(`${BASE}/blocks/${top.height}`, at)}">${top.height}</a>` : view.height || '—'}</dd></div>
<div><dt>Block time</dt><dd data-testid="block-time">${top ? timeTag(top.time) : '—'}</dd></div>
<div><dt>Block interval</dt><dd>${interval === undefined ? '—' : html`${durationText(interval)} <span class="muted">(median of the recent blocks)</span>`}</dd></div>
<div><dt>Mempool</dt><dd data-testid="mempool">${mempool === undefined ? '—' : html`${mempool} tx${mempool === 1 ? '' : 's'}${at !== undefined ? html` <span class="muted">(now)</span>` : ''}`}</dd></div>
</dl>
${stalled ? html`<p class="problem" data-testid="stalled">No block: ${stalled.reason}${at !== undefined ? html` <span class="muted">(now)</span>` : ''}</p>` : ''}
</section>`
  const blocks = html`<section id="recent-blocks" aria-labelledby="recent-blocks-title">
<h2 id="recent-blocks-title">Last blocks</h2>
${recent.length === 0 && chain.blocksElsewhere ? html`<p class="muted" data-testid="blocks-elsewhere">${chain.blocksElsewhere}</p>` : ''}
<div class="table-scroll"><table>
<thead><tr><th scope="col">Height</th><th scope="col">Time</th><th scope="col" class="num">Txs</th><th scope="col" class="num">Size</th><th scope="col">Hash</th></tr></thead>
<tbody>${recent.map(
    (b) =>
      html`<tr><td><a href="${href(`${BASE}/blocks/${b.height}`, at)}">${b.height}</a></td><td>${timeTag(b.time)}</td><td class="num">${b.txs}</td><td class="num">${b.size} B</td><td>${shortHash(b.hash)}</td></tr>`,
  )}</tbody>
</table></div>
</section>`
  return {
    'chain-status': String(await status),
    economy: String(economy),
    'recent-blocks': String(await blocks),
  }
}

/** The overview: the live fragments, then what the node is and who validates. */
export async function overviewBody(ctx: PageContext): Promise<HtmlEscapedString> {
  const { chain, view } = ctx
  const [fragments, validators, pool, protocol] = await Promise.all([
    overviewFragments(ctx),
    query(
      chain,
      'sdk.staking.v1beta1.Query/Validators',
      { status: '', pagination: { limit: 100 } },
      view.height,
    ),
    query(chain, 'sdk.staking.v1beta1.Query/Pool', {}, view.height),
    protocolVersion(ctx),
  ])
  const bonded = BigInt(str(obj(pool, 'pool'), 'bonded_tokens') || '0')
  const list = arr(validators, 'validators')
  const node = facts([
    ['Chain id', chain.chainId],
    ['Brand', chain.router.registry.brand.name],
    [
      'App version',
      html`${chain.appVersion}${protocol === undefined ? '' : html` <span class="muted">(protocol version ${protocol})</span>`}`,
    ],
    ['sdkd', chain.sdkdVersion],
    ['Moniker', chain.moniker],
  ])
  return html`<div class="grid">${raw(fragments['chain-status'] ?? '')}
<section aria-labelledby="node-title"><h2 id="node-title">Node</h2>${node}</section>
${raw(fragments.economy ?? '')}
</div>
${raw(fragments['recent-blocks'] ?? '')}
<section aria-labelledby="validators-title">
<h2 id="validators-title">Validators</h2>
${
  list.length === 0
    ? html`<p>No validators at this height.</p>`
    : html`<div class="table-scroll"><table>
<thead><tr><th scope="col">Moniker</th><th scope="col">Operator</th><th scope="col">Status</th><th scope="col" class="num">Tokens</th><th scope="col" class="num">Voting power</th><th scope="col" class="num">Share</th></tr></thead>
<tbody>${list.map((v) => validatorRow(v, bonded))}</tbody>
</table></div>`
}
</section>` as HtmlEscapedString
}

function validatorRow(v: JsonValue, bonded: bigint): HtmlEscapedString {
  const tokens = BigInt(str(v, 'tokens') || '0')
  const status = str(v, 'status')
    .replace(/^BOND_STATUS_/, '')
    .toLowerCase()
  const share = bonded > 0n && status === 'bonded' ? Number((tokens * 10000n) / bonded) / 100 : 0
  return html`<tr><td>${str(obj(v, 'description'), 'moniker')}</td><td><span class="addr">${str(v, 'operator_address')}</span></td><td>${status}${v && typeof v === 'object' && !Array.isArray(v) && v.jailed === true ? ' (jailed)' : ''}</td><td class="num">${tokens.toString()}</td><td class="num">${(tokens / POWER_REDUCTION).toString()}</td><td class="num">${share}%</td></tr>` as HtmlEscapedString
}

/** x/upgrade's protocol version at the viewed height (undefined before the module exists). */
async function protocolVersion(ctx: PageContext): Promise<bigint | undefined> {
  const state = ctx.chain.view(ctx.view.height)
  if (!state.hasStore(UPGRADE_STORE)) return undefined
  return new UpgradeKeeper({ registry: ctx.chain.router.registry }).protocolVersion(state)
}
