import type { BlockContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { Readable, Writable } from '../../store/types.js'
import type { Delegation, Validator } from '../staking/status.js'

/** What x/distribution needs of x/staking (upstream x/distribution/types/expected_keepers.go). */
export interface DistributionStakingKeeper {
  validator(state: Readable, operator: Bytes): Promise<Validator | undefined>
  /** At once when memory has the records (every block's allocation asks for each voter). */
  validatorByConsAddr(
    state: Readable,
    consAddr: Bytes,
  ): Validator | undefined | Promise<Validator | undefined>
  delegation(state: Readable, delegator: Bytes, operator: Bytes): Promise<Delegation | undefined>
  /**
   * Every validator's operator address, in operator address order (upstream IterateValidators;
   * the invariants, its only users, need no more of the record).
   */
  validatorOperators(state: Readable): AsyncIterable<Bytes>
  /** Every delegation's (delegator, operator), in staking's key order (delegator, then validator). */
  delegationKeys(state: Readable): AsyncIterable<[delegator: Bytes, operator: Bytes]>
  /** The operators `delegator` has delegations with, in staking's key order. */
  delegatorValidators(state: Readable, delegator: Bytes): Promise<Bytes[]>
}

/** What x/distribution needs of x/bank and x/auth (upstream BankKeeper and AccountKeeper). */
export interface DistributionBankKeeper {
  /** At once when memory has them (every block's allocation reads the fee collector's). */
  balances(state: Readable, address: Bytes): Coin[] | Promise<Coin[]>
  /** The address of a module account the app declares. */
  moduleAddress(name: string): Bytes
  /** Upstream GetModuleAccount: creates the module's account when it has none. */
  ensureModuleAccount(state: Writable, name: string): Promise<void>
  /** Whether bank refuses to send external funds to `address` (upstream BlockedAddr). */
  isBlocked(address: Bytes): boolean
  sendCoinsFromModuleToModule(
    ctx: BlockContext,
    from: string,
    to: string,
    coins: readonly Coin[],
  ): void | Promise<void>
  sendCoinsFromModuleToAccount(
    ctx: BlockContext,
    from: string,
    to: Bytes,
    coins: readonly Coin[],
  ): Promise<void>
  /**
   * The module `from`'s sends to accounts checked, not made (x/bank's `moduleSendCheck`): each
   * call refuses what `sendCoinsFromModuleToAccount` would, with its errors; nothing is written.
   */
  moduleSendCheck(
    ctx: BlockContext,
    from: string,
  ): (to: Bytes, coins: readonly Coin[]) => Promise<void>
  sendCoinsFromAccountToModule(
    ctx: BlockContext,
    from: Bytes,
    to: string,
    coins: readonly Coin[],
  ): void | Promise<void>
}
