import { ConfigError } from './fields.js'

/** host and port of a listen address: `tcp://127.0.0.1:26657`, `localhost:1317`, `:9090`, `0.0.0.0:0`. */
export interface ListenAddress {
  host: string
  port: number
}

/** The problem with a listen address, or its host and port. */
export function checkListenAddress(address: string): ListenAddress | { problem: string } {
  const text = address.replace(/^tcp:\/\//, '')
  const m = /^(\[[^\]]*\]|[^:/]*):(\d+)$/.exec(text)
  if (!m)
    return {
      problem: `invalid listen address ${JSON.stringify(address)}: expected [tcp://]host:port`,
    }
  const port = Number(m[2])
  if (port > 65535)
    return { problem: `invalid listen address ${JSON.stringify(address)}: port out of range` }
  const host = m[1]!.replace(/^\[|\]$/g, '') || '0.0.0.0'
  return { host, port }
}

/** Parses a listen address; a bad one is a ConfigError naming `where` (a file and field, or a flag). */
export function parseListenAddress(
  address: string,
  where: { file: string; field: string } = { file: 'listen address', field: '' },
): ListenAddress {
  const r = checkListenAddress(address)
  if ('problem' in r) throw new ConfigError(where.file, where.field, r.problem)
  return r
}

/** A listen address of the node with where it was configured. */
export interface ConfiguredAddress {
  /** What listens there (`RPC server`). */
  what: string
  address: string
  file: string
  field: string
}

/** Validates every listen address before anything binds: the first bad one is a ConfigError. */
export function parseListenAddresses(
  entries: readonly ConfiguredAddress[],
): (ConfiguredAddress & ListenAddress)[] {
  return entries.map((e) => ({ ...e, ...parseListenAddress(e.address, e) }))
}

/**
 * The address a client on this machine dials to reach a listen address: a wildcard host
 * (`0.0.0.0`, `::`, empty) becomes the loopback host, as upstream's `client.toml` default.
 */
export function dialAddress(address: ListenAddress): string {
  const wildcard = ['0.0.0.0', '::', ''].includes(address.host)
  const host = wildcard
    ? 'localhost'
    : address.host.includes(':')
      ? `[${address.host}]`
      : address.host
  return `tcp://${host}:${address.port}`
}
