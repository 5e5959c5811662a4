import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { Readable, Writable } from '../../store/types.js'
import type { BankContext } from '../bank/keeper.js'

/** What x/staking needs from x/bank (upstream staking BankKeeper). */
export interface StakingBankKeeper {
  balance(state: Readable, address: Bytes, denom: string): Promise<bigint>
  /** `balance` at once when memory has it. */
  balanceNow(state: Readable, address: Bytes, denom: string): bigint | Promise<bigint>
  /** Pool to pool (bonding, unbonding). */
  sendCoinsFromModuleToModule(
    ctx: BankContext,
    from: string,
    to: string,
    coins: readonly Coin[],
  ): void | Promise<void>
  /** A delegation's tokens into a pool (upstream DelegateCoinsFromAccountToModule). */
  delegateCoinsFromAccountToModule(
    ctx: BankContext,
    delegator: Bytes,
    module: string,
    coins: readonly Coin[],
  ): Promise<void>
  /** A matured unbonding's tokens back (upstream UndelegateCoinsFromModuleToAccount). */
  undelegateCoinsFromModuleToAccount(
    ctx: BankContext,
    module: string,
    delegator: Bytes,
    coins: readonly Coin[],
  ): Promise<void>
  /** Slashed tokens out of a pool and the supply. */
  burnCoins(ctx: BankContext, module: string, coins: readonly Coin[]): Promise<void>
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
  setAccount(state: Writable, account: StakingModuleAccount): void | Promise<void>
  nextAccountNumber(state: Writable): Promise<bigint>
}
