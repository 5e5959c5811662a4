import { posix } from 'node:path'

/**
 * Go's cleanPath (net/http's mux, gorilla/mux's router): path.Clean of a rooted path, its trailing
 * slash kept. Both redirect a request whose path is not clean to the clean one.
 */
export function cleanPath(path: string): string {
  if (path === '') return '/'
  return posix.normalize(path.startsWith('/') ? path : `/${path}`)
}

/**
 * A request's target as the client sent it: node:http's when the request came through it (the node
 * server resolves dot segments before a route sees the URL), else the URL's path and query.
 */
export function requestTarget(env: unknown, url: string): string {
  const raw = (env as { incoming?: { url?: string } } | undefined)?.incoming?.url
  // An absolute-form target (`http://host/path`) is a URL whose path Go reads as such.
  if (raw?.startsWith('/')) return raw
  const u = new URL(url)
  return u.pathname + u.search
}

const HEX = '0123456789ABCDEF'

/** Go's `url.unescape` of a path (`%XX` to its byte; a bad escape never gets here: listen.ts). */
function unescapePath(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
}

/** Whether Go's `shouldEscape(c, encodePath)` leaves the byte `c` as it is. */
const PATH_KEEPS = /[A-Za-z0-9\-_.~$&+,/:;=@]/

/** Go's `url.escape(path, encodePath)`: every other byte as `%XX`, upper-case hex. */
function escapePath(path: string): string {
  let out = ''
  for (const ch of path) {
    if (PATH_KEEPS.test(ch)) {
      out += ch
      continue
    }
    const bytes = ch.charCodeAt(0) < 0x100 ? [ch.charCodeAt(0)] : [...Buffer.from(ch)]
    for (const b of bytes) out += `%${HEX[b >> 4]}${HEX[b & 15]}`
  }
  return out
}

/** Go's `validEncoded(s, encodePath)`: RFC 3986's pchar and `/`, as a raw path may be kept. */
const VALID_ENCODED = /^[A-Za-z0-9\-_.~$&+,/:;=@!'()*[\]%]*$/

/**
 * Go's `URL.EscapedPath()` of a path as sent: the raw text when it is a valid encoding, else the
 * decoded path escaped again.
 */
function escapedPath(raw: string): string {
  return VALID_ENCODED.test(raw) ? raw : escapePath(unescapePath(raw))
}

/**
 * Whose redirect of an unclean path: gorilla/mux's (the REST server) cleans the decoded path, so
 * `%2F..%2F` is a dot segment too; net/http's ServeMux (the RPC server, Go 1.22 on) cleans the
 * escaped path as sent. Both write the location as Go's URL does: the clean path escaped again.
 */
export type CleanPathRouter = 'gorilla' | 'servemux'

/**
 * The target to redirect to when the path of `target` is not clean (its query kept, as each router
 * writes it), else undefined.
 */
export function cleanTarget(target: string, router: CleanPathRouter): string | undefined {
  const q = target.indexOf('?')
  const raw = q < 0 ? target : target.slice(0, q)
  // Every query passes here: a rooted path without `//`, a dot segment or an escape is clean.
  if (raw.startsWith('/') && !raw.includes('//') && !raw.includes('/.') && !raw.includes('%'))
    return undefined
  const path = router === 'gorilla' ? unescapePath(raw) : escapedPath(raw)
  const clean = cleanPath(path)
  if (clean === path) return undefined
  const query = q < 0 ? '' : target.slice(q + 1)
  // gorilla/mux copies the URL, so a `?` alone is kept (ForceQuery); ServeMux makes a new one.
  const mark = query !== '' || (router === 'gorilla' && q >= 0)
  return escapePath(clean) + (mark ? `?${query}` : '')
}
