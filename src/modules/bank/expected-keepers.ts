import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { TimeNs } from '../../codec/time.js'
import type { KVReader, KVStore, Readable, Writable } from '../../store/types.js'

/** A module account as x/bank sees it: its address and permissions (`burner`, `minter` …). */
export interface BankModuleAccount {
  address: Bytes
  module?: { permissions: readonly string[] }
}

/** What x/bank needs of x/auth (upstream bank AccountKeeper): accounts appear on first receipt. */
export interface BankAccountKeeper {
  hasAccount(state: { store(name: string): KVReader }, address: Bytes): boolean | Promise<boolean>
  /** Upstream GetAccount: read (and charged) where upstream's keeper reads an account. */
  getAccount(state: { store(name: string): KVReader }, address: Bytes): Promise<unknown>
  createAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<unknown>
  /** Upstream GetModuleAddress: the address of a module account the app declares, else undefined. */
  moduleAddress(name: string): Bytes | undefined
  /**
   * Upstream GetModuleAccount: a module account the app declares, created on first use; at once
   * when memory has it.
   */
  getModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
  ): BankModuleAccount | undefined | Promise<BankModuleAccount | undefined>
}

/**
 * Upstream LockedCoins, as the vesting accounts provide it: the coins of `address` its vesting
 * schedule still locks at the block time (sorted by denom, no zero amounts; empty for an account
 * that does not vest). `blockTime` is read only when the account vests, so a query for a plain
 * account never needs the block store.
 */
export type LockedCoinsSource = (
  state: Readable,
  address: Bytes,
  blockTime: () => Promise<TimeNs>,
) => Coin[] | Promise<Coin[]>

/**
 * Upstream DelegateCoins/UndelegateCoins' vesting bookkeeping, as the vesting accounts provide it:
 * a vesting account records which of its delegated coins were still vesting (`delegated_vesting`)
 * and which were free (`delegated_free`); other accounts are left alone.
 */
export interface DelegationTracker {
  /** `balance`: the delegator's balance before the delegation; `time`: the block time. */
  trackDelegation(
    state: Writable,
    address: Bytes,
    balance: readonly Coin[],
    amount: readonly Coin[],
    time: TimeNs,
  ): Promise<void>
  trackUndelegation(state: Writable, address: Bytes, amount: readonly Coin[]): Promise<void>
}
