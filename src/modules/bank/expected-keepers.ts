import type { Bytes } from '../../codec/bytes.js'
import type { KVReader, KVStore } from '../../store/types.js'

/** A module account as x/bank sees it: its address and permissions (`burner`, `minter` …). */
export interface BankModuleAccount {
  address: Bytes
  module?: { permissions: readonly string[] }
}

/** What x/bank needs of x/auth (upstream bank AccountKeeper): accounts appear on first receipt. */
export interface BankAccountKeeper {
  hasAccount(state: { store(name: string): KVReader }, address: Bytes): Promise<boolean>
  createAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<unknown>
  /** Upstream GetModuleAddress: the address of a module account the app declares, else undefined. */
  moduleAddress(name: string): Bytes | undefined
  /** Upstream GetModuleAccount: a module account the app declares, created on first use. */
  getModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
  ): Promise<BankModuleAccount | undefined>
}
