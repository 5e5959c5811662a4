import type { ConsensusValidator } from '../app/types.js'
import type { BlockBuilder } from '../block/block.js'
import type { BlockProducer } from '../chain/producer.js'
import type { Bytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { LoadedHome } from '../config/home.js'
import { nodeId } from '../config/validator-key.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import type { RpcChain } from '../server/rpc/chain-routes.js'
import type { RpcNode } from '../server/rpc/core-routes.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { consensusParamsOf } from '../versions/deps.js'

/** What the RPC's block, genesis and consensus routes read. */
export function rpcChainOf(o: {
  home: LoadedHome
  registry: ProtoRegistry
  blocks: BlockStore
  builder: BlockBuilder
  producer: BlockProducer
}): RpcChain {
  const { home } = o
  const v = home.genesis.validators[0]!
  return {
    genesis: home.genesis,
    consensusParams: consensusParamsOf({
      registry: o.registry,
      consensusParams: home.genesis.json.consensus.params,
    }),
    validator: { address: v.address, pubKey: v.pubKey, power: v.power },
    blocks: o.blocks,
    makeCommit: (height, blockId, time) => o.builder.makeCommit(height, blockId, time),
    nextRoundStartMs: () => o.producer.nextBlockAtMs,
  }
}

/** The facts the RPC server reports (`status`, `abci_info`). */
export function rpcNodeOf(o: {
  home: LoadedHome
  registry: ProtoRegistry
  store: VersionedStore
  blocks: BlockStore
  producer: BlockProducer
  /** sdkd's version. */
  version: string
  /** The height an upgrade halted the chain at, once it has. */
  upgradeHaltHeight(): number | undefined
}): RpcNode {
  const { home, store, blocks } = o
  const v = home.genesis.validators[0]!
  return {
    chainId: home.genesis.chainId,
    moniker: home.node.moniker,
    nodeId: nodeId(home.nodeKey),
    p2pListenAddr: home.node.p2p.laddr,
    rpcListenAddr: home.node.rpc.laddr,
    validator: { address: v.address, pubKey: v.pubKey, power: v.power },
    blocks,
    nextRoundStartMs: () => o.producer.nextBlockAtMs,
    upgradeHaltHeight: o.upgradeHaltHeight,
    validatorSet: async (height) => singleValidatorSet(o.blocks, v, height),
    abciInfo: async () => {
      const latest = blocks.latest
      // The protocol version x/upgrade raises by one with every applied upgrade (key 0x03).
      const appVersion =
        latest && store.latestHeight >= 0
          ? await new UpgradeKeeper({ registry: o.registry }).protocolVersion(store.view())
          : 0n
      return {
        data: 'sdkd',
        version: o.version,
        appVersion,
        lastBlockHeight: latest?.block.header.height ?? 0,
        lastBlockAppHash: store.appHash,
      }
    },
  }
}

/**
 * The consensus validator set of `height` (QueryNode.validatorSet): the single genesis validator at
 * every height the block store keeps and the next one, its proposer priority 0 as a set of one
 * always has.
 */
function singleValidatorSet(
  blocks: Pick<BlockStore, 'base' | 'latest'>,
  v: { address: Bytes; pubKey: Bytes; power: bigint },
  height: number,
): ConsensusValidator[] | undefined {
  const latest = blocks.latest?.block.header.height ?? 0
  if (height < Math.max(1, blocks.base) || height > latest + 1) return undefined
  return [{ address: v.address, pubKey: v.pubKey, power: v.power, proposerPriority: 0n }]
}
