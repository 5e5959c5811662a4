// What upstream's CLI prints when its JSON-RPC POST to the node fails before any answer: CometBFT's
// HTTP client wraps Go's `*url.Error` as `post failed: %w`, so an unreachable node reads
// `post failed: Post "http://127.0.0.1:1": dial tcp 127.0.0.1:1: connect: connection refused`.

/** Go's texts (syscall.Errno on Linux) for the errors of a refused or unroutable connect. */
const CONNECT_ERRNO_TEXTS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  EHOSTUNREACH: 'no route to host',
  ENETUNREACH: 'network is unreachable',
  ETIMEDOUT: 'connection timed out',
  EACCES: 'permission denied',
  EADDRNOTAVAIL: 'cannot assign requested address',
}

/** The fields Node gives a failed connect or lookup (`net`, `dns`). */
interface NodeNetError {
  code?: string
  syscall?: string
  address?: string
  port?: number
  hostname?: string
  message?: string
  /** Each address tried, where Node tried several (an AggregateError). */
  errors?: unknown[]
}

/** `host:port` as Go's net package writes a dialled address (IPv6 in brackets). */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
}

/**
 * Go's `net.OpError` text for a failed dial, or undefined where Node's error is of another kind
 * (a TLS failure, a reset): `dial tcp 127.0.0.1:1: connect: connection refused`, or for a name
 * that does not resolve `dial tcp: lookup nosuch.example: no such host`. Where Node tried several
 * addresses, the first one's error, as Go's dialer returns its first.
 */
function goDialText(err: NodeNetError): string | undefined {
  const first = (err.errors?.[0] ?? err) as NodeNetError
  if (first.syscall === 'connect' && first.address !== undefined && first.port !== undefined) {
    const text = CONNECT_ERRNO_TEXTS[first.code ?? '']
    if (text) return `dial tcp ${joinHostPort(first.address, first.port)}: connect: ${text}`
  }
  if (first.code === 'ENOTFOUND' && first.hostname)
    return `dial tcp: lookup ${first.hostname}: no such host`
  return undefined
}

/**
 * The error text of a JSON-RPC POST to `url` (the RPC address as the CLI dials it,
 * `http://host:port`) that got no answer, as upstream's CLI prints it: Go's dial error where
 * Node's maps onto one, Node's own message after the same `post failed: Post "…": ` otherwise.
 */
export function postFailedText(url: string, err: unknown): string {
  const e = (err ?? {}) as NodeNetError
  const cause = goDialText(e) ?? (e.message || String(err))
  return `post failed: Post ${JSON.stringify(url)}: ${cause}`
}
