import type { BlockContext } from '../../app/types.js'
import type { Coin } from '../../codec/coins.js'
import type { Dec } from '../../codec/dec.js'
import type { Readable, Writable } from '../../store/types.js'

/** What x/mint needs of x/staking (upstream x/mint/types/expected_keepers.go StakingKeeper). */
export interface MintStakingKeeper {
  /** The bank supply of the bond denom (upstream StakingTokenSupply). */
  stakingTokenSupply(state: Readable): bigint | Promise<bigint>
  /** Bonded tokens over that supply, truncated; zero when the supply is zero (upstream BondedRatio). */
  bondedRatio(state: Readable): Dec | Promise<Dec>
}

/** What x/mint needs of x/bank and x/auth (upstream BankKeeper and AccountKeeper). */
export interface MintBankKeeper {
  /**
   * Upstream MintCoins: adds `coins` to the module account and to the supply; emits
   * `coin_received` and `coinbase`.
   */
  mintCoins(ctx: BlockContext, moduleName: string, coins: readonly Coin[]): void | Promise<void>
  /** Upstream SendCoinsFromModuleToModule, with bank's events. */
  sendCoinsFromModuleToModule(
    ctx: BlockContext,
    senderModule: string,
    recipientModule: string,
    coins: readonly Coin[],
  ): void | Promise<void>
  /** Upstream GetModuleAccount: creates the module's account when it has none. */
  ensureModuleAccount(state: Writable, moduleName: string): Promise<void>
}
