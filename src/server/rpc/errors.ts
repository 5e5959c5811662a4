/** A JSON-RPC error raised by a route: code, message, data (CometBFT's RPCError). */
export class RpcError extends Error {
  override readonly name = 'RpcError'

  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message)
  }
}

/** CometBFT's `Internal error` (-32603), what a route's own failures are reported as. */
export function internalError(data: string): RpcError {
  return new RpcError(-32603, 'Internal error', data)
}
