import { paginate } from '../../app/pagination.js'
import { addressArg, invalidArgument, notFound, pageRequestError } from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { uint64BE } from '../../codec/bytes.js'
import type { ProtoMessage } from '../../codec/proto.js'
import type { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { EMPTY_TALLY, ProposalStatus, proposalFromProto, tallyToProto } from './proposal.js'

const SERVICE = 'sdk.gov.v1.Query'

/** The proposal id of a request; 0 is refused as upstream does. */
function proposalIdArg(req: ProtoMessage): bigint {
  const id = BigInt(String(req.proposal_id ?? 0))
  if (id === 0n) throw invalidArgument('proposal id can not be 0')
  return id
}

/** Registers the gov v1 Query service (upstream x/gov/keeper/grpc_query.go). */
export function registerGovQueries(cfg: ModuleConfigurator, keeper: GovKeeper): void {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)

  cfg.registerQuery(`${SERVICE}/Constitution`, async (_req, ctx) => ({
    constitution: await keeper.constitution(ctx.state),
  }))

  cfg.registerQuery(`${SERVICE}/Proposal`, async (req, ctx) => {
    const id = proposalIdArg(req)
    const proposal = await keeper.c.proposals.get(store(ctx), id)
    if (!proposal) throw notFound(`proposal ${id} doesn't exist`)
    return { proposal }
  })

  cfg.registerQuery(`${SERVICE}/Proposals`, async (req, ctx) => {
    const status = Number(req.proposal_status ?? 0)
    const voterText = String(req.voter ?? '')
    const depositorText = String(req.depositor ?? '')
    const voter = voterText === '' ? undefined : addressArg(voterText)
    const depositor = depositorText === '' ? undefined : addressArg(depositorText)
    // Voter and depositor filters need a store read per proposal: collect the matching ids first.
    const wanted = new Set<bigint>()
    for await (const [id, p] of keeper.c.proposals.iterate(store(ctx))) {
      if (status >= 1 && status <= 5 && Number(p.status) !== status) continue
      if (voter && !(await keeper.c.votes.has(store(ctx), [id, voter]))) continue
      if (depositor && !(await keeper.c.deposits.has(store(ctx), [id, depositor]))) continue
      wanted.add(id)
    }
    const page = await paginate(keeper.c.proposals, store(ctx), req.pagination, {
      filter: (id) => wanted.has(id),
    }).catch(pageRequestError())
    return { proposals: page.entries.map(([, p]) => p), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/Vote`, async (req, ctx) => {
    const id = proposalIdArg(req)
    const voterText = String(req.voter ?? '')
    if (voterText === '') throw invalidArgument('empty voter address')
    const vote = await keeper.c.votes.get(store(ctx), [id, addressArg(voterText)])
    if (!vote) throw invalidArgument(`voter: ${voterText} not found for proposal: ${id}`)
    return { vote }
  })

  cfg.registerQuery(`${SERVICE}/Votes`, async (req, ctx) => {
    const id = proposalIdArg(req)
    const page = await paginate(keeper.c.votes, store(ctx), req.pagination, {
      prefix: uint64BE(id),
    }).catch(pageRequestError())
    return { votes: page.entries.map(([, v]) => v), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/Params`, async (req, ctx) => {
    const params = await keeper.rawParams(ctx.state)
    const type = String(req.params_type ?? '')
    switch (type) {
      case 'voting':
        return { voting_params: { voting_period: params.voting_period }, params }
      case 'deposit':
        return {
          deposit_params: {
            min_deposit: params.min_deposit,
            max_deposit_period: params.max_deposit_period,
          },
          params,
        }
      case 'tallying':
        return {
          tally_params: {
            quorum: params.quorum,
            threshold: params.threshold,
            veto_threshold: params.veto_threshold,
          },
          params,
        }
      case '':
        return { params }
      default:
        throw invalidArgument(`unknown params type: ${type}`)
    }
  })

  cfg.registerQuery(`${SERVICE}/Deposit`, async (req, ctx) => {
    const id = proposalIdArg(req)
    const depositorText = String(req.depositor ?? '')
    if (depositorText === '') throw invalidArgument('empty depositor address')
    const deposit = await keeper.c.deposits.get(store(ctx), [id, addressArg(depositorText)])
    if (!deposit) {
      // Upstream's spelling.
      throw invalidArgument(`depositer: ${depositorText} not found for proposal: ${id}`)
    }
    return { deposit }
  })

  cfg.registerQuery(`${SERVICE}/Deposits`, async (req, ctx) => {
    const id = proposalIdArg(req)
    const page = await paginate(keeper.c.deposits, store(ctx), req.pagination, {
      prefix: uint64BE(id),
    }).catch(pageRequestError())
    return { deposits: page.entries.map(([, d]) => d), pagination: page.pagination }
  })

  cfg.registerQuery(`${SERVICE}/TallyResult`, async (req, ctx) => {
    const id = proposalIdArg(req)
    const stored = await keeper.c.proposals.get(store(ctx), id)
    if (!stored) throw notFound(`proposal ${id} doesn't exist`)
    const p = proposalFromProto(stored)
    switch (p.status) {
      case ProposalStatus.DEPOSIT_PERIOD:
        return { tally: tallyToProto(EMPTY_TALLY) }
      case ProposalStatus.PASSED:
      case ProposalStatus.REJECTED:
      case ProposalStatus.FAILED:
        return { tally: tallyToProto(p.finalTally) }
      default:
        return { tally: tallyToProto((await keeper.tally(ctx.state, p)).counts) }
    }
  })
}
