import { queryEntry } from '../../app/handlers.js'
import type { QueryContext, QueryNode, RoutedQueryHandler } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

/** Upstream query.DefaultLimit, what a page request without a limit asks for. */
const DEFAULT_LIMIT = 100n
/** CometBFT's largest `/validators` page. */
const MAX_PER_PAGE = 100n

type SetResponse = ProtoInit<'sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse'>

/** A page of CometBFT's paging: its number (from 1) and its size as asked. */
interface Page {
  page: bigint
  limit: bigint
}

/**
 * Upstream's `query.ParsePagination`: the page request's offset and limit as Go's `int` (a uint64
 * from 2^63 on is negative, and refused), a limit of 0 as the default, and the page offset ÷ limit
 * + 1 (an int64 that wraps). Upstream checks it before the height.
 */
function parsePagination(request: Proto<'sdk.base.query.v1beta1.PageRequest'> | null): Page {
  const offset = BigInt.asIntN(64, int64Of(request?.offset))
  let limit = BigInt.asIntN(64, int64Of(request?.limit))
  if (offset < 0n) throw new StatusError(GrpcCode.InvalidArgument, 'offset must greater than 0')
  if (limit < 0n) throw new StatusError(GrpcCode.InvalidArgument, 'limit must greater than 0')
  if (limit === 0n) limit = DEFAULT_LIMIT
  return { page: BigInt.asIntN(64, offset / limit + 1n), limit }
}

/**
 * One page of the validator set of `height`, as upstream's cmtservice reads it from CometBFT: the
 * page (parsePagination) and per_page (the limit, at most 100) as CometBFT checks them; the total
 * is always reported, and there is no next key.
 */
async function validatorSetPage(
  ctx: QueryContext,
  node: QueryNode,
  height: number,
  { page, limit }: Page,
): Promise<SetResponse> {
  const perPage = limit > MAX_PER_PAGE ? MAX_PER_PAGE : limit
  const set = await node.validatorSet(height)
  if (!set) {
    throw new StatusError(
      GrpcCode.InvalidArgument,
      `height ${height} is not available, lowest height is ${node.blocks.base}`,
    )
  }
  const total = BigInt(set.length)
  const pages = total === 0n ? 1n : (total + perPage - 1n) / perPage
  if (page < 1n || page > pages) {
    throw new StatusError(
      GrpcCode.InvalidArgument,
      `page should be within [1, ${pages}] range, given ${page}`,
    )
  }
  const start = Number((page - 1n) * perPage)
  const consensus = ctx.registry.brand.bech32.consensus
  return {
    block_height: height,
    validators: set.slice(start, start + Number(perPage)).map((v) => ({
      address: addressToBech32(v.address, consensus),
      pub_key: ctx.registry.packAny('/sdk.crypto.ed25519.PubKey', { key: v.pubKey }),
      voting_power: v.power,
      proposer_priority: v.proposerPriority,
    })),
    pagination: { next_key: undefined, total: total.toString() },
  }
}

function nodeOf(ctx: QueryContext): QueryNode {
  if (!ctx.node) throw new StatusError(GrpcCode.Unavailable, 'node information is not available')
  return ctx.node
}

/**
 * GetLatestValidatorSet and GetValidatorSetByHeight of `sdk.base.tendermint.v1beta1.Service`: the
 * consensus validator set. `latest` asked without a height is the next height's set, as upstream's
 * (CometBFT's `/validators` without a height); with a height header, that height's.
 */
export function validatorSetHandlers(): [string, RoutedQueryHandler][] {
  return [
    queryEntry(`${SERVICE}/GetLatestValidatorSet`, async (req, ctx) => {
      const page = parsePagination(req.pagination)
      return validatorSetPage(ctx, nodeOf(ctx), ctx.latest ? ctx.height + 1 : ctx.height, page)
    }),
    queryEntry(`${SERVICE}/GetValidatorSetByHeight`, async (req, ctx) => {
      const page = parsePagination(req.pagination)
      const height = int64Of(req.height)
      if (height > BigInt(ctx.height)) {
        throw new StatusError(
          GrpcCode.InvalidArgument,
          'requested block height is bigger then the chain length',
        )
      }
      if (height <= 0n) {
        throw new StatusError(
          GrpcCode.InvalidArgument,
          `height must be greater than 0, but got ${height}`,
        )
      }
      return validatorSetPage(ctx, nodeOf(ctx), Number(height), page)
    }),
  ]
}
