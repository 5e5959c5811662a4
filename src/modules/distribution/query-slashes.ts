import { DEFAULT_PAGE_LIMIT, type PageResponse } from '../../app/pagination.js'
import { invalidArgument } from '../../app/query-errors.js'
import type { ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import { type Bytes, concatBytes } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import type { KVReader } from '../../store/types.js'
import { valoperPrefix } from '../staking/keys.js'

const SERVICE = 'sdk.distribution.v1beta1.Query'

/** The distribution module's store and its slash-event prefix (0x08 ‖ len ‖ operator ‖ …). */
const STORE = 'distribution'
const SLASH_EVENT_PREFIX = 0x08

type SlashEvent = Proto<'sdk.distribution.v1beta1.ValidatorSlashEvent'>
type PageRequest = Proto<'sdk.base.query.v1beta1.PageRequest'> | null

/** The slash events of one operator: 0x08 ‖ len ‖ operator, then height ‖ period (8 bytes BE each). */
const slashPrefix = (operator: Bytes): Bytes =>
  concatBytes(Uint8Array.of(SLASH_EVENT_PREFIX, operator.length), operator)

/**
 * Upstream query.GenericFilteredPaginate over a prefix store: offsets and limits count the kept
 * entries (not the raw ones), `next_key` is the key (below the prefix) of the first kept entry past
 * the page — of the first entry at all with a key-based request — and `total` is reported only when
 * counting an offset-based request.
 */
export async function filteredPage<V>(
  store: KVReader,
  prefix: Bytes,
  request: PageRequest,
  decode: (value: Bytes) => V,
  keep: (value: V) => boolean,
): Promise<{ results: V[]; pagination: PageResponse }> {
  const key = request && request.key.length > 0 ? request.key : undefined
  const offset = int64Of(request?.offset)
  let limit = int64Of(request?.limit)
  let countTotal = request?.count_total === true
  const reverse = request?.reverse === true
  if (offset > 0n && key) {
    throw invalidArgument('invalid request, either offset or key is expected, got both')
  }
  if (limit === 0n) {
    limit = DEFAULT_PAGE_LIMIT
    countTotal = true
  }
  const results: V[] = []

  if (key) {
    const from = concatBytes(prefix, key)
    const range = reverse
      ? { prefix, reverse, lt: concatBytes(from, Uint8Array.of(0)) }
      : { prefix, reverse, gte: from }
    let hits = 0n
    let nextKey: Bytes | undefined
    for await (const [k, v] of store.iterate(range)) {
      if (hits === limit) {
        nextKey = k.slice(prefix.length)
        break
      }
      const value = decode(v)
      if (keep(value)) {
        results.push(value)
        hits++
      }
    }
    return { results, pagination: { next_key: nextKey, total: '0' } }
  }

  const end = offset + limit
  let hits = 0n
  let nextKey: Bytes | undefined
  for await (const [k, v] of store.iterate({ prefix, reverse })) {
    const value = decode(v)
    if (!keep(value)) continue
    hits++
    if (hits > offset && hits <= end) results.push(value)
    if (hits === end + 1n) {
      nextKey ??= k.slice(prefix.length)
      if (!countTotal) break
    }
  }
  return { results, pagination: { next_key: nextKey, total: countTotal ? String(hits) : '0' } }
}

/**
 * Query/ValidatorSlashes as upstream v0.50 answers it. Upstream's filter compares each event's
 * `validator_period` (not its height) with the requested heights, so a request without bounds
 * (both 0) lists nothing; sdkd keeps that, as clients of upstream see it.
 */
export function registerSlashQueries(cfg: ModuleConfigurator): void {
  cfg.registerQuery(`${SERVICE}/ValidatorSlashes`, async (req, ctx) => {
    if (req.validator_address === '') throw invalidArgument('empty validator address')
    const starting = int64Of(req.starting_height)
    const ending = int64Of(req.ending_height)
    if (ending < starting) {
      throw invalidArgument(`starting height greater than ending height (${starting} > ${ending})`)
    }
    let operator: Bytes
    try {
      operator = bech32ToAddress(req.validator_address, valoperPrefix())
    } catch (err) {
      throw invalidArgument('invalid validator address', err)
    }
    const type = ctx.registry.type('sdk.distribution.v1beta1.ValidatorSlashEvent')
    const { results, pagination } = await filteredPage(
      ctx.state.store(STORE),
      slashPrefix(operator),
      req.pagination,
      (bytes) => type.decode(bytes) as unknown as SlashEvent,
      (event) => {
        const period = int64Of(event.validator_period)
        return period >= starting && period <= ending
      },
    )
    return { slashes: results, pagination }
  })
}
