import protobuf from 'protobufjs/light.js'
import { JsonMappingError } from '../../codec/json.js'
import { jsonName, jsonToMessage } from '../../codec/json-parser.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode, StatusError } from '../../errors.js'
import { fieldFromText } from './field-text.js'

/**
 * Request messages from HTTP requests, with grpc-gateway's rules: path variables first, then query
 * parameters as fields (dotted names walk nested messages, proto or lowerCamel names, a repeated
 * field takes every value of its key, a scalar the first, unknown names are ignored, names bound
 * by the path are ignored), then the body for `body` bindings.
 */

/** A request the gateway cannot build; the message names the parameter and the problem. */
export class RequestFieldError extends StatusError {
  override readonly name: string = 'RequestFieldError'

  constructor(message: string, options?: { cause?: unknown }) {
    super(GrpcCode.InvalidArgument, message, options)
  }
}

const WELL_KNOWN_SCALARS = new Set(['.google.protobuf.Timestamp', '.google.protobuf.Duration'])

function fieldOf(type: protobuf.Type, name: string): protobuf.Field | undefined {
  // An own field only: a parameter named `__proto__` or `constructor` is an unknown name too.
  const byName = Object.hasOwn(type.fields, name) ? type.fields[name] : undefined
  if (byName) return byName
  return type.fieldsArray.find((f) => jsonName(f.name) === name)
}

function isMessageField(field: protobuf.Field): field is protobuf.Field & {
  resolvedType: protobuf.Type
} {
  field.resolve()
  return (
    field.resolvedType instanceof protobuf.Type &&
    !WELL_KNOWN_SCALARS.has(field.resolvedType.fullName)
  )
}

/**
 * A field's value from its text. A path variable's error names the parameter (the generated
 * handlers' `type mismatch, parameter: …, error: …`); a query parameter's is the converter's alone,
 * as PopulateQueryParameters' error is returned as it is.
 */
function convert(field: protobuf.Field, parameter: string, text: string, path: boolean): unknown {
  try {
    return fieldFromText(field, text, path ? 'path' : 'query')
  } catch (err) {
    const why = (err as Error).message
    throw new RequestFieldError(
      path ? `type mismatch, parameter: ${parameter}, error: ${why}` : why,
    )
  }
}

/**
 * Sets `values` at the dotted `path` of `target` (a plain object for `type.fromObject`).
 * Returns false when a name along the path is unknown (the parameter is ignored).
 */
function setAtPath(
  type: protobuf.Type,
  target: ProtoMessage,
  path: string,
  values: readonly string[],
  strict: boolean,
): boolean {
  const names = path.split('.')
  let t = type
  let obj = target
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!
    const field = fieldOf(t, name)
    if (!field) {
      if (strict) throw new RequestFieldError(`no field ${path} in ${type.name}`)
      return false
    }
    const last = i === names.length - 1
    if (field.map) throw new RequestFieldError(`unsupported map field in ${path}`)
    if (!last) {
      if (field.repeated) throw new RequestFieldError(`unexpected repeated field in ${path}`)
      if (!isMessageField(field)) {
        throw new RequestFieldError(
          `unexpected nested field ${names[i + 1]} in ${names.slice(0, i + 1).join('.')}`,
        )
      }
      obj[field.name] ??= {}
      obj = obj[field.name] as ProtoMessage
      t = field.resolvedType
      continue
    }
    if (isMessageField(field)) {
      throw new RequestFieldError(
        `type mismatch, parameter: ${path}, error: ${field.name} is a message; set its fields as ${path}.<field>`,
      )
    }
    obj[field.name] = field.repeated
      ? values.map((v) => convert(field, path, v, strict))
      : convert(field, path, values[0] ?? '', strict)
  }
  return true
}

/** A query key ending in `[…]` (grpc-gateway v1.16's valuesKeyRegexp, greedy as RE2's). */
const VALUES_KEY = /^(.*)\[(.*)\]$/

export interface HttpRequestParts {
  /** Path variables: field path → decoded segment text. */
  pathParams: readonly (readonly [string, string])[]
  /** Parsed query string (ignored for `body: "*"`). */
  query: ReadonlyMap<string, readonly string[]>
  /** `body` of the binding and the parsed JSON body, if any. */
  body?: { field: string; json: unknown }
}

/** Builds the request message of `type` from the parts of an HTTP request. */
export function requestFromHttp(
  registry: ProtoRegistry,
  type: protobuf.Type,
  parts: HttpRequestParts,
): ProtoMessage {
  let obj: ProtoMessage = {}
  if (parts.body) {
    const { field, json } = parts.body
    try {
      if (field === '*') obj = jsonToMessage(registry, type, json ?? {})
      else {
        const f = fieldOf(type, field)
        if (!f || !isMessageField(f)) throw new RequestFieldError(`no message field ${field}`)
        obj[f.name] = jsonToMessage(registry, f.resolvedType, json ?? {}, f.name)
      }
    } catch (err) {
      if (err instanceof JsonMappingError || err instanceof RequestFieldError)
        throw new RequestFieldError(err.message)
      throw err
    }
  }
  const bound = new Set<string>()
  for (const [path, text] of parts.pathParams) {
    setAtPath(type, obj, path, [text], true)
    bound.add(path)
  }
  if (parts.body?.field !== '*') {
    for (const [raw, given] of parts.query) {
      // `name[x]=v` is `name` with `x` before its values (grpc-gateway's valuesKeyRegexp).
      const bracket = VALUES_KEY.exec(raw)
      const key = bracket ? bracket[1]! : raw
      const values = bracket ? [bracket[2]!, ...given] : given
      // A key under a path variable's field is ignored too (the generated filters' common prefix).
      const head = key.split('.')[0]!
      if (bound.has(key) || bound.has(head) || (parts.body && head === parts.body.field)) continue
      setAtPath(type, obj, key, values, false)
    }
  }
  try {
    return type.fromObject(obj) as ProtoMessage
  } catch (err) {
    throw new RequestFieldError((err as Error).message)
  }
}
