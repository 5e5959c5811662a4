import type { ModuleConfigurator } from '../../app/types.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  depositToLegacy,
  paramsToLegacy,
  proposalToLegacy,
  tallyToLegacy,
  voteToLegacy,
} from './legacy.js'
import type { GovV1Queries } from './queries.js'

const SERVICE = 'sdk.gov.v1beta1.Query'

/**
 * Registers the gov v1beta1 Query service (upstream legacyQueryServer): each method calls its v1
 * counterpart — same store, same checks and errors — and converts the answer. A page of proposals
 * fails as a whole when one of them cannot be shown in v1beta1. The v1beta1 requests have the v1
 * requests' fields, so they are passed on as they are.
 */
export function registerGovLegacyQueries(
  cfg: ModuleConfigurator,
  registry: ProtoRegistry,
  v1: GovV1Queries,
): void {
  cfg.registerQuery(`${SERVICE}/Proposal`, async (req, ctx) => {
    const { proposal } = await v1.proposal(req, ctx)
    return { proposal: proposalToLegacy(registry, proposal) }
  })

  cfg.registerQuery(`${SERVICE}/Proposals`, async (req, ctx) => {
    const { proposals, pagination } = await v1.proposals(req, ctx)
    return { proposals: proposals.map((p) => proposalToLegacy(registry, p)), pagination }
  })

  cfg.registerQuery(`${SERVICE}/Vote`, async (req, ctx) => {
    const { vote } = await v1.vote(req, ctx)
    return { vote: voteToLegacy(vote) }
  })

  cfg.registerQuery(`${SERVICE}/Votes`, async (req, ctx) => {
    const { votes, pagination } = await v1.votes(req, ctx)
    return { votes: votes.map(voteToLegacy), pagination }
  })

  cfg.registerQuery(`${SERVICE}/Params`, async (req, ctx) => {
    return paramsToLegacy(await v1.params(req, ctx), req.params_type)
  })

  cfg.registerQuery(`${SERVICE}/Deposit`, async (req, ctx) => {
    const { deposit } = await v1.deposit(req, ctx)
    return { deposit: depositToLegacy(deposit) }
  })

  cfg.registerQuery(`${SERVICE}/Deposits`, async (req, ctx) => {
    const { deposits, pagination } = await v1.deposits(req, ctx)
    return { deposits: deposits.map(depositToLegacy), pagination }
  })

  cfg.registerQuery(`${SERVICE}/TallyResult`, async (req, ctx) => {
    const { tally } = await v1.tallyResult(req, ctx)
    return { tally: tallyToLegacy(tally) }
  })
}
