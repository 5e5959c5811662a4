import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { addressToBech32, bech32ToAddress, isAddress } from '../../codec/address.js'
import { fromHex, toHexUpper } from '../../codec/bytes.js'
import { txHashHex } from '../../codec/hash.js'
import type { JsonValue } from '../../codec/json.js'
import { GrpcCode, toChainError } from '../../errors.js'
import type { StoredBlock } from '../../store/block-store.js'
import { decodeTx } from '../../tx/decode.js'
import { query } from './chain-data.js'
import { accountEconomy } from './economy.js'
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
  shortHash,
  str,
  timeTag,
  typeName,
} from './format.js'
import type { PageContext } from './page-context.js'

/** A problem to show on an error page, with its HTTP status. */
export interface Problem {
  status: 400 | 404 | 503
  title: string
  message: string
}

/** A page's content, or a problem. */
export type PageResult = { title: string; body: HtmlEscapedString } | Problem

/** Txs listed on a block page (a block can hold thousands). */
const TXS_SHOWN = 200
/** Txs listed on an account page. */
const ACCOUNT_TXS = 10

const notFound = (title: string, message: string): Problem => ({ status: 404, title, message })
const badRequest = (title: string, message: string): Problem => ({
  status: 400,
  title,
  message,
})

/** The block page: header, hashes, txs. */
export async function blockPage(ctx: PageContext, heightText: string): Promise<PageResult> {
  const { chain, view } = ctx
  if (!/^\d{1,15}$/.test(heightText) || Number(heightText) < 1)
    return badRequest('Not a block height', `"${heightText}" is not a block height (1, 2, 3 …).`)
  const height = Number(heightText)
  if (height > view.latest)
    return notFound(
      `No block ${height}`,
      `Block ${height} does not exist yet: the latest height is ${view.latest}.`,
    )
  const stored = await chain.blocks.get(height)
  if (!stored)
    return notFound(
      `No block ${height}`,
      chain.blocksElsewhere ??
        `Block ${height} is no longer kept by this node: the lowest height it keeps is ${chain.blocks.base}.`,
    )
  const { header, blockId } = stored.block
  const registry = chain.router.registry
  const at = view.at
  const hex = (b: Uint8Array) =>
    b.length === 0 ? '—' : html`<span class="hash-full">${toHexUpper(b)}</span>`
  const prev = height > 1 ? height - 1 : undefined
  const next = height < view.latest ? height + 1 : undefined
  const body = html`<nav class="pager" aria-label="Blocks">
${prev !== undefined ? html`<a href="${href(`${BASE}/blocks/${prev}`, at)}" rel="prev">← Block ${prev}</a>` : ''}
<a href="${BASE}?height=${height}">State at height ${height}</a>
${next !== undefined ? html`<a href="${href(`${BASE}/blocks/${next}`, at)}" rel="next">Block ${next} →</a>` : ''}
</nav>
<section aria-labelledby="header-title">
<h2 id="header-title">Header</h2>
${facts([
  ['Height', String(header.height)],
  ['Time', timeTag(header.time)],
  ['Chain id', header.chainId],
  ['Block hash', html`<span class="hash-full">${toHexUpper(blockId.hash)}</span>`],
  [
    'Proposer',
    html`<span class="hash-full">${toHexUpper(header.proposerAddress)}</span> <span class="muted">(${addressToBech32(header.proposerAddress, registry.brand.bech32.consensus)})</span>`,
  ],
  ['Transactions', String(stored.block.txs.length)],
  ['Size', `${stored.size} bytes`],
])}
<h3>Hashes</h3>
${facts([
  [
    'Last block id',
    prev !== undefined
      ? html`<a class="hash-full" href="${href(`${BASE}/blocks/${prev}`, at)}">${hex(header.lastBlockId.hash)}</a>`
      : hex(header.lastBlockId.hash),
  ],
  ['App hash (state before this block)', hex(header.appHash)],
  ['App hash after this block', hex(stored.appHash)],
  ['Data hash', hex(header.dataHash)],
  ['Validators hash', hex(header.validatorsHash)],
  ['Next validators hash', hex(header.nextValidatorsHash)],
  ['Consensus hash', hex(header.consensusHash)],
  ['Last commit hash', hex(header.lastCommitHash)],
  ['Last results hash', hex(header.lastResultsHash)],
  ['Evidence hash', hex(header.evidenceHash)],
])}
</section>
${blockTxs(ctx, stored)}` as HtmlEscapedString
  return { title: `Block ${height}`, body }
}

function blockTxs(ctx: PageContext, stored: StoredBlock): HtmlEscapedString {
  const registry = ctx.chain.router.registry
  const txs = stored.block.txs
  const rows = txs.slice(0, TXS_SHOWN).map((bytes, i) => {
    const hash = txHashHex(bytes)
    const result = stored.results[i]
    let types = '(does not decode)'
    let memo = ''
    try {
      const tx = decodeTx(registry, bytes)
      types = tx.msgs.map((m) => typeName(m.typeUrl)).join(', ')
      memo = tx.memo
    } catch {
      // A tx that does not decode still has its result; show what there is.
    }
    return html`<tr><td class="num">${i}</td><td><a href="${href(`${BASE}/txs/${hash}`, ctx.view.at)}">${shortHash(hash)}</a></td><td>${types}</td><td>${result ? codeText(result.code, result.codespace) : '—'}</td><td class="num">${result ? `${result.gasUsed} / ${result.gasWanted}` : '—'}</td><td class="memo">${memo}</td></tr>`
  })
  return html`<section aria-labelledby="txs-title">
<h2 id="txs-title">Transactions</h2>
${
  txs.length === 0
    ? html`<p>No transactions in this block.</p>`
    : html`<div class="table-scroll"><table>
<thead><tr><th scope="col" class="num">#</th><th scope="col">Hash</th><th scope="col">Messages</th><th scope="col">Result</th><th scope="col" class="num">Gas used / wanted</th><th scope="col">Memo</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>${txs.length > TXS_SHOWN ? html`<p>The first ${TXS_SHOWN} of ${txs.length} transactions.</p>` : ''}`
}
</section>` as HtmlEscapedString
}

function codeText(code: number, codespace: string): HtmlEscapedString {
  return (
    code === 0
      ? html`<span class="ok">ok</span>`
      : html`<span class="warn">failed: code ${code}${codespace ? ` (${codespace})` : ''}</span>`
  ) as HtmlEscapedString
}

/** The tx page: result, gas, fee, memo, messages decoded as JSON, events, log. */
export async function txPage(ctx: PageContext, hashText: string): Promise<PageResult> {
  if (!/^[0-9a-fA-F]{64}$/.test(hashText))
    return badRequest(
      'Not a transaction hash',
      `"${hashText}" is not a transaction hash (64 hexadecimal digits).`,
    )
  const hash = hashText.toUpperCase()
  let r: Json | undefined
  try {
    r = await query(ctx.chain, 'sdk.tx.v1beta1.Service/GetTx', { hash }, ctx.view.latest)
  } catch (err) {
    if (toChainError(err).grpcCode !== GrpcCode.NotFound) throw err
  }
  if (r === undefined)
    return notFound(
      'No such transaction',
      `No transaction with hash ${hash} is in the blocks this node keeps (a tx still in the mempool has no page yet).`,
    )
  const res = obj(r, 'tx_response')
  const tx = obj(r, 'tx')
  const body = obj(tx, 'body')
  const authInfo = obj(tx, 'auth_info')
  const fee = obj(authInfo, 'fee')
  const height = Number(str(res, 'height'))
  const code = Number(str(res, 'code') || '0')
  const messages = arr(body, 'messages')
  const events = arr(res, 'events')
  const at = ctx.view.at
  const page = html`<section aria-labelledby="summary-title">
<h2 id="summary-title">Summary</h2>
${facts([
  ['Hash', html`<span class="hash-full">${str(res, 'txhash')}</span>`],
  ['Height', html`<a href="${href(`${BASE}/blocks/${height}`, at)}">${height}</a>`],
  ['Time', rfcTimeTag(str(res, 'timestamp'))],
  ['Result', codeText(code, str(res, 'codespace'))],
  ['Gas used / wanted', `${str(res, 'gas_used')} / ${str(res, 'gas_wanted')}`],
  ['Fee', coinsDisplay(arr(fee, 'amount'))],
  ['Memo', html`<span class="memo" data-testid="memo">${str(body, 'memo') || '—'}</span>`],
  ...(str(res, 'raw_log')
    ? [['Log', html`<code class="wrap">${str(res, 'raw_log')}</code>`] as const]
    : []),
])}
</section>
<section aria-labelledby="messages-title">
<h2 id="messages-title">Messages</h2>
${messages.map(
  (m, i) =>
    html`<h3>${i + 1}. ${typeName(str(m, '@type'))} <span class="muted">${str(m, '@type')}</span></h3>${messageLinks(m, at)}${jsonBlock(m, `message ${i + 1}`)}`,
)}
</section>
<section aria-labelledby="events-title">
<h2 id="events-title">Events</h2>
${
  events.length === 0
    ? html`<p>No events.</p>`
    : html`<div class="table-scroll"><table class="events">
<thead><tr><th scope="col">Type</th><th scope="col">Attributes</th></tr></thead>
<tbody>${events.map(
        (e) =>
          html`<tr><td>${str(e, 'type')}</td><td><ul class="attrs">${arr(e, 'attributes').map((a) => html`<li><span class="key">${str(a, 'key')}</span> = <span class="value">${str(a, 'value')}</span></li>`)}</ul></td></tr>`,
      )}</tbody>
</table></div>`
}
</section>` as HtmlEscapedString
  return { title: `Transaction ${shortHashText(hash)}`, body: page }
}

const shortHashText = (hex: string) => `${hex.slice(0, 8)}…${hex.slice(-6)}`

/** Links to the account pages of the addresses a message names (sender, recipient, voter …). */
function messageLinks(m: JsonValue, at: number | undefined): HtmlEscapedString | '' {
  const addresses = new Set<string>()
  if (m !== null && typeof m === 'object' && !Array.isArray(m)) {
    for (const [k, v] of Object.entries(m)) {
      if (
        typeof v === 'string' &&
        /(address|sender|voter|proposer|depositor|from|to)$/.test(k) &&
        isAddress(v)
      )
        addresses.add(v)
    }
  }
  if (addresses.size === 0) return ''
  return html`<p class="links">Accounts: ${[...addresses].map((a, i) => html`${i > 0 ? ', ' : ''}<a class="addr" href="${href(`${BASE}/accounts/${a}`, at)}">${a}</a>`)}</p>` as HtmlEscapedString
}

/** The account page: balances, account number and sequence at the viewed height, recent txs. */
export async function accountPage(ctx: PageContext, address: string): Promise<PageResult> {
  const { chain, view } = ctx
  const prefix = chain.router.registry.brand.bech32.account
  if (!isAddress(address, prefix))
    return badRequest(
      'Not an address',
      `"${address}" is not an account address of this chain (bech32 with the prefix "${prefix}").`,
    )
  let account: Json | undefined
  try {
    account = obj(
      await query(chain, 'sdk.auth.v1beta1.Query/Account', { address }, view.height),
      'account',
    )
  } catch (err) {
    if (toChainError(err).grpcCode !== GrpcCode.NotFound) throw err
  }
  const balances = arr(
    await query(
      chain,
      'sdk.bank.v1beta1.Query/AllBalances',
      { address, pagination: { limit: 100 } },
      view.height,
    ),
    'balances',
  )
  if (account === undefined && balances.length === 0)
    return notFound(
      'Unknown account',
      `Account ${address} has no state at height ${view.height}: it holds no balance and has never signed a transaction.`,
    )
  // A module account wraps its BaseAccount fields, a vesting account one level deeper.
  const nested = obj(obj(account, 'base_vesting_account'), 'base_account')
  const wrapped = obj(account, 'base_account')
  const base =
    Object.keys(nested).length > 0 ? nested : Object.keys(wrapped).length > 0 ? wrapped : account
  const pubKey = obj(base, 'pub_key')
  const txs = await recentTxs(ctx, address)
  const at = view.at
  const body = html`<section aria-labelledby="account-title">
<h2 id="account-title">Account</h2>
${facts([
  ['Address', html`<span class="addr">${address}</span>`],
  ['Type', account ? typeName(str(account, '@type')) : '(no account record: funds only)'],
  ['Account number', account ? str(base, 'account_number') : '—'],
  ['Sequence', html`<span data-testid="sequence">${account ? str(base, 'sequence') : '—'}</span>`],
  [
    'Public key',
    str(pubKey, 'key')
      ? html`<code class="wrap">${str(pubKey, 'key')}</code> <span class="muted">${typeName(str(pubKey, '@type'))}</span>`
      : '—',
  ],
])}
</section>
<section aria-labelledby="balances-title">
<h2 id="balances-title">Balances</h2>
${
  balances.length === 0
    ? html`<p>No balance.</p>`
    : html`<div class="table-scroll"><table>
<thead><tr><th scope="col">Denom</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${balances.map((b) => html`<tr><td>${str(b, 'denom')}</td><td class="num" data-denom="${str(b, 'denom')}">${str(b, 'amount')}</td></tr>`)}</tbody>
</table></div>`
}
</section>
${await accountEconomy(ctx, address)}
<section aria-labelledby="recent-txs-title">
<h2 id="recent-txs-title">Recent transactions</h2>
${
  txs.length === 0
    ? html`<p>No transactions sent or received up to height ${view.height}.</p>`
    : html`<div class="table-scroll"><table>
<thead><tr><th scope="col">Height</th><th scope="col">Hash</th><th scope="col">Messages</th><th scope="col">Result</th><th scope="col">Memo</th></tr></thead>
<tbody>${txs.map((t) => {
        const res = t
        const body = obj(obj(res, 'tx'), 'body')
        const h = str(res, 'height')
        return html`<tr><td><a href="${href(`${BASE}/blocks/${h}`, at)}">${h}</a></td><td><a href="${href(`${BASE}/txs/${str(res, 'txhash')}`, at)}">${shortHash(str(res, 'txhash'))}</a></td><td>${arr(
          body,
          'messages',
        )
          .map((m) => typeName(str(m, '@type')))
          .join(
            ', ',
          )}</td><td>${codeText(Number(str(res, 'code') || '0'), str(res, 'codespace'))}</td><td class="memo">${str(body, 'memo')}</td></tr>`
      })}</tbody>
</table></div>`
}
</section>` as HtmlEscapedString
  return { title: `Account ${address}`, body }
}

/** The account's newest txs up to the viewed height: sent (signed) or received. */
async function recentTxs(ctx: PageContext, address: string): Promise<Json[]> {
  const search = async (q: string) =>
    arr(
      await query(
        ctx.chain,
        'sdk.tx.v1beta1.Service/GetTxsEvent',
        { query: q, order_by: 2, page: 1, limit: ACCOUNT_TXS * 2 },
        ctx.view.latest,
      ).catch(() => undefined),
      'tx_responses',
    ) as Json[]
  const [sent, received] = await Promise.all([
    search(`message.sender='${address}'`),
    search(`transfer.recipient='${address}'`),
  ])
  const byHash = new Map<string, Json>()
  for (const t of [...sent, ...received]) {
    if (Number(str(t, 'height')) <= ctx.view.height) byHash.set(str(t, 'txhash'), t)
  }
  return [...byHash.values()]
    .sort((a, b) => Number(str(b, 'height')) - Number(str(a, 'height')))
    .slice(0, ACCOUNT_TXS)
}

/** Where a search leads: a block, a tx or an account page, or a problem to explain. */
export async function searchTarget(
  ctx: PageContext,
  text: string,
): Promise<{ location: string } | Problem> {
  const q = text.trim()
  const { chain } = ctx
  const brand = chain.router.registry.brand
  if (q === '')
    return badRequest(
      'Nothing to search',
      'Type a block height, a block or tx hash, or an address.',
    )
  if (/^\d{1,15}$/.test(q)) return { location: `${BASE}/blocks/${Number(q)}` }
  const hex = q.replace(/^0x/i, '')
  if (/^[0-9a-fA-F]{64}$/.test(hex)) {
    const bytes = fromHex(hex)
    if (await chain.blocks.txLocation(bytes))
      return { location: `${BASE}/txs/${hex.toUpperCase()}` }
    const h = await chain.blocks.heightOfHash(bytes)
    if (h !== undefined) return { location: `${BASE}/blocks/${h}` }
    return notFound(
      'Nothing found',
      `No block or transaction kept by this node has the hash ${hex.toUpperCase()}.`,
    )
  }
  if (isAddress(q, brand.bech32.account)) return { location: `${BASE}/accounts/${q}` }
  // A validator operator address is the same bytes as its account.
  if (isAddress(q, brand.bech32.validator))
    return {
      location: `${BASE}/accounts/${addressToBech32(bech32ToAddress(q, brand.bech32.validator))}`,
    }
  return notFound(
    'Nothing found',
    `Nothing matches "${q}". Search a block height (42), a block or transaction hash (64 hexadecimal digits) or an address (${brand.bech32.account}1…).`,
  )
}
