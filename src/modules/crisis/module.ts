import type { AppModule, BlockContext } from '../../app/types.js'
import { JsonMappingError, jsonToMessage } from '../../codec/json.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { crisisCollections, MODULE_NAME } from './keys.js'

/**
 * x/crisis (SDK v0.50 layout): holds the constant fee of invariant checks. Only app version v1 has
 * it; v2 deletes its store, as SDK v0.53 dropped the module.
 */
export function createCrisisModule(registry: ProtoRegistry, bondDenom = 'stake'): AppModule {
  const c = crisisCollections(registry)
  const genesisType = registry.type('sdk.crisis.v1beta1.GenesisState')
  const parse = (genesis: unknown): ProtoMessage => {
    const g = genesisType.fromObject(
      jsonToMessage(registry, genesisType, genesis ?? {}, 'app_state.crisis'),
    )
    const fee = (g.constant_fee ?? {}) as ProtoMessage
    const amount = String(fee.amount ?? '')
    if (
      !/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(String(fee.denom ?? '')) ||
      !/^\d+$/.test(amount) ||
      BigInt(amount) <= 0n
    ) {
      throw new JsonMappingError(
        `app_state.crisis.constant_fee: constant fee must be positive: ${amount}${fee.denom ?? ''}`,
      )
    }
    return g
  }
  return {
    name: MODULE_NAME,
    consensusVersion: 2,
    defaultGenesis: () => ({ constant_fee: { denom: bondDenom, amount: '1000' } }),
    validateGenesis(genesis) {
      parse(genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      c.constantFee.set(ctx.state.store(MODULE_NAME), parse(genesis).constant_fee)
    },
  }
}
