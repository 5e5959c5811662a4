import { fromHex } from '../codec/bytes.js'
import type { BlockStore, TxLocation } from '../store/block-store.js'
import { heightIndexValue, TX_HEIGHT_KEY } from '../store/tx-index.js'
import { matchesCondition, parseEventQuery, type QueryCondition } from './query.js'

/** A search the caller got wrong (bad query, page, order); the message is CometBFT's. */
export class TxSearchError extends Error {
  override readonly name = 'TxSearchError'
}

/** tx_search paging (CometBFT defaults: page 1, 30 per page, at most 100). */
export interface TxSearchOptions {
  page?: number
  perPage?: number
  /** `asc`, `desc` or `''` (ascending). */
  orderBy?: string
}

export interface TxSearchResult {
  /** Matches on the requested page, in order. */
  txs: TxLocation[]
  total: number
}

const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100
/** Most matches one condition may produce (bounds memory for broad queries). */
const MAX_MATCHES = 1_000_000

const locKey = (l: TxLocation) => `${l.height}:${l.index}`

/** Locations matching one condition, from the tx hash index or the event index. */
async function matching(blocks: BlockStore, c: QueryCondition): Promise<Map<string, TxLocation>> {
  const out = new Map<string, TxLocation>()
  const add = (l: TxLocation) => {
    if (out.size >= MAX_MATCHES) throw new TxSearchError('too many matching txs; narrow the query')
    out.set(locKey(l), { height: l.height, index: l.index })
  }
  if (c.key === 'tx.hash') {
    if (c.op !== '=' || c.operand?.kind !== 'string') return out
    let hash: Uint8Array
    try {
      hash = fromHex(c.operand.value)
    } catch {
      return out
    }
    const loc = await blocks.txLocation(hash)
    if (loc) add(loc)
    return out
  }
  if (
    c.key === TX_HEIGHT_KEY &&
    c.operand?.kind === 'number' &&
    Number.isInteger(c.operand.value)
  ) {
    const n = c.operand.value
    const bounds: { gte?: string; lt?: string } = {}
    if (n < 0) {
      if (c.op === '>' || c.op === '>=') bounds.gte = heightIndexValue(0)
      else return out
    } else if (c.op === '=') {
      for await (const t of blocks.indexedTxs(TX_HEIGHT_KEY, { value: heightIndexValue(n) })) add(t)
      return out
    } else if (c.op === '>') bounds.gte = heightIndexValue(n + 1)
    else if (c.op === '>=') bounds.gte = heightIndexValue(n)
    else if (c.op === '<') bounds.lt = heightIndexValue(n)
    else if (c.op === '<=') bounds.lt = heightIndexValue(n + 1)
    for await (const t of blocks.indexedTxs(TX_HEIGHT_KEY, bounds)) add(t)
    return out
  }
  if (c.op === '=' && c.operand?.kind === 'string') {
    for await (const t of blocks.indexedTxs(c.key, { value: c.operand.value })) add(t)
    return out
  }
  for await (const t of blocks.indexedTxs(c.key, {})) if (matchesCondition(c, t.value)) add(t)
  return out
}

/**
 * CometBFT TxSearch over the kv index: every condition must hold (on any event of the tx); results
 * in (height, index) order, ascending unless `desc`, one page at a time.
 */
export async function searchTxs(
  blocks: BlockStore,
  query: string,
  options: TxSearchOptions = {},
): Promise<TxSearchResult> {
  if (!blocks.indexTxEvents) throw new TxSearchError('transaction indexing is disabled')
  const orderBy = options.orderBy ?? ''
  if (orderBy !== '' && orderBy !== 'asc' && orderBy !== 'desc') {
    throw new TxSearchError('expected order_by to be either `asc` or `desc` or empty')
  }
  let conditions: QueryCondition[]
  try {
    conditions = parseEventQuery(query)
  } catch (err) {
    throw new TxSearchError((err as Error).message)
  }
  let result: Map<string, TxLocation> | undefined
  // The hash condition first: it narrows to one tx at once.
  conditions.sort((a, b) => Number(b.key === 'tx.hash') - Number(a.key === 'tx.hash'))
  for (const c of conditions) {
    const found = await matching(blocks, c)
    if (!result) result = found
    else for (const k of [...result.keys()]) if (!found.has(k)) result.delete(k)
    if (result.size === 0) break
  }
  const all = [...(result?.values() ?? [])].sort((a, b) => a.height - b.height || a.index - b.index)
  if (orderBy === 'desc') all.reverse()

  const perPageIn = options.perPage
  const perPage =
    perPageIn === undefined || perPageIn < 1 ? DEFAULT_PER_PAGE : Math.min(perPageIn, MAX_PER_PAGE)
  const pages = Math.max(1, Math.ceil(all.length / perPage))
  const page = options.page ?? 1
  if (page < 1 || page > pages) {
    throw new TxSearchError(`page should be within [1, ${pages}] range, given ${page}`)
  }
  const start = (page - 1) * perPage
  return { txs: all.slice(start, start + perPage), total: all.length }
}
