import type { Bytes } from '../codec/bytes.js'
import { fromBase64Strict, toHex } from '../codec/bytes.js'
import type { ProtoMessage, ProtoRegistry } from '../codec/proto.js'
import { CliError } from './errors.js'

/** The ABCI query response as the RPC `abci_query` route returns it (zero fields omitted). */
export interface AbciQueryResponse {
  code?: number
  log?: string
  codespace?: string
  value?: string
  height?: string
}

/** Sends a JSON-RPC request to a node and returns its `result`; transport and RPC errors are CliErrors. */
export async function rpcCall(base: string, method: string, params: unknown): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message
    throw new CliError(`cannot reach node at ${base}: ${cause}`)
  }
  const body = (await res.json().catch(() => undefined)) as
    | { result?: unknown; error?: { data?: string; message?: string } }
    | undefined
  if (!body) throw new CliError(`node at ${base} returned HTTP ${res.status} without a JSON body`)
  if (body.error) throw new CliError(body.error.data || body.error.message || 'RPC error')
  return body.result
}

/** Raw `abci_query`: path, request bytes, height (0 = latest). A non-zero code is a CliError with the log. */
export async function abciQuery(
  base: string,
  path: string,
  data: Bytes,
  height = 0,
): Promise<{ value: Bytes; height: number }> {
  const result = (await rpcCall(base, 'abci_query', {
    path,
    data: toHex(data),
    height: String(height),
    prove: false,
  })) as { response?: AbciQueryResponse } | undefined
  const r = result?.response
  if (!r) throw new CliError(`node at ${base} answered abci_query without a response`)
  if (r.code) throw new CliError(r.log || `query failed with code ${r.code} (${r.codespace ?? ''})`)
  const value = r.value ? fromBase64Strict(r.value) : new Uint8Array(0)
  if (!value) throw new CliError(`node at ${base} answered abci_query with a malformed value`)
  return { value, height: Number(r.height ?? 0) }
}

/**
 * Runs a gRPC query method through `abci_query` (`sdk.upgrade.v1beta1.Query/CurrentPlan`): encodes the
 * request, decodes the response with the method's types.
 */
export async function queryMethod(
  registry: ProtoRegistry,
  base: string,
  method: string,
  request: ProtoMessage,
  height = 0,
): Promise<{ type: ReturnType<ProtoRegistry['type']>; response: ProtoMessage; height: number }> {
  const [serviceName, methodName] = method.split('/') as [string, string]
  const m = registry.service(serviceName).methods[methodName]
  if (!m) throw new CliError(`unknown query method ${method}`)
  m.resolve()
  const reqType = registry.type(m.resolvedRequestType!.fullName.slice(1))
  const resType = registry.type(m.resolvedResponseType!.fullName.slice(1))
  const r = await abciQuery(base, `/${method}`, registry.encode(reqType, request), height)
  return { type: resType, response: registry.decode(resType, r.value), height: r.height }
}
