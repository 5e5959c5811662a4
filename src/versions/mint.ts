import type { AppModule, BlockContext } from '../app/types.js'
import { addressToBech32 } from '../codec/address.js'
import { type Coin, coinsToString } from '../codec/coins.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ErrUnknownAddress } from '../errors.js'
import type { AuthKeeper } from '../modules/auth/keeper.js'
import type { BankKeeper } from '../modules/bank/keeper.js'
import type { MintBankKeeper, MintStakingKeeper } from '../modules/mint/expected-keepers.js'
import { MintKeeper } from '../modules/mint/keeper.js'
import { createMintModule } from '../modules/mint/module.js'
import type { StakingKeeper } from '../modules/staking/keeper.js'
import type { Writable } from '../store/types.js'
import { eachNow, thenNow } from '../store/value-now.js'

/** Upstream staking StakingTokenSupply and BondedRatio, read through x/staking and x/bank. */
export function mintStakingKeeper(staking: StakingKeeper, bank: BankKeeper): MintStakingKeeper {
  // Each read at once when memory has it (every block's BeginBlocker asks).
  const supply = (state: Parameters<BankKeeper['supplyOf']>[0]) =>
    thenNow(staking.bondDenomNow(state), (denom) => bank.supplyNow(state, denom))
  return {
    stakingTokenSupply: supply,
    bondedRatio: (state) =>
      thenNow(supply(state), (total) =>
        total <= 0n
          ? 0n
          : // LegacyNewDecFromInt(bonded).QuoInt(supply): the scaled integer divided, truncated.
            thenNow(staking.totalBondedTokensNow(state), (bonded) => (bonded * 10n ** 18n) / total),
      ),
  }
}

/** x/bank's minting and module-to-module send for x/mint, over the module accounts x/auth declares. */
export function mintBankKeeper(auth: AuthKeeper, bank: BankKeeper): MintBankKeeper {
  const addressOf = (name: string) => {
    const address = auth.moduleAddress(name)
    if (!address) throw ErrUnknownAddress.wrap(`module account ${name} does not exist`)
    return address
  }
  // Each step at once when memory answers its reads (every block mints and sends).
  const ensure = (state: Writable, name: string): void | Promise<void> =>
    thenNow(auth.getModuleAccount(state, name), () => undefined)
  return {
    ensureModuleAccount: async (state, name) => ensure(state, name),
    mintCoins(ctx: BlockContext, name: string, coins: readonly Coin[]) {
      return thenNow(ensure(ctx.state, name), () => {
        const address = addressOf(name)
        const amount = coinsToString(coins)
        return thenNow(bank.addCoins(ctx.state, address, coins), () => {
          ctx.events.emit('coin_received', { receiver: addressToBech32(address), amount })
          return thenNow(
            eachNow(coins, (coin) =>
              thenNow(bank.supplyNow(ctx.state, coin.denom), (supply) => {
                bank.setSupply(ctx.state, { denom: coin.denom, amount: supply + coin.amount })
              }),
            ),
            () => {
              ctx.events.emit('coinbase', { minter: addressToBech32(address), amount })
            },
          )
        })
      })
    },
    sendCoinsFromModuleToModule(ctx, from, to, coins) {
      const sender = addressOf(from)
      return thenNow(ensure(ctx.state, to), () => bank.send(ctx, sender, addressOf(to), coins))
    },
  }
}

/** x/mint wired to x/staking (the bonded ratio) and x/bank (minting to the fee collector). */
export function createMint(
  registry: ProtoRegistry,
  auth: AuthKeeper,
  bank: BankKeeper,
  staking: StakingKeeper,
): AppModule {
  const keeper = new MintKeeper({
    registry,
    staking: mintStakingKeeper(staking, bank),
    bank: mintBankKeeper(auth, bank),
  })
  return createMintModule({ registry, keeper })
}
