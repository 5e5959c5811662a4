import {
  type ConsensusConfig,
  defaultConsensusConfig,
  readConsensusConfig,
  renderConsensusToml,
} from './consensus-config.js'
import { FieldReader } from './fields.js'
import { checkListenAddress } from './listen-address.js'
import { defaultRpcConfig, type RpcConfig, readRpcConfig, renderRpcToml } from './rpc-config.js'
import {
  defaultStateSyncConfig,
  readStateSyncConfig,
  renderStateSyncToml,
  type StateSyncConfig,
} from './statesync-config.js'

/** ABCI transports (config.toml's `abci`, `sdkd start --abci` and `--transport`). */
export const ABCI_TRANSPORTS = ['socket', 'grpc'] as const

/** config.toml (the CometBFT-side settings sdkd uses). */
export interface NodeConfig {
  moniker: string
  /** proxy_app: where a real CometBFT reaches the app (sdkd runs the app in its own process). */
  proxyApp: string
  /** abci: how a CometBFT running the home reaches the app, `socket` or `grpc` (CometBFT's default socket). */
  abci: (typeof ABCI_TRANSPORTS)[number]
  /** db_dir: CometBFT's databases (blockstore.db, state.db), relative to the home; the app's stay in data/. */
  dbDir: string
  logLevel: string
  logFormat: string
  rpc: RpcConfig
  p2p: {
    laddr: string
    /** persistent_peers: `<node id>@<host>:<port>` of the peers to keep connected (comma-separated). */
    persistentPeers: string
    /** addr_book_strict: only routable addresses in the address book (false for a testnet on one host). */
    addrBookStrict: boolean
    /** allow_duplicate_ip: several peers from one IP (true for a testnet on one host). */
    allowDuplicateIp: boolean
  }
  mempool: {
    size: number
    maxTxBytes: number
    maxTxsBytes: number
    /** sdkd: most txs in one block (0: only the block's byte and gas limits apply). */
    maxBlockTxs: number
    /** sdkd: most tx bytes in one block (0: the consensus param block.max_bytes decides). */
    maxBlockBytes: number
  }
  consensus: ConsensusConfig
  stateSync: StateSyncConfig
  txIndex: { indexer: string }
  instrumentation: InstrumentationConfig
}

/** config.toml `[instrumentation]`: Prometheus metrics (CometBFT's names and defaults). */
export interface InstrumentationConfig {
  /** prometheus: serve metrics on prometheus_listen_addr. */
  prometheus: boolean
  /** prometheus_listen_addr: the metrics listener (`:26660`: every interface). */
  prometheusListenAddr: string
  /** max_open_connections: concurrent scrapes; more get HTTP 503 (0: no limit). */
  maxOpenConnections: number
  /** namespace: prefix of the CometBFT metric names (`cometbft_consensus_height`). */
  namespace: string
}

export function defaultNodeConfig(moniker: string): NodeConfig {
  return {
    moniker,
    proxyApp: 'tcp://127.0.0.1:26658',
    abci: 'socket',
    dbDir: 'data',
    logLevel: 'info',
    logFormat: 'plain',
    rpc: defaultRpcConfig(),
    p2p: {
      laddr: 'tcp://0.0.0.0:26656',
      persistentPeers: '',
      addrBookStrict: true,
      allowDuplicateIp: false,
    },
    mempool: {
      size: 5000,
      maxTxBytes: 1048576,
      maxTxsBytes: 1073741824,
      maxBlockTxs: 0,
      maxBlockBytes: 0,
    },
    consensus: defaultConsensusConfig(),
    stateSync: defaultStateSyncConfig(),
    txIndex: { indexer: 'kv' },
    instrumentation: {
      prometheus: false,
      prometheusListenAddr: ':26660',
      maxOpenConnections: 3,
      namespace: 'cometbft',
    },
  }
}

/** Reads config.toml's parsed contents. */
export function readNodeConfig(file: string, data: Record<string, unknown>): NodeConfig {
  const r = new FieldReader(file, data)
  const d = defaultNodeConfig('')
  const consensus = readConsensusConfig(r)
  const logFormat = r.string('log_format', d.logFormat)
  if (logFormat !== 'json' && logFormat !== 'plain')
    r.fail('log_format', `expected "json" or "plain", got "${logFormat}"`)
  const indexer = r.string('tx_index.indexer', d.txIndex.indexer)
  if (indexer !== 'kv' && indexer !== 'null')
    r.fail('tx_index.indexer', `expected "kv" or "null", got "${indexer}"`)
  const instrumentation = readInstrumentation(r, d.instrumentation)
  return {
    moniker: r.string('moniker', d.moniker),
    proxyApp: r.string('proxy_app', d.proxyApp),
    abci: r.oneOf('abci', ABCI_TRANSPORTS, d.abci),
    dbDir: r.string('db_dir', d.dbDir),
    logLevel: r.string('log_level', d.logLevel),
    logFormat,
    rpc: readRpcConfig(r),
    p2p: {
      laddr: r.string('p2p.laddr', d.p2p.laddr),
      persistentPeers: r.string('p2p.persistent_peers', d.p2p.persistentPeers),
      addrBookStrict: r.bool('p2p.addr_book_strict', d.p2p.addrBookStrict),
      allowDuplicateIp: r.bool('p2p.allow_duplicate_ip', d.p2p.allowDuplicateIp),
    },
    mempool: {
      size: r.uint('mempool.size', d.mempool.size),
      maxTxBytes: r.uint('mempool.max_tx_bytes', d.mempool.maxTxBytes),
      maxTxsBytes: r.uint('mempool.max_txs_bytes', d.mempool.maxTxsBytes),
      maxBlockTxs: r.uint('mempool.max_block_txs', d.mempool.maxBlockTxs),
      maxBlockBytes: r.uint('mempool.max_block_bytes', d.mempool.maxBlockBytes),
    },
    consensus,
    stateSync: readStateSyncConfig(r),
    txIndex: { indexer },
    instrumentation,
  }
}

function readInstrumentation(r: FieldReader, d: InstrumentationConfig): InstrumentationConfig {
  const prometheusListenAddr = r.string(
    'instrumentation.prometheus_listen_addr',
    d.prometheusListenAddr,
  )
  const address = checkListenAddress(prometheusListenAddr)
  if ('problem' in address) r.fail('instrumentation.prometheus_listen_addr', address.problem)
  const namespace = r.string('instrumentation.namespace', d.namespace)
  // Metric names are [a-zA-Z_:][a-zA-Z0-9_:]*; the namespace starts every CometBFT name.
  if (!/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(namespace))
    r.fail(
      'instrumentation.namespace',
      `expected a Prometheus metric name prefix ([a-zA-Z_:][a-zA-Z0-9_:]*), got ${JSON.stringify(namespace)}`,
    )
  return {
    prometheus: r.bool('instrumentation.prometheus', d.prometheus),
    prometheusListenAddr,
    maxOpenConnections: r.uint('instrumentation.max_open_connections', d.maxOpenConnections),
    namespace,
  }
}

const q = (s: string) => JSON.stringify(s)

/** config.toml text. */
export function renderConfigToml(c: NodeConfig): string {
  return `# This is a TOML config file.
# For more information, see https://github.com/toml-lang/toml

# NOTE: Any path below can be absolute (e.g. "/var/myawesomeapp/data") or
# relative to the home directory (e.g. "data").

#######################################################################
###                   Main Base Config Options                      ###
#######################################################################

# TCP or UNIX socket address of the ABCI application (sdkd runs the app in-process).
proxy_app = ${q(c.proxyApp)}

# A custom human readable name for this node
moniker = ${q(c.moniker)}

# Database backend (sdkd stores everything in one LevelDB under data/).
db_backend = "goleveldb"
db_dir = ${q(c.dbDir)}

# Output level for logging: trace, debug, info, warn, error, fatal, silent.
log_level = ${q(c.logLevel)}

# Output format: 'plain' (colored text) or 'json'
log_format = ${q(c.logFormat)}

genesis_file = "config/genesis.json"
priv_validator_key_file = "config/priv_validator_key.json"
node_key_file = "config/node_key.json"

#######################################################################
###                 Advanced Configuration Options                  ###
#######################################################################

#######################################################
###       RPC Server Configuration Options          ###
#######################################################
${renderRpcToml(c.rpc)}
#######################################################
###           P2P Configuration Options             ###
#######################################################
[p2p]

# Address to listen for incoming connections (a single-node chain dials no peers).
laddr = ${q(c.p2p.laddr)}

# Comma separated list of nodes to keep persistent connections to (collect-gentxs writes it).
persistent_peers = ${q(c.p2p.persistentPeers)}

# Set true for strict address routability rules
# Set false for private or local networks
addr_book_strict = ${c.p2p.addrBookStrict}

# Toggle to disable guard against peers connecting from the same ip.
allow_duplicate_ip = ${c.p2p.allowDuplicateIp}

#######################################################
###          Mempool Configuration Option          ###
#######################################################
[mempool]

# Maximum number of transactions in the mempool
size = ${c.mempool.size}

# Maximum size of a single transaction.
max_tx_bytes = ${c.mempool.maxTxBytes}

# Limit the total size of all txs in the mempool.
max_txs_bytes = ${c.mempool.maxTxsBytes}

# sdkd: most transactions included in one block (0 = no count limit; the block's
# byte and gas limits still apply).
max_block_txs = ${c.mempool.maxBlockTxs}

# sdkd: most transaction bytes included in one block (0 = the consensus param
# block.max_bytes decides, as CometBFT does).
max_block_bytes = ${c.mempool.maxBlockBytes}

#######################################################
###         Consensus Configuration Options         ###
#######################################################
${renderConsensusToml(c.consensus)}
#######################################################
###         State Sync Configuration Options        ###
#######################################################
${renderStateSyncToml(c.stateSync)}
#######################################################
###   Transaction Indexer Configuration Options     ###
#######################################################
[tx_index]

# What indexer to use for transactions: "kv" (default) or "null" (no tx lookups).
indexer = ${q(c.txIndex.indexer)}

#######################################################
###       Instrumentation Configuration Options     ###
#######################################################
[instrumentation]

# When true, Prometheus metrics are served under /metrics on
# PrometheusListenAddr.
# Check out the documentation for the list of available metrics.
prometheus = ${c.instrumentation.prometheus}

# Address to listen for Prometheus collector(s) connections
prometheus_listen_addr = ${q(c.instrumentation.prometheusListenAddr)}

# Maximum number of simultaneous connections.
# If you want to accept a larger number than the default, make sure
# you increase your OS limits.
# 0 - unlimited.
max_open_connections = ${c.instrumentation.maxOpenConnections}

# Instrumentation namespace
namespace = ${q(c.instrumentation.namespace)}
`
}
