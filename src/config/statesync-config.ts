import type { FieldReader } from './fields.js'

/**
 * config.toml `[statesync]`: CometBFT's state sync of a new node from its peers' snapshots. sdkd
 * does not act on it; a CometBFT running the home (`sdkd start --consensus cometbft`) reads it and
 * restores the app's state through ABCI (docs/cometbft.md).
 */
export interface StateSyncConfig {
  enable: boolean
  /** rpc_servers: at least two, comma-separated, for the light client. */
  rpcServers: string
  trustHeight: number
  trustHash: string
  trustPeriod: string
  discoveryTime: string
  tempDir: string
  chunkRequestTimeout: string
  /** chunk_fetchers: CometBFT writes it as a string. */
  chunkFetchers: string
  maxSnapshotChunks: number
}

/** CometBFT v0.38's defaults, as its template writes them. */
export function defaultStateSyncConfig(): StateSyncConfig {
  return {
    enable: false,
    rpcServers: '',
    trustHeight: 0,
    trustHash: '',
    trustPeriod: '168h0m0s',
    discoveryTime: '15s',
    tempDir: '',
    chunkRequestTimeout: '10s',
    chunkFetchers: '4',
    maxSnapshotChunks: 100000,
  }
}

/** Reads `[statesync]` (absent in homes written before it: the defaults). */
export function readStateSyncConfig(r: FieldReader): StateSyncConfig {
  const d = defaultStateSyncConfig()
  const duration = (key: string, fallback: string) => r.duration(`statesync.${key}`, fallback).text
  return {
    enable: r.bool('statesync.enable', d.enable),
    rpcServers: r.string('statesync.rpc_servers', d.rpcServers),
    trustHeight: r.uint('statesync.trust_height', d.trustHeight),
    trustHash: r.string('statesync.trust_hash', d.trustHash),
    trustPeriod: duration('trust_period', d.trustPeriod),
    discoveryTime: duration('discovery_time', d.discoveryTime),
    tempDir: r.string('statesync.temp_dir', d.tempDir),
    chunkRequestTimeout: duration('chunk_request_timeout', d.chunkRequestTimeout),
    chunkFetchers: r.string('statesync.chunk_fetchers', d.chunkFetchers),
    maxSnapshotChunks: r.uint('statesync.max_snapshot_chunks', d.maxSnapshotChunks),
  }
}

const q = (s: string) => JSON.stringify(s)

/** The `[statesync]` section of config.toml, with CometBFT's comments. */
export function renderStateSyncToml(c: StateSyncConfig): string {
  return `[statesync]
# State sync rapidly bootstraps a new node by discovering, fetching, and restoring a state machine
# snapshot from peers instead of fetching and replaying historical blocks. Requires some peers in
# the network to take and serve state machine snapshots (app.toml [state-sync] snapshot-interval).
# State sync is not attempted if the node has any local state. The node will have a truncated
# block history, starting from the height of the snapshot. CometBFT acts on this section (sdkd
# start --consensus cometbft); sdkd's simulated producer does not.
enable = ${c.enable}

# RPC servers (comma-separated) for light client verification of the synced state machine and
# retrieval of state data for node bootstrapping. Also needs a trusted height and corresponding
# header hash obtained from a trusted source, and a period during which validators can be trusted.
rpc_servers = ${q(c.rpcServers)}
trust_height = ${c.trustHeight}
trust_hash = ${q(c.trustHash)}
trust_period = ${q(c.trustPeriod)}

# Time to spend discovering snapshots before initiating a restore.
discovery_time = ${q(c.discoveryTime)}

# Temporary directory for state sync snapshot chunks, defaults to the OS tempdir (typically /tmp).
temp_dir = ${q(c.tempDir)}

# The timeout duration before re-requesting a chunk, possibly from a different peer.
chunk_request_timeout = ${q(c.chunkRequestTimeout)}

# The number of concurrent chunk fetchers to run.
chunk_fetchers = ${q(c.chunkFetchers)}

# Maximum number of chunks allowed in a snapshot.
max_snapshot_chunks = ${c.maxSnapshotChunks}
`
}
