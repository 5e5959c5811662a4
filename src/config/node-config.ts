import {
  type ConsensusConfig,
  defaultConsensusConfig,
  readConsensusConfig,
  renderConsensusToml,
} from './consensus-config.js'
import { FieldReader } from './fields.js'
import { checkListenAddress } from './listen-address.js'
import {
  defaultStateSyncConfig,
  readStateSyncConfig,
  renderStateSyncToml,
  type StateSyncConfig,
} from './statesync-config.js'

/** config.toml (the CometBFT-side settings sdkd uses). */
export interface NodeConfig {
  moniker: string
  /** proxy_app: where a real CometBFT reaches the app (sdkd runs the app in its own process). */
  proxyApp: string
  logLevel: string
  logFormat: string
  rpc: {
    laddr: string
    /** cors_allowed_origins: origins a browser may call the RPC from (none: CORS off; `*`: any). */
    corsAllowedOrigins: string[]
    /** cors_allowed_methods: the methods a cross-origin request may use. */
    corsAllowedMethods: string[]
    /** cors_allowed_headers: the request headers a cross-origin request may send. */
    corsAllowedHeaders: string[]
    /** max_open_connections: connections served at once; more wait for one to close (0: no limit). */
    maxOpenConnections: number
    /** unsafe: serve the unsafe routes (unsafe_flush_mempool). */
    unsafe: boolean
    /** timeout_broadcast_tx_commit: how long broadcast_tx_commit waits for the tx's block. */
    timeoutBroadcastTxCommit: string
    timeoutBroadcastTxCommitMs: number
    maxBodyBytes: number
    /** max_header_bytes: the largest request line and headers (0: Go's default, 1 MiB). */
    maxHeaderBytes: number
    /** max_request_batch_size: most requests in one JSON-RPC batch (0: no limit). */
    maxRequestBatchSize: number
  } & WebsocketConfig
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

/** config.toml `[rpc]`: the limits of `/websocket` subscriptions (CometBFT's names and defaults). */
export interface WebsocketConfig {
  /** max_subscription_clients: distinct clients holding subscriptions. */
  maxSubscriptionClients: number
  /** max_subscriptions_per_client: queries one client may hold. */
  maxSubscriptionsPerClient: number
  /** experimental_subscription_buffer_size: events buffered per subscription (at least 100). */
  subscriptionBufferSize: number
  /** experimental_websocket_write_buffer_size: frames queued per connection (at least the above). */
  websocketWriteBufferSize: number
  /** experimental_close_on_slow_client: cancel a subscription whose client cannot keep up. */
  closeOnSlowClient: boolean
}

/** CometBFT's smallest experimental_subscription_buffer_size. */
const MIN_SUBSCRIPTION_BUFFER_SIZE = 100

export function defaultNodeConfig(moniker: string): NodeConfig {
  return {
    moniker,
    proxyApp: 'tcp://127.0.0.1:26658',
    logLevel: 'info',
    logFormat: 'plain',
    rpc: {
      laddr: 'tcp://127.0.0.1:26657',
      corsAllowedOrigins: [],
      corsAllowedMethods: ['HEAD', 'GET', 'POST'],
      corsAllowedHeaders: ['Origin', 'Accept', 'Content-Type', 'X-Requested-With', 'X-Server-Time'],
      maxOpenConnections: 900,
      unsafe: false,
      timeoutBroadcastTxCommit: '10s',
      timeoutBroadcastTxCommitMs: 10_000,
      maxBodyBytes: 1000000,
      maxHeaderBytes: 1048576,
      maxRequestBatchSize: 10,
      maxSubscriptionClients: 100,
      maxSubscriptionsPerClient: 5,
      subscriptionBufferSize: 200,
      websocketWriteBufferSize: 200,
      closeOnSlowClient: false,
    },
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
  const subscriptionBufferSize = r.uint(
    'rpc.experimental_subscription_buffer_size',
    d.rpc.subscriptionBufferSize,
  )
  if (subscriptionBufferSize < MIN_SUBSCRIPTION_BUFFER_SIZE)
    r.fail(
      'rpc.experimental_subscription_buffer_size',
      `experimental_subscription_buffer_size must be >= ${MIN_SUBSCRIPTION_BUFFER_SIZE}`,
    )
  const websocketWriteBufferSize = r.uint(
    'rpc.experimental_websocket_write_buffer_size',
    d.rpc.websocketWriteBufferSize,
  )
  if (websocketWriteBufferSize < subscriptionBufferSize)
    r.fail(
      'rpc.experimental_websocket_write_buffer_size',
      `experimental_websocket_write_buffer_size must be >= experimental_subscription_buffer_size (${subscriptionBufferSize})`,
    )
  const indexer = r.string('tx_index.indexer', d.txIndex.indexer)
  if (indexer !== 'kv' && indexer !== 'null')
    r.fail('tx_index.indexer', `expected "kv" or "null", got "${indexer}"`)
  const instrumentation = readInstrumentation(r, d.instrumentation)
  const broadcastTimeout = r.duration(
    'rpc.timeout_broadcast_tx_commit',
    d.rpc.timeoutBroadcastTxCommit,
  )
  return {
    moniker: r.string('moniker', d.moniker),
    proxyApp: r.string('proxy_app', d.proxyApp),
    logLevel: r.string('log_level', d.logLevel),
    logFormat,
    rpc: {
      laddr: r.string('rpc.laddr', d.rpc.laddr),
      corsAllowedOrigins: r.stringArray('rpc.cors_allowed_origins', d.rpc.corsAllowedOrigins),
      corsAllowedMethods: r.stringArray('rpc.cors_allowed_methods', d.rpc.corsAllowedMethods),
      corsAllowedHeaders: r.stringArray('rpc.cors_allowed_headers', d.rpc.corsAllowedHeaders),
      maxOpenConnections: r.uint('rpc.max_open_connections', d.rpc.maxOpenConnections),
      unsafe: r.bool('rpc.unsafe', d.rpc.unsafe),
      timeoutBroadcastTxCommit: broadcastTimeout.text,
      timeoutBroadcastTxCommitMs: broadcastTimeout.ms,
      maxBodyBytes: r.uint('rpc.max_body_bytes', d.rpc.maxBodyBytes),
      maxHeaderBytes: r.uint('rpc.max_header_bytes', d.rpc.maxHeaderBytes),
      maxRequestBatchSize: r.uint('rpc.max_request_batch_size', d.rpc.maxRequestBatchSize),
      maxSubscriptionClients: r.uint('rpc.max_subscription_clients', d.rpc.maxSubscriptionClients),
      maxSubscriptionsPerClient: r.uint(
        'rpc.max_subscriptions_per_client',
        d.rpc.maxSubscriptionsPerClient,
      ),
      subscriptionBufferSize,
      websocketWriteBufferSize,
      closeOnSlowClient: r.bool('rpc.experimental_close_on_slow_client', d.rpc.closeOnSlowClient),
    },
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
db_dir = "data"

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
[rpc]

# TCP or UNIX socket address for the RPC server to listen on
laddr = ${q(c.rpc.laddr)}

# A list of origins a cross-domain request can be executed from
# Default value '[]' disables cors support
# Use '["*"]' to allow any origin
cors_allowed_origins = [${c.rpc.corsAllowedOrigins.map(q).join(', ')}]

# A list of methods the client is allowed to use with cross-domain requests
cors_allowed_methods = [${c.rpc.corsAllowedMethods.map(q).join(', ')}]

# A list of non simple headers the client is allowed to use with cross-domain requests
cors_allowed_headers = [${c.rpc.corsAllowedHeaders.map(q).join(', ')}]

# Activate unsafe RPC commands like /unsafe_flush_mempool (and, under a CometBFT
# running the home, /dial_seeds and /dial_peers)
unsafe = ${c.rpc.unsafe}

# Maximum number of simultaneous connections (including WebSocket).
# More connections wait until one closes.
# 0 - unlimited.
max_open_connections = ${c.rpc.maxOpenConnections}

# Maximum size of request body, in bytes
max_body_bytes = ${c.rpc.maxBodyBytes}

# Maximum size of request header, in bytes
max_header_bytes = ${c.rpc.maxHeaderBytes}

# How long to wait for a tx to be committed during /broadcast_tx_commit.
timeout_broadcast_tx_commit = ${q(c.rpc.timeoutBroadcastTxCommit)}

# Maximum number of requests that can be sent in a batch
# If the value is set to '0' (zero-value), then no maximum batch size will be
# enforced for a JSON-RPC batch request.
max_request_batch_size = ${c.rpc.maxRequestBatchSize}

# Maximum number of unique clientIDs that can /subscribe (on /websocket)
max_subscription_clients = ${c.rpc.maxSubscriptionClients}

# Maximum number of unique queries a given client can /subscribe to
max_subscriptions_per_client = ${c.rpc.maxSubscriptionsPerClient}

# Experimental parameter to specify the maximum number of events a node will
# buffer, per subscription, before returning an error and closing the
# subscription. Must be set to at least 100, but higher values will accommodate
# higher event throughput rates (and will use more memory).
experimental_subscription_buffer_size = ${c.rpc.subscriptionBufferSize}

# Experimental parameter to specify the maximum number of RPC responses that
# can be buffered per WebSocket client. If clients cannot read from the
# WebSocket endpoint fast enough, they will be disconnected, so increasing this
# parameter may reduce the chances of them being disconnected (but will cause
# the node to use more memory).
#
# Must be at least the same as "experimental_subscription_buffer_size",
# otherwise connections could be dropped unnecessarily.
experimental_websocket_write_buffer_size = ${c.rpc.websocketWriteBufferSize}

# If a WebSocket client cannot read fast enough, at present we may
# silently drop events instead of generating an error or disconnecting the
# client.
#
# Enabling this experimental parameter will cause the WebSocket connection to
# be closed instead if it cannot read fast enough, allowing for greater
# predictability in subscription behavior.
experimental_close_on_slow_client = ${c.rpc.closeOnSlowClient}

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
