import { queryEntry } from '../../app/handlers.js'
import type { RoutedQueryHandler } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { fromBase64Strict, fromHex } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { nodeInfoToProto } from '../node-info.js'
import { abciQueryEntry, createNodeServiceHandlers } from '../query/node-service.js'
import { type CometRpcClient, CometRpcError } from './client.js'
import { blockResponseOf } from './convert.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

/** Upstream query.DefaultLimit. */
const DEFAULT_LIMIT = 100n

/** CometBFT's refusal of a height or page, as the InvalidArgument status sdkd answers it with. */
async function asked<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (err) {
    if (err instanceof CometRpcError)
      throw new StatusError(GrpcCode.InvalidArgument, err.message, { cause: err })
    throw err
  }
}

/** CometBFT's latest block height (upstream getBlockHeight: `/status`). */
async function chainLength(rpc: CometRpcClient): Promise<bigint> {
  return BigInt((await rpc.status()).sync_info.latest_block_height)
}

function tooHigh(): StatusError {
  return new StatusError(
    GrpcCode.InvalidArgument,
    'requested block height is bigger then the chain length',
  )
}

/**
 * One page of a validator set from CometBFT's `/validators` (upstream ValidatorsOutput): the page
 * request's offset and limit become CometBFT's page (offset ÷ limit + 1) and per_page; the keys
 * packed as ed25519 PubKeys, the addresses as consensus bech32.
 */
async function validatorSet(
  registry: ProtoRegistry,
  rpc: CometRpcClient,
  height: number | undefined,
  request: Proto<'sdk.base.query.v1beta1.PageRequest'> | null,
): Promise<ProtoInit<'sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse'>> {
  const offset = int64Of(request?.offset)
  let limit = int64Of(request?.limit)
  if (limit === 0n) limit = DEFAULT_LIMIT
  const page = offset / limit + 1n
  const r = await asked(rpc.validators(height, Number(page), Number(limit)))
  const consensus = registry.brand.bech32.consensus
  return {
    block_height: r.block_height,
    validators: r.validators.map((v) => ({
      address: addressToBech32(fromHex(v.address), consensus),
      pub_key: registry.packAny('/sdk.crypto.ed25519.PubKey', {
        key: fromBase64Strict(v.pub_key.value) ?? new Uint8Array(),
      }),
      voting_power: v.voting_power,
      proposer_priority: v.proposer_priority,
    })),
    pagination: { next_key: undefined, total: r.total },
  }
}

/**
 * `sdk.base.tendermint.v1beta1.Service` under CometBFT: node info, syncing, blocks and validator
 * sets come from CometBFT's RPC (`/status`, `/block`, `/validators`), as upstream's cmtservice
 * reads them; the application version and ABCI queries stay sdkd's.
 */
export function createCometNodeServiceHandlers(
  registry: ProtoRegistry,
  rpc: CometRpcClient,
): Map<string, RoutedQueryHandler> {
  const base = createNodeServiceHandlers()
  const nodeInfo = base.get(`${SERVICE}/GetNodeInfo`)!
  return new Map([
    queryEntry(`${SERVICE}/GetNodeInfo`, async (req, ctx) => {
      const [status, ours] = await Promise.all([
        rpc.status(),
        nodeInfo(req, ctx) as Promise<ProtoInit<'sdk.base.tendermint.v1beta1.GetNodeInfoResponse'>>,
      ])
      return { ...ours, default_node_info: nodeInfoToProto(status.node_info) }
    }),
    queryEntry(`${SERVICE}/GetSyncing`, async () => ({
      syncing: (await rpc.status()).sync_info.catching_up,
    })),
    queryEntry(`${SERVICE}/GetLatestBlock`, async () =>
      blockResponseOf(registry, await asked(rpc.block())),
    ),
    queryEntry(`${SERVICE}/GetBlockByHeight`, async (req) => {
      const height = int64Of(req.height)
      if (height > (await chainLength(rpc))) throw tooHigh()
      return blockResponseOf(registry, await asked(rpc.block(Number(height))))
    }),
    queryEntry(`${SERVICE}/GetLatestValidatorSet`, async (req) =>
      validatorSet(registry, rpc, undefined, req.pagination),
    ),
    queryEntry(`${SERVICE}/GetValidatorSetByHeight`, async (req) => {
      const height = int64Of(req.height)
      if (height > (await chainLength(rpc))) throw tooHigh()
      return validatorSet(registry, rpc, Number(height), req.pagination)
    }),
    // Upstream's queryFn is the app's own Query, not CometBFT's: the same as without CometBFT.
    abciQueryEntry(),
  ])
}
