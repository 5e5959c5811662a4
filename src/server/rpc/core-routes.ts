import type { ConsensusValidator } from '../../app/types.js'
import { type Bytes, toBase64, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { BlockStore } from '../../store/block-store.js'
import { type NodeInfoFacts, nodeInfo } from '../node-info.js'
import type { RpcArgs } from './args.js'
import { internalError, RpcError } from './errors.js'
import { goJsonKind, goTypeError } from './go-json.js'
import type { RpcRoutes } from './server.js'

/** What the core routes need to know about the node. */
export interface RpcNode extends NodeInfoFacts {
  validator: { address: Bytes; pubKey: Bytes; power: bigint }
  /** The consensus validator set of a height (see QueryNode.validatorSet). */
  validatorSet(height: number): Promise<ConsensusValidator[] | undefined>
  blocks: Pick<BlockStore, 'latest' | 'base' | 'get' | 'earliest'>
  /**
   * The height an upgrade halted the chain at, while the halted node waits to be stopped: CometBFT
   * stores that block before the app refuses it, so its /status reports it as the latest height
   * (cosmovisor runs `<binary> status` and switches binaries only once it reaches the plan's).
   */
  upgradeHaltHeight?(): number | undefined
  /** ABCI Info: app name, version string, protocol (app) version, last height and app hash. */
  abciInfo(): Promise<{
    data: string
    version: string
    appVersion: bigint
    lastBlockHeight: number
    lastBlockAppHash: Bytes
  }>
}

/** Time CometBFT shows for a block that does not exist. */
const ZERO_TIME = '1970-01-01T00:00:00Z'

/**
 * The core routes: health, status, net_info, abci_info and broadcast_evidence (refused: the
 * simulated consensus has no evidence pool; the dev API makes evidence).
 */
export function coreRoutes(node: RpcNode): RpcRoutes {
  return {
    health: { args: [], handler: async () => ({}) },
    status: {
      args: [],
      handler: async () => {
        let latest = node.blocks.latest
        let earliest = latest ? await node.blocks.earliest() : undefined
        // A block committed while the earliest was read may have pruned below it: read the pair
        // again, so both are of one moment (a few tries; blocks do not come that fast).
        for (let i = 0; i < 5 && node.blocks.latest !== latest; i++) {
          latest = node.blocks.latest
          earliest = latest ? await node.blocks.earliest() : undefined
        }
        const info = await node.abciInfo()
        return {
          node_info: nodeInfo(node, info.appVersion),
          sync_info: {
            latest_block_hash: latest ? toHexUpper(latest.block.blockId.hash) : '',
            // CometBFT reports the latest header's app hash: the state before that block's txs.
            latest_app_hash: latest ? toHexUpper(latest.block.header.appHash) : '',
            latest_block_height: String(
              node.upgradeHaltHeight?.() ?? latest?.block.header.height ?? 0,
            ),
            latest_block_time: latest ? formatRfc3339Nano(latest.block.header.time) : ZERO_TIME,
            earliest_block_hash: earliest ? toHexUpper(earliest.block.blockId.hash) : '',
            earliest_app_hash: earliest ? toHexUpper(earliest.block.header.appHash) : '',
            earliest_block_height: String(earliest?.block.header.height ?? 0),
            earliest_block_time: earliest
              ? formatRfc3339Nano(earliest.block.header.time)
              : ZERO_TIME,
            catching_up: false,
          },
          validator_info: {
            address: toHexUpper(node.validator.address),
            pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(node.validator.pubKey) },
            voting_power: node.validator.power.toString(),
          },
        }
      },
    },
    net_info: {
      args: [],
      // A lone node: no p2p peers (CometBFT lists its external address, empty by default).
      handler: async () => ({
        listening: true,
        listeners: ['Listener(@)'],
        n_peers: '0',
        peers: [],
      }),
    },
    broadcast_evidence: {
      args: ['evidence'],
      handler: async (args) => {
        checkEvidence(args)
        throw internalError(
          "failed to add evidence: sdkd's simulated consensus keeps no evidence pool: make a validator double-sign with dev_doubleSign, or attack a light client with dev_lightClientAttack",
        )
      },
    },
    abci_info: {
      args: [],
      handler: async () => {
        const i = await node.abciInfo()
        return {
          response: {
            data: i.data,
            ...(i.version ? { version: i.version } : {}),
            ...(i.appVersion !== 0n ? { app_version: i.appVersion.toString() } : {}),
            ...(i.lastBlockHeight !== 0 ? { last_block_height: String(i.lastBlockHeight) } : {}),
            ...(i.lastBlockAppHash.length > 0
              ? { last_block_app_hash: toBase64(i.lastBlockAppHash) }
              : {}),
          },
        }
      },
    },
  }
}

/** Evidence types CometBFT's JSON registry knows. */
const EVIDENCE_TYPES = new Set([
  'tendermint/DuplicateVoteEvidence',
  'tendermint/LightClientAttackEvidence',
])

/**
 * broadcast_evidence's argument as libs/json decodes an interface (`{"type":…,"value":…}`): absent is
 * `no evidence was provided`, a malformed wrapper an Invalid params error.
 */
function checkEvidence(args: RpcArgs): void {
  const ev = args.json('evidence')
  if (ev === undefined) throw internalError('no evidence was provided')
  const where = args.uri ? 'http' : 'json'
  const invalid = (why: string) =>
    new RpcError(-32602, 'Invalid params', `error converting ${where} params to arguments: ${why}`)
  if (typeof ev !== 'object' || ev === null || Array.isArray(ev))
    throw invalid(goTypeError(goJsonKind(ev), 'json.interfaceWrapper'))
  const w = ev as { type?: unknown; value?: unknown }
  if (w.type !== undefined && typeof w.type !== 'string')
    throw invalid(
      `json: cannot unmarshal ${goJsonKind(w.type)} into Go struct field interfaceWrapper.type of type string`,
    )
  if (!w.type) throw invalid('interface type cannot be empty')
  // A null value is there (json.RawMessage keeps it): the type's zero value, which the pool refuses.
  if (w.value === undefined) throw invalid('interface value cannot be empty')
  if (!EVIDENCE_TYPES.has(w.type)) throw invalid(`unknown type ${JSON.stringify(w.type)}`)
}
