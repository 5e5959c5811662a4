import type { AppModule, BlockContext } from '../../app/types.js'
import { jsonToMessage } from '../../codec/json.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { govCollections, MODULE_NAME } from './keys.js'
import { defaultGovParams } from './params.js'

/** x/gov v1: proposals, deposits, votes and tallies. */
export function createGovModule(registry: ProtoRegistry): AppModule {
  const c = govCollections(registry)
  const genesisType = registry.type('sdk.gov.v1.GenesisState')
  const parse = (genesis: unknown): ProtoMessage =>
    genesisType.fromObject(jsonToMessage(registry, genesisType, genesis ?? {}, 'app_state.gov'))
  return {
    name: MODULE_NAME,
    consensusVersion: 5,
    defaultGenesis: () => ({
      starting_proposal_id: '1',
      deposits: [],
      votes: [],
      proposals: [],
      params: defaultGovParams(),
      constitution: '',
    }),
    validateGenesis(genesis) {
      parse(genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      const g = parse(genesis)
      const store = ctx.state.store(MODULE_NAME)
      c.params.set(store, g.params ?? parse({ params: defaultGovParams() }).params)
      c.proposalId.set(store, BigInt(String(g.starting_proposal_id ?? 1)) || 1n)
    },
  }
}
