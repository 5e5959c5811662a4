import { type HttpAnswer, postJson } from './http-post.js'
import { NodeClientError } from './node-client-types.js'
import { postFailedText } from './post-failed.js'

// JSON-RPC 2.0 over HTTP POST to a node's CometBFT RPC root, as cosmjs and the upstream CLI call it:
// the address forms `--node` takes, and one call's answer read as a reply or refused.

/**
 * `tcp://host:port` (client.toml style) → `http://host:port`; `http://` and `https://` as given.
 * Anything else is refused with the forms that work, the address called `name` (`--node address`):
 * upstream's CLI refuses a bare `host:port` too (Go reads `localhost:26657` as the scheme
 * `localhost` and cannot dial it), and Node's own errors for it (`Protocol "localhost:" not
 * supported`) or for a port past 65535 (`Invalid URL`, read as an unreachable node) do not say
 * what to type instead.
 */
export function rpcBaseUrl(node: string, name = 'node address'): string {
  const refuse = (why: string) =>
    new NodeClientError(
      `invalid ${name} ${JSON.stringify(node)}: ${why}; use tcp://host:port or http://host:port (https://host:port for TLS), e.g. tcp://localhost:26657`,
    )
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(node)?.[1]?.toLowerCase()
  if (scheme !== 'tcp' && scheme !== 'http' && scheme !== 'https')
    throw refuse(scheme ? `the scheme ${scheme}:// is not supported` : 'it has no scheme')
  const url = node.replace(/^tcp:\/\//i, 'http://').replace(/\/+$/, '')
  const authority = /^[^:]+:\/\/([^/?#]*)/.exec(url)?.[1] ?? ''
  const port = /:(\d+)$/.exec(authority)?.[1]
  if (port !== undefined && Number(port) > 65535)
    throw refuse(`the port ${port} is out of range 0-65535`)
  if (!URL.canParse(url)) throw refuse('it is not a valid URL')
  return url
}

interface JsonRpcReply {
  result?: unknown
  error?: { code?: number; message?: string; data?: string }
}

/**
 * A JSON-RPC error as CometBFT's Go client reports it (jsonrpc/types `RPCError.Error()`), the text
 * upstream's CLI prints: `RPC error -32603 - Internal error: height 9 must be less than or equal to
 * the current blockchain height 5` (no `: …` when the error has no data).
 */
export function rpcErrorText(code: number | undefined, message: string, data: string): string {
  return `RPC error ${code ?? ''} - ${message}${data ? `: ${data}` : ''}`
}

/**
 * One JSON-RPC call to the RPC at `url` (from `rpcBaseUrl`): its `result`. An unreachable node
 * (upstream's `post failed: …`), a body that is no JSON-RPC reply and an RPC error are
 * NodeClientErrors (the last with its code).
 */
export function createJsonRpcCall(
  url: string,
): (method: string, params: Record<string, unknown>) => Promise<unknown> {
  let nextId = 1
  return async (method, params) => {
    let answer: HttpAnswer
    try {
      answer = await postJson(url, JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }))
    } catch (err) {
      // Upstream's text: `post failed: Post "http://127.0.0.1:1": dial tcp 127.0.0.1:1: connect:
      // connection refused`.
      throw new NodeClientError(postFailedText(url, err))
    }
    let reply: JsonRpcReply | undefined
    try {
      reply = JSON.parse(answer.text) as JsonRpcReply
    } catch {
      reply = undefined
    }
    // A JSON body of another kind (the REST port's `{"code":5,"message":"Not Found"}`, given as
    // --node by mistake) is no answer either: its missing result read as `undefined` downstream.
    if (
      !reply ||
      typeof reply !== 'object' ||
      Array.isArray(reply) ||
      (!('result' in reply) && !('error' in reply))
    )
      throw new NodeClientError(
        `node at ${url} answered HTTP ${answer.status} without a JSON-RPC body: is it a CometBFT RPC address (config.toml [rpc] laddr, port 26657 by default)?`,
      )
    if (reply.error) {
      const e = reply.error
      throw new NodeClientError(
        rpcErrorText(e.code, e.message ?? '', e.data ?? ''),
        undefined,
        undefined,
        e.code,
        e.data || e.message || '',
      )
    }
    return reply.result
  }
}
