import type { Bytes } from '../../codec/bytes.js'
import type { Readable, Writable } from '../../store/types.js'

/** What x/staking needs from x/bank. */
export interface StakingBankKeeper {
  balance(state: Readable, address: Bytes, denom: string): Promise<bigint>
}

/** A module account as x/staking creates it. */
export interface StakingModuleAccount {
  address: Bytes
  pubKey: undefined
  accountNumber: bigint
  sequence: bigint
  module: { name: string; permissions: string[] }
}

/** What x/staking needs from x/auth. */
export interface StakingAuthKeeper {
  getAccount(state: Readable, address: Bytes): Promise<unknown>
  setAccount(state: Writable, account: StakingModuleAccount): void
  nextAccountNumber(state: Writable): Promise<bigint>
}
