import { paginate } from '../../app/pagination.js'
import { invalidArgument, notFound, pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator } from '../../app/types.js'
import { GrpcCode, StatusError } from '../../errors.js'
import type { EvidenceKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

const SERVICE = 'sdk.evidence.v1beta1.Query'

/** Registers the evidence Query service (upstream x/evidence/keeper/grpc_query.go). */
export function registerEvidenceQueries(cfg: ModuleConfigurator, keeper: EvidenceKeeper): void {
  cfg.registerQuery(`${SERVICE}/Evidence`, async (req, ctx) => {
    const { hash } = req
    if (hash === '') throw invalidArgument('invalid request; hash is empty')
    if (hash.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hash)) {
      // Go's hex.DecodeString errors, wrapped as upstream does (a plain error).
      const bad = hash.search(/[^0-9a-fA-F]/)
      const why =
        bad >= 0
          ? `encoding/hex: invalid byte: U+${hash.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(hash[bad]).replaceAll('"', "'")}`
          : 'encoding/hex: odd length hex string'
      throw new StatusError(GrpcCode.InvalidArgument, `invalid evidence hash: ${why}`)
    }
    const evidence = await keeper.c.evidence.get(
      ctx.state.store(MODULE_NAME),
      Uint8Array.from(Buffer.from(hash, 'hex')),
    )
    if (!evidence) throw notFound(`evidence ${hash} not found`)
    return { evidence }
  })

  cfg.registerQuery(`${SERVICE}/AllEvidence`, async (req, ctx) => {
    const page = await paginate(keeper.c.evidence, ctx.state.store(MODULE_NAME), req.pagination, {
      paginator: 'collections',
    }).catch(pageRequestError())
    return { evidence: page.entries.map(([, v]) => v), pagination: page.pagination }
  })
}
