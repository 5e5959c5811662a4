import type protobuf from 'protobufjs/light.js'
import type { Bytes } from './bytes.js'
import {
  bytesToJson,
  type CompiledCache,
  compiledFor,
  isNullable,
  JsonMappingError,
  type JsonValue,
  jsonKind,
  legacyDecWriter,
} from './json.js'
import { durationToJson, timestampToJson } from './json-well-known.js'
import type { ProtoMessage, ProtoRegistry } from './proto.js'

/**
 * Gateway JSON of protobuf messages as objects (gogoproto jsonpb with EmitDefaults and OrigName):
 * snake_case names, every field present, 64-bit integers as strings, enums by name, bytes as
 * standard base64 (empty → null), unset messages null (non-nullable ones rendered), Any with
 * `@type`, Timestamp RFC 3339, Duration seconds with an `s`. The text writer
 * (`json-text-writer.ts`) writes the same JSON without the objects.
 */

type Writer = (msg: ProtoMessage) => { [key: string]: JsonValue }

/** Compiled JSON writers, per registry and type. */
const writers: CompiledCache<{ [key: string]: JsonValue }> = new WeakMap()

/** Renders a message as gateway JSON. */
export function messageToJson(
  registry: ProtoRegistry,
  type: protobuf.Type,
  msg: ProtoMessage,
): { [key: string]: JsonValue } {
  return writerFor(registry, type)(msg)
}

function writerFor(registry: ProtoRegistry, type: protobuf.Type): Writer {
  return compiledFor(writers, registry, type, compileWriter)
}

function compileWriter(registry: ProtoRegistry, type: protobuf.Type): Writer {
  const fields = type.fieldsArray.map((field) => {
    field.resolve()
    const name = field.name
    const oneof = field.partOf !== null && field.partOf !== undefined
    const value = valueWriter(registry, field)
    if (field.map) {
      return (msg: ProtoMessage, out: Record<string, JsonValue>) => {
        out[name] = mapToJson((msg[name] ?? {}) as Record<string, unknown>, value)
      }
    }
    if (field.repeated) {
      return (msg: ProtoMessage, out: Record<string, JsonValue>) => {
        const arr = (msg[name] ?? []) as unknown[]
        out[name] = arr.map((v) => value(v))
      }
    }
    if (oneof) {
      return (msg: ProtoMessage, out: Record<string, JsonValue>) => {
        const v = msg[name]
        if (v !== undefined && v !== null) out[name] = value(v)
      }
    }
    return (msg: ProtoMessage, out: Record<string, JsonValue>) => {
      out[name] = value(msg[name])
    }
  })
  return (msg) => {
    const out: Record<string, JsonValue> = {}
    for (const f of fields) f(msg, out)
    return out
  }
}

/** A map field's entries as a JSON object, keys sorted (as Go's encoding/json writes a map). */
export function mapToJson(
  m: Record<string, unknown>,
  value: (v: unknown) => JsonValue,
): Record<string, JsonValue> {
  const o: Record<string, JsonValue> = {}
  for (const k of Object.keys(m).sort()) o[k] = value(m[k])
  return o
}

/** The writer of one value of `field` (one element of a repeated or map field). */
export function valueWriter(
  registry: ProtoRegistry,
  field: protobuf.Field,
): (v: unknown) => JsonValue {
  switch (jsonKind(field)) {
    case 'int64':
      return (v) => (v === undefined || v === null ? '0' : String(v))
    case 'int32':
    case 'float':
      return (v) => (v === undefined || v === null ? 0 : Number(v))
    case 'bool':
      return (v) => v === true
    case 'legacyDec':
      return legacyDecWriter(field)
    case 'string':
      return (v) => (v === undefined || v === null ? '' : String(v))
    case 'bytes':
      return (v) => bytesToJson(v as Bytes | undefined)
    case 'enum': {
      const resolved = field.resolvedType as protobuf.Enum
      const names = resolved.valuesById
      const first = Object.keys(resolved.values)[0] ?? ''
      return (v) => {
        if (v === undefined || v === null) return first
        const n = Number(v)
        return names[n] ?? n
      }
    }
    case 'message': {
      const nullable = isNullable(field) || field.repeated
      return messageValueWriter(registry, field.resolvedType as protobuf.Type, nullable)
    }
    default:
      throw new JsonMappingError(`unsupported field type ${field.type}`)
  }
}

function messageValueWriter(
  registry: ProtoRegistry,
  type: protobuf.Type,
  nullable: boolean,
): (v: unknown) => JsonValue {
  switch (type.fullName) {
    case '.google.protobuf.Timestamp':
      return (v) =>
        v === undefined || v === null
          ? nullable
            ? null
            : '0001-01-01T00:00:00Z'
          : timestampToJson(v as ProtoMessage)
    case '.google.protobuf.Duration':
      return (v) =>
        v === undefined || v === null ? (nullable ? null : '0s') : durationToJson(v as ProtoMessage)
    case '.google.protobuf.Any':
      return (v) => (v === undefined || v === null ? null : anyToJson(registry, v as ProtoMessage))
    default:
      return (v) => {
        if (v === undefined || v === null) {
          return nullable ? null : writerFor(registry, type)({})
        }
        return writerFor(registry, type)(v as ProtoMessage)
      }
  }
}

/** Any → `{"@type": url, ...fields}` (well-known types carry their JSON under `value`). */
export function anyToJson(registry: ProtoRegistry, any: ProtoMessage): JsonValue {
  const typeUrl = String(any.type_url ?? '')
  const t = registry.typeOfUrl(typeUrl)
  if (!t) throw new JsonMappingError(`unable to resolve type URL ${typeUrl}`)
  const inner = t.decode(any.value ?? new Uint8Array()) as ProtoMessage
  if (t.fullName.startsWith('.google.protobuf.')) {
    const wkt = messageValueWriter(registry, t, false)(inner)
    return { '@type': typeUrl, value: wkt }
  }
  return { '@type': typeUrl, ...writerFor(registry, t)(inner) }
}
