import type { Bytes } from '../../codec/bytes.js'
import type { KVReader, KVStore } from '../../store/types.js'

/** What x/bank needs of x/auth (upstream bank AccountKeeper): accounts appear on first receipt. */
export interface BankAccountKeeper {
  hasAccount(state: { store(name: string): KVReader }, address: Bytes): Promise<boolean>
  createAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<unknown>
}
