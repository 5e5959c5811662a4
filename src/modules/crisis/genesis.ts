import type { BlockContext } from '../../app/types.js'
import { isValidCoins } from '../../codec/coins.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { ErrLogic } from '../../errors.js'
import type { Readable } from '../../store/types.js'
import { constantFeeNotPositive } from './errors.js'
import type { CrisisKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

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

/**
 * Upstream ExportGenesis (x/crisis/keeper/genesis.go): the constant fee as stored, in genesis JSON
 * form. Upstream panics when none is stored; so does this (InitGenesis always stores one).
 */
export async function exportCrisisGenesis(
  state: Readable,
  keeper: CrisisKeeper,
  registry: ProtoRegistry,
) {
  const fee = await keeper.c.constantFee.get(state.store(MODULE_NAME))
  if (!fee) throw ErrLogic.wrap('crisis constant fee is not set')
  const type = registry.type('sdk.crisis.v1beta1.GenesisState')
  return messageToJson(registry, type, type.fromObject({ constant_fee: fee }))
}
