import { parseGoDuration } from './duration.js'
import { FieldReader } from './fields.js'

/** config.toml (the CometBFT-side settings sdkd uses). */
export interface NodeConfig {
  moniker: string
  logLevel: string
  logFormat: string
  rpc: { laddr: string; corsAllowedOrigins: string[]; maxBodyBytes: number }
  p2p: { laddr: string }
  mempool: {
    size: number
    maxTxBytes: number
    maxTxsBytes: number
    /** sdkd: most txs in one block (0: only the block's byte and gas limits apply). */
    maxBlockTxs: number
    /** sdkd: most tx bytes in one block (0: the consensus param block.max_bytes decides). */
    maxBlockBytes: number
  }
  consensus: { timeoutPropose: string; timeoutCommit: string; timeoutCommitMs: number }
  txIndex: { indexer: string }
}

export function defaultNodeConfig(moniker: string): NodeConfig {
  return {
    moniker,
    logLevel: 'info',
    logFormat: 'plain',
    rpc: { laddr: 'tcp://127.0.0.1:26657', corsAllowedOrigins: [], maxBodyBytes: 1000000 },
    p2p: { laddr: 'tcp://0.0.0.0:26656' },
    mempool: {
      size: 5000,
      maxTxBytes: 1048576,
      maxTxsBytes: 1073741824,
      maxBlockTxs: 0,
      maxBlockBytes: 0,
    },
    // The SDK rewrites CometBFT's 1s default to 5s when it first writes config.toml.
    consensus: { timeoutPropose: '3s', timeoutCommit: '5s', timeoutCommitMs: 5000 },
    txIndex: { indexer: 'kv' },
  }
}

/** Reads config.toml's parsed contents. */
export function readNodeConfig(file: string, data: Record<string, unknown>): NodeConfig {
  const r = new FieldReader(file, data)
  const d = defaultNodeConfig('')
  const timeoutCommit = r.string('consensus.timeout_commit', d.consensus.timeoutCommit)
  let timeoutCommitMs = 0
  try {
    timeoutCommitMs = parseGoDuration(timeoutCommit)
  } catch (err) {
    r.fail('consensus.timeout_commit', (err as Error).message)
  }
  if (timeoutCommitMs < 0) r.fail('consensus.timeout_commit', 'must not be negative')
  const logFormat = r.string('log_format', d.logFormat)
  if (logFormat !== 'json' && logFormat !== 'plain')
    r.fail('log_format', `expected "json" or "plain", got "${logFormat}"`)
  const indexer = r.string('tx_index.indexer', d.txIndex.indexer)
  if (indexer !== 'kv' && indexer !== 'null')
    r.fail('tx_index.indexer', `expected "kv" or "null", got "${indexer}"`)
  return {
    moniker: r.string('moniker', d.moniker),
    logLevel: r.string('log_level', d.logLevel),
    logFormat,
    rpc: {
      laddr: r.string('rpc.laddr', d.rpc.laddr),
      corsAllowedOrigins: r.stringArray('rpc.cors_allowed_origins', d.rpc.corsAllowedOrigins),
      maxBodyBytes: r.uint('rpc.max_body_bytes', d.rpc.maxBodyBytes),
    },
    p2p: { laddr: r.string('p2p.laddr', d.p2p.laddr) },
    mempool: {
      size: r.uint('mempool.size', d.mempool.size),
      maxTxBytes: r.uint('mempool.max_tx_bytes', d.mempool.maxTxBytes),
      maxTxsBytes: r.uint('mempool.max_txs_bytes', d.mempool.maxTxsBytes),
      maxBlockTxs: r.uint('mempool.max_block_txs', d.mempool.maxBlockTxs),
      maxBlockBytes: r.uint('mempool.max_block_bytes', d.mempool.maxBlockBytes),
    },
    consensus: {
      timeoutPropose: r.string('consensus.timeout_propose', d.consensus.timeoutPropose),
      timeoutCommit,
      timeoutCommitMs,
    },
    txIndex: { indexer },
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
proxy_app = "tcp://127.0.0.1:26658"

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
cors_allowed_origins = [${c.rpc.corsAllowedOrigins.map(q).join(', ')}]

# Maximum size of request body, in bytes
max_body_bytes = ${c.rpc.maxBodyBytes}

#######################################################
###           P2P Configuration Options             ###
#######################################################
[p2p]

# Address to listen for incoming connections (a single-node chain dials no peers).
laddr = ${q(c.p2p.laddr)}

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
[consensus]

# How long we wait for a proposal block before prevoting nil
timeout_propose = ${q(c.consensus.timeoutPropose)}

# How long we wait after committing a block, before starting on the new
# height (0s: produce blocks as fast as possible)
timeout_commit = ${q(c.consensus.timeoutCommit)}

#######################################################
###   Transaction Indexer Configuration Options     ###
#######################################################
[tx_index]

# What indexer to use for transactions: "kv" (default) or "null" (no tx lookups).
indexer = ${q(c.txIndex.indexer)}
`
}
