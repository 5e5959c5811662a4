import { Hono } from 'hono'
import { jsonRpcArgs, type RpcArgs, uriArgs } from './args.js'
import { RpcError } from './errors.js'

// The transport's surface for callers that stand up an RPC server from this file alone (client tests).
export { RpcError } from './errors.js'

/** Who calls: the peer of the HTTP connection. */
export interface RpcCall {
  /** The client's IP address (undefined when the transport does not tell). */
  remoteAddress: string | undefined
}

/** One RPC route. */
export interface RpcRoute {
  /** Argument names in order (for positional params). */
  args: readonly string[]
  /** Answers a call; throws RpcError for a JSON-RPC error. */
  handler(args: RpcArgs, call: RpcCall): Promise<unknown>
}

/** The peer of a request served by @hono/node-server (its `env.incoming` is the Node request). */
function callOf(env: unknown): RpcCall {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming
  return { remoteAddress: incoming?.socket?.remoteAddress }
}

/** Routes by method name. */
export type RpcRoutes = Record<string, RpcRoute>

type JsonRpcId = number | string | null

function errorBody(id: JsonRpcId, err: unknown) {
  if (err instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: err.code,
        message: err.message,
        ...(err.data !== undefined ? { data: err.data } : {}),
      },
    }
  }
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32603,
      message: 'Internal error',
      data: err instanceof Error ? err.message : String(err),
    },
  }
}

/** The CometBFT-style RPC as a Hono app: URI GET routes and JSON-RPC POST to `/`. */
export function createRpcApp(routes: RpcRoutes, options: { maxBodyBytes?: number } = {}): Hono {
  const app = new Hono()
  const maxBody = options.maxBodyBytes ?? 1_000_000

  const call = async (method: string, args: RpcArgs, peer: RpcCall) => {
    const route = routes[method]
    if (!route) throw new RpcError(-32601, 'Method not found')
    return route.handler(args, peer)
  }

  app.get('/', (c) => {
    const links = Object.keys(routes)
      .sort()
      .map((r) => `<a href="/${r}">/${r}</a></br>`)
      .join('\n')
    return c.html(`<html><body><br>Available endpoints:<br>${links}</body></html>`)
  })

  app.get('/:method', async (c) => {
    const method = c.req.param('method')
    if (!routes[method]) return c.json(errorBody(-1, new RpcError(-32601, 'Method not found')), 404)
    try {
      const query = c.req.query()
      const result = await call(method, uriArgs(query), callOf(c.env))
      if (query.height !== undefined && query.height !== '')
        c.header('Cache-Control', 'public, max-age=86400')
      return c.json({ jsonrpc: '2.0', id: -1, result })
    } catch (err) {
      return c.json(errorBody(-1, err), 500)
    }
  })

  app.post('/*', async (c) => {
    const path = c.req.path
    if (path !== '/') {
      return c.json(
        errorBody(null, new RpcError(-32600, 'Invalid Request', `path ${path} is invalid`)),
        200,
      )
    }
    const text = await c.req.text()
    if (Buffer.byteLength(text) > maxBody) {
      return c.json(
        errorBody(null, new RpcError(-32600, 'Invalid Request', 'http: request body too large')),
        200,
      )
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (err) {
      return c.json(
        errorBody(null, new RpcError(-32700, 'Parse error. Invalid JSON', (err as Error).message)),
        500,
      )
    }
    const one = async (req: unknown) => {
      if (req === null || typeof req !== 'object') {
        return errorBody(
          null,
          new RpcError(-32600, 'Invalid Request', 'expected a JSON-RPC request object'),
        )
      }
      const r = req as { id?: JsonRpcId; method?: unknown; params?: unknown }
      if (r.id === undefined) return undefined // notification
      if (typeof r.method !== 'string')
        return errorBody(r.id, new RpcError(-32600, 'Invalid Request', 'missing method'))
      const route = routes[r.method]
      if (!route) return errorBody(r.id, new RpcError(-32601, 'Method not found'))
      try {
        return {
          jsonrpc: '2.0',
          id: r.id,
          result: await call(r.method, jsonRpcArgs(r.params, route.args), callOf(c.env)),
        }
      } catch (err) {
        return errorBody(r.id, err)
      }
    }
    if (Array.isArray(parsed)) {
      const replies = (await Promise.all(parsed.map(one))).filter((x) => x !== undefined)
      return c.json(replies)
    }
    const reply = await one(parsed)
    if (reply === undefined) return c.body(null, 200)
    return c.json(reply)
  })

  app.notFound((c) => c.json(errorBody(-1, new RpcError(-32601, 'Method not found')), 404))
  app.onError((err, c) => c.json(errorBody(-1, err), 500))
  return app
}
