import { BLOCK_PROTOCOL } from '../block/block.js'
import { fromHex } from '../codec/bytes.js'
import type { ProtoInit } from '../codec/proto.js'

/** CometBFT version sdkd reports (cosmjs picks its client from this prefix). */
export const COMETBFT_VERSION = '0.38.12'

/** CometBFT's p2p protocol version. */
export const P2P_PROTOCOL = 8
/** The ABCI version of CometBFT v0.38 (its `version.ABCISemVer`). */
export const ABCI_VERSION = '2.0.0'
/** CometBFT's channel ids of a node with the usual reactors, as hex. */
const CHANNELS = '40202122233038606100'

/** The facts about a node that its node info reports. */
export interface NodeInfoFacts {
  readonly chainId: string
  readonly moniker: string
  /** Hex node id (from node_key.json). */
  readonly nodeId: string
  readonly p2pListenAddr: string
  readonly rpcListenAddr: string
  /** `off` when config.toml's `[tx_index] indexer` is `null`, as CometBFT reports it; else `on`. */
  readonly txIndex: 'on' | 'off'
}

/** CometBFT's DefaultNodeInfo in its JSON form (`/status` node_info). */
export interface NodeInfo {
  protocol_version: { p2p: string; block: string; app: string }
  id: string
  listen_addr: string
  network: string
  version: string
  /** Hex channel ids. */
  channels: string
  moniker: string
  other: { tx_index: string; rpc_address: string }
}

/** The node's DefaultNodeInfo; `appVersion` is the app protocol version it reports. */
export function nodeInfo(node: NodeInfoFacts, appVersion: bigint): NodeInfo {
  return {
    protocol_version: {
      p2p: String(P2P_PROTOCOL),
      block: String(BLOCK_PROTOCOL),
      app: appVersion.toString(),
    },
    id: node.nodeId,
    listen_addr: node.p2pListenAddr,
    network: node.chainId,
    version: COMETBFT_VERSION,
    channels: CHANNELS,
    moniker: node.moniker,
    other: { tx_index: node.txIndex, rpc_address: node.rpcListenAddr },
  }
}

/** Node info as the `tendermint.p2p.DefaultNodeInfo` message (id renamed, channels as bytes). */
export function nodeInfoToProto(info: NodeInfo): ProtoInit<'tendermint.p2p.DefaultNodeInfo'> {
  const { id, channels, ...rest } = info
  return { ...rest, default_node_id: id, channels: fromHex(channels) }
}
