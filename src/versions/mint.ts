import type { AppModule, BlockContext } from '../app/types.js'
import { addressToBech32, moduleAddress } from '../codec/address.js'
import { type Coin, coinsToString } from '../codec/coins.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ErrUnknownAddress } from '../errors.js'
import type { AuthKeeper } from '../modules/auth/keeper.js'
import { MODULE_ACCOUNT_PERMISSIONS } from '../modules/auth/keys.js'
import type { BankKeeper } from '../modules/bank/keeper.js'
import type { MintBankKeeper, MintStakingKeeper } from '../modules/mint/expected-keepers.js'
import { MintKeeper } from '../modules/mint/keeper.js'
import { MODULE_NAME as MINT } from '../modules/mint/keys.js'
import { createMintModule } from '../modules/mint/module.js'
import type { StakingKeeper } from '../modules/staking/keeper.js'
import type { Writable } from '../store/types.js'

/** Permissions of x/mint's module account (upstream simapp maccPerms: `minter`). */
const MINT_PERMISSIONS = ['minter']

/** Upstream staking StakingTokenSupply and BondedRatio, read through x/staking and x/bank. */
export function mintStakingKeeper(staking: StakingKeeper, bank: BankKeeper): MintStakingKeeper {
  const supply = async (state: Parameters<BankKeeper['supplyOf']>[0]) =>
    bank.supplyOf(state, await staking.bondDenom(state))
  return {
    stakingTokenSupply: supply,
    async bondedRatio(state) {
      const total = await supply(state)
      if (total <= 0n) return 0n
      // LegacyNewDecFromInt(bonded).QuoInt(supply): the scaled integer divided, truncated.
      return ((await staking.totalBondedTokens(state)) * 10n ** 18n) / total
    },
  }
}

/**
 * x/bank's minting and module-to-module send for x/mint. The mint module account is not among the
 * module accounts x/auth declares, so it is created here, with upstream's `minter` permission, and
 * sent from by its address.
 */
export function mintBankKeeper(auth: AuthKeeper, bank: BankKeeper): MintBankKeeper {
  const addressOf = (name: string) => {
    if (name === MINT || Object.hasOwn(MODULE_ACCOUNT_PERMISSIONS, name)) return moduleAddress(name)
    throw ErrUnknownAddress.wrap(`module account ${name} does not exist`)
  }
  const ensure = async (state: Writable, name: string): Promise<void> => {
    if (name !== MINT) {
      await auth.getModuleAccount(state, name)
      return
    }
    const address = moduleAddress(MINT)
    if (await auth.getAccount(state, address)) return
    await auth.setAccount(state, {
      address,
      pubKey: undefined,
      accountNumber: await auth.nextAccountNumber(state),
      sequence: 0n,
      module: { name: MINT, permissions: [...MINT_PERMISSIONS] },
    })
  }
  return {
    ensureModuleAccount: ensure,
    async mintCoins(ctx: BlockContext, name: string, coins: readonly Coin[]) {
      await ensure(ctx.state, name)
      const address = addressOf(name)
      const amount = coinsToString(coins)
      await bank.addCoins(ctx.state, address, coins)
      ctx.events.emit('coin_received', { receiver: addressToBech32(address), amount })
      for (const coin of coins) {
        const supply = await bank.supplyOf(ctx.state, coin.denom)
        bank.setSupply(ctx.state, { denom: coin.denom, amount: supply + coin.amount })
      }
      ctx.events.emit('coinbase', { minter: addressToBech32(address), amount })
    },
    async sendCoinsFromModuleToModule(ctx, from, to, coins) {
      const sender = addressOf(from)
      await ensure(ctx.state, to)
      await bank.send(ctx, sender, addressOf(to), coins)
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
