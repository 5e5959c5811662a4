import { FieldReader } from './fields.js'

/** secp256k1 libraries app.toml's `[runtime] secp256k1` names: libsecp256k1, or node:crypto. */
export const SECP256K1_LIBRARIES = ['native', 'node'] as const

/**
 * sdkd's runtime switches (`[runtime]`, sdkd's own): where work runs and with which library. Each
 * has an environment variable that wins over the file (`SDKD_BLOCK_WORKER`, …; the CLI reads them).
 */
export interface RuntimeConfig {
  /** Hash and sign the empty blocks of a burst on a worker thread. */
  blockWorker: boolean
  /** Check the invariants of the blocks the node makes on a worker thread. */
  invariantWorker: boolean
  /** Threads verifying tx signatures ahead of CheckTx; `auto`: one where there is a second core. */
  verifyWorkers: number | 'auto'
  /** The secp256k1 library: `native` (libsecp256k1) or `node` (OpenSSL through node:crypto). */
  secp256k1: (typeof SECP256K1_LIBRARIES)[number]
  /** V8's allocation-site pretenuring (process-wide; off by default). */
  v8Pretenuring: boolean
}

/** Pruning strategy names of app.toml. */
export const PRUNING_STRATEGIES = ['default', 'nothing', 'everything', 'custom'] as const
export type PruningStrategy = (typeof PRUNING_STRATEGIES)[number]

/** app.toml, as sdkd uses it (field names and defaults follow the upstream SDK v0.50 file). */
export interface AppConfig {
  minimumGasPrices: string
  queryGasLimit: number
  pruning: string
  pruningKeepRecent: number
  pruningInterval: number
  haltHeight: number
  haltTime: number
  minRetainBlocks: number
  indexEvents: string[]
  api: {
    enable: boolean
    swagger: boolean
    address: string
    maxOpenConnections: number
    rpcReadTimeout: number
    rpcWriteTimeout: number
    rpcMaxBodyBytes: number
    enabledUnsafeCors: boolean
    /** sdkd's dashboard and explorer at `/` and `/dashboard` (on in the devnet preset). */
    dashboard: boolean
  }
  grpc: {
    enable: boolean
    address: string
    maxRecvMsgSize: number
    maxSendMsgSize: number
  }
  /** `[grpc-web]`: gRPC-web on the REST API's port (with gRPC on too). */
  grpcWeb: { enable: boolean }
  stateSync: { snapshotInterval: number; snapshotKeepRecent: number }
  /** The app's limit on waiting txs: > 0 that many, 0 none; < 0 no app-side mempool (none either). */
  mempool: { maxTxs: number }
  /** sdkd's dev API (mine, time travel, snapshots): on in the devnet preset. */
  dev: { enable: boolean; allowRemote: boolean }
  runtime: RuntimeConfig
}

export const DEFAULT_MAX_RECV_MSG_SIZE = 1024 * 1024 * 10
export const DEFAULT_MAX_SEND_MSG_SIZE = 2147483647

/** Upstream defaults (simapp sets minimum-gas-prices to "0stake"; so does sdkd init). */
export function defaultAppConfig(): AppConfig {
  return {
    minimumGasPrices: '0stake',
    queryGasLimit: 0,
    pruning: 'default',
    pruningKeepRecent: 0,
    pruningInterval: 0,
    haltHeight: 0,
    haltTime: 0,
    minRetainBlocks: 0,
    indexEvents: [],
    api: {
      enable: false,
      swagger: false,
      address: 'tcp://localhost:1317',
      maxOpenConnections: 1000,
      rpcReadTimeout: 10,
      rpcWriteTimeout: 0,
      rpcMaxBodyBytes: 1000000,
      enabledUnsafeCors: false,
      dashboard: false,
    },
    grpc: {
      enable: true,
      address: 'localhost:9090',
      maxRecvMsgSize: DEFAULT_MAX_RECV_MSG_SIZE,
      maxSendMsgSize: DEFAULT_MAX_SEND_MSG_SIZE,
    },
    grpcWeb: { enable: true },
    stateSync: { snapshotInterval: 0, snapshotKeepRecent: 2 },
    mempool: { maxTxs: 5000 },
    dev: { enable: false, allowRemote: false },
    runtime: {
      blockWorker: true,
      invariantWorker: true,
      verifyWorkers: 'auto',
      secp256k1: 'native',
      v8Pretenuring: false,
    },
  }
}

/** Reads app.toml's parsed contents; throws a ConfigError naming the field on bad values. */
export function readAppConfig(file: string, data: Record<string, unknown>): AppConfig {
  const r = new FieldReader(file, data)
  const d = defaultAppConfig()
  const cfg: AppConfig = {
    minimumGasPrices: r.string('minimum-gas-prices', d.minimumGasPrices),
    queryGasLimit: r.uint('query-gas-limit', d.queryGasLimit, { quoted: true }),
    pruning: r.string('pruning', d.pruning),
    pruningKeepRecent: r.uint('pruning-keep-recent', d.pruningKeepRecent, { quoted: true }),
    pruningInterval: r.uint('pruning-interval', d.pruningInterval, { quoted: true }),
    haltHeight: r.uint('halt-height', d.haltHeight),
    haltTime: r.uint('halt-time', d.haltTime),
    minRetainBlocks: r.uint('min-retain-blocks', d.minRetainBlocks),
    indexEvents: r.stringArray('index-events', d.indexEvents),
    api: {
      enable: r.bool('api.enable', d.api.enable),
      swagger: r.bool('api.swagger', d.api.swagger),
      address: r.string('api.address', d.api.address),
      maxOpenConnections: r.uint('api.max-open-connections', d.api.maxOpenConnections),
      rpcReadTimeout: r.uint('api.rpc-read-timeout', d.api.rpcReadTimeout),
      rpcWriteTimeout: r.uint('api.rpc-write-timeout', d.api.rpcWriteTimeout),
      rpcMaxBodyBytes: r.uint('api.rpc-max-body-bytes', d.api.rpcMaxBodyBytes),
      enabledUnsafeCors: r.bool('api.enabled-unsafe-cors', d.api.enabledUnsafeCors),
      dashboard: r.bool('api.dashboard', d.api.dashboard),
    },
    grpc: {
      enable: r.bool('grpc.enable', d.grpc.enable),
      address: r.string('grpc.address', d.grpc.address),
      maxRecvMsgSize: r.uint('grpc.max-recv-msg-size', d.grpc.maxRecvMsgSize, { quoted: true }),
      maxSendMsgSize: r.uint('grpc.max-send-msg-size', d.grpc.maxSendMsgSize, { quoted: true }),
    },
    grpcWeb: { enable: r.bool('grpc-web.enable', d.grpcWeb.enable) },
    stateSync: {
      snapshotInterval: r.uint('state-sync.snapshot-interval', d.stateSync.snapshotInterval),
      snapshotKeepRecent: r.uint('state-sync.snapshot-keep-recent', d.stateSync.snapshotKeepRecent),
    },
    mempool: { maxTxs: r.int('mempool.max-txs', d.mempool.maxTxs) },
    dev: {
      enable: r.bool('dev.enable', d.dev.enable),
      allowRemote: r.bool('dev.allow-remote', d.dev.allowRemote),
    },
    runtime: {
      blockWorker: r.bool('runtime.block-worker', d.runtime.blockWorker),
      invariantWorker: r.bool('runtime.invariant-worker', d.runtime.invariantWorker),
      verifyWorkers: r.uintOr('runtime.verify-workers', 'auto', d.runtime.verifyWorkers),
      secp256k1: r.oneOf('runtime.secp256k1', SECP256K1_LIBRARIES, d.runtime.secp256k1),
      v8Pretenuring: r.bool('runtime.v8-pretenuring', d.runtime.v8Pretenuring),
    },
  }
  // Upstream: a zero message size falls back to the default.
  if (cfg.grpc.maxRecvMsgSize === 0) cfg.grpc.maxRecvMsgSize = DEFAULT_MAX_RECV_MSG_SIZE
  if (cfg.grpc.maxSendMsgSize === 0) cfg.grpc.maxSendMsgSize = DEFAULT_MAX_SEND_MSG_SIZE
  return cfg
}

const q = (s: string) => JSON.stringify(s)

/** app.toml text (comments paraphrase the upstream template). */
export function renderAppToml(c: AppConfig): string {
  return `# This is a TOML config file.
# For more information, see https://github.com/toml-lang/toml

###############################################################################
###                           Base Configuration                            ###
###############################################################################

# The minimum gas prices a validator is willing to accept for processing a
# transaction. A transaction's fees must meet the minimum of any denomination
# specified in this config (e.g. 0.25token1,0.0001token2).
minimum-gas-prices = ${q(c.minimumGasPrices)}

# The maximum gas a query coming over a gRPC or REST request may consume (0 = unbounded).
query-gas-limit = "${c.queryGasLimit}"

# default: the last 362880 states are kept, pruning at 10 block intervals
# nothing: all historic states will be saved, nothing will be deleted (i.e. archiving node)
# everything: 2 latest states will be kept; pruning at 10 block intervals.
# custom: allow pruning options to be manually specified through 'pruning-keep-recent', and 'pruning-interval'
pruning = ${q(c.pruning)}

# These are applied if and only if the pruning strategy is custom.
pruning-keep-recent = "${c.pruningKeepRecent}"
pruning-interval = "${c.pruningInterval}"

# HaltHeight contains a non-zero block height at which a node will gracefully
# halt and shutdown that can be used to assist upgrades and testing.
halt-height = ${c.haltHeight}

# HaltTime contains a non-zero minimum block time (in Unix seconds) at which
# a node will gracefully halt and shutdown that can be used to assist upgrades
# and testing.
halt-time = ${c.haltTime}

# MinRetainBlocks defines the minimum block height offset from the current
# block being committed, such that all blocks past this offset are pruned
# from the block store. 0 keeps every block.
min-retain-blocks = ${c.minRetainBlocks}

# IndexEvents defines the set of events in the form {eventType}.{attributeKey},
# which informs the tx indexer which events to index. An empty list indexes all events.
index-events = [${c.indexEvents.map(q).join(', ')}]

###############################################################################
###                           API Configuration                             ###
###############################################################################

[api]

# Enable defines if the API server should be enabled.
enable = ${c.api.enable}

# Swagger defines if swagger documentation should automatically be registered.
swagger = ${c.api.swagger}

# Address defines the API server to listen on.
address = ${q(c.api.address)}

# MaxOpenConnections defines the number of maximum open connections.
max-open-connections = ${c.api.maxOpenConnections}

# RPCReadTimeout defines the CometBFT RPC read timeout (in seconds).
rpc-read-timeout = ${c.api.rpcReadTimeout}

# RPCWriteTimeout defines the CometBFT RPC write timeout (in seconds).
rpc-write-timeout = ${c.api.rpcWriteTimeout}

# RPCMaxBodyBytes defines the CometBFT maximum request body (in bytes).
rpc-max-body-bytes = ${c.api.rpcMaxBodyBytes}

# EnableUnsafeCORS defines if CORS should be enabled (unsafe - use it at your own risk).
enabled-unsafe-cors = ${c.api.enabledUnsafeCors}

# Dashboard serves sdkd's dashboard and block explorer (HTML) at / and /dashboard on this server
# (sdkd's own; upstream has none). On in the devnet preset.
dashboard = ${c.api.dashboard}

###############################################################################
###                           gRPC Configuration                            ###
###############################################################################

[grpc]

# Enable defines if the gRPC server should be enabled.
enable = ${c.grpc.enable}

# Address defines the gRPC server address to bind to.
address = ${q(c.grpc.address)}

# MaxRecvMsgSize defines the max message size in bytes the server can receive.
# The default value is 10MB.
max-recv-msg-size = "${c.grpc.maxRecvMsgSize}"

# MaxSendMsgSize defines the max message size in bytes the server can send.
# The default value is math.MaxInt32.
max-send-msg-size = "${c.grpc.maxSendMsgSize}"

###############################################################################
###                        gRPC Web Configuration                           ###
###############################################################################

[grpc-web]

# GRPCWebEnable defines if the gRPC-web should be enabled.
# NOTE: gRPC must also be enabled, otherwise, this configuration is a no-op.
# NOTE: gRPC-Web uses the same address as the API server.
enable = ${c.grpcWeb.enable}

###############################################################################
###                        State Sync Configuration                         ###
###############################################################################

[state-sync]

# snapshot-interval specifies the block interval at which local state sync snapshots are
# taken (0 to disable), under --consensus cometbft, whose state sync serves them (the simulated
# engine takes none).
snapshot-interval = ${c.stateSync.snapshotInterval}

# snapshot-keep-recent specifies the number of recent snapshots to keep and serve (0 to keep all).
snapshot-keep-recent = ${c.stateSync.snapshotKeepRecent}

###############################################################################
###                         Mempool                                         ###
###############################################################################

[mempool]
# Setting max-txs to 0 will allow for a unbounded amount of transactions in the mempool.
# Setting max_txs to negative 1 (-1) will disable transactions from being inserted into the mempool.
# Setting max_txs to a positive number (> 0) will limit the number of transactions in the mempool, by the specified amount.
#
# Note, this configuration only applies to SDK built-in app-side mempool
# implementations.
max-txs = ${c.mempool.maxTxs}

###############################################################################
###                         Dev API (sdkd)                                  ###
###############################################################################

[dev]

# Serve the dev_* JSON-RPC methods on the RPC port: mine blocks, change the mining mode, time
# travel, snapshot and revert, set balances. On in the devnet preset; never on a real chain.
enable = ${c.dev.enable}

# Serve them to clients that are not on this machine (loopback only when false).
allow-remote = ${c.dev.allowRemote}

###############################################################################
###                         Runtime (sdkd)                                  ###
###############################################################################

[runtime]

# Hash and sign the empty blocks of a burst (dev_mine, timeout_commit 0, a rehearsal) on a worker
# thread while the node's thread runs the next heights. SDKD_BLOCK_WORKER=0 turns it off.
block-worker = ${c.runtime.blockWorker}

# Check the invariants (a devnet's after every block, --inv-check-period) of the blocks the node
# makes on a worker thread, on a copy of the state, while the node's thread runs the next heights;
# a block waits for its verdict before it is written. SDKD_INVARIANT_WORKER=0 turns it off.
invariant-worker = ${c.runtime.invariantWorker}

# Worker threads that verify tx signatures ahead of CheckTx, and as many that parse, decode and
# verify REST broadcasts: "auto" (one each where the machine has a second core, else none) or a
# number (0: the node's thread does it all). SDKD_VERIFY_WORKERS wins.
verify-workers = ${typeof c.runtime.verifyWorkers === 'number' ? c.runtime.verifyWorkers : q(c.runtime.verifyWorkers)}

# The secp256k1 library: "native" (libsecp256k1, about six times faster) or "node" (OpenSSL
# through node:crypto). SDKD_SECP256K1=node picks node:crypto.
secp256k1 = ${q(c.runtime.secp256k1)}

# Let V8 pretenure allocation sites (off: a height's objects are short-lived, and pretenured
# they make every young collection copy dead megabytes). SDKD_V8_PRETENURING (0 or 1) wins.
v8-pretenuring = ${c.runtime.v8Pretenuring}
`
}
