import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { decFromString } from '../../codec/dec.js'
import type { JsonValue } from '../../codec/json.js'
import { query } from './chain-data.js'
import { arr, facts, obj, str } from './format.js'
import type { PageContext } from './page-context.js'

/**
 * What the pages show of the economy: x/mint's inflation and annual provisions, x/distribution's
 * community pool, validator commission and outstanding rewards, and a delegator's pending rewards.
 * Every figure is read through the query router by method name, so an app version that does not
 * serve a query (one without x/distribution, say) simply shows no such row; nothing here fails a
 * page for a missing module.
 */

const DIST = 'sdk.distribution.v1beta1.Query'

/**
 * A LegacyDec text as people read it: the integer part, then the fraction without its trailing
 * zeros (`12.500000000000000000` → `12.5`, `7.000000000000000000` → `7`); other text unchanged.
 */
export function decText(dec: string): string {
  const m = /^(-?\d+)\.(\d+)$/.exec(dec)
  if (!m) return dec
  const fraction = m[2]!.replace(/0+$/, '')
  return fraction ? `${m[1]}.${fraction}` : m[1]!
}

/**
 * A LegacyDec rate as a percentage with up to `digits` decimals, truncated as the chain truncates
 * (`0.130000512000000000` → `13.0000512%` with 7 digits); the text itself when it is no decimal.
 */
export function decPercent(rate: string, digits = 6): string {
  let scaled: bigint
  try {
    scaled = decFromString(rate)
  } catch {
    return rate || '—'
  }
  // rate × 100 with `digits` decimals: scaled / 10^18 × 100 × 10^digits.
  const units = (scaled * 100n * 10n ** BigInt(digits)) / 10n ** 18n
  const negative = units < 0n
  const abs = negative ? -units : units
  const whole = abs / 10n ** BigInt(digits)
  const fraction = (abs % 10n ** BigInt(digits)).toString().padStart(digits, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}%`
}

/** DecCoins (`[{denom, amount}]` with decimal amounts) for a page: `12.5stake, 3token`; `0` for none. */
export function decCoinsText(coins: readonly JsonValue[]): string {
  if (coins.length === 0) return '0'
  return coins.map((c) => `${decText(str(c, 'amount'))}${str(c, 'denom')}`).join(', ')
}

/** Runs a query; undefined when it is not served or fails (the row is then left out). */
async function tryQuery(run: () => Promise<JsonValue | undefined>): Promise<JsonValue | undefined> {
  try {
    return await run()
  } catch {
    return undefined
  }
}

/**
 * The overview's economy rows at the viewed height: inflation, annual provisions (x/mint) and the
 * community pool (x/distribution), each only when its query is served; [] when none is.
 */
export async function economyRows(ctx: PageContext): Promise<[string, string][]> {
  const { chain, view } = ctx
  const [inflation, provisions, params, pool] = await Promise.all([
    tryQuery(() => query(chain, 'sdk.mint.v1beta1.Query/Inflation', {}, view.height)),
    tryQuery(() => query(chain, 'sdk.mint.v1beta1.Query/AnnualProvisions', {}, view.height)),
    tryQuery(() => query(chain, 'sdk.mint.v1beta1.Query/Params', {}, view.height)),
    tryQuery(() => query(chain, `${DIST}/CommunityPool`, {}, view.height)),
  ])
  const rows: [string, string][] = []
  if (inflation !== undefined) rows.push(['Inflation', decPercent(str(inflation, 'inflation'))])
  if (provisions !== undefined) {
    const denom = str(obj(params, 'params'), 'mint_denom')
    rows.push([
      'Annual provisions',
      `${decText(str(provisions, 'annual_provisions'))}${denom} a year`,
    ])
  }
  if (pool !== undefined) rows.push(['Community pool', decCoinsText(arr(pool, 'pool'))])
  return rows
}

/**
 * The overview's economy section (inflation, annual provisions, community pool): a live fragment,
 * so an empty, hidden one stands in while no figure is served (an upgrade may add the modules).
 */
export async function economySection(ctx: PageContext): Promise<HtmlEscapedString> {
  const rows = await economyRows(ctx)
  if (rows.length === 0) return html`<section id="economy" hidden></section>` as HtmlEscapedString
  return html`<section id="economy" aria-labelledby="economy-title">
<h2 id="economy-title">Economy</h2>
${facts(rows)}
</section>` as HtmlEscapedString
}

/** A validator's accumulated commission and outstanding rewards, as DecCoins text. */
export interface ValidatorEarnings {
  commission: string
  outstanding: string
}

/**
 * Accumulated commission and outstanding rewards per validator operator at the viewed height;
 * undefined when this app version serves neither query (the page then has no such columns).
 */
export async function validatorEarnings(
  ctx: PageContext,
  operators: readonly string[],
): Promise<Map<string, Partial<ValidatorEarnings>> | undefined> {
  const { chain, view } = ctx
  const commission = chain.router.method(`${DIST}/ValidatorCommission`)
  const outstanding = chain.router.method(`${DIST}/ValidatorOutstandingRewards`)
  if (!commission && !outstanding) return undefined
  const out = new Map<string, Partial<ValidatorEarnings>>()
  await Promise.all(
    operators.map(async (validator_address) => {
      const [c, o] = await Promise.all([
        commission
          ? tryQuery(() =>
              query(chain, `${DIST}/ValidatorCommission`, { validator_address }, view.height),
            )
          : undefined,
        outstanding
          ? tryQuery(() =>
              query(
                chain,
                `${DIST}/ValidatorOutstandingRewards`,
                { validator_address },
                view.height,
              ),
            )
          : undefined,
      ])
      const earned: Partial<ValidatorEarnings> = {}
      if (c !== undefined) earned.commission = decCoinsText(arr(obj(c, 'commission'), 'commission'))
      if (o !== undefined) earned.outstanding = decCoinsText(arr(obj(o, 'rewards'), 'rewards'))
      out.set(validator_address, earned)
    }),
  )
  return out
}

/**
 * The account page's rewards section: each delegation's pending rewards and their total
 * (x/distribution's DelegationTotalRewards); '' when the query is not served.
 */
export async function rewardsSection(
  ctx: PageContext,
  address: string,
): Promise<HtmlEscapedString | ''> {
  const answer = await tryQuery(() =>
    query(
      ctx.chain,
      `${DIST}/DelegationTotalRewards`,
      { delegator_address: address },
      ctx.view.height,
    ),
  )
  if (answer === undefined) return ''
  const rewards = arr(answer, 'rewards')
  return html`<section aria-labelledby="rewards-title">
<h2 id="rewards-title">Delegation rewards</h2>
${
  rewards.length === 0
    ? html`<p>No delegations.</p>`
    : html`<div class="table-scroll"><table data-testid="rewards">
<thead><tr><th scope="col">Validator</th><th scope="col" class="num">Pending reward</th></tr></thead>
<tbody>${rewards.map((r) => html`<tr><td><span class="addr">${str(r, 'validator_address')}</span></td><td class="num" data-validator="${str(r, 'validator_address')}">${decCoinsText(arr(r, 'reward'))}</td></tr>`)}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="num" data-testid="rewards-total">${decCoinsText(arr(answer, 'total'))}</td></tr></tfoot>
</table></div>`
}
</section>` as HtmlEscapedString
}

/**
 * The account page's validator section when the account operates one: commission rate, accumulated
 * commission and outstanding rewards ('' when it operates none; a figure not served has no row).
 */
export async function operatorSection(
  ctx: PageContext,
  operator: string,
): Promise<HtmlEscapedString | ''> {
  const validator = await tryQuery(() =>
    query(
      ctx.chain,
      'sdk.staking.v1beta1.Query/Validator',
      { validator_addr: operator },
      ctx.view.height,
    ),
  )
  if (validator === undefined) return ''
  const v = obj(validator, 'validator')
  const earnings = (await validatorEarnings(ctx, [operator]))?.get(operator) ?? {}
  const rows: [string, unknown][] = [
    ['Operator address', html`<span class="addr">${operator}</span>`],
    ['Moniker', str(obj(v, 'description'), 'moniker') || '—'],
    ['Commission rate', decPercent(str(obj(obj(v, 'commission'), 'commission_rates'), 'rate'), 2)],
  ]
  if (earnings.commission !== undefined) rows.push(['Accumulated commission', earnings.commission])
  if (earnings.outstanding !== undefined) rows.push(['Outstanding rewards', earnings.outstanding])
  return html`<section aria-labelledby="operator-title">
<h2 id="operator-title">Validator</h2>
${facts(rows)}
</section>` as HtmlEscapedString
}

/** What the account page adds of the economy: the validator it operates, then its rewards. */
export async function accountEconomy(
  ctx: PageContext,
  address: string,
): Promise<HtmlEscapedString> {
  const { bech32 } = ctx.chain.router.registry.brand
  const operator = addressToBech32(bech32ToAddress(address, bech32.account), bech32.validator)
  const [validator, rewards] = await Promise.all([
    operatorSection(ctx, operator),
    rewardsSection(ctx, address),
  ])
  return html`${validator}${rewards}` as HtmlEscapedString
}
