import type protobuf from 'protobufjs'
import { GrpcCode, StatusError } from '../../errors.js'

/** One HTTP binding of an RPC method (a `google.api.http` rule or one of its additional bindings). */
export interface HttpBinding {
  /** Upper-case HTTP method. */
  verb: string
  /** Path template, e.g. `/sdk/bank/v1beta1/balances/{address}`. */
  path: string
  /** Request field carried by the body: `*` for the whole request, `''` for none. */
  body: string
}

const VERBS = ['get', 'put', 'post', 'delete', 'patch'] as const

type Rule = Record<string, unknown>

function bindingOf(rule: Rule): HttpBinding | undefined {
  for (const verb of VERBS) {
    const path = rule[verb]
    if (typeof path === 'string' && path !== '') {
      return { verb: verb.toUpperCase(), path, body: String(rule.body ?? '') }
    }
  }
  const custom = rule.custom as Rule | undefined
  if (custom && typeof custom.kind === 'string' && typeof custom.path === 'string') {
    return { verb: custom.kind.toUpperCase(), path: custom.path, body: String(rule.body ?? '') }
  }
  return undefined
}

/** The HTTP bindings a method's `(google.api.http)` option declares, in declaration order. */
export function httpBindings(method: protobuf.Method): HttpBinding[] {
  const out: HttpBinding[] = []
  const parsed = (method.parsedOptions ?? []) as Rule[]
  for (const option of parsed) {
    const rule = option['(google.api.http)'] as Rule | undefined
    if (!rule) continue
    const main = bindingOf(rule)
    if (main) out.push(main)
    const extra = rule.additional_bindings
    for (const r of Array.isArray(extra) ? extra : extra ? [extra] : []) {
      const b = bindingOf(r as Rule)
      if (b) out.push(b)
    }
  }
  return out
}

/** One segment of a parsed path template. */
export type PathSegment =
  | { kind: 'literal'; value: string }
  | { kind: 'field'; field: string; rest: boolean }

/**
 * Parses a path template: literal segments and `{field}` / `{field=*}` / `{field=**}` variables
 * (dotted field paths allowed). Other patterns are not used by the served protos.
 */
export function parsePathTemplate(path: string): PathSegment[] {
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment): PathSegment => {
      const m = /^\{([A-Za-z_][\w.]*)(?:=(\*\*?))?\}$/.exec(segment)
      if (!m) {
        // A proto the gateway cannot serve is a build mistake: Internal, as any unexpected error.
        if (segment.includes('{')) {
          throw new StatusError(GrpcCode.Internal, `unsupported path template segment ${segment}`)
        }
        return { kind: 'literal', value: segment }
      }
      return { kind: 'field', field: m[1]!, rest: m[2] === '**' }
    })
}
