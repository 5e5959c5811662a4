import type { BlockContext } from '../../app/types.js'
import { isValidCoins } from '../../codec/coins.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { constantFeeNotPositive } from './errors.js'
import type { CrisisKeeper } from './keeper.js'

// x/crisis genesis (upstream x/crisis/types/genesis.go): the constant fee of invariant checks.

/** A genesis section checked: what InitGenesis stores. */
export interface CrisisGenesis {
  /** A positive coin. */
  constantFee: Proto<'sdk.base.v1beta1.Coin'>
}

/** An absent constant fee, refused as the coin with neither denom nor amount. */
const NO_FEE: Proto<'sdk.base.v1beta1.Coin'> = { denom: '', amount: '' }

/** Default crisis genesis section (upstream JSON shape). */
export function defaultCrisisGenesis(bondDenom: string) {
  return { constant_fee: { denom: bondDenom, amount: '1000' } }
}

/** Upstream ValidateGenesis: the constant fee must be a positive coin. */
export function parseCrisisGenesis(registry: ProtoRegistry, genesis: unknown): CrisisGenesis {
  const genesisType = registry.type('sdk.crisis.v1beta1.GenesisState')
  const g = messageFromJson(registry, genesisType, genesis ?? {}, 'app_state.crisis')
  const fee = g.constant_fee
  if (!fee || !isValidCoins([fee])) throw constantFeeNotPositive(fee ?? NO_FEE)
  return { constantFee: fee }
}

/** Upstream InitGenesis: stores the constant fee. */
export function initCrisisGenesis(ctx: BlockContext, keeper: CrisisKeeper, g: CrisisGenesis): void {
  keeper.setConstantFee(ctx.state, g.constantFee)
}
