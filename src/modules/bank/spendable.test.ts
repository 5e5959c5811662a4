import { describe, expect, test } from 'vitest'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import { protoRegistry } from '../../codec/proto.js'
import type { KVRange, KVStore } from '../../store/types.js'
import type { LockedCoinsSource } from './expected-keepers.js'
import { BankKeeper, spendableAmount } from './keeper.js'
import { registerBankQueries } from './queries.js'

// Spendable = balance − locked, with the locked coins from the source the vesting accounts plug in
// (upstream SpendableCoin / SpendableBalances), read through the registered query handlers.

const registry = protoRegistry()
const hex = (b: Bytes) => Buffer.from(b).toString('hex')

/** One in-memory store: sorted keys, prefix and bounds as the node's stores take them. */
function memoryStore(): KVStore {
  const entries = new Map<string, Bytes>()
  return {
    get: async (k) => entries.get(hex(k)),
    has: async (k) => entries.has(hex(k)),
    set: (k, v) => void entries.set(hex(k), v),
    delete: (k) => void entries.delete(hex(k)),
    async *iterate(range: KVRange = {}) {
      const inRange = (k: string) =>
        (!range.prefix || k.startsWith(hex(range.prefix))) &&
        (!range.gte || k >= hex(range.gte)) &&
        (!range.lt || k < hex(range.lt))
      const keys = [...entries.keys()].filter(inRange).sort()
      if (range.reverse) keys.reverse()
      for (const k of keys) yield [Buffer.from(k, 'hex'), entries.get(k)!] as const
    },
  }
}

const ADDRESS = new Uint8Array(20).fill(7)
const BLOCK_TIME = 1_700_000_000_000_000_000n

/** A bank keeper whose source locks `locked` of ADDRESS, and the handlers it registers. */
function setup(locked: Coin[]) {
  const seen: bigint[] = []
  const source: LockedCoinsSource = async (_state, address, blockTime) => {
    if (hex(address) !== hex(ADDRESS)) return []
    seen.push(await blockTime())
    return locked
  }
  const keeper = new BankKeeper({ registry, lockedCoins: source })
  const bank = memoryStore()
  const state = { store: () => bank }
  keeper.setBalance(state, ADDRESS, { denom: 'stake', amount: 100n })
  keeper.setBalance(state, ADDRESS, { denom: 'token', amount: 50n })
  keeper.setBalance(state, ADDRESS, { denom: 'zeta', amount: 5n })
  const handlers = new Map<string, (req: unknown, ctx: QueryContext) => Promise<unknown>>()
  const cfg = { registerQuery: (m: string, h: never) => handlers.set(m, h) } as never
  registerBankQueries(cfg as ModuleConfigurator, keeper)
  const ctx = {
    height: 4,
    state: { ...state, height: 4, hasStore: () => true, storeNames: () => ['bank'] },
    registry,
    node: { blocks: { get: async () => ({ block: { header: { time: BLOCK_TIME } } }) } },
  } as unknown as QueryContext
  const call = (method: string, req: object) =>
    handlers.get(`sdk.bank.v1beta1.Query/${method}`)!(req, ctx)
  return { keeper, state, call, seen }
}

describe('spendable balances with a locked-coins source', () => {
  test('behavior: each held denom less its locked part; a lock above the balance leaves "0"', async () => {
    const { call, seen } = setup([
      { denom: 'stake', amount: 30n },
      { denom: 'token', amount: 80n },
    ])
    const address = addressToBech32(ADDRESS)
    expect(await call('SpendableBalances', { address, pagination: null })).toEqual({
      balances: [
        { denom: 'stake', amount: '70' },
        { denom: 'token', amount: '0' },
        { denom: 'zeta', amount: '5' },
      ],
      pagination: { next_key: undefined, total: '3' },
    })
    expect(await call('SpendableBalanceByDenom', { address, denom: 'stake' })).toEqual({
      balance: { denom: 'stake', amount: '70' },
    })
    expect(await call('SpendableBalanceByDenom', { address, denom: 'token' })).toEqual({
      balance: { denom: 'token', amount: '0' },
    })
    // The schedule is read at the queried block's time.
    expect(seen).toEqual([BLOCK_TIME, BLOCK_TIME, BLOCK_TIME])
  })

  test('behavior: without a source, or for an account that does not vest, spendable is the balance', async () => {
    const plain = new BankKeeper({ registry })
    const { state } = setup([])
    const noTime = async () => expect.unreachable('no block time needed') as never
    expect(await plain.spendableCoin(state, ADDRESS, 'stake', noTime)).toBe(100n)
    const { keeper } = setup([{ denom: 'stake', amount: 1n }])
    const other = new Uint8Array(20).fill(8)
    keeper.setBalance(state, other, { denom: 'stake', amount: 9n })
    expect(await keeper.spendableCoin(state, other, 'stake', noTime)).toBe(9n)
  })

  test('spendableAmount: balance − locked, never below zero', () => {
    const locked = [{ denom: 'a', amount: 10n }]
    expect(spendableAmount(25n, locked, 'a')).toBe(15n)
    expect(spendableAmount(10n, locked, 'a')).toBe(0n)
    expect(spendableAmount(3n, locked, 'a')).toBe(0n)
    expect(spendableAmount(3n, locked, 'b')).toBe(3n)
    expect(spendableAmount(0n, [], 'b')).toBe(0n)
  })
})
