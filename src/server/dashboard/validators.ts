import { createHash } from 'node:crypto'
import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { addressToBech32 } from '../../codec/address.js'
import { decFromString } from '../../codec/dec.js'
import type { JsonValue } from '../../codec/json.js'
import { messageToJson } from '../../codec/json-writer.js'
import { POWER_REDUCTION } from '../../modules/staking/keys.js'
import { query } from './chain-data.js'
import { type ValidatorEarnings, validatorEarnings } from './economy.js'
import { arr, facts, type Json, obj, str } from './format.js'
import type { Fragments, PageContext } from './page-context.js'

/** Validators listed (upstream's default `max_validators` is 100; the query pages past that). */
const VALIDATORS_SHOWN = 500

/** x/slashing's query of every signing info (absent until the app version has x/slashing). */
const SIGNING_INFOS = 'sdk.slashing.v1beta1.Query/SigningInfos'
const SLASHING_PARAMS = 'sdk.slashing.v1beta1.Query/Params'

/** One validator as the page shows it. */
export interface ValidatorLine {
  moniker: string
  operator: string
  /** Consensus address, bech32 (`sdkvalcons1…`), matched against x/slashing's signing infos. */
  consensus: string | undefined
  status: 'bonded' | 'unbonding' | 'unbonded' | string
  jailed: boolean
  tokens: bigint
  /** Consensus power: bonded tokens ÷ 10^6 for a bonded validator, 0 otherwise (as CometBFT sees it). */
  power: bigint
  /** Commission rate, 18-digit decimal text. */
  commission: string
}

/** Share of `part` in `whole` as a percentage with at most two decimals (0 when `whole` is 0). */
export function percent(part: bigint, whole: bigint): number {
  return whole > 0n ? Number((part * 10000n) / whole) / 100 : 0
}

/** A LegacyDec rate (`0.100000000000000000`) as a percentage (`10%`, `12.5%`). */
export function ratePercent(rate: string): string {
  try {
    return `${Number((decFromString(rate) * 10000n) / 10n ** 18n) / 100}%`
  } catch {
    return rate || '—'
  }
}

/** Consensus address of a validator's `consensus_pubkey` JSON (ed25519: sha256(key)[:20]). */
function consensusAddress(pubKey: Json, prefix: string): string | undefined {
  const key = str(pubKey, 'key')
  if (!key) return undefined
  const digest = createHash('sha256').update(Buffer.from(key, 'base64')).digest()
  return addressToBech32(new Uint8Array(digest.subarray(0, 20)), prefix)
}

/** The validators at the viewed height, by descending power (then tokens, then operator). */
export async function validatorLines(ctx: PageContext): Promise<ValidatorLine[]> {
  const r = await query(
    ctx.chain,
    'sdk.staking.v1beta1.Query/Validators',
    { status: '', pagination: { limit: VALIDATORS_SHOWN } },
    ctx.view.height,
  )
  const prefix = ctx.chain.router.registry.brand.bech32.consensus
  const lines = arr(r, 'validators').map((v): ValidatorLine => {
    const status = str(v, 'status')
      .replace(/^BOND_STATUS_/, '')
      .toLowerCase()
    const tokens = BigInt(str(v, 'tokens') || '0')
    return {
      moniker: str(obj(v, 'description'), 'moniker'),
      operator: str(v, 'operator_address'),
      consensus: consensusAddress(obj(v, 'consensus_pubkey'), prefix),
      status,
      jailed: (v as Json).jailed === true,
      tokens,
      power: status === 'bonded' ? tokens / POWER_REDUCTION : 0n,
      commission: str(obj(obj(v, 'commission'), 'commission_rates'), 'rate'),
    }
  })
  return lines.sort((a, b) =>
    a.power !== b.power
      ? a.power > b.power
        ? -1
        : 1
      : a.tokens !== b.tokens
        ? a.tokens > b.tokens
          ? -1
          : 1
        : a.operator.localeCompare(b.operator),
  )
}

/**
 * Missed blocks in the slashing window by consensus address, and the window's length; undefined
 * when this app version serves no x/slashing query (the page then shows "—").
 */
export async function missedBlocks(
  ctx: PageContext,
): Promise<{ byAddress: Map<string, string>; window: string } | undefined> {
  const { router } = ctx.chain
  // Looked up by name at run time: the method exists only in app versions with x/slashing.
  const infos = router.byPath(router.registry.name(`/${SIGNING_INFOS}`))
  if (!infos) return undefined
  const height = ctx.view.height
  const answer = await router.run(infos, { pagination: { limit: VALIDATORS_SHOWN } }, height)
  const json = messageToJson(router.registry, infos.responseType, answer) as Json
  const byAddress = new Map<string, string>()
  for (const info of arr(json, 'info'))
    byAddress.set(str(info, 'address'), str(info, 'missed_blocks_counter') || '0')
  let window = ''
  const params = router.byPath(router.registry.name(`/${SLASHING_PARAMS}`))
  if (params) {
    const p = messageToJson(
      router.registry,
      params.responseType,
      await router.run(params, {}, height),
    )
    window = str(obj(p as JsonValue, 'params'), 'signed_blocks_window')
  }
  return { byAddress, window }
}

/** The live part of the validators page: the totals and the table. */
export async function validatorsFragments(ctx: PageContext): Promise<Fragments> {
  const [lines, missed] = await Promise.all([validatorLines(ctx), missedBlocks(ctx)])
  // x/distribution's figures per validator: columns only where this app version serves them.
  const earnings = await validatorEarnings(
    ctx,
    lines.map((v) => v.operator),
  )
  const total = lines.reduce((s, v) => s + v.power, 0n)
  const bonded = lines.filter((v) => v.status === 'bonded').length
  const table = html`<section id="validator-set" aria-labelledby="validator-set-title">
<h2 id="validator-set-title">Validator set</h2>
${facts([
  ['Validators', `${lines.length} (${bonded} bonded)`],
  ['Total voting power', total.toString()],
  [
    'Slashing window',
    missed === undefined
      ? '— (this app version has no x/slashing)'
      : missed.window
        ? `${missed.window} blocks`
        : '—',
  ],
])}
${
  lines.length === 0
    ? html`<p>No validators at this height.</p>`
    : html`<div class="table-scroll"><table class="validators">
<thead><tr><th scope="col">Moniker</th><th scope="col">Operator</th><th scope="col" class="num">Voting power</th><th scope="col" class="num">Share</th><th scope="col">Status</th><th scope="col">Jailed</th><th scope="col" class="num">Commission</th><th scope="col" class="num">Missed blocks</th>${earnings ? html`<th scope="col" class="num">Commission earned</th><th scope="col" class="num">Outstanding rewards</th>` : ''}</tr></thead>
<tbody>${lines.map((v) => row(v, total, missed?.byAddress, earnings))}</tbody>
</table></div>`
}
</section>`
  return { 'validator-set': String(await table) }
}

function row(
  v: ValidatorLine,
  total: bigint,
  missed: Map<string, string> | undefined,
  earnings: Map<string, Partial<ValidatorEarnings>> | undefined,
): HtmlEscapedString {
  const share = percent(v.power, total)
  const miss = (v.consensus && missed?.get(v.consensus)) || '—'
  const earned = earnings?.get(v.operator)
  const distribution = earnings
    ? html`<td class="num" data-col="commission-earned">${earned?.commission ?? '—'}</td><td class="num" data-col="outstanding">${earned?.outstanding ?? '—'}</td>`
    : ''
  return html`<tr data-operator="${v.operator}"><td data-col="moniker">${v.moniker || '—'}</td><td><span class="addr">${v.operator}</span></td><td class="num" data-col="power">${v.power.toString()}</td><td class="num" data-col="share">${share}%</td><td data-col="status">${v.status}</td><td data-col="jailed">${v.jailed ? 'yes' : 'no'}</td><td class="num" data-col="commission">${ratePercent(v.commission)}</td><td class="num" data-col="missed">${miss}</td>${distribution}</tr>` as HtmlEscapedString
}

/** The validators page: the live validator set. */
export async function validatorsBody(ctx: PageContext): Promise<HtmlEscapedString> {
  const fragments = await validatorsFragments(ctx)
  return html`${raw(fragments['validator-set'] ?? '')}` as HtmlEscapedString
}
