import protobuf from 'protobufjs/light.js'
import { goBase64Decode } from './go-base64.js'
import {
  isLongType,
  isNullable,
  JsonMappingError,
  jsonKind,
  legacyDecFromJson,
  PROTO_INTEGERS,
} from './json.js'
import { GO_ZERO_TIMESTAMP, parseDuration, parseTimestamp } from './json-well-known.js'
import type { Proto, ProtoMessage, ProtoName, ProtoRegistry, ProtoType } from './proto.js'

/** lowerCamelCase of a proto field name (the JSON name clients may also use). */
export function jsonName(protoName: string): string {
  return protoName.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
}

/**
 * Parses JSON into a plain object the type's `fromObject` accepts. Accepts proto and lowerCamel
 * names, 64-bit integers as strings or numbers, enums by name or number, standard base64 bytes,
 * Any with `@type`, RFC 3339 timestamps and `1.5s` durations. Unknown fields are ignored.
 */
export function jsonToMessage(
  registry: ProtoRegistry,
  type: protobuf.Type,
  json: unknown,
  path = '',
): ProtoMessage {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new JsonMappingError(`${path || 'body'}: expected a JSON object`)
  }
  const input = json as Record<string, unknown>
  const out: ProtoMessage = {}
  for (const field of type.fieldsArray) {
    field.resolve()
    let v = input[field.name]
    if (v === undefined) v = input[jsonName(field.name)]
    if (v === undefined || v === null) {
      // gogoproto non-nullable fields are always encoded upstream: fill their zero value so the
      // bytes do not depend on whether the JSON spelled the field out (signatures stay valid).
      const zero = zeroValue(registry, field)
      if (zero !== undefined) out[field.name] = zero
      continue
    }
    const p = path ? `${path}.${field.name}` : field.name
    if (field.map) {
      if (typeof v !== 'object' || Array.isArray(v))
        throw new JsonMappingError(`${p}: expected an object`)
      const m: Record<string, unknown> = {}
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        m[k] = jsonValue(registry, field, item, `${p}[${k}]`)
      }
      out[field.name] = m
    } else if (field.repeated) {
      if (!Array.isArray(v)) throw new JsonMappingError(`${p}: expected an array`)
      out[field.name] = v.map((item, i) => jsonValue(registry, field, item, `${p}[${i}]`))
    } else {
      out[field.name] = jsonValue(registry, field, v, p)
    }
  }
  return out
}

/** A decoded message of `type` from JSON (what `jsonToMessage` parses, through `fromObject`). */
export function messageFromJson<N extends ProtoName>(
  registry: ProtoRegistry,
  type: ProtoType<N>,
  json: unknown,
  path = '',
): Proto<N> {
  return type.fromObject(jsonToMessage(registry, type, json, path)) as unknown as Proto<N>
}

/** The value an absent non-nullable (singular message) field takes; undefined for other fields. */
function zeroValue(registry: ProtoRegistry, field: protobuf.Field): unknown {
  if (field.repeated || field.map || isNullable(field)) return undefined
  const resolved = field.resolvedType
  if (!(resolved instanceof protobuf.Type)) return undefined
  if (resolved.fullName === '.google.protobuf.Timestamp') return { ...GO_ZERO_TIMESTAMP }
  return jsonToMessage(registry, resolved, {}, field.name)
}

/** Parses a decimal integer with Go strconv's messages; 64-bit results stay strings. */
function parseInteger(type: string, text: string): number | string {
  const { signed, bits } = PROTO_INTEGERS[type]!
  const fn = signed ? 'strconv.ParseInt' : 'strconv.ParseUint'
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n
  const max = (1n << BigInt(signed ? bits - 1 : bits)) - 1n
  const re = signed ? /^[+-]?\d+$/ : /^\+?\d+$/
  if (!re.test(text))
    throw new JsonMappingError(`${fn}: parsing ${JSON.stringify(text)}: invalid syntax`)
  const n = BigInt(text)
  if (n < min || n > max)
    throw new JsonMappingError(`${fn}: parsing ${JSON.stringify(text)}: value out of range`)
  return isLongType(type) ? n.toString() : Number(n)
}

function jsonValue(
  registry: ProtoRegistry,
  field: protobuf.Field,
  v: unknown,
  path: string,
): unknown {
  const t = field.type
  switch (jsonKind(field)) {
    case 'int64':
    case 'int32':
      if (typeof v === 'number' && Number.isInteger(v)) return parseInteger(t, String(v))
      if (typeof v === 'string') {
        try {
          return parseInteger(t, v)
        } catch (err) {
          throw new JsonMappingError(`${path}: ${(err as Error).message}`, { cause: err })
        }
      }
      throw new JsonMappingError(`${path}: expected an integer, got ${JSON.stringify(v)}`)
    case 'float':
      if (typeof v === 'number') return v
      if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v)
      throw new JsonMappingError(`${path}: expected a number, got ${JSON.stringify(v)}`)
    case 'bool':
      if (typeof v === 'boolean') return v
      throw new JsonMappingError(`${path}: expected a boolean, got ${JSON.stringify(v)}`)
    case 'legacyDec':
      return legacyDecFromJson(field, v, path)
    case 'string':
      if (typeof v === 'string') return v
      throw new JsonMappingError(`${path}: expected a string, got ${JSON.stringify(v)}`)
    case 'bytes': {
      if (typeof v !== 'string') throw new JsonMappingError(`${path}: expected base64 text`)
      // encoding/json's []byte: the standard alphabet, newlines skipped.
      const b = goBase64Decode(v, 'std')
      if (!('bytes' in b))
        throw new JsonMappingError(`${path}: illegal base64 data at input byte ${b.offset}`)
      return b.bytes
    }
    case 'enum': {
      const resolved = field.resolvedType as protobuf.Enum
      if (typeof v === 'string' && v in resolved.values) return resolved.values[v]
      if (typeof v === 'number' && Number.isInteger(v)) return v
      throw new JsonMappingError(`${path}: ${JSON.stringify(v)} is not a valid ${resolved.name}`)
    }
    case 'message': {
      const resolved = field.resolvedType as protobuf.Type
      switch (resolved.fullName) {
        case '.google.protobuf.Timestamp':
          if (typeof v !== 'string')
            throw new JsonMappingError(`${path}: expected an RFC 3339 timestamp`)
          return parseTimestamp(v, path)
        case '.google.protobuf.Duration':
          if (typeof v !== 'string')
            throw new JsonMappingError(`${path}: expected a duration like "1.5s"`)
          return parseDuration(v, path)
        case '.google.protobuf.Any':
          return jsonToAny(registry, v, path)
        default:
          return jsonToMessage(registry, resolved, v, path)
      }
    }
    default:
      throw new JsonMappingError(`${path}: unsupported field type ${t}`)
  }
}

/** `{"@type": url, ...}` → Any. */
export function jsonToAny(registry: ProtoRegistry, v: unknown, path = 'any'): ProtoMessage {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new JsonMappingError(`${path}: expected an object with "@type"`)
  }
  const obj = v as Record<string, unknown>
  const typeUrl = obj['@type']
  if (typeof typeUrl !== 'string') throw new JsonMappingError(`${path}: missing "@type"`)
  const t = registry.typeOfUrl(typeUrl)
  if (!t) throw new JsonMappingError(`${path}: unable to resolve type URL ${typeUrl}`)
  const inner = jsonToMessage(registry, t, obj, path)
  return { type_url: typeUrl, value: registry.encode(t, inner) }
}
