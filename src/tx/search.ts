import { fromHex } from '../codec/bytes.js'
import { GrpcCode, StatusError } from '../errors.js'
import type { BlockStore, StoredBlock, TxLocation } from '../store/block-store.js'
import { heightIndexValue, TX_HEIGHT_KEY } from '../store/tx-index.js'
import { operandText, parseEventQuery, type QueryCondition } from './query.js'
import {
  eventMatches,
  type HeightPlan,
  heightBounds,
  heightFilter,
  heightOf,
  planHeights,
  type Unit,
  unitsOf,
} from './search-plan.js'

/** A search the caller got wrong (bad query, page, order); the message is CometBFT's. */
export class TxSearchError extends StatusError {
  override readonly name: string = 'TxSearchError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(GrpcCode.InvalidArgument, message, options)
  }
}

/** tx_search / block_search paging (CometBFT defaults: page 1, 30 per page, at most 100). */
export interface SearchOptions {
  /** The page as asked (an RPC's int, which CometBFT echoes whole in its error). */
  page?: number | bigint
  perPage?: number
  /** `asc`, `desc` or `''` (tx_search: ascending; block_search: descending). */
  orderBy?: string
}

export interface TxSearchResult {
  /** Matches on the requested page, in order. */
  txs: TxLocation[]
  total: number
}

export interface BlockSearchResult {
  /** Heights on the requested page, in order. */
  heights: number[]
  total: number
}

/** The block store as the searches read it. */
type SearchedBlocks = Pick<
  BlockStore,
  'indexTxEvents' | 'txLocation' | 'indexedTxs' | 'get' | 'base' | 'latest'
>

/** CometBFT's `maxQueryLength` for tx_search (and subscriptions), in bytes. */
export const MAX_QUERY_LENGTH = 512

/** The reserved key of the block indexer. */
const BLOCK_HEIGHT_KEY = 'block.height'

const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100
/** Most matches one condition may produce (bounds memory for broad queries). */
const MAX_MATCHES = 1_000_000

const locKey = (l: TxLocation) => `${l.height}:${l.index}`

/** Throws CometBFT's text for an `order_by` it does not know. */
function checkOrder(orderBy: string): void {
  if (orderBy !== '' && orderBy !== 'asc' && orderBy !== 'desc') {
    throw new TxSearchError('expected order_by to be either `asc` or `desc` or empty')
  }
}

/** validatePerPage / validatePage, then the page's slice. */
function page<T>(all: readonly T[], options: SearchOptions): T[] {
  const asked = options.perPage
  const perPage =
    asked === undefined || asked < 1 ? DEFAULT_PER_PAGE : Math.min(asked, MAX_PER_PAGE)
  const pages = Math.max(1, Math.ceil(all.length / perPage))
  const p = BigInt(options.page ?? 1)
  if (p < 1n || p > BigInt(pages))
    throw new TxSearchError(`page should be within [1, ${pages}] range, given ${p}`)
  const start = (Number(p) - 1) * perPage
  return all.slice(start, start + perPage)
}

function parse(query: string): QueryCondition[] {
  try {
    return parseEventQuery(query)
  } catch (err) {
    throw new TxSearchError((err as Error).message)
  }
}

/**
 * CometBFT TxSearch over the kv index (v0.38): `tx.hash='…'` answers that one tx and ignores the
 * rest; otherwise every condition must hold within one event of the tx (conditions on different
 * events never match together), `tx.height` conditions narrowing by height. Results in (height,
 * index) order, ascending unless `desc`, one page at a time. A query over 512 bytes is refused.
 */
export async function searchTxs(
  blocks: SearchedBlocks,
  query: string,
  options: SearchOptions = {},
): Promise<TxSearchResult> {
  if (!blocks.indexTxEvents) throw new TxSearchError('transaction indexing is disabled')
  if (Buffer.byteLength(query, 'utf8') > MAX_QUERY_LENGTH)
    throw new TxSearchError('maximum query length exceeded')
  const conditions = parse(query)
  const found = await matchTxs(blocks, conditions)
  const orderBy = options.orderBy ?? ''
  checkOrder(orderBy)
  const all = found.sort((a, b) => a.height - b.height || a.index - b.index)
  if (orderBy === 'desc') all.reverse()
  return { txs: page(all, options), total: all.length }
}

/** The txs a parsed query matches, unordered. */
async function matchTxs(
  blocks: SearchedBlocks,
  conditions: readonly QueryCondition[],
): Promise<TxLocation[]> {
  const byHash = conditions.find((c) => c.key === 'tx.hash')
  if (byHash) {
    let hash: Uint8Array
    try {
      hash = fromHex(operandText(byHash))
    } catch (err) {
      throw new TxSearchError(
        `error during searching for a hash in the query: ${(err as Error).message}`,
      )
    }
    if (hash.length === 0) {
      throw new TxSearchError('error while retrieving the result: transaction hash cannot be empty')
    }
    const loc = await blocks.txLocation(hash)
    return loc ? [loc] : []
  }

  const plan = planHeights(conditions, TX_HEIGHT_KEY)
  const passes = heightFilter(plan)
  if (plan.onlyHeightEq) {
    // Matched as an index prefix of the operand's text: it must read as the height itself.
    const c = plan.heightEq!
    const h = heightOf(c)!
    if (String(h) !== operandText(c)) return []
    return collect(blocks.indexedTxs(TX_HEIGHT_KEY, { value: heightIndexValue(h) }), () => true)
  }
  const units = unitsOf(plan, TX_HEIGHT_KEY)
  if (units.length === 0) return []
  const onHeight = units.filter((u) => u.key === TX_HEIGHT_KEY)
  if (onHeight.length > 0 && onHeight.length < units.length) return [] // no event holds both

  let result: Map<string, TxLocation> | undefined
  for (const u of units) {
    const found = await unitMatches(blocks, u, plan, passes)
    if (!result) result = found
    else for (const k of [...result.keys()]) if (!found.has(k)) result.delete(k)
    if (result.size === 0) return []
  }
  const candidates = [...result!.values()]
  if (onHeight.length > 0 || units.length === 1) return candidates

  // Several event conditions: one event of the tx must satisfy all of them.
  const cache = new Map<number, StoredBlock | undefined>()
  const out: TxLocation[] = []
  for (const loc of candidates) {
    if (!cache.has(loc.height)) cache.set(loc.height, await blocks.get(loc.height))
    const events = cache.get(loc.height)?.results[loc.index]?.events ?? []
    if (events.some((e) => eventMatches(e, units))) out.push(loc)
  }
  return out
}

/** The txs with an indexed attribute satisfying one unit at a height that passes the filter. */
async function unitMatches(
  blocks: SearchedBlocks,
  u: Unit,
  plan: HeightPlan,
  passes: (height: number) => boolean,
): Promise<Map<string, TxLocation>> {
  if (u.key === TX_HEIGHT_KEY) {
    // The height entries hold the height as padded digits; conditions see its decimal text.
    const range = plan.onlyHeightRange ? plan.heightRange : undefined
    const bounds = range ? heightBounds(range) : {}
    if (bounds === undefined) return new Map()
    return toMap(
      await collect(
        blocks.indexedTxs(TX_HEIGHT_KEY, bounds),
        (t) => (range !== undefined || passes(t.height)) && u.test(String(Number(t.value))),
      ),
    )
  }
  // One value for `=`, the whole key otherwise.
  const entries = blocks.indexedTxs(u.key, u.eq !== undefined ? { value: u.eq } : {})
  return toMap(await collect(entries, (t) => passes(t.height) && u.test(t.value)))
}

async function collect(
  entries: AsyncIterable<{ height: number; index: number; value: string }>,
  keep: (t: { height: number; index: number; value: string }) => boolean,
): Promise<TxLocation[]> {
  const out: TxLocation[] = []
  for await (const t of entries) {
    if (!keep(t)) continue
    if (out.length >= MAX_MATCHES)
      throw new TxSearchError('too many matching txs; narrow the query')
    out.push({ height: t.height, index: t.index })
  }
  return out
}

function toMap(locs: readonly TxLocation[]): Map<string, TxLocation> {
  return new Map(locs.map((l) => [locKey(l), l]))
}

/**
 * CometBFT BlockSearch over FinalizeBlock's block-level events (v0.38 kv block indexer semantics):
 * `block.height` conditions narrow the heights (alone, they are the answer); every other condition
 * must hold within one event of the block. sdkd keeps no separate block index: the retained blocks
 * in the height window are read. Heights descending unless `asc`, one page at a time.
 */
export async function searchBlocks(
  blocks: SearchedBlocks,
  query: string,
  options: SearchOptions = {},
): Promise<BlockSearchResult> {
  if (!blocks.indexTxEvents) throw new TxSearchError('block indexing is disabled')
  const conditions = parse(query)
  const heights = await matchBlocks(blocks, conditions)
  const orderBy = options.orderBy ?? ''
  checkOrder(orderBy)
  heights.sort((a, b) => (orderBy === 'asc' ? a - b : b - a))
  return { heights: page(heights, options), total: heights.length }
}

async function matchBlocks(
  blocks: SearchedBlocks,
  conditions: readonly QueryCondition[],
): Promise<number[]> {
  const latest = blocks.latest?.block.header.height ?? 0
  const base = Math.max(blocks.base, 1)
  if (latest === 0) return []
  const plan = planHeights(conditions, BLOCK_HEIGHT_KEY)
  if (plan.onlyHeightEq) {
    const h = heightOf(plan.heightEq!)!
    return h >= base && h <= latest ? [h] : []
  }
  const units = unitsOf(plan, BLOCK_HEIGHT_KEY)
  if (units.length === 0) return []
  const passes = heightFilter(plan)
  let lo = base
  let hi = latest
  if (plan.heightRange) {
    const bounds = heightBounds(plan.heightRange)
    if (!bounds) return []
    if (bounds.gte !== undefined) lo = Math.max(lo, Number(bounds.gte))
    if (bounds.lt !== undefined) hi = Math.min(hi, Number(bounds.lt) - 1)
  } else if (plan.heightEq) {
    const h = heightOf(plan.heightEq)!
    lo = Math.max(lo, h)
    hi = Math.min(hi, h)
  }
  if (plan.onlyHeightRange) {
    // Only ranges (or other operators) on block.height: ranges select heights; `EXISTS` and
    // `CONTAINS` on it match nothing (the height entry is no event).
    if (units.some((u) => u.key !== BLOCK_HEIGHT_KEY) || plan.rest.length > 0) return []
    const out: number[] = []
    for (let h = lo; h <= hi; h++) if (units.every((u) => u.test(String(h)))) out.push(h)
    return out
  }
  if (units.some((u) => u.key === BLOCK_HEIGHT_KEY)) return []
  const out: number[] = []
  for (let h = lo; h <= hi; h++) {
    if (!passes(h)) continue
    const stored = await blocks.get(h)
    if (!stored) continue
    const events = [...stored.beginBlockEvents, ...stored.endBlockEvents]
    if (events.some((e) => eventMatches(e, units))) out.push(h)
  }
  return out
}
