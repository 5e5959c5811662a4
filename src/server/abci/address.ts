import { checkListenAddress } from '../../config/listen-address.js'
import { ListenError } from '../listen.js'

/**
 * Where the ABCI server listens, in CometBFT's `proxy_app` form (`libs/net ProtocolAndAddress`):
 * `tcp://127.0.0.1:26658`, `unix:///abs/path.sock`, or `host:port` (no scheme is TCP).
 */
export type AbciAddress =
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'unix'; path: string }

/**
 * Linux keeps a Unix socket's path in `sun_path`, 108 bytes with its terminating NUL: a longer path
 * cannot be bound (deep temporary directories hit this).
 */
export const MAX_UNIX_SOCKET_PATH_BYTES = 107

/** Parses a `proxy_app`-style address; a bad one is a ListenError saying what is wrong. */
export function parseAbciAddress(address: string): AbciAddress {
  const sep = address.indexOf('://')
  const scheme = sep < 0 ? 'tcp' : address.slice(0, sep)
  const rest = sep < 0 ? address : address.slice(sep + 3)
  if (scheme === 'unix') {
    if (rest === '')
      throw new ListenError(`ABCI server: ${JSON.stringify(address)} has no socket path`)
    const bytes = Buffer.byteLength(rest)
    if (bytes > MAX_UNIX_SOCKET_PATH_BYTES) {
      throw new ListenError(
        `ABCI server: the Unix socket path ${rest} is ${bytes} bytes, over the ${MAX_UNIX_SOCKET_PATH_BYTES} a socket address holds: use a shorter path`,
      )
    }
    return { kind: 'unix', path: rest }
  }
  if (scheme !== 'tcp') {
    throw new ListenError(
      `ABCI server: unsupported address ${JSON.stringify(address)}: expected tcp://host:port or unix:///path`,
    )
  }
  const r = checkListenAddress(rest)
  if ('problem' in r) {
    throw new ListenError(
      `ABCI server: invalid address ${JSON.stringify(address)}: expected tcp://host:port or unix:///path`,
    )
  }
  return { kind: 'tcp', host: r.host, port: r.port }
}

/** The address in CometBFT's form (`tcp://127.0.0.1:26658`, `unix:///abs/path.sock`). */
export function formatAbciAddress(a: AbciAddress): string {
  if (a.kind === 'unix') return `unix://${a.path}`
  return `tcp://${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`
}
