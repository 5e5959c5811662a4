import type { QueryContext, QueryHandler, QueryNode } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import type { StoredBlock } from '../../store/block-store.js'
import { nodeInfo, nodeInfoToProto } from '../node-info.js'
import { APP_NAME } from './height.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

function nodeOf(ctx: QueryContext): QueryNode {
  if (!ctx.node) throw new StatusError(GrpcCode.Unavailable, 'node information is not available')
  return ctx.node
}

/** The block at `height` in the three shapes the service returns. */
function blockResponse(registry: ProtoRegistry, stored: StoredBlock): ProtoMessage {
  const { block } = stored
  const decoded = registry.decode('tendermint.types.Block', block.bytes)
  const header = decoded.header ?? {}
  return {
    block_id: {
      hash: block.blockId.hash,
      part_set_header: { total: block.blockId.parts.total, hash: block.blockId.parts.hash },
    },
    block: decoded,
    sdk_block: {
      header: {
        ...header,
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

async function blockAt(ctx: QueryContext, height: number): Promise<ProtoMessage> {
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
export function createNodeServiceHandlers(): Map<string, QueryHandler> {
  return new Map<string, QueryHandler>([
    [
      `${SERVICE}/GetNodeInfo`,
      async (_req, ctx) => {
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
      },
    ],
    [`${SERVICE}/GetSyncing`, async () => ({ syncing: false })],
    [`${SERVICE}/GetLatestBlock`, async (_req, ctx) => blockAt(ctx, ctx.height)],
    [
      `${SERVICE}/GetBlockByHeight`,
      async (req, ctx) => {
        const height = BigInt(String(req.height ?? 0))
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
      },
    ],
  ])
}
