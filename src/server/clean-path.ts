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

/** The target to redirect to when the path of `target` is not clean (its query kept), else undefined. */
export function cleanTarget(target: string): string | undefined {
  const q = target.indexOf('?')
  const path = q < 0 ? target : target.slice(0, q)
  // Every query passes here: a rooted path without `//` or a dot segment is clean as it is.
  if (path.startsWith('/') && !path.includes('//') && !path.includes('/.')) return undefined
  const clean = cleanPath(path)
  return clean === path ? undefined : clean + (q < 0 ? '' : target.slice(q))
}
