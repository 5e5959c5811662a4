import { describe, expect, test } from 'vitest'
import { memoryReader } from '../../test/helpers/memory-reader.js'
import type { Proto } from '../codec/proto.js'
import { KeyedMap, stringKey, stringValue } from '../store/collections.js'
import type { KVEntry, KVReader } from '../store/types.js'
import { type Paginator, paginate } from './pagination.js'

type PageRequest = Proto<'sdk.base.query.v1beta1.PageRequest'>

const map = new KeyedMap(Uint8Array.of(0x01), stringKey, stringValue)
const text = new TextEncoder()

/** A sorted in-memory store holding `keys` in the map (each key its own value). */
const storeOf = (keys: string[]): KVReader =>
  memoryReader(keys.map((k): KVEntry => [map.storeKey(k), text.encode(k)]))

const FIVE = storeOf(['a', 'b', 'c', 'd', 'e'])

interface RequestFields {
  offset?: bigint
  limit?: bigint
  count_total?: boolean
  reverse?: boolean
  key?: string
}

/** A decoded PageRequest (64-bit fields as bigints, which the paginator reads as any Int64). */
function request(fields: RequestFields): PageRequest {
  const { key, ...rest } = fields
  const req = { offset: 0n, limit: 0n, count_total: false, reverse: false, ...rest }
  return {
    ...req,
    key: key === undefined ? new Uint8Array(0) : text.encode(key),
  } as unknown as PageRequest
}

/** The keys of a page and its response, next_key as text. */
async function page(
  paginator: Paginator,
  req: PageRequest,
  store: KVReader = FIVE,
  filter?: (k: string) => boolean,
) {
  const p = await paginate(map, store, req, { paginator, ...(filter ? { filter } : {}) })
  const next = p.pagination.next_key
  return {
    keys: p.entries.map(([k]) => k),
    next_key: next === undefined ? null : new TextDecoder().decode(next),
    total: p.pagination.total,
  }
}

describe('paginate as the collections paginators (CollectionPaginate)', () => {
  test('behavior: an offset past the end answers an empty page response, total 0 even when counting', async () => {
    const empty = { keys: [], next_key: null, total: '0' }
    expect(await page('collections', request({ offset: 6n, limit: 2n }))).toEqual(empty)
    expect(
      await page('collections', request({ offset: 6n, limit: 2n, count_total: true })),
    ).toEqual(empty)
    // limit 0 (100, counting) and reverse alike
    expect(await page('collections', request({ offset: 9n }))).toEqual(empty)
    expect(await page('collections', request({ offset: 6n, reverse: true }))).toEqual(empty)
    // exactly at the end the offset is reached: total is the offset when counting
    expect(await page('collections', request({ offset: 5n }))).toEqual({
      keys: [],
      next_key: null,
      total: '5',
    })
    expect(await page('collections', request({ offset: 5n, limit: 1n }))).toEqual({
      keys: [],
      next_key: null,
      total: '0',
    })
    expect(await page('collections', request({ offset: 3n, limit: 1n, reverse: true }))).toEqual({
      keys: ['b'],
      next_key: 'a',
      total: '0',
    })
  })

  test('behavior: with a filter, the offset and a key-based limit count every entry read; counting, the last entry read at the limit is the next key', async () => {
    const vowel = (k: string) => k === 'a' || k === 'e'
    // offset 1 skips "a"; "b", "c", "d" are left out; "e" fills the page; total = 1 + offset
    expect(await page('collections', request({ offset: 1n }), FIVE, vowel)).toEqual({
      keys: ['e'],
      next_key: null,
      total: '2',
    })
    // limit 2 from key "a": "a" and "b" are read, "c" is the next key, only "a" kept
    expect(await page('collections', request({ key: 'a', limit: 2n }), FIVE, vowel)).toEqual({
      keys: ['a'],
      next_key: 'c',
      total: '0',
    })
    // limit 1: "a" fills the page; "b", "c", "d" (left out) and then "e" each become the next key
    expect(await page('collections', request({ limit: 1n }), FIVE, vowel)).toEqual({
      keys: ['a'],
      next_key: 'b',
      total: '0',
    })
    expect(
      await page('collections', request({ limit: 1n, count_total: true }), FIVE, vowel),
    ).toEqual({ keys: ['a'], next_key: 'e', total: '2' })
  })

  test('behavior: descending from a key starts below its prefix end, so at keys extending it too', async () => {
    const store = storeOf(['a', 'stake', 'stake2', 'z'])
    expect(await page('collections', request({ key: 'stake', reverse: true }), store)).toEqual({
      keys: ['stake2', 'stake', 'a'],
      next_key: null,
      total: '0',
    })
    expect(await page('prefix-store', request({ key: 'stake', reverse: true }), store)).toEqual({
      keys: ['stake', 'a'],
      next_key: null,
      total: '0',
    })
  })
})

describe('paginate as the prefix-store paginators (Paginate, FilteredPaginate)', () => {
  test('behavior: an offset past the end answers the count when counting, 0 otherwise', async () => {
    expect(await page('prefix-store', request({ offset: 6n, limit: 2n }))).toEqual({
      keys: [],
      next_key: null,
      total: '0',
    })
    expect(
      await page('prefix-store', request({ offset: 6n, limit: 2n, count_total: true })),
    ).toEqual({ keys: [], next_key: null, total: '5' })
    // limit 0 (100, counting), reverse, exactly at the end
    expect(await page('prefix-store', request({ offset: 9n, reverse: true }))).toEqual({
      keys: [],
      next_key: null,
      total: '5',
    })
    expect(await page('prefix-store', request({ offset: 5n }))).toEqual({
      keys: [],
      next_key: null,
      total: '5',
    })
    // an empty store, and a key past the end
    expect(await page('prefix-store', request({ offset: 1n }), storeOf([]))).toEqual({
      keys: [],
      next_key: null,
      total: '0',
    })
    expect(await page('prefix-store', request({ key: 'f', limit: 1n }))).toEqual({
      keys: [],
      next_key: null,
      total: '0',
    })
  })

  test('behavior: with a filter, offsets, limits and total count the kept entries; next_key is the next kept one', async () => {
    const notB = (k: string) => k !== 'b' && k !== 'c'
    // kept: a, d, e
    expect(await page('prefix-store', request({ offset: 1n, limit: 1n }), FIVE, notB)).toEqual({
      keys: ['d'],
      next_key: 'e',
      total: '0',
    })
    expect(await page('prefix-store', request({ limit: 1n }), FIVE, notB)).toEqual({
      keys: ['a'],
      next_key: 'd',
      total: '0',
    })
    expect(await page('prefix-store', request({ offset: 3n }), FIVE, notB)).toEqual({
      keys: [],
      next_key: null,
      total: '3',
    })
    expect(await page('prefix-store', request({ key: 'a', limit: 2n }), FIVE, notB)).toEqual({
      keys: ['a', 'd'],
      next_key: 'e',
      total: '0',
    })
  })
})
