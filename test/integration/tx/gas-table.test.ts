import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { moduleAddress } from '../../../src/codec/address.js'
import { concatBytes, equalBytes, utf8 } from '../../../src/codec/bytes.js'
import { defaultAuthParams } from '../../../src/modules/auth/keeper.js'
import { GasMeter, KV_GAS, meteredBranch } from '../../../src/tx/gas.js'
import {
  type Access,
  anteAccesses,
  charges,
  SIG_VERIFY_COST_SECP256K1,
  TABLE,
  TX_SIZE_COST_PER_BYTE,
  total,
} from '../../helpers/gas-table.js'
import { createTxTestNode } from '../../helpers/tx-node.js'

/**
 * Gas, exactly. Upstream's price list (cosmos/cosmos-sdk v0.50 store/types/gas.go `KVGasConfig`,
 * applied per access by store/gaskv/store.go; x/auth/types/params.go `DefaultParams`):
 *
 *   read   = ReadCostFlat 1000 + ReadCostPerByte 3 × (key bytes + value bytes)
 *   write  = WriteCostFlat 2000 + WriteCostPerByte 30 × (key bytes + value bytes)
 *   has    = HasCost 1000, delete = DeleteCost 1000
 *   iterate: on creation and on every Next() before moving, ReadCostPerByte 3 × (key + value) of
 *            the current item ("ValuePerByte") and IterNextCostFlat 30
 *   tx size: TxSizeCostPerByte 10 × tx bytes; one secp256k1 signature: SigVerifyCostSecp256k1 1000
 *
 * The bank send below lists every store access Cosmos SDK v0.50 makes for it, with key and value
 * lengths, and checks sdkd makes exactly those and charges the table's price for them: 77383 gas,
 * what simd (without x/circuit) charges for the same tx.
 */
/*
 * Key and value lengths (bytes) of the stores a send touches, sdkd's layout, `sdk` brand:
 */
/** auth `0x00` → Params{256, 7, 10, 590, 1000}: 08 8002 · 10 07 · 18 0a · 20 ce04 · 28 e807. */
const AUTH_PARAMS = { key: 1, value: 13 }
/** bank `0x05` → Params{default_send_enabled: true}: 10 01. */
const BANK_PARAMS = { key: 1, value: 2 }
/** auth `0x01 ‖ address(20)`. */
const ACCOUNT_KEY = 21
/** Any{'/sdk.auth.v1beta1.BaseAccount' (2+29), BaseAccount{address 'sdk1…' (2+42)} (2+44)}. */
const ACCOUNT_NO_PUBKEY = 77
/** + pub_key Any{'/sdk.crypto.secp256k1.PubKey' (2+28), PubKey{key (2+33)} (2+35)} (2+67). */
const ACCOUNT_WITH_PUBKEY = 146
/** + sequence 1 (2). */
const ACCOUNT_SEQUENCE_1 = 148
/** Any{'/sdk.auth.v1beta1.ModuleAccount' (2+31), {base{address (2+42), number 2 (2)} (2+46), name 'fee_collector' (2+13)} (2+63)}. */
const FEE_COLLECTOR_ACCOUNT = 98
/** auth account-number Unique index `"accountNumber" (13) ‖ uint64 BE` → address. */
const ACCOUNT_NUMBER = { key: 21, value: 20 }
/** bank `0x02 ‖ 20 ‖ address ‖ "stake"` → amount as decimal text. */
const BALANCE_KEY = 27
/** bank denom index `0x03 ‖ 5 ‖ "stake" ‖ 20 ‖ address` → nothing (upstream: "stake" ‖ 0x00 ‖ 20 ‖ address, same length). */
const DENOM_INDEX = { key: 28, value: 0 }
/** bank `0x04 ‖ "stake"` (no entry). */
const SEND_ENABLED_KEY = 6

/** The tx: alice's first tx, a MsgSend of 100stake to bob, fee 200stake, gas 200000, no memo. */
const TX_BYTES = 302

/**
 * What Cosmos SDK v0.50 does for the tx (x/auth/ante NewAnteHandler order; x/auth/keeper with
 * collections.IndexedMap and its Unique account-number index; x/bank/keeper send.go, view.go,
 * keeper.go), with sdkd's value lengths. sdkd charged 63644 for it before it made these accesses;
 * the 13739 it added:
 *   +1357  fee collector module account read (GetModuleAccount in SendCoinsFromAccountToModule)
 *   +2801  LockedCoins account reads in both SendCoins (1294 + 1507)
 *   +2084  auth params reads in ValidateSigCount and SigGasConsume (2 × 1042)
 *   +7515  the account-number Unique index on both SetAccount calls: old account read
 *          (1294, 1501), delete 1000 and has 1000 each, and its 12-byte longer key (+360 each)
 *   −18    send-enabled check: upstream Has (1000), not a Get (1000 + 3 × 6)
 * (Brand alone makes a `cosmos` chain's values a few bytes longer than the `sdk` brand's: type URLs
 * and addresses; the lengths below are the `sdk` brand's, as stored.)
 */
const UPSTREAM: readonly Access[] = [
  // ConsumeTxSizeGasDecorator: GetParams
  { op: 'read', what: 'auth params', ...AUTH_PARAMS },
  { op: 'txSize', bytes: TX_BYTES },
  // DeductFeeDecorator.checkDeductFee: GetAccount(payer)
  { op: 'read', what: 'alice account', key: ACCOUNT_KEY, value: ACCOUNT_NO_PUBKEY },
  // SendCoinsFromAccountToModule: GetModuleAccount(fee_collector)
  { op: 'read', what: 'fee collector account', key: ACCOUNT_KEY, value: FEE_COLLECTOR_ACCOUNT },
  // SendCoins → subUnlockedCoins: LockedCoins → GetAccount(alice)
  { op: 'read', what: 'alice account (LockedCoins)', key: ACCOUNT_KEY, value: ACCOUNT_NO_PUBKEY },
  { op: 'read', what: 'alice balance 1000000', key: BALANCE_KEY, value: 7 },
  // Balances.Set: the ReversePair index reference first, then the balance
  { op: 'write', what: 'denom index (stake, alice)', ...DENOM_INDEX },
  { op: 'write', what: 'alice balance 999800', key: BALANCE_KEY, value: 6 },
  { op: 'read', what: 'fee collector balance (none)', key: BALANCE_KEY, value: 0 },
  { op: 'write', what: 'denom index (stake, fee collector)', ...DENOM_INDEX },
  { op: 'write', what: 'fee collector balance 200', key: BALANCE_KEY, value: 3 },
  { op: 'has', what: 'fee collector account', key: ACCOUNT_KEY },
  // SetPubKeyDecorator: GetSignerAcc, then SetAccount = Accounts.Set (IndexedMap):
  { op: 'read', what: 'alice account', key: ACCOUNT_KEY, value: ACCOUNT_NO_PUBKEY },
  // Unique.Reference: the old value (lazily read), unreference it, check, set
  { op: 'read', what: 'alice account (old value)', key: ACCOUNT_KEY, value: ACCOUNT_NO_PUBKEY },
  { op: 'delete', what: 'account number index', key: ACCOUNT_NUMBER.key },
  { op: 'has', what: 'account number index', key: ACCOUNT_NUMBER.key },
  { op: 'write', what: 'account number index', ...ACCOUNT_NUMBER },
  { op: 'write', what: 'alice account + key', key: ACCOUNT_KEY, value: ACCOUNT_WITH_PUBKEY },
  // ValidateSigCountDecorator: GetParams
  { op: 'read', what: 'auth params', ...AUTH_PARAMS },
  // SigGasConsumeDecorator: GetParams, GetSignerAcc, the signature's gas
  { op: 'read', what: 'auth params', ...AUTH_PARAMS },
  { op: 'read', what: 'alice account', key: ACCOUNT_KEY, value: ACCOUNT_WITH_PUBKEY },
  { op: 'sigVerify' },
  // SigVerificationDecorator: GetSignerAcc
  { op: 'read', what: 'alice account', key: ACCOUNT_KEY, value: ACCOUNT_WITH_PUBKEY },
  // IncrementSequenceDecorator: GetAccount, SetAccount (as above)
  { op: 'read', what: 'alice account', key: ACCOUNT_KEY, value: ACCOUNT_WITH_PUBKEY },
  { op: 'read', what: 'alice account (old value)', key: ACCOUNT_KEY, value: ACCOUNT_WITH_PUBKEY },
  { op: 'delete', what: 'account number index', key: ACCOUNT_NUMBER.key },
  { op: 'has', what: 'account number index', key: ACCOUNT_NUMBER.key },
  { op: 'write', what: 'account number index', ...ACCOUNT_NUMBER },
  { op: 'write', what: 'alice account, sequence 1', key: ACCOUNT_KEY, value: ACCOUNT_SEQUENCE_1 },
  // msgServer.Send → IsSendEnabledCoins: GetParams, then SendEnabled.Has (no entry: no Get)
  { op: 'read', what: 'bank params', ...BANK_PARAMS },
  { op: 'has', what: 'send enabled (stake)', key: SEND_ENABLED_KEY },
  // SendCoins: LockedCoins → GetAccount(alice)
  { op: 'read', what: 'alice account (LockedCoins)', key: ACCOUNT_KEY, value: ACCOUNT_SEQUENCE_1 },
  { op: 'read', what: 'alice balance 999800', key: BALANCE_KEY, value: 6 },
  { op: 'write', what: 'denom index (stake, alice)', ...DENOM_INDEX },
  { op: 'write', what: 'alice balance 999700', key: BALANCE_KEY, value: 6 },
  { op: 'read', what: 'bob balance 1000000', key: BALANCE_KEY, value: 7 },
  { op: 'write', what: 'denom index (stake, bob)', ...DENOM_INDEX },
  { op: 'write', what: 'bob balance 1000100', key: BALANCE_KEY, value: 7 },
  { op: 'has', what: 'bob account', key: ACCOUNT_KEY },
]

type Node = Awaited<ReturnType<typeof createTxTestNode>>
let t: Node
let gasUsed: bigint
let charged: [string, number][]
let txLength: number
/** Stored value lengths at the height before the tx and at its height. */
let stored: {
  height: number
  before: (store: string, key: Uint8Array) => Promise<number>
  after: typeof stored.before
}

beforeAll(async () => {
  t = await createTxTestNode()
  await t.block()
  const bytes = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '100stake')], {
    fee: [{ denom: 'stake', amount: 200n }],
  })
  txLength = bytes.length
  expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
  const spy = vi.spyOn(GasMeter.prototype, 'consume')
  const block = await t.block()
  charged = spy.mock.calls.map(([amount, descriptor]) => [descriptor, Number(amount)])
  spy.mockRestore()
  const result = block.results[0]!
  expect(result.code).toBe(0)
  gasUsed = BigInt(result.gasUsed)
  const height = block.block.header.height
  const length = (h: number) => async (store: string, key: Uint8Array) =>
    (await t.node.store.view(h).store(store).get(key))?.length ?? 0
  stored = { height, before: length(height - 1), after: length(height) }
})

afterAll(async () => {
  await t?.close()
})

describe('the KV gas table', () => {
  test('behavior: KV_GAS is upstream KVGasConfig; the auth defaults are upstream DefaultParams', () => {
    expect(KV_GAS).toEqual(TABLE)
    expect(defaultAuthParams()).toMatchObject({
      tx_size_cost_per_byte: String(TX_SIZE_COST_PER_BYTE),
      sig_verify_cost_secp256k1: String(SIG_VERIFY_COST_SECP256K1),
    })
  })

  test('behavior: the listed lengths are those of the stored keys and values', async () => {
    expect(txLength).toBe(TX_BYTES)
    const account = (a: Uint8Array) => concatBytes(Uint8Array.of(0x01), a)
    const balance = (a: Uint8Array) => concatBytes(Uint8Array.of(0x02, 20), a, utf8('stake'))
    expect(await stored.before('auth', Uint8Array.of(0x00))).toBe(AUTH_PARAMS.value)
    expect(await stored.before('bank', Uint8Array.of(0x05))).toBe(BANK_PARAMS.value)
    expect(await stored.before('auth', account(t.alice.addressBytes))).toBe(ACCOUNT_NO_PUBKEY)
    expect(await stored.after('auth', account(t.alice.addressBytes))).toBe(ACCOUNT_SEQUENCE_1)
    expect(await stored.before('auth', account(moduleAddress('fee_collector')))).toBe(
      FEE_COLLECTOR_ACCOUNT,
    )
    expect(account(t.alice.addressBytes)).toHaveLength(ACCOUNT_KEY)
    // alice's account-number index entry: upstream's prefix, her address as its value
    const index: [number, number][] = []
    for await (const [k, v] of t.node.store
      .view(stored.height)
      .store('auth')
      .iterate({ prefix: utf8('accountNumber') })) {
      if (equalBytes(v, t.alice.addressBytes)) index.push([k.length, v.length])
    }
    expect(index).toEqual([[ACCOUNT_NUMBER.key, ACCOUNT_NUMBER.value]])
    expect(balance(t.alice.addressBytes)).toHaveLength(BALANCE_KEY)
    expect(await stored.after('bank', balance(t.alice.addressBytes))).toBe(6) // "999700"
    expect(await stored.after('bank', balance(t.bob.addressBytes))).toBe(7) // "1000100"
  })
})

describe('a bank send, access by access', () => {
  test("behavior: the node makes exactly upstream's accesses and charges their table price: 77383 gas", () => {
    expect(charged).toEqual(UPSTREAM.flatMap(charges))
    expect(total(UPSTREAM)).toBe(77383)
    expect(gasUsed).toBe(77383n)
    // of which the message (from the send-enabled check on)
    const msg = UPSTREAM.findIndex((a) => a.op === 'read' && a.what === 'bank params')
    expect(total(UPSTREAM.slice(msg))).toBe(18407)
    // The ante part is what the shared ante list (used by the other msgs' gas tests) gives.
    const ante = anteAccesses({
      txBytes: TX_BYTES,
      account: {
        before: ACCOUNT_NO_PUBKEY,
        withKey: ACCOUNT_WITH_PUBKEY,
        after: ACCOUNT_SEQUENCE_1,
      },
      newKey: true,
      payerBalance: [7, 6],
      feeCollectorBalance: [0, 3],
    })
    expect(ante.flatMap(charges)).toEqual(UPSTREAM.slice(0, msg).flatMap(charges))
  })
})

describe('iteration', () => {
  /** Iterates every auth account entry through a metered branch: item sizes and the gas charged. */
  async function iterateAccounts(): Promise<{
    lengths: number[]
    items: number
    consumed: bigint
  }> {
    const meter = new GasMeter()
    const store = meteredBranch(t.node.store.branch(), meter).store('auth')
    const lengths: number[] = []
    for await (const [k, v] of store.iterate({ prefix: Uint8Array.of(0x01) }))
      lengths.push(k.length + v.length)
    return { lengths, items: lengths.reduce((s, n) => s + n, 0), consumed: meter.consumed }
  }

  /**
   * Upstream gaskv charges the first item twice when iterating to the end: once when the iterator
   * is created (consumeSeekGas) and again on the first Next(), which charges the item it is leaving.
   */
  test('behavior: the first item is charged on creation and again on the first Next()', async () => {
    const { lengths, items, consumed } = await iterateAccounts()
    expect(lengths.length).toBeGreaterThan(1)
    expect(consumed).toBe(BigInt(3 * (items + lengths[0]!) + 30 * (lengths.length + 1)))
  })
})
