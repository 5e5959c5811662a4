import { accountFromAny } from '@cosmjs/stargate'
import {
  ContinuousVestingAccount,
  DelayedVestingAccount,
  PeriodicVestingAccount,
  PermanentLockedAccount,
} from 'cosmjs-types/cosmos/vesting/v1beta1/vesting'
import { describe, expect, test } from 'vitest'
import { addressToBech32 } from '../../codec/address.js'
import { ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'
import { AuthKeeper } from './keeper.js'

/**
 * Stored and answered vesting accounts are upstream's bytes: cosmjs' own types (which wallets use
 * to read an account's number and sequence before signing) decode them field for field.
 */
describe('vesting accounts as cosmjs reads them (brand cosmos)', () => {
  const registry = ProtoRegistry.load(PROTO_DIR, 'cosmos')
  const keeper = new AuthKeeper({ registry })
  const address = new Uint8Array(20).fill(4)
  // The keeper spells addresses in the process's prefix; the registry's brand names the types.
  const bech32 = addressToBech32(address)
  const schedule = {
    originalVesting: [{ denom: 'stake', amount: 100n }],
    delegatedFree: [{ denom: 'stake', amount: 3n }],
    delegatedVesting: [{ denom: 'stake', amount: 7n }],
    endTime: 2_000_000_000n,
    periods: [],
  }
  const account = { address, pubKey: undefined, accountNumber: 12n, sequence: 5n }

  test('a continuous one, with its start time', () => {
    const any = keeper.accountToAny({
      ...account,
      vesting: { kind: 'continuous', ...schedule, startTime: 1_900_000_000n },
    })
    expect(any.type_url).toBe('/cosmos.vesting.v1beta1.ContinuousVestingAccount')
    const decoded = ContinuousVestingAccount.decode(any.value)
    expect(decoded.startTime).toBe(1_900_000_000n)
    expect(decoded.baseVestingAccount?.endTime).toBe(2_000_000_000n)
    expect(decoded.baseVestingAccount?.delegatedVesting).toEqual([{ denom: 'stake', amount: '7' }])
    const read = accountFromAny({ typeUrl: any.type_url, value: any.value })
    expect(read).toMatchObject({ address: bech32, pubkey: null, sequence: 5 })
    expect(Number(read.accountNumber)).toBe(12)
    // And back: the keeper reads what it wrote.
    expect(keeper.accountFromAny(any).vesting).toEqual({
      kind: 'continuous',
      ...schedule,
      startTime: 1_900_000_000n,
    })
  })

  test('a delayed one', () => {
    const any = keeper.accountToAny({
      ...account,
      vesting: { kind: 'delayed', ...schedule, startTime: 0n },
    })
    expect(any.type_url).toBe('/cosmos.vesting.v1beta1.DelayedVestingAccount')
    expect(DelayedVestingAccount.decode(any.value).baseVestingAccount?.originalVesting).toEqual([
      { denom: 'stake', amount: '100' },
    ])
    expect(accountFromAny({ typeUrl: any.type_url, value: any.value }).sequence).toBe(5)
  })

  test('a periodic one, with its periods', () => {
    const periods = [
      { length: 60n, amount: [{ denom: 'stake', amount: 40n }] },
      { length: 40n, amount: [{ denom: 'stake', amount: 60n }] },
    ]
    const vesting = {
      kind: 'periodic' as const,
      ...schedule,
      startTime: 1_999_999_900n,
      periods,
    }
    const any = keeper.accountToAny({ ...account, vesting })
    expect(any.type_url).toBe('/cosmos.vesting.v1beta1.PeriodicVestingAccount')
    const decoded = PeriodicVestingAccount.decode(any.value)
    expect(decoded.startTime).toBe(1_999_999_900n)
    expect(decoded.vestingPeriods).toEqual([
      { length: 60n, amount: [{ denom: 'stake', amount: '40' }] },
      { length: 40n, amount: [{ denom: 'stake', amount: '60' }] },
    ])
    expect(accountFromAny({ typeUrl: any.type_url, value: any.value }).sequence).toBe(5)
    expect(keeper.accountFromAny(any).vesting).toEqual(vesting)
  })

  test('a permanently locked one', () => {
    const vesting = { kind: 'permanent' as const, ...schedule, endTime: 0n, startTime: 0n }
    const any = keeper.accountToAny({ ...account, vesting })
    expect(any.type_url).toBe('/cosmos.vesting.v1beta1.PermanentLockedAccount')
    expect(PermanentLockedAccount.decode(any.value).baseVestingAccount?.originalVesting).toEqual([
      { denom: 'stake', amount: '100' },
    ])
    // cosmjs' accountFromAny knows no permanently locked accounts, from any chain (a wallet
    // needs its own parser for them, as against upstream); the bytes are upstream's all the same.
    expect(() => accountFromAny({ typeUrl: any.type_url, value: any.value })).toThrow(
      "Unsupported type: '/cosmos.vesting.v1beta1.PermanentLockedAccount'",
    )
    expect(keeper.accountFromAny(any).vesting).toEqual(vesting)
  })
})
