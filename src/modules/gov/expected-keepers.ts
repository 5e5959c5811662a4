import type { MsgHandler } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { Dec } from '../../codec/dec.js'
import type { Readable, Writable } from '../../store/types.js'

/** What x/gov needs from x/bank: moving deposits in and out of the gov account, burning them. */
export interface GovBankKeeper {
  balance(state: Readable, address: Bytes, denom: string): Promise<bigint>
  subtractCoins(state: Writable, address: Bytes, coins: readonly Coin[]): Promise<void>
  addCoins(state: Writable, address: Bytes, coins: readonly Coin[]): Promise<void>
  supplyOf(state: Readable, denom: string): Promise<bigint>
  setSupply(state: Writable, coin: Coin): void
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
  handler(typeUrl: string): MsgHandler | undefined
}
