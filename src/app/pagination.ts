import { type Bytes, concatBytes } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import { GrpcCode, StatusError } from '../errors.js'
import type { KeyedMap } from '../store/collections.js'
import { prefixEnd } from '../store/keys.js'
import type { KVReader } from '../store/types.js'

/**
 * Pagination of list queries over a typed collection, with the upstream rules: `limit` 0 means 100
 * and forces `count_total`; `offset` and `key` together are refused; `next_key` is the key (below
 * the prefix) of the first entry after the page; `total` is filled only when counting and never
 * with key-based pages. The edges follow the paginator the route's upstream handler uses.
 */

/** Page size when the request sets none (upstream DefaultLimit). */
export const DEFAULT_PAGE_LIMIT = 100n

/**
 * The upstream paginator a route's handler uses; they answer the edges differently.
 * - `collections` (query.CollectionPaginate, CollectionFilteredPaginate): the offset skips entries
 *   whether or not the filter keeps them; an offset past the end answers an empty page response
 *   (`total` 0 even when counting); a key-based page's limit counts every entry read.
 * - `prefix-store` (query.Paginate, FilteredPaginate, GenericFilteredPaginate): offsets, limits and
 *   `total` count the kept entries only, so a page past the end still answers the count;
 *   `next_key` is the first kept entry after the page.
 */
export type Paginator = 'collections' | 'prefix-store'

/** A page request the paginator refuses; callers wrap it in their own status error. */
export class PaginationError extends StatusError {
  override readonly name: string = 'PaginationError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(GrpcCode.InvalidArgument, message, options)
  }
}

/** sdk.base.query.v1beta1.PageResponse as a plain object. */
export interface PageResponse {
  next_key: Bytes | undefined
  total: string
}

export interface Page<K, V> {
  entries: [K, V][]
  pagination: PageResponse
}

export interface PaginateOptions<K, V> {
  /** The upstream paginator whose answers the route gives. */
  paginator: Paginator
  /** Encoded key prefix inside the collection (e.g. one address of a pair key). */
  prefix?: Bytes
  /** Entries to leave out (they neither fill the page nor count). */
  filter?: (key: K, value: V) => boolean
}

const EMPTY = new Uint8Array(0)

/** Reads one page of `map` (a PageRequest message or nothing). */
export async function paginate<K, V>(
  map: KeyedMap<K, V>,
  store: KVReader,
  request: Proto<'sdk.base.query.v1beta1.PageRequest'> | null,
  options: PaginateOptions<K, V>,
): Promise<Page<K, V>> {
  const key = request && request.key.length > 0 ? request.key : undefined
  const offset = int64Of(request?.offset)
  let limit = int64Of(request?.limit)
  let countTotal = request?.count_total === true
  const reverse = request?.reverse === true
  if (offset > 0n && key) {
    throw new PaginationError('invalid request, either offset or key is expected, got both')
  }
  if (limit === 0n) {
    limit = DEFAULT_PAGE_LIMIT
    countTotal = true
  }
  const prefix = options.prefix ?? EMPTY
  const keep = options.filter ?? (() => true)
  const byCollections = options.paginator === 'collections'
  const entries: [K, V][] = []
  let count = 0n
  let nextKey: Bytes | undefined

  if (key) {
    const from = concatBytes(prefix, key)
    // Descending, collections start below the key's prefix end (so also at keys extending it);
    // the prefix-store paginators at the key itself.
    const end = byCollections ? prefixEnd(from) : concatBytes(from, Uint8Array.of(0))
    const range = reverse
      ? { prefix, reverse, ...(end ? { end } : {}) }
      : { prefix, reverse, start: from }
    for await (const [k, v, raw] of map.iterate(store, range)) {
      if (count === limit) {
        nextKey = raw.slice(prefix.length)
        break
      }
      const kept = keep(k, v)
      if (kept) entries.push([k, v])
      if (kept || byCollections) count++
    }
    return { entries, pagination: { next_key: nextKey, total: '0' } }
  }

  if (!byCollections) {
    const end = offset + limit
    for await (const [k, v, raw] of map.iterate(store, { prefix, reverse })) {
      if (!keep(k, v)) continue
      count++
      if (count > offset && count <= end) entries.push([k, v])
      else if (count === end + 1n) {
        nextKey = raw.slice(prefix.length)
        if (!countTotal) break
      }
    }
    return { entries, pagination: { next_key: nextKey, total: countTotal ? String(count) : '0' } }
  }

  let skipped = 0n
  for await (const [k, v, raw] of map.iterate(store, { prefix, reverse })) {
    if (skipped < offset) {
      skipped++
      continue
    }
    if (count < limit) {
      if (!keep(k, v)) continue
      entries.push([k, v])
      count++
      continue
    }
    // As upstream's switch: while the count stays at the limit (entries the filter leaves out),
    // each entry read replaces the next key.
    if (count === limit) {
      nextKey = raw.slice(prefix.length)
      if (!countTotal) return { entries, pagination: { next_key: nextKey, total: '0' } }
    }
    if (keep(k, v)) count++
  }
  // The entries ran out before the offset: upstream's iterator is invalid, its answer an empty page response.
  if (skipped < offset) return { entries: [], pagination: { next_key: undefined, total: '0' } }
  return {
    entries,
    pagination: { next_key: nextKey, total: countTotal ? String(count + offset) : '0' },
  }
}
