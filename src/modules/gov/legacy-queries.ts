import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import {
  depositToLegacy,
  paramsToLegacy,
  proposalToLegacy,
  tallyToLegacy,
  type V1Handlers,
  voteToLegacy,
} from './legacy.js'

const SERVICE = 'sdk.gov.v1beta1.Query'
const V1 = 'sdk.gov.v1.Query'

/**
 * Registers the gov v1beta1 Query service (upstream legacyQueryServer): each method calls its v1
 * counterpart — same store, same checks and errors — and converts the answer. A page of proposals
 * fails as a whole when one of them cannot be shown in v1beta1.
 */
export function registerGovLegacyQueries(
  cfg: ModuleConfigurator,
  registry: ProtoRegistry,
  v1: V1Handlers,
): void {
  const call = (method: string, req: ProtoMessage, ctx: QueryContext) =>
    v1.query(`${V1}/${method}`)(req, ctx)

  cfg.registerQuery(`${SERVICE}/Proposal`, async (req, ctx) => {
    const { proposal } = await call('Proposal', req, ctx)
    return { proposal: proposalToLegacy(registry, proposal) }
  })

  cfg.registerQuery(`${SERVICE}/Proposals`, async (req, ctx) => {
    const res = await call('Proposals', req, ctx)
    return {
      proposals: (res.proposals as ProtoMessage[]).map((p) => proposalToLegacy(registry, p)),
      pagination: res.pagination,
    }
  })

  cfg.registerQuery(`${SERVICE}/Vote`, async (req, ctx) => {
    const { vote } = await call('Vote', req, ctx)
    return { vote: voteToLegacy(vote) }
  })

  cfg.registerQuery(`${SERVICE}/Votes`, async (req, ctx) => {
    const res = await call('Votes', req, ctx)
    return { votes: (res.votes as ProtoMessage[]).map(voteToLegacy), pagination: res.pagination }
  })

  cfg.registerQuery(`${SERVICE}/Params`, async (req, ctx) => {
    return paramsToLegacy(await call('Params', req, ctx), String(req.params_type ?? ''))
  })

  cfg.registerQuery(`${SERVICE}/Deposit`, async (req, ctx) => {
    const { deposit } = await call('Deposit', req, ctx)
    return { deposit: depositToLegacy(deposit) }
  })

  cfg.registerQuery(`${SERVICE}/Deposits`, async (req, ctx) => {
    const res = await call('Deposits', req, ctx)
    return {
      deposits: (res.deposits as ProtoMessage[]).map(depositToLegacy),
      pagination: res.pagination,
    }
  })

  cfg.registerQuery(`${SERVICE}/TallyResult`, async (req, ctx) => {
    const { tally } = await call('TallyResult', req, ctx)
    return { tally: tallyToLegacy(tally) }
  })
}
