import type { AppModule } from '../app/types.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ErrUnknownAddress } from '../errors.js'
import type { AuthKeeper } from '../modules/auth/keeper.js'
import type { BankKeeper } from '../modules/bank/keeper.js'
import type {
  DistributionBankKeeper,
  DistributionStakingKeeper,
} from '../modules/distribution/expected-keepers.js'
import { distributionStakingHooks } from '../modules/distribution/hooks.js'
import { DistributionKeeper } from '../modules/distribution/keeper.js'
import { createDistributionModule } from '../modules/distribution/module.js'
import type { StakingKeeper } from '../modules/staking/keeper.js'
import { MODULE_NAME as STAKING } from '../modules/staking/keys.js'

/** x/staking's records as x/distribution reads them. */
export function distributionStakingKeeper(staking: StakingKeeper): DistributionStakingKeeper {
  return {
    validator: (state, operator) => staking.validator(state, operator),
    validatorByConsAddr: (state, consAddr) => staking.validatorByConsAddr(state, consAddr),
    delegation: (state, delegator, operator) => staking.delegation(state, delegator, operator),
    validatorOperators: (state) => staking.c.validators.keys(state.store(STAKING)),
    delegationKeys: (state) => staking.c.delegations.keys(state.store(STAKING)),
    async delegatorValidators(state, delegator) {
      return (await staking.delegationsOf(state, delegator)).map((d) => d.validator)
    },
  }
}

/** x/bank's balances and module-account sends, and x/auth's module accounts, for x/distribution. */
export function distributionBankKeeper(auth: AuthKeeper, bank: BankKeeper): DistributionBankKeeper {
  return {
    balances: (state, address) => bank.balancesNow(state, address),
    moduleAddress(name) {
      const address = auth.moduleAddress(name)
      if (!address) throw ErrUnknownAddress.wrap(`module account ${name} does not exist`)
      return address
    },
    async ensureModuleAccount(state, name) {
      await auth.getModuleAccount(state, name)
    },
    isBlocked: (address) => bank.isBlocked(address),
    sendCoinsFromModuleToModule: (ctx, from, to, coins) =>
      bank.sendCoinsFromModuleToModule(ctx, from, to, coins),
    sendCoinsFromModuleToAccount: (ctx, from, to, coins) =>
      bank.sendCoinsFromModuleToAccount(ctx, from, to, coins),
    moduleSendCheck: (ctx, from) => bank.moduleSendCheck(ctx, from),
    sendCoinsFromAccountToModule: (ctx, from, to, coins) =>
      bank.sendCoinsFromAccountToModule(ctx, from, to, coins),
  }
}

/**
 * x/distribution wired to x/staking (its hooks registered with `addHooks`: call this before
 * slashing's, as simd orders them) and to x/bank.
 */
export function createDistribution(
  registry: ProtoRegistry,
  auth: AuthKeeper,
  bank: BankKeeper,
  staking: StakingKeeper,
): { module: AppModule; keeper: DistributionKeeper } {
  const keeper = new DistributionKeeper({
    registry,
    staking: distributionStakingKeeper(staking),
    bank: distributionBankKeeper(auth, bank),
  })
  staking.addHooks(distributionStakingHooks(keeper))
  return { module: createDistributionModule({ registry, keeper }), keeper }
}
