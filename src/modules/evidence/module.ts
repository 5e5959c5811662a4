import type { AppModule, BlockContext } from '../../app/types.js'
import { sha256 } from '../../codec/hash.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Readable } from '../../store/types.js'
import type { EvidenceKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerEvidenceQueries } from './queries.js'

/**
 * x/evidence: the double signs consensus reports in a block slash, jail forever and tombstone the
 * validator (through x/slashing), and are kept by hash for the evidence queries. It takes no
 * submitted evidence (upstream's MsgSubmitEvidence has no evidence type in simd either).
 */
export function createEvidenceModule({ keeper }: { keeper: EvidenceKeeper }): AppModule {
  return {
    name: MODULE_NAME,
    consensusVersion: 1,
    defaultGenesis: () => ({ evidence: [] }),
    registerServices: (cfg) => registerEvidenceQueries(cfg, keeper),
    validateGenesis(genesis) {
      parse(keeper, genesis)
    },
    async initGenesis(ctx: BlockContext, genesis) {
      // Upstream InitGenesis: each piece of evidence under its hash.
      const store = ctx.state.store(MODULE_NAME)
      for (const any of parse(keeper, genesis)) keeper.c.evidence.set(store, sha256(any.value), any)
    },
    exportGenesis: (state) => exportEvidenceGenesis(state, keeper),
    // Nothing to do, at once, in a block without misbehavior (nearly every block).
    beginBlock: (ctx: BlockContext) =>
      ctx.comet.misbehavior.length === 0 ? undefined : keeper.beginBlock(ctx),
  }
}

function parse(keeper: EvidenceKeeper, genesis: unknown) {
  const { registry } = keeper
  const type = registry.type('sdk.evidence.v1beta1.GenesisState')
  return messageFromJson(registry, type, genesis ?? {}, 'app_state.evidence').evidence
}

/**
 * Upstream ExportGenesis (x/evidence/genesis.go): every stored evidence as an Any (Equivocation), in
 * key (hash) order, in genesis JSON form.
 */
export async function exportEvidenceGenesis(state: Readable, keeper: EvidenceKeeper) {
  const { registry } = keeper
  const evidence = []
  for await (const [, any] of keeper.c.evidence.iterate(state.store(MODULE_NAME)))
    evidence.push(any)
  const type = registry.type('sdk.evidence.v1beta1.GenesisState')
  return messageToJson(registry, type, type.fromObject({ evidence }))
}
