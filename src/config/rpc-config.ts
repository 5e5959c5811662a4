import type { FieldReader } from './fields.js'

/** config.toml `[rpc]`: CometBFT's RPC server (its names and defaults). */
export interface RpcConfig extends WebsocketConfig {
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

/** CometBFT's defaults. */
export function defaultRpcConfig(): RpcConfig {
  return {
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
  }
}

/** Reads `[rpc]`, with CometBFT's checks of it. */
export function readRpcConfig(r: FieldReader): RpcConfig {
  const d = defaultRpcConfig()
  const subscriptionBufferSize = r.uint(
    'rpc.experimental_subscription_buffer_size',
    d.subscriptionBufferSize,
  )
  if (subscriptionBufferSize < MIN_SUBSCRIPTION_BUFFER_SIZE)
    r.fail(
      'rpc.experimental_subscription_buffer_size',
      `experimental_subscription_buffer_size must be >= ${MIN_SUBSCRIPTION_BUFFER_SIZE}`,
    )
  const websocketWriteBufferSize = r.uint(
    'rpc.experimental_websocket_write_buffer_size',
    d.websocketWriteBufferSize,
  )
  if (websocketWriteBufferSize < subscriptionBufferSize)
    r.fail(
      'rpc.experimental_websocket_write_buffer_size',
      `experimental_websocket_write_buffer_size must be >= experimental_subscription_buffer_size (${subscriptionBufferSize})`,
    )
  const broadcastTimeout = r.duration('rpc.timeout_broadcast_tx_commit', d.timeoutBroadcastTxCommit)
  return {
    laddr: r.string('rpc.laddr', d.laddr),
    corsAllowedOrigins: r.stringArray('rpc.cors_allowed_origins', d.corsAllowedOrigins),
    corsAllowedMethods: r.stringArray('rpc.cors_allowed_methods', d.corsAllowedMethods),
    corsAllowedHeaders: r.stringArray('rpc.cors_allowed_headers', d.corsAllowedHeaders),
    maxOpenConnections: r.uint('rpc.max_open_connections', d.maxOpenConnections),
    unsafe: r.bool('rpc.unsafe', d.unsafe),
    timeoutBroadcastTxCommit: broadcastTimeout.text,
    timeoutBroadcastTxCommitMs: broadcastTimeout.ms,
    maxBodyBytes: r.uint('rpc.max_body_bytes', d.maxBodyBytes),
    maxHeaderBytes: r.uint('rpc.max_header_bytes', d.maxHeaderBytes),
    maxRequestBatchSize: r.uint('rpc.max_request_batch_size', d.maxRequestBatchSize),
    maxSubscriptionClients: r.uint('rpc.max_subscription_clients', d.maxSubscriptionClients),
    maxSubscriptionsPerClient: r.uint(
      'rpc.max_subscriptions_per_client',
      d.maxSubscriptionsPerClient,
    ),
    subscriptionBufferSize,
    websocketWriteBufferSize,
    closeOnSlowClient: r.bool('rpc.experimental_close_on_slow_client', d.closeOnSlowClient),
  }
}

const q = (s: string) => JSON.stringify(s)

/** The `[rpc]` section of config.toml. */
export function renderRpcToml(c: RpcConfig): string {
  return `[rpc]

# TCP or UNIX socket address for the RPC server to listen on
laddr = ${q(c.laddr)}

# A list of origins a cross-domain request can be executed from
# Default value '[]' disables cors support
# Use '["*"]' to allow any origin
cors_allowed_origins = [${c.corsAllowedOrigins.map(q).join(', ')}]

# A list of methods the client is allowed to use with cross-domain requests
cors_allowed_methods = [${c.corsAllowedMethods.map(q).join(', ')}]

# A list of non simple headers the client is allowed to use with cross-domain requests
cors_allowed_headers = [${c.corsAllowedHeaders.map(q).join(', ')}]

# Activate unsafe RPC commands like /unsafe_flush_mempool (and, under a CometBFT
# running the home, /dial_seeds and /dial_peers)
unsafe = ${c.unsafe}

# Maximum number of simultaneous connections (including WebSocket).
# More connections wait until one closes.
# 0 - unlimited.
max_open_connections = ${c.maxOpenConnections}

# Maximum size of request body, in bytes
max_body_bytes = ${c.maxBodyBytes}

# Maximum size of request header, in bytes
max_header_bytes = ${c.maxHeaderBytes}

# How long to wait for a tx to be committed during /broadcast_tx_commit.
timeout_broadcast_tx_commit = ${q(c.timeoutBroadcastTxCommit)}

# Maximum number of requests that can be sent in a batch
# If the value is set to '0' (zero-value), then no maximum batch size will be
# enforced for a JSON-RPC batch request.
max_request_batch_size = ${c.maxRequestBatchSize}

# Maximum number of unique clientIDs that can /subscribe (on /websocket)
max_subscription_clients = ${c.maxSubscriptionClients}

# Maximum number of unique queries a given client can /subscribe to
max_subscriptions_per_client = ${c.maxSubscriptionsPerClient}

# Experimental parameter to specify the maximum number of events a node will
# buffer, per subscription, before returning an error and closing the
# subscription. Must be set to at least 100, but higher values will accommodate
# higher event throughput rates (and will use more memory).
experimental_subscription_buffer_size = ${c.subscriptionBufferSize}

# Experimental parameter to specify the maximum number of RPC responses that
# can be buffered per WebSocket client. If clients cannot read from the
# WebSocket endpoint fast enough, they will be disconnected, so increasing this
# parameter may reduce the chances of them being disconnected (but will cause
# the node to use more memory).
#
# Must be at least the same as "experimental_subscription_buffer_size",
# otherwise connections could be dropped unnecessarily.
experimental_websocket_write_buffer_size = ${c.websocketWriteBufferSize}

# If a WebSocket client cannot read fast enough, at present we may
# silently drop events instead of generating an error or disconnecting the
# client.
#
# Enabling this experimental parameter will cause the WebSocket connection to
# be closed instead if it cannot read fast enough, allowing for greater
# predictability in subscription behavior.
experimental_close_on_slow_client = ${c.closeOnSlowClient}
`
}
