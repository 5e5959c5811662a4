/**
 * The answer body CometBFT's HTTP server (under its RPC and the SDK's API server) gives a request
 * whose body passes its limit, read before any handler: a JSON-RPC `-32600` without an id.
 */
export const BODY_TOO_LARGE_ANSWER = {
  jsonrpc: '2.0',
  error: {
    code: -32600,
    message: 'Invalid Request',
    data: 'error reading request body: http: request body too large',
  },
} as const

/** Its answer to a body that reads as a batch of more JSON-RPC requests than 10 (HTTP 200). */
export const BATCH_TOO_LONG_ANSWER = {
  jsonrpc: '2.0',
  error: {
    code: -32600,
    message: 'Invalid Request',
    data: 'batch request exceeds maximum (10) allowed number of requests',
  },
} as const
