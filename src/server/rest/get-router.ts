import { parsePathTemplate } from '../query/http-rules.js'
import type { Answer } from './query-call.js'

interface FastRoute {
  /** Registration order: where several templates match, Hono runs the first registered. */
  readonly index: number
  /** undefined: a GET binding with a body (never pre-routed; Hono's way). */
  readonly answer: Answer | undefined
  /** Segment positions of the path variables, in template order. */
  readonly vars: readonly number[]
}

interface TrieNode {
  literal: Map<string, TrieNode>
  variable: TrieNode | undefined
  route: FastRoute | undefined
}

/** A URL's route and its path variables. */
export interface Matched {
  readonly answer: Answer
  readonly params: readonly string[]
}

const trieNode = (): TrieNode => ({ literal: new Map(), variable: undefined, route: undefined })

/** Paths whose match the pre-router remembers (then it starts over). */
const SEEN_PATHS = 4096
const SEEN_PATH_LENGTH = 256

/** Literal template segments the pre-router matches as Hono does: plain text only. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.~-]+$/

/**
 * The GET query routes as a trie of path segments. A path matches a template when its literal
 * segments are equal and each single-segment variable is non-empty (Hono's `:name`) or the last
 * one, empty (the gateway's route for a trailing slash, `emptyLastPath`); of several
 * matching templates the first registered wins, as in Hono. Templates it cannot mirror exactly
 * (a `**` variable, a literal that Hono would read as a pattern) turn it off altogether.
 */
export class GetRouter {
  private readonly root = trieNode()
  private count = 0
  usable = true

  add(template: string, answer: Answer | undefined): void {
    const index = this.count++
    let node = this.root
    const vars: number[] = []
    const segments = parsePathTemplate(template)
    segments.forEach((s, i) => {
      if (s.kind === 'field') {
        if (s.rest) this.usable = false
        vars.push(i)
        node.variable ??= trieNode()
        node = node.variable
      } else {
        if (!PLAIN_SEGMENT.test(s.value)) this.usable = false
        let next = node.literal.get(s.value)
        if (!next) {
          next = trieNode()
          node.literal.set(s.value, next)
        }
        node = next
      }
    })
    node.route ??= { index, answer, vars }
  }

  /** The route of a URL's path and its variables, or undefined to leave it to Hono. */
  match(url: string): Matched | undefined {
    // The path as Hono's getPath reads it; any percent-escape is left to Hono's decoding.
    const start = url.indexOf('/', url.indexOf(':') + 4)
    if (start < 0) return undefined
    const query = url.indexOf('?', start)
    const hash = url.indexOf('#', start)
    const end =
      query < 0 ? (hash < 0 ? url.length : hash) : hash < 0 ? query : Math.min(query, hash)
    const percent = url.indexOf('%', start)
    if (percent >= 0 && percent < end) return undefined
    const path = url.slice(start + 1, end)
    if (path.length > SEEN_PATH_LENGTH) return this.find(path)
    let found = this.seen.get(path)
    if (found === undefined) {
      found = this.find(path) ?? null
      // Paths repeat (a query asked at many heights): remembered, a bounded number of short ones.
      if (this.seen.size >= SEEN_PATHS) this.seen.clear()
      this.seen.set(path, found)
    }
    return found ?? undefined
  }

  private readonly seen = new Map<string, Matched | null>()

  private find(path: string): Matched | undefined {
    const parts = path.split('/')
    // Swagger's routes are registered before the queries'.
    if (parts[0] === 'swagger') return undefined
    const route = search(this.root, parts, 0)
    if (!route?.answer) return undefined
    return { answer: route.answer, params: route.vars.map((i) => parts[i]!) }
  }
}

function search(node: TrieNode, parts: readonly string[], i: number): FastRoute | undefined {
  if (i === parts.length) return node.route
  const part = parts[i]!
  const lit = node.literal.get(part)
  let best = lit ? search(lit, parts, i + 1) : undefined
  // An empty segment is a variable's value only at the end (a trailing slash), as `emptyLastPath`.
  if (node.variable && (part !== '' || i === parts.length - 1)) {
    const viaVariable = search(node.variable, parts, i + 1)
    if (viaVariable && (!best || viaVariable.index < best.index)) best = viaVariable
  }
  return best
}
