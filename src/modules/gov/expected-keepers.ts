import type { BlockContext, RoutedMsgHandler } from '../../app/types.js'
import type { EventManager } from '../../block/events.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { Dec } from '../../codec/dec.js'
import type { Readable, Writable } from '../../store/types.js'

/** What a coin movement needs of a block context: the state and the events it emits. */
export interface GovBankContext {
  state: Writable
  events: EventManager
}

/**
 * What x/gov needs from x/bank (upstream x/gov BankKeeper): deposits move between depositors and the
 * gov module account, and are burned from it; genesis reads the gov account's balances. x/bank emits the events (coin_spent, coin_received,
 * transfer, message; coin_spent and burn).
 */
export interface GovBankKeeper {
  sendCoinsFromAccountToModule(
    ctx: GovBankContext,
    sender: Bytes,
    recipientModule: string,
    coins: readonly Coin[],
  ): void | Promise<void>
  sendCoinsFromModuleToAccount(
    ctx: GovBankContext,
    senderModule: string,
    recipient: Bytes,
    coins: readonly Coin[],
  ): Promise<void>
  burnCoins(ctx: GovBankContext, moduleName: string, coins: readonly Coin[]): Promise<void>
  /** Upstream GetAllBalances: the gov account must hold exactly the genesis deposits. */
  balances(state: Readable, address: Bytes): Promise<Coin[]>
}

/**
 * What x/gov needs from x/distribution (upstream x/gov DistributionKeeper): a cancelled proposal's
 * charge, when its destination is the distribution module account, joins the community pool.
 */
export interface GovDistributionKeeper {
  fundCommunityPool(ctx: BlockContext, amount: readonly Coin[], sender: Bytes): Promise<void>
}

/** A bonded validator as the tally counts it. */
export interface GovValidator {
  operator: Bytes
  tokens: bigint
  delegatorShares: Dec
}

/** What x/gov needs from x/staking: the bonded set, delegations and total bonded tokens. */
export interface GovStakingKeeper {
  bondedValidators(state: Readable): Promise<GovValidator[]>
  delegationsOf(state: Readable, delegator: Bytes): Promise<{ validator: Bytes; shares: Dec }[]>
  totalBondedTokens(state: Readable): Promise<bigint>
}

/** The msg service router a passed proposal's messages run through. */
export interface GovMsgRouter {
  handler(typeUrl: string): RoutedMsgHandler | undefined
}
