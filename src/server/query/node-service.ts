import { queryEntry } from '../../app/handlers.js'
import type { QueryContext, QueryNode, RoutedQueryHandler } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { fromBase64Strict } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import type { ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import type { StoredBlock } from '../../store/block-store.js'
import { nodeInfo, nodeInfoToProto } from '../node-info.js'
import { APP_NAME } from './height.js'
import { validatorSetHandlers } from './validator-set-service.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

function nodeOf(ctx: QueryContext): QueryNode {
  if (!ctx.node) throw new StatusError(GrpcCode.Unavailable, 'node information is not available')
  return ctx.node
}

/** The block at `height` in the three shapes the service returns. */
function blockResponse(
  registry: ProtoRegistry,
  stored: StoredBlock,
): ProtoInit<'sdk.base.tendermint.v1beta1.GetBlockByHeightResponse'> {
  const { block } = stored
  const decoded = registry.decode('tendermint.types.Block', block.bytes)
  return {
    block_id: {
      hash: block.blockId.hash,
      part_set_header: { total: block.blockId.parts.total, hash: block.blockId.parts.hash },
    },
    block: decoded,
    sdk_block: {
      header: {
        ...decoded.header,
        proposer_address: addressToBech32(
          block.header.proposerAddress,
          registry.brand.bech32.consensus,
        ),
      },
      data: decoded.data,
      evidence: decoded.evidence,
      last_commit: decoded.last_commit,
    },
  }
}

async function blockAt(
  ctx: QueryContext,
  height: number,
): Promise<ProtoInit<'sdk.base.tendermint.v1beta1.GetBlockByHeightResponse'>> {
  const node = nodeOf(ctx)
  const stored = await node.blocks.get(height)
  if (!stored) {
    throw new StatusError(
      GrpcCode.InvalidArgument,
      `height ${height} is not available, lowest height is ${node.blocks.base}`,
    )
  }
  return blockResponse(ctx.registry, stored)
}

/**
 * Handlers of `sdk.base.tendermint.v1beta1.Service` (node info, syncing, blocks). They read the
 * block store and node facts, not module state; blocks are those of the height served.
 */
export function createNodeServiceHandlers(): Map<string, RoutedQueryHandler> {
  return new Map([
    queryEntry(`${SERVICE}/GetNodeInfo`, async (_req, ctx) => {
      const node = nodeOf(ctx)
      // VersionInfo's field 8 is named after the brand (upstream `cosmos_sdk_version`).
      const sdkVersionField = ctx.registry.name('sdk_version')
      return {
        // The node info /status reports (upstream asks CometBFT's Status).
        default_node_info: nodeInfoToProto(nodeInfo(node, await node.protocolVersion())),
        application_version: {
          name: APP_NAME,
          app_name: APP_NAME,
          version: node.version,
          git_commit: '',
          build_tags: `app-version=${node.appVersion}`,
          go_version: `node ${process.version}`,
          build_deps: [],
          [sdkVersionField]: 'v0.50',
        },
      }
    }),
    queryEntry(`${SERVICE}/GetSyncing`, async () => ({ syncing: false })),
    queryEntry(`${SERVICE}/GetLatestBlock`, async (_req, ctx) => blockAt(ctx, ctx.height)),
    queryEntry(`${SERVICE}/GetBlockByHeight`, async (req, ctx) => {
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
      return blockAt(ctx, Number(height))
    }),
    ...validatorSetHandlers(),
    abciQueryEntry(),
  ])
}

/** The first segments upstream's ABCIQuery lets through: the app's raw ABCI paths, not gRPC ones. */
const RAW_ABCI_PATHS = new Set(['app', 'store', 'p2p', 'custom'])

/**
 * `ABCIQuery` as upstream's cmtservice: a raw query into the app's own ABCI Query (the same answer
 * as the `abci_query` RPC route, at the request's `height`, not the height header's), refusing
 * gRPC method paths; the ResponseQuery is returned whatever its code.
 */
export function abciQueryEntry(): [string, RoutedQueryHandler] {
  return queryEntry(`${SERVICE}/ABCIQuery`, async (req, ctx) => {
    const node = nodeOf(ctx)
    if (!node.abciQuery) throw new StatusError(GrpcCode.Internal, 'ABCI Query handler undefined')
    if (req.path === '') throw new StatusError(GrpcCode.InvalidArgument, 'empty query path')
    const first = (req.path.startsWith('/') ? req.path.slice(1) : req.path).split('/')[0]!
    if (!RAW_ABCI_PATHS.has(first)) {
      throw new StatusError(GrpcCode.InvalidArgument, `unsupported ABCI query path: ${req.path}`)
    }
    const r = await node.abciQuery({
      path: req.path,
      data: req.data,
      height: Number(int64Of(req.height)),
      prove: req.prove,
    })
    const bytes = (b64: string | null) =>
      (b64 ? fromBase64Strict(b64) : undefined) ?? new Uint8Array()
    return {
      code: r.code,
      log: r.log,
      info: r.info,
      index: r.index,
      key: bytes(r.key),
      value: bytes(r.value),
      height: r.height,
      codespace: r.codespace,
    }
  })
}
