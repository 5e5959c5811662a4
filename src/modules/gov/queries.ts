import { type PageResponse, paginate } from '../../app/pagination.js'
import {
  addressArg,
  codecAddressArg,
  invalidArgument,
  notFound,
  pageRequestError,
} from '../../app/query-errors.js'
import type { ModuleConfigurator, QueryContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { type Bytes, uint64BE } from '../../codec/bytes.js'
import { type Int64, int64Of } from '../../codec/int64.js'
import type { Proto, QueryMethod, QueryRequest } from '../../codec/proto.js'
import type { KeyedMap } from '../../store/collections.js'
import type { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import type { GovParamsAnswer } from './params.js'
import { EMPTY_TALLY, ProposalStatus, proposalFromProto, tallyToProto } from './proposal.js'

const SERVICE = 'sdk.gov.v1.Query'

/** The request of a gov v1 query method, by its name (`Proposal`). */
type Req<M extends string> = QueryRequest<Extract<QueryMethod, `${typeof SERVICE}/${M}`>>

// Stored gov v1 messages, as decoded; paginate is told them, as it would infer what the collections
// take (the `fromObject` shape).
type StoredProposal = Proto<'sdk.gov.v1.Proposal'>
type StoredVote = Proto<'sdk.gov.v1.Vote'>
type StoredDeposit = Proto<'sdk.gov.v1.Deposit'>

/** A page of stored messages. */
type Page<K extends string, T> = { [F in K]: T[] } & { pagination: PageResponse | null }

/**
 * The gov v1 Query service (upstream x/gov/keeper/grpc_query.go), its answers the stored messages
 * as decoded: registered as the v1 handlers, and called by the v1beta1 service, which converts them.
 */
export interface GovV1Queries {
  constitution(req: Req<'Constitution'>, ctx: QueryContext): Promise<{ constitution: string }>
  proposal(req: Req<'Proposal'>, ctx: QueryContext): Promise<{ proposal: StoredProposal }>
  proposals(req: Req<'Proposals'>, ctx: QueryContext): Promise<Page<'proposals', StoredProposal>>
  vote(req: Req<'Vote'>, ctx: QueryContext): Promise<{ vote: StoredVote }>
  votes(req: Req<'Votes'>, ctx: QueryContext): Promise<Page<'votes', StoredVote>>
  params(req: Req<'Params'>, ctx: QueryContext): Promise<GovParamsAnswer>
  deposit(req: Req<'Deposit'>, ctx: QueryContext): Promise<{ deposit: StoredDeposit }>
  deposits(req: Req<'Deposits'>, ctx: QueryContext): Promise<Page<'deposits', StoredDeposit>>
  tallyResult(
    req: Req<'TallyResult'>,
    ctx: QueryContext,
  ): Promise<{ tally: Proto<'sdk.gov.v1.TallyResult'> }>
}

/** The proposal id of a request; 0 is refused as upstream does. */
function proposalIdArg(req: { proposal_id: Int64 }): bigint {
  const id = int64Of(req.proposal_id)
  if (id === 0n) throw invalidArgument('proposal id can not be 0')
  return id
}

/** The gov v1 query methods over the keeper's store. */
export function govV1Queries(keeper: GovKeeper): GovV1Queries {
  const store = (ctx: QueryContext) => ctx.state.store(MODULE_NAME)
  // A page of the records (votes, deposits) of the request's proposal, keyed (proposal id, address).
  const ofProposal = <V>(
    map: KeyedMap<[bigint, Bytes], V, unknown>,
    req: Req<'Votes'> | Req<'Deposits'>,
    ctx: QueryContext,
  ) =>
    paginate<[bigint, Bytes], V>(map, store(ctx), req.pagination, {
      paginator: 'collections',
      prefix: uint64BE(proposalIdArg(req)),
    }).catch(pageRequestError())
  return {
    async constitution(_req, ctx) {
      return { constitution: await keeper.constitution(ctx.state) }
    },

    async proposal(req, ctx) {
      const id = proposalIdArg(req)
      const proposal = await keeper.c.proposals.get(store(ctx), id)
      if (!proposal) throw notFound(`proposal ${id} doesn't exist`)
      return { proposal }
    },

    async proposals(req, ctx) {
      const status = req.proposal_status
      const voter = req.voter === '' ? undefined : addressArg(req.voter)
      const depositor = req.depositor === '' ? undefined : addressArg(req.depositor)
      // Voter and depositor filters need a store read per proposal: collect the matching ids first.
      const wanted = new Set<bigint>()
      for await (const [id, p] of keeper.c.proposals.iterate(store(ctx))) {
        if (status >= 1 && status <= 5 && p.status !== status) continue
        if (voter && !(await keeper.c.votes.has(store(ctx), [id, voter]))) continue
        if (depositor && !(await keeper.c.deposits.has(store(ctx), [id, depositor]))) continue
        wanted.add(id)
      }
      const page = await paginate<bigint, StoredProposal>(
        keeper.c.proposals,
        store(ctx),
        req.pagination,
        {
          paginator: 'collections',
          filter: (id) => wanted.has(id),
        },
      ).catch(pageRequestError())
      return { proposals: page.entries.map(([, p]) => p), pagination: page.pagination }
    },

    async vote(req, ctx) {
      const id = proposalIdArg(req)
      const voterText = req.voter
      if (voterText === '') throw invalidArgument('empty voter address')
      const vote = await keeper.c.votes.get(store(ctx), [id, codecAddressArg(voterText)])
      if (!vote) throw invalidArgument(`voter: ${voterText} not found for proposal: ${id}`)
      return { vote }
    },

    async votes(req, ctx) {
      const page = await ofProposal<StoredVote>(keeper.c.votes, req, ctx)
      return { votes: page.entries.map(([, v]) => v), pagination: page.pagination }
    },

    async params(req, ctx) {
      const params = await keeper.rawParams(ctx.state)
      const type = req.params_type
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
    },

    async deposit(req, ctx) {
      const id = proposalIdArg(req)
      const depositorText = req.depositor
      if (depositorText === '') throw invalidArgument('empty depositor address')
      const depositor = codecAddressArg(depositorText)
      const deposit = await keeper.c.deposits.get(store(ctx), [id, depositor])
      if (!deposit) {
        // v0.50 reads deposits from a collections map and answers its miss as NotFound, the
        // key printed as the pair key codec does (both parts quoted) and the value type by name.
        throw notFound(
          `collections: not found: key '("${id}", "${addressToBech32(depositor)}")' of type github.com/cosmos/gogoproto/${ctx.registry.name('sdk.gov.v1.Deposit')}`,
        )
      }
      return { deposit }
    },

    async deposits(req, ctx) {
      const page = await ofProposal<StoredDeposit>(keeper.c.deposits, req, ctx)
      return { deposits: page.entries.map(([, d]) => d), pagination: page.pagination }
    },

    async tallyResult(req, ctx) {
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
    },
  }
}

/** Registers the gov v1 Query service. */
export function registerGovQueries(cfg: ModuleConfigurator, q: GovV1Queries): void {
  cfg.registerQuery(`${SERVICE}/Constitution`, q.constitution)
  cfg.registerQuery(`${SERVICE}/Proposal`, q.proposal)
  cfg.registerQuery(`${SERVICE}/Proposals`, q.proposals)
  cfg.registerQuery(`${SERVICE}/Vote`, q.vote)
  cfg.registerQuery(`${SERVICE}/Votes`, q.votes)
  cfg.registerQuery(`${SERVICE}/Params`, q.params)
  cfg.registerQuery(`${SERVICE}/Deposit`, q.deposit)
  cfg.registerQuery(`${SERVICE}/Deposits`, q.deposits)
  cfg.registerQuery(`${SERVICE}/TallyResult`, q.tallyResult)
}
