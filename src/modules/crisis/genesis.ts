import type { BlockContext } from '../../app/types.js'
import { isValidCoins } from '../../codec/coins.js'
import { jsonToMessage } from '../../codec/json-parser.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { constantFeeNotPositive } from './errors.js'
import type { CrisisKeeper } from './keeper.js'

// x/crisis genesis (upstream x/crisis/types/genesis.go): the constant fee of invariant checks.

/** Default crisis genesis section (upstream JSON shape). */
export function defaultCrisisGenesis(bondDenom: string) {
  return { constant_fee: { denom: bondDenom, amount: '1000' } }
}

/** Upstream ValidateGenesis: the constant fee must be a positive coin. */
export function parseCrisisGenesis(registry: ProtoRegistry, genesis: unknown): ProtoMessage {
  const genesisType = registry.type('sdk.crisis.v1beta1.GenesisState')
  const g = genesisType.fromObject(
    jsonToMessage(registry, genesisType, genesis ?? {}, 'app_state.crisis'),
  )
  const fee = (g.constant_fee ?? {}) as ProtoMessage
  if (!isValidCoins([fee])) throw constantFeeNotPositive(fee)
  return g
}

/** Upstream InitGenesis: stores the constant fee. */
export function initCrisisGenesis(ctx: BlockContext, keeper: CrisisKeeper, g: ProtoMessage): void {
  keeper.setConstantFee(ctx.state, g.constant_fee)
}
