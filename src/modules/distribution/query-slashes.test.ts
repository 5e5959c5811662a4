import { afterEach, describe, expect, test } from 'vitest'
import {
  account,
  GovChain,
  genesisState,
  registry,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { memoryReader } from '../../../test/helpers/memory-reader.js'
import { paginate } from '../../app/pagination.js'
import { bech32ToAddress } from '../../codec/address.js'
import { concatBytes, uint64BE } from '../../codec/bytes.js'
import { lengthPrefixedBytesKey } from '../../store/collections.js'
import { distributionCollections } from './keys.js'

const Q = 'sdk.distribution.v1beta1.Query'
const bytes = (n: number) => new Uint8Array(20).fill(n)

let chain: GovChain | undefined
afterEach(async () => {
  await chain?.destroy()
  chain = undefined
})

describe('ValidatorSlashes over the slash events x/distribution stores', () => {
  test('events of the validator only, in (height, period) order, filtered by validator period, paged by key', async () => {
    const ch = await GovChain.create(
      genesisState({
        balances: { [account(1)]: 1_000_000n },
        validators: [{ op: 9, tokens: 10_000_000n, delegations: { 9: 10_000_000n } }],
      }),
    )
    chain = ch
    const d = distributionCollections(registry)
    const fraction = (5n * 10n ** 16n).toString()
    await ch.edit((state) => {
      const s = state.store('distribution')
      // Validator 9: heights 3, 3, 7 (periods 2, 4, 6); validator 8 (before 9 in key order) one more.
      d.slashEvents.set(s, [bytes(9), [3n, 2n]], { validator_period: 2, fraction })
      d.slashEvents.set(s, [bytes(9), [3n, 4n]], { validator_period: 4, fraction })
      d.slashEvents.set(s, [bytes(9), [7n, 6n]], { validator_period: 6, fraction })
      d.slashEvents.set(s, [bytes(8), [5n, 3n]], { validator_period: 3, fraction })
    })
    const Q9 = { validator_address: valoper(9) }
    const all = await ch.query(`${Q}/ValidatorSlashes`, { ...Q9, ending_height: 100 })
    expect(all).toEqual({
      slashes: [2, 4, 6].map((p) => ({
        validator_period: String(p),
        fraction: '0.050000000000000000',
      })),
      pagination: { next_key: null, total: '3' },
    })
    // The bounds are periods, not heights: heights 3..3 keep nothing, periods 3..6 two events.
    const byPeriod = await ch.query(`${Q}/ValidatorSlashes`, {
      ...Q9,
      starting_height: 3,
      ending_height: 6,
    })
    expect(
      (byPeriod.slashes as { validator_period: string }[]).map((e) => e.validator_period),
    ).toEqual(['4', '6'])
    // No bounds: nothing (upstream's quirk).
    expect((await ch.query(`${Q}/ValidatorSlashes`, Q9)).slashes).toEqual([])
    // One per page: next_key is the height ‖ period below the validator's prefix.
    const first = await ch.query(`${Q}/ValidatorSlashes`, {
      ...Q9,
      ending_height: 100,
      pagination: { limit: 1 },
    })
    const nextKey = Buffer.concat([uint64BE(3), uint64BE(4)]).toString('base64')
    expect(first.pagination).toEqual({ next_key: nextKey, total: '0' })
    const second = await ch.query(`${Q}/ValidatorSlashes`, {
      ...Q9,
      ending_height: 100,
      pagination: { key: Buffer.from(nextKey, 'base64'), limit: 1 },
    })
    expect(second.slashes).toEqual([{ validator_period: '4', fraction: '0.050000000000000000' }])
  })
})

describe('upstream GenericFilteredPaginate over the slash events', () => {
  // Five slash events of validator 9 at heights 2..6, with validator periods 1, 3, 5, 7, 9.
  const op = bech32ToAddress(valoper(9), 'sdkvaloper')
  const { slashEvents } = distributionCollections(registry)
  const prefix = concatBytes(Uint8Array.of(0x08, 20), op)
  const key = (height: number) => concatBytes(uint64BE(height), uint64BE(0))
  const type = registry.type('sdk.distribution.v1beta1.ValidatorSlashEvent')
  const store = memoryReader(
    [1, 3, 5, 7, 9].map((period, i) => [
      concatBytes(prefix, key(i + 2)),
      type.encode(type.fromObject({ validator_period: period, fraction: '0' })).finish(),
    ]),
  )
  const page = async (request: object | null, from = 1, to = 10) => {
    const { entries, pagination } = await paginate(slashEvents, store, request as never, {
      paginator: 'prefix-store',
      prefix: lengthPrefixedBytesKey.encode(op),
      filter: (_k, e) => Number(e.validator_period) >= from && Number(e.validator_period) <= to,
    })
    return { results: entries.map(([, e]) => Number(e.validator_period)), pagination }
  }

  test('offsets and limits count the kept entries; total counts them all', async () => {
    expect(await page({ offset: 2, limit: 2, count_total: false, key: new Uint8Array() })).toEqual({
      results: [5, 7],
      pagination: { next_key: key(6), total: '0' },
    })
    expect(await page({ limit: 3, count_total: true, key: new Uint8Array() })).toEqual({
      results: [1, 3, 5],
      pagination: { next_key: key(5), total: '5' },
    })
    // Only periods 5..9 are kept: offset 1 skips period 5, not the first raw entry.
    expect(await page({ offset: 1, limit: 1, key: new Uint8Array() }, 5, 9)).toEqual({
      results: [7],
      pagination: { next_key: key(6), total: '0' },
    })
    // No request: the default limit, counting.
    expect(await page(null)).toEqual({
      results: [1, 3, 5, 7, 9],
      pagination: { next_key: undefined, total: '5' },
    })
    // Both bounds 0 (no parameters): nothing, upstream's period-for-height quirk.
    expect((await page(null, 0, 0)).results).toEqual([])
  })

  test('a key-based page starts at the key and reports the next raw key', async () => {
    expect(await page({ key: key(3), limit: 2 })).toEqual({
      results: [3, 5],
      pagination: { next_key: key(5), total: '0' },
    })
    expect(await page({ key: key(4), limit: 2, reverse: true })).toEqual({
      results: [5, 3],
      pagination: { next_key: key(2), total: '0' },
    })
    await expect(page({ key: key(3), offset: 1 })).rejects.toThrow(
      'invalid request, either offset or key is expected, got both',
    )
  })
})
