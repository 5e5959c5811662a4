import { isStoreQueryPath, queryStore } from '../../app/store-query.js'
import type { Bytes } from '../../codec/bytes.js'
import { toBase64 } from '../../codec/bytes.js'
import {
  ChainError,
  ErrInvalidRequest,
  ErrUnknownRequest,
  GrpcCode,
  toChainError,
} from '../../errors.js'
import type { Logger } from '../../logger.js'
import type { StateReader } from '../../store/types.js'
import type { QueryRouter } from '../query/router.js'
import type { RpcRoutes } from './server.js'

/** An ABCI Query request (CometBFT RequestQuery). */
export interface AbciQueryRequest {
  path: string
  data: Bytes
  height: number
  prove: boolean
}

/** CometBFT's JSON of ResponseQuery: zero fields are omitted (omitempty). */
export type AbciQueryResponse = {
  code?: number
  log?: string
  value?: string
  height?: string
  codespace?: string
}

function failure(err: ChainError, height?: number): AbciQueryResponse {
  const { code, codespace, log } = err.abci()
  return {
    ...(code !== 0 ? { code } : {}),
    ...(log !== '' ? { log } : {}),
    ...(height ? { height: String(height) } : {}),
    ...(codespace !== '' ? { codespace } : {}),
  }
}

/**
 * Upstream BaseApp.Query for gRPC query paths (`/sdk.bank.v1beta1.Query/Balance`): the same
 * router and handlers as REST and gRPC. Height checks fail without a height; a handler failure
 * carries the height asked for (0 = latest), with its status mapped to an ABCI code.
 */
export async function abciQuery(
  router: QueryRouter,
  req: AbciQueryRequest,
  logger?: Logger,
  /** Committed state by height, for raw `/store/<name>/key|subspace` queries. */
  stores?: (height: number) => StateReader,
): Promise<AbciQueryResponse> {
  if (req.path === '') return failure(ErrUnknownRequest.wrap('no query path provided'))
  if (req.path === '/sdk.tx.v1beta1.Service/BroadcastTx') {
    return failure(ErrInvalidRequest.wrap("can't route a broadcast tx message"))
  }
  if (stores && isStoreQueryPath(req.path)) {
    let height: number
    try {
      height = router.resolveHeight(BigInt(req.height), req.prove)
      const value = await queryStore(router.registry, stores(height), req.path, req.data)
      return { ...(value.length > 0 ? { value: toBase64(value) } : {}), height: String(height) }
    } catch (err) {
      return failure(toChainError(err))
    }
  }
  const m = router.byPath(req.path)
  if (!m) return failure(ErrUnknownRequest.wrap('unknown query path'))
  let height: number
  try {
    height = router.resolveHeight(BigInt(req.height), req.prove)
  } catch (err) {
    return failure(toChainError(err))
  }
  try {
    const value = await router.runBytes(m, req.data, height)
    return { ...(value.length > 0 ? { value: toBase64(value) } : {}), height: String(height) }
  } catch (err) {
    const e = toChainError(err)
    if (!(err instanceof ChainError) || e.grpcCode === GrpcCode.Internal) {
      logger?.error({ err, path: req.path }, 'abci query failed')
    }
    return failure(e, height)
  }
}

/** The `abci_query` RPC route (args `path, data, height, prove`; `data` is hex). */
export function abciQueryRoutes(
  router: QueryRouter,
  logger?: Logger,
  stores?: (height: number) => StateReader,
): RpcRoutes {
  return {
    abci_query: {
      args: ['path', 'data', 'height', 'prove'],
      handler: async (args) => ({
        response: await abciQuery(
          router,
          {
            path: args.string('path') ?? '',
            data: args.hexBytes('data') ?? new Uint8Array(0),
            height: args.int('height') ?? 0,
            prove: args.bool('prove') ?? false,
          },
          logger,
          stores,
        ),
      }),
    },
  }
}
