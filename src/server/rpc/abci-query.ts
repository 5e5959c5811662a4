import { isStoreQueryPath, queryStore } from '../../app/store-query.js'
import type { Bytes } from '../../codec/bytes.js'
import { toBase64, utf8 } from '../../codec/bytes.js'
import {
  type ChainError,
  ErrInvalidRequest,
  ErrUnknownRequest,
  toChainError,
  unexpectedError,
} from '../../errors.js'
import type { Logger } from '../../logger.js'
import type { StateReader } from '../../store/types.js'
import type { QueryRouter } from '../query/router.js'
import { APP_SIMULATE_PATH, appSimulate } from '../query/tx-service.js'
import type { RpcRoutes } from './server.js'

/** An ABCI Query request (CometBFT RequestQuery). */
export interface AbciQueryRequest {
  path: string
  data: Bytes
  height: number
  prove: boolean
}

/**
 * CometBFT's JSON of ResponseQuery in a route result (jsonpb with EmitDefaults): every field, zeros
 * included, int64 as strings, bytes as base64 (`null` when empty), `proofOps` camelCase.
 */
export interface AbciQueryResponse {
  code: number
  log: string
  info: string
  index: string
  key: string | null
  value: string | null
  /** Always null: sdkd's store is not an IAVL tree, so it has no proofs to give. */
  proofOps: null
  height: string
  codespace: string
}

/** A ResponseQuery with the given fields set, the rest zero. */
function response(r: {
  code?: number
  log?: string
  codespace?: string
  key?: Bytes
  value?: Bytes
  height?: number
}): AbciQueryResponse {
  const b64 = (b: Bytes | undefined) => (b && b.length > 0 ? toBase64(b) : null)
  return {
    code: r.code ?? 0,
    log: r.log ?? '',
    info: '',
    index: '0',
    key: b64(r.key),
    value: b64(r.value),
    proofOps: null,
    height: String(r.height ?? 0),
    codespace: r.codespace ?? '',
  }
}

function failure(err: ChainError, height?: number): AbciQueryResponse {
  const { code, codespace, log } = err.abci()
  return response({ code, log, codespace, ...(height !== undefined ? { height } : {}) })
}

/** The raw query path that answers the binary's version (upstream's `app.version`). */
export const APP_VERSION_PATH = '/app/version'

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
  /** The binary's version, which `/app/version` answers (none: the path is unknown). */
  version?: string,
): Promise<AbciQueryResponse> {
  const started = performance.now()
  if (req.path === '') return failure(ErrUnknownRequest.wrap('no query path provided'))
  if (req.path === router.registry.name('/sdk.tx.v1beta1.Service/BroadcastTx')) {
    return failure(ErrInvalidRequest.wrap("can't route a broadcast tx message"))
  }
  if (req.path === APP_SIMULATE_PATH) {
    // Upstream answers with the height asked for and codespace `sdk`, even on success.
    try {
      const value = await appSimulate(router, req.data)
      return response({ value, height: req.height, codespace: 'sdk' })
    } catch (err) {
      return failure(toChainError(err))
    }
  }
  if (req.path === APP_VERSION_PATH && version !== undefined) {
    // Upstream's handleQueryApp: the version as the value, the height asked for, codespace `sdk`.
    return response({ value: utf8(version), height: req.height, codespace: 'sdk' })
  }
  if (stores && isStoreQueryPath(req.path)) {
    let height: number
    try {
      height = router.resolveHeight(BigInt(req.height), req.prove)
      const value = await queryStore(router.registry, stores(height), req.path, req.data)
      // The IAVL store answers with the key (or prefix) it was asked for.
      return response({ key: req.data, value, height })
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
    const value = await router.runBytes(m, req.data, height, BigInt(req.height) === 0n)
    router.observe('abci', m, height, started)
    return response({ value, height })
  } catch (err) {
    router.observe('abci', m, height, started)
    const e = toChainError(err)
    if (unexpectedError(err)) {
      logger?.error({ err, path: req.path }, 'abci query failed')
    }
    return failure(e, height)
  }
}

/**
 * The `abci_query` RPC route (args `path, data, height, prove`; `data` is hex). `prove` is checked as
 * upstream (no proof at height ≤ 1) but no proof is returned: `proofOps` is null. `router` may be
 * what builds the router, called at each query (a node builds it on first use).
 */
export function abciQueryRoutes(
  router: QueryRouter | (() => QueryRouter),
  logger?: Logger,
  stores?: (height: number) => StateReader,
  version?: string,
): RpcRoutes {
  return {
    abci_query: {
      args: ['path', 'data', 'height', 'prove'],
      handler: async (args) => ({
        response: await abciQuery(
          typeof router === 'function' ? router() : router,
          {
            path: args.string('path') ?? '',
            data: args.hexBytes('data') ?? new Uint8Array(0),
            height: args.int('height') ?? 0,
            prove: args.bool('prove') ?? false,
          },
          logger,
          stores,
          version,
        ),
      }),
    },
  }
}
