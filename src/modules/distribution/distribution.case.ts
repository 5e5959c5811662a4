import {
  account,
  type GenesisOptions,
  genesisState,
  registry,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { decFromInt } from '../../codec/dec.js'
import { distributionBankKeeper, distributionStakingKeeper } from '../../versions/distribution.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from '../bank/keeper.js'
import { StakingKeeper } from '../staking/keeper.js'
import { consAddrOfKey } from '../staking/validators.js'
import { distributionStakingHooks } from './hooks.js'
import { DistributionKeeper } from './keeper.js'

// Shared set-up of x/distribution's keeper tests: a keeper (with its staking hooks) over the test
// chain's store, and genesis validators with a commission rate.

export const POWER = 1_000_000n
export const dec = (n: bigint) => decFromInt(n)

/** Keepers over the test chain's store; staking runs distribution's hooks (no slashing's). */
export function keepers() {
  const auth = new AuthKeeper({ registry })
  const bank = new BankKeeper({ registry, accounts: auth })
  const staking = new StakingKeeper({ registry, bank })
  const k = new DistributionKeeper({
    registry,
    staking: distributionStakingKeeper(staking),
    bank: distributionBankKeeper(auth, bank),
  })
  staking.addHooks(distributionStakingHooks(k))
  return { auth, bank, staking, k }
}

/** Operator bytes of test validator `n`. */
export const op = (n: number): Bytes => new Uint8Array(20).fill(n)
/** Account bytes of test account `n`. */
export const acc = (n: number): Bytes => new Uint8Array(20).fill(n)
/** Consensus address of test validator `n` (its key is 32 bytes of `n`). */
export const cons = (n: number): Bytes => consAddrOfKey(new Uint8Array(32).fill(n))

export const FEE_COLLECTOR = addressToBech32(moduleAddress('fee_collector'))
export const DISTRIBUTION = addressToBech32(moduleAddress('distribution'))

/**
 * A genesis of bonded validators, each with `rate` commission; `fees` in the fee collector.
 */
export function genesisWith(
  o: GenesisOptions & { rates?: Record<number, string>; fees?: bigint },
): Record<string, unknown> {
  const balances = { ...o.balances }
  if (o.fees) balances[FEE_COLLECTOR] = o.fees
  const g = genesisState({ ...o, balances }) as {
    staking: { validators: Record<string, unknown>[] }
  }
  for (const v of g.staking.validators) {
    const n = (o.validators ?? []).find((x) => valoper(x.op) === v.operator_address)!.op
    const rate = o.rates?.[n] ?? '0'
    v.commission = {
      commission_rates: { rate, max_rate: rate === '0' ? '0' : '1', max_change_rate: '0' },
    }
  }
  return g
}

export { account }
