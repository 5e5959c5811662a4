import { describe, expect, test } from 'vitest'
import { type Bytes, fromUtf8, utf8 } from '../codec/bytes.js'
import { type BranchParent, createBranch } from '../store/branch.js'
import { Item, KeyedMap, stringKey, stringValue } from '../store/collections.js'
import { storeIdPrefix } from '../store/keys.js'
import type { KVStore } from '../store/types.js'
import { GasMeter, KV_GAS, meteredBranch } from './gas.js'

const STORE = storeIdPrefix(1)

/** A committed store `s` holding `entries`, read at once (`getNow`) or only through promises. */
function parentOf(entries: Record<string, string>, atOnce: boolean): BranchParent {
  const values = new Map(Object.entries(entries).map(([k, v]) => [STORE + k, utf8(v)]))
  return {
    height: 3,
    get: async (full) => values.get(full),
    ...(atOnce ? { getNow: (full: string) => values.get(full) } : {}),
    async *range() {},
    resolveStore: (name) => (name === 's' ? 1 : undefined),
    liveStores: () => new Map([['s', 1]]),
    nextStoreId: () => 2,
  }
}

/** A store seen through a meter of `limit` over a committed `k = value`. */
function metered(limit: bigint | undefined, atOnce: boolean) {
  const meter = new GasMeter(limit)
  const store: KVStore = meteredBranch(createBranch(parentOf({ k: 'value' }, atOnce)), meter).store(
    's',
  )
  return { meter, store }
}

/** What upstream's gaskv charges a read of `key` finding `value`. */
const readCost = (key: string, value: string) =>
  BigInt(KV_GAS.readCostFlat + KV_GAS.readCostPerByte * (key.length + value.length))

describe('a metered store write', () => {
  test('behavior: setShared charges what set charges, and the branch keeps that very array', async () => {
    const viaSet = metered(undefined, true)
    viaSet.store.set(utf8('key'), utf8('stored'))
    const viaShared = metered(undefined, true)
    const value = utf8('stored')
    viaShared.store.setShared!(utf8('key'), value)
    const cost = BigInt(KV_GAS.writeCostFlat + KV_GAS.writeCostPerByte * ('key'.length + 6))
    expect(viaSet.meter.consumed).toBe(cost)
    expect(viaShared.meter.consumed).toBe(cost)
    expect(await viaShared.store.get(utf8('key'))).toBe(value)
  })

  test('error: out of gas on a shared write stores nothing', async () => {
    const branch = createBranch(parentOf({ k: 'value' }, true))
    const store = meteredBranch(branch, new GasMeter(BigInt(KV_GAS.writeCostFlat))).store('s')
    expect(() => store.setShared!(utf8('key'), utf8('stored'))).toThrow(
      /out of gas in location: WritePerByte/,
    )
    expect(await branch.store('s').get(utf8('key'))).toBeUndefined()
  })
})

describe('a metered store read', () => {
  test.each([
    ['a parent read at once', true],
    ['a parent read through promises', false],
  ])('behavior: get and getNow charge what upstream charges (%s)', async (_name, atOnce) => {
    const viaGet = metered(undefined, atOnce)
    expect(fromUtf8((await viaGet.store.get(utf8('k')))!)).toBe('value')
    expect(viaGet.meter.consumed).toBe(readCost('k', 'value'))

    const viaNow = metered(undefined, atOnce)
    const v = viaNow.store.getNow!(utf8('k'))
    expect(v instanceof Promise).toBe(!atOnce)
    expect(fromUtf8((await v) as Bytes)).toBe('value')
    expect(viaNow.meter.consumed).toBe(readCost('k', 'value'))

    // An absent key costs the flat read and its key's bytes.
    const absent = metered(undefined, atOnce)
    expect(await absent.store.get(utf8('none'))).toBeUndefined()
    expect(absent.meter.consumed).toBe(readCost('none', ''))
  })

  test("error: out of gas on a read's bytes is the same failure through get and getNow", async () => {
    // Enough for the flat cost and the key's bytes, not for the value's.
    const limit = readCost('k', '')
    const viaGet = metered(limit, true)
    await expect(viaGet.store.get(utf8('k'))).rejects.toThrow('out of gas in location: ReadPerByte')
    const viaNow = metered(limit, true)
    expect(() => viaNow.store.getNow!(utf8('k'))).toThrow('out of gas in location: ReadPerByte')
    expect(viaNow.meter.consumed).toBe(viaGet.meter.consumed)
    expect(viaGet.meter.consumed).toBe(readCost('k', 'value'))
  })

  test('error: out of gas on the flat cost rejects get before the read', async () => {
    const { store, meter } = metered(BigInt(KV_GAS.readCostFlat - 1), true)
    await expect(store.get(utf8('k'))).rejects.toThrow('out of gas in location: ReadFlat')
    expect(meter.consumed).toBe(BigInt(KV_GAS.readCostFlat))
  })

  test("error: a collection's read that runs out of gas rejects, as an awaited read does", async () => {
    const item = new Item(utf8('k'), stringValue)
    const enough = metered(undefined, true)
    expect(await item.get(enough.store)).toBe('value')
    const { store } = metered(readCost('k', ''), true)
    const read = item.get(store)
    expect(read).toBeInstanceOf(Promise)
    await expect(read).rejects.toThrow('out of gas in location: ReadPerByte')
  })
})

describe('a metered read at once (`hasNow`, `getNowThen`)', () => {
  test.each([
    ['a parent read at once', true],
    ['a parent read through promises', false],
  ])('behavior: hasNow answers as has and is charged alike (%s)', async (_name, atOnce) => {
    for (const key of ['k', 'none']) {
      const viaHas = metered(undefined, atOnce)
      const has = await viaHas.store.has(utf8(key))
      const viaNow = metered(undefined, atOnce)
      const now = viaNow.store.hasNow!(utf8(key))
      // From memory it is a boolean, no promise; through the parent's promises, a promise.
      expect(now instanceof Promise).toBe(!atOnce)
      expect(await now).toBe(has)
      expect(has).toBe(key === 'k')
      expect(viaNow.meter.consumed).toBe(viaHas.meter.consumed)
      expect(viaHas.meter.consumed).toBe(BigInt(KV_GAS.hasCost))
    }
  })

  test('error: out of gas on hasNow throws at once, where has rejects', async () => {
    const limit = BigInt(KV_GAS.hasCost - 1)
    await expect(metered(limit, true).store.has(utf8('k'))).rejects.toThrow(
      'out of gas in location: Has',
    )
    expect(() => metered(limit, true).store.hasNow!(utf8('k'))).toThrow(
      'out of gas in location: Has',
    )
  })

  test.each([
    ['a parent read at once', true],
    ['a parent read through promises', false],
  ])(
    "behavior: a keyed map's getNowThen and hasNow read as get and has (%s)",
    async (_name, atOnce) => {
      const map = new KeyedMap(new Uint8Array(0), stringKey, stringValue)
      const { store } = metered(undefined, atOnce)
      const value = map.getNowThen(store, 'k', (v) => v?.toUpperCase())
      expect(value instanceof Promise).toBe(!atOnce)
      expect(await value).toBe('VALUE')
      expect(await map.getNowThen(store, 'none', (v) => v ?? 'absent')).toBe('absent')
      expect(await map.hasNow(store, 'k')).toBe(await map.has(store, 'k'))
      expect(await map.hasNow(store, 'none')).toBe(false)
    },
  )

  test.each([
    ['a parent read at once', true],
    ['a parent read through promises', false],
  ])(
    "behavior: an item's getNowThen reads as getThen and is charged alike (%s)",
    async (_name, atOnce) => {
      const item = new Item(utf8('k'), stringValue)
      const viaNow = metered(undefined, atOnce)
      const viaThen = metered(undefined, atOnce)
      const value = item.getNowThen(viaNow.store, (v) => v?.toUpperCase())
      expect(value instanceof Promise).toBe(!atOnce)
      expect(await value).toBe(await item.getThen(viaThen.store, (v) => v?.toUpperCase()))
      expect(await value).toBe('VALUE')
      expect(viaNow.meter.consumed).toBe(viaThen.meter.consumed)
      expect(viaNow.meter.consumed).toBe(readCost('k', 'value'))
    },
  )
})
