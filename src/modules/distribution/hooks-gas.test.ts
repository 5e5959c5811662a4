import { describe, expect, test, vi } from 'vitest'
import {
  ACCOUNT_KEY,
  type Access,
  charges,
  sendCoins,
  TABLE,
  total,
} from '../../../test/helpers/gas-table.js'
import { account, govChainPerTest, registry } from '../../../test/helpers/gov-chain.js'
import { moduleAddress } from '../../codec/address.js'
import { type Bytes, concatBytes } from '../../codec/bytes.js'
import { decCoinsToProto } from '../../codec/dec-coins.js'
import type { StateReader } from '../../store/types.js'
import { GasMeter, meteredBranch } from '../../tx/gas.js'
import { distributionBankKeeper, distributionStakingKeeper } from '../../versions/distribution.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from '../bank/keeper.js'
import { StakingKeeper } from '../staking/keeper.js'
import { allocateTokensToValidator } from './allocation.js'
import { DISTRIBUTION, dec, genesisWith, op, POWER } from './distribution.case.js'
import { distributionStakingHooks } from './hooks.js'
import { DistributionKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { validatorRemoved } from './withdraw.js'

// x/distribution's staking hooks that run inside txs (upstream x/distribution/keeper/hooks.go):
// AfterValidatorCreated (MsgCreateValidator) and AfterValidatorRemoved (an undelegation that leaves
// an unbonded validator without shares removes it): their store accesses in upstream's order, as
// the gas meter sees them. The delegation hooks are pinned with whole txs in
// test/integration/tx/gas-msgs.test.ts.

const chains = govChainPerTest()

/**
 * These tests call one hook on its own, out of the staking change it belongs to (a validator
 * removed while its delegation records stay; a validator "created" twice): the records are then
 * ones a real chain never has, which the invariants rightly refuse. Only the accesses are checked.
 */
const NO_INVARIANTS = { invCheckPeriod: 0 }

/** The keepers as the app wires them (bank reads an account's vesting lock before sending). */
function keepers() {
  const auth = new AuthKeeper({ registry })
  const bank = new BankKeeper({
    registry,
    accounts: auth,
    lockedCoins: auth.lockedCoins,
    delegations: auth,
  })
  const staking = new StakingKeeper({ registry, bank })
  const k = new DistributionKeeper({
    registry,
    staking: distributionStakingKeeper(staking),
    bank: distributionBankKeeper(auth, bank),
  })
  staking.addHooks(distributionStakingHooks(k))
  return { bank, staking, k }
}

const outstandingKey = concatBytes(Uint8Array.of(0x02, 20), op(1))
const commissionKey = concatBytes(Uint8Array.of(0x07, 20), op(1))
const currentKey = concatBytes(Uint8Array.of(0x06, 20), op(1))
const balanceKey = (a: Bytes) =>
  concatBytes(Uint8Array.of(0x02, 20), a, new TextEncoder().encode('stake'))

async function len(state: StateReader, store: string, key: Bytes): Promise<number> {
  return (await state.store(store).get(key))?.length ?? 0
}

/** Upstream's prefix iteration deleting each entry as it goes (gaskv's seek charges around each). */
function deleteAll(what: string, entries: [number, number][]): Access[] {
  const seek = ([k, v]: [number, number]): Access[] => [
    { op: 'gas', what: 'ValuePerByte', amount: TABLE.readCostPerByte * k },
    { op: 'gas', what: 'ValuePerByte', amount: TABLE.readCostPerByte * v },
    { op: 'gas', what: 'IterNextFlat', amount: TABLE.iterNextCostFlat },
  ]
  if (entries.length === 0) return [{ op: 'gas', what: 'IterNextFlat', amount: 30 }]
  return entries.flatMap((e, i) => [
    ...seek(i === 0 ? e : entries[i - 1]!),
    { op: 'delete', what: `${what} ${i}`, key: e[0] } as Access,
    ...(i === entries.length - 1 ? seek(e) : []),
  ])
}

describe('AfterValidatorRemoved', () => {
  test('behavior: the commission is paid, the dust and the rest join the community pool, the records go; accesses as upstream', async () => {
    const c = await chains.create(
      genesisWith({
        balances: { [account(2)]: 1000n },
        rates: { 1: '0.5' },
        validators: [{ op: 1, tokens: 100n * POWER, delegations: { 1: 100n * POWER } }],
      }),
      NO_INVARIANTS,
    )
    const { k, staking, bank } = keepers()
    const distribution = moduleAddress('distribution')
    // 101stake to validator 1: commission 50.5 (50 paid, 0.5 to the pool), 50.5 to its delegators.
    await c.inBlock(async (ctx) => {
      await bank.sendCoins(ctx.state, op(2), distribution, [{ denom: 'stake', amount: 101n }])
      // The operator's account exists (the send creates it), with 1stake.
      await bank.send(ctx, op(2), op(1), [{ denom: 'stake', amount: 1n }])
      const val = (await staking.validator(ctx.state, op(1)))!
      await allocateTokensToValidator(k, ctx, val, [{ denom: 'stake', amount: dec(101n) }])
    })
    const before = c.view()
    expect(await k.accumulatedCommission(before, op(1))).toEqual([
      { denom: 'stake', amount: dec(101n) / 2n },
    ])
    const pool0 = await k.communityPool(before)
    const historical: [number, number][] = []
    for await (const [key, value] of before
      .store(MODULE_NAME)
      .iterate({ gte: Uint8Array.of(0x05, 20, ...op(1)), lt: Uint8Array.of(0x05, 20, ...op(2)) }))
      historical.push([key.length, value.length])
    expect(historical.length).toBeGreaterThan(0)

    const spy = vi.spyOn(GasMeter.prototype, 'consume')
    await c.inBlock(async (ctx) => {
      await validatorRemoved(k, { ...ctx, state: meteredBranch(ctx.state, new GasMeter()) }, op(1))
    })
    const charged = spy.mock.calls.map(([a, d]): [string, number] => [d, Number(a)])
    spy.mockRestore()

    const after = c.view()
    // 0.5 of dust, then the 50.5 still outstanding: 51 in all.
    expect(await k.communityPool(after)).toEqual([{ denom: 'stake', amount: dec(51n) }])
    expect(await c.balance(account(1))).toBe('51')
    expect(await c.balance(DISTRIBUTION)).toBe('51')
    for (const key of [outstandingKey, commissionKey, currentKey]) {
      expect(await len(after, MODULE_NAME, key)).toBe(0)
    }
    expect(await k.historicalRewards(after, op(1), 0n)).toBeUndefined()

    const poolBytes = (p: unknown) =>
      k.registry.encode('sdk.distribution.v1beta1.FeePool', { community_pool: p } as never).length
    const list: Access[] = [
      {
        op: 'read',
        what: 'outstanding',
        key: 22,
        value: await len(before, MODULE_NAME, outstandingKey),
      },
      {
        op: 'read',
        what: 'commission',
        key: 22,
        value: await len(before, MODULE_NAME, commissionKey),
      },
      //   the commission's fraction to the community pool
      {
        op: 'read',
        what: 'fee pool',
        key: 1,
        value: await len(before, MODULE_NAME, Uint8Array.of(0)),
      },
      {
        op: 'write',
        what: 'fee pool + 0.5',
        key: 1,
        value: poolBytes(decCoinsToProto([...pool0, { denom: 'stake', amount: dec(1n) / 2n }])),
      },
      //   its whole coins to the operator's withdraw address (none set: the operator's account)
      { op: 'read', what: 'withdraw address: none', key: 22, value: 0 },
      ...sendCoins(
        {
          who: 'distribution',
          account: await len(before, 'auth', concatBytes(Uint8Array.of(0x01), distribution)),
          balance: [
            await len(before, 'bank', balanceKey(distribution)),
            await len(after, 'bank', balanceKey(distribution)),
          ],
        },
        {
          who: 'operator',
          balance: [
            await len(before, 'bank', balanceKey(op(1))),
            await len(after, 'bank', balanceKey(op(1))),
          ],
        },
      ),
      // the rest outstanding to the community pool
      {
        op: 'read',
        what: 'fee pool + 0.5',
        key: 1,
        value: poolBytes(decCoinsToProto([...pool0, { denom: 'stake', amount: dec(1n) / 2n }])),
      },
      {
        op: 'write',
        what: 'fee pool',
        key: 1,
        value: await len(after, MODULE_NAME, Uint8Array.of(0)),
      },
      { op: 'delete', what: 'outstanding', key: 22 },
      { op: 'delete', what: 'commission', key: 22 },
      // DeleteValidatorSlashEvents (none), DeleteValidatorHistoricalRewards, the current rewards
      ...deleteAll('slash event', []),
      ...deleteAll('historical rewards', historical),
      { op: 'delete', what: 'current rewards', key: 22 },
    ]
    expect(ACCOUNT_KEY).toBe(21)
    expect(charged).toEqual(list.flatMap(charges))
    expect(total(list)).toBeGreaterThan(0)
  })
})

describe('AfterValidatorCreated', () => {
  test("behavior: the validator read through the staking keeper, then upstream initializeValidator's four records", async () => {
    const c = await chains.create(
      genesisWith({
        balances: {},
        validators: [{ op: 1, tokens: 100n * POWER, delegations: { 1: 100n * POWER } }],
      }),
      NO_INVARIANTS,
    )
    const { k } = keepers()
    const validatorKey = concatBytes(Uint8Array.of(0x21, 20), op(1))
    const spy = vi.spyOn(GasMeter.prototype, 'consume')
    await c.inBlock(async (ctx) => {
      await distributionStakingHooks(k).afterValidatorCreated!(
        { ...ctx, state: meteredBranch(ctx.state, new GasMeter()) },
        op(1),
      )
    })
    const charged = spy.mock.calls.map(([a, d]): [string, number] => [d, Number(a)])
    spy.mockRestore()
    const list: Access[] = [
      {
        op: 'read',
        what: 'validator',
        key: 22,
        value: await len(c.view(), 'staking', validatorKey),
      },
      // historical rewards 0 {[], 1}, current rewards {[], 1}, commission {}, outstanding {}
      { op: 'write', what: 'historical rewards 0', key: 30, value: 2 },
      { op: 'write', what: 'current rewards', key: 22, value: 2 },
      { op: 'write', what: 'commission', key: 22, value: 0 },
      { op: 'write', what: 'outstanding', key: 22, value: 0 },
    ]
    expect(charged).toEqual(list.flatMap(charges))
  })
})
