import type { Bytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ErrUnknownRequest } from '../errors.js'
import type { StateReader } from '../store/types.js'

/** Whether an ABCI query path addresses a store directly (`/store/<name>/key|subspace`). */
export function isStoreQueryPath(path: string): boolean {
  return path.startsWith('/store/')
}

/**
 * Upstream rootmulti/iavl raw store queries, as ABCI `abci_query` serves them:
 * `/store/<name>/key` (data = key) → the raw value; `/store/<name>/subspace` (data = prefix) →
 * `sdk.base.kv.v1beta1.Pairs` of every entry under the prefix, in key order.
 */
export async function queryStore(
  registry: ProtoRegistry,
  state: StateReader,
  path: string,
  data: Bytes,
): Promise<Bytes> {
  const parts = path.split('/')
  const name = parts[2] ?? ''
  const sub = `/${parts.slice(3).join('/')}`
  if (name === '' || !state.hasStore(name)) throw ErrUnknownRequest.wrap(`no such store: ${name}`)
  const store = state.store(name)
  if (sub === '/key') return (await store.get(data)) ?? new Uint8Array(0)
  if (sub === '/subspace') {
    const pairs: { key: Bytes; value: Bytes }[] = []
    for await (const [key, value] of store.iterate(data.length > 0 ? { prefix: data } : {}))
      pairs.push({ key, value })
    return registry.encode('sdk.base.kv.v1beta1.Pairs', { pairs })
  }
  throw ErrUnknownRequest.wrap(`unexpected query path: ${path}`)
}
