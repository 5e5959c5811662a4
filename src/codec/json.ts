import protobuf from 'protobufjs/light.js'
import { type Bytes, fromUtf8, toBase64, utf8 } from './bytes.js'
import { DecimalError, decFromString, decToString } from './dec.js'
import type { ProtoMessage, ProtoRegistry } from './proto.js'

/**
 * The gateway's JSON mapping of protobuf messages (gogoproto jsonpb with EmitDefaults and
 * OrigName): what its writers (`json-writer.ts`, `json-text-writer.ts`) and its parser
 * (`json-parser.ts`) share — the JSON value type, the mapping error, how a field maps.
 */

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue }

/**
 * A codec error: JSON that does not fit the message type, or a message the mapping cannot write;
 * the message says which field and why, and `cause` carries the underlying error when there is one.
 */
export class JsonMappingError extends Error {
  override readonly name = 'JsonMappingError'
}

/** The proto integer types as Go holds them: signed or not, 32 or 64 bits (strconv's bit size). */
export const PROTO_INTEGERS: Readonly<Record<string, { signed: boolean; bits: 32 | 64 }>> = {
  int32: { signed: true, bits: 32 },
  sint32: { signed: true, bits: 32 },
  sfixed32: { signed: true, bits: 32 },
  uint32: { signed: false, bits: 32 },
  fixed32: { signed: false, bits: 32 },
  int64: { signed: true, bits: 64 },
  sint64: { signed: true, bits: 64 },
  sfixed64: { signed: true, bits: 64 },
  uint64: { signed: false, bits: 64 },
  fixed64: { signed: false, bits: 64 },
}

const integerTypes = (bits: 32 | 64) =>
  new Set(Object.keys(PROTO_INTEGERS).filter((t) => PROTO_INTEGERS[t]!.bits === bits))
const LONG_TYPES = integerTypes(64)
const INT32_TYPES = integerTypes(32)

/** Whether a scalar type is a 64-bit integer (a string in JSON). */
export function isLongType(type: string): boolean {
  return LONG_TYPES.has(type)
}

/** Whether a scalar type is a 32-bit integer (a number in JSON). */
export function isInt32Type(type: string): boolean {
  return INT32_TYPES.has(type)
}

/**
 * How one value of a field maps to JSON: a 64-bit integer (string), a 32-bit integer, a float, a
 * bool, a LegacyDec (decimal text), a string, bytes (base64), an enum (by name) or a message;
 * undefined for a type the mapping does not know.
 */
export type JsonKind =
  | 'int64'
  | 'int32'
  | 'float'
  | 'bool'
  | 'legacyDec'
  | 'string'
  | 'bytes'
  | 'enum'
  | 'message'

/** The JSON kind of a resolved field (see `JsonKind`). */
export function jsonKind(field: protobuf.Field): JsonKind | undefined {
  const t = field.type
  if (LONG_TYPES.has(t)) return 'int64'
  if (INT32_TYPES.has(t)) return 'int32'
  if (t === 'double' || t === 'float') return 'float'
  if (t === 'bool') return 'bool'
  if (isLegacyDec(field)) return 'legacyDec'
  if (t === 'string') return 'string'
  if (t === 'bytes') return 'bytes'
  const resolved = field.resolvedType
  if (resolved instanceof protobuf.Enum) return 'enum'
  if (resolved instanceof protobuf.Type) return 'message'
  return undefined
}

/** Whether a message field may be unset (gogoproto `nullable`, true unless said otherwise). */
export function isNullable(field: protobuf.Field): boolean {
  return field.options?.['(gogoproto.nullable)'] !== false
}

/**
 * Whether a value of `field` (for a repeated or map field, one element) can be `null` in gateway
 * JSON, as the writers render it: empty bytes, an unset Any, an unset nullable message.
 */
export function isJsonNullable(field: protobuf.Field): boolean {
  field.resolve()
  if (field.type === 'bytes') return !isLegacyDec(field)
  // Elements of repeated and map fields are always present.
  if (field.repeated || field.map || !(field.resolvedType instanceof protobuf.Type)) return false
  return field.resolvedType.fullName === '.google.protobuf.Any' || isNullable(field)
}

/**
 * Whether a string or bytes field holds a LegacyDec (`(gogoproto.customtype) = "math.LegacyDec"`):
 * on the wire the text of its integer scaled by 10^18, in JSON its decimal text (gogoproto jsonpb
 * calls the custom type's MarshalJSON).
 */
export function isLegacyDec(field: protobuf.Field): boolean {
  const t = field.options?.['(gogoproto.customtype)']
  return typeof t === 'string' && t.endsWith('LegacyDec')
}

/**
 * Whether a LegacyDec field may be unset (a nullable customtype, as MsgEditValidator's
 * `commission_rate`): its empty value stays empty text in JSON instead of reading as zero.
 */
function isNullableDec(field: protobuf.Field): boolean {
  return field.type === 'string' && isNullable(field)
}

/** A LegacyDec's wire text (`700000000000000000`) as JSON (`0.700000000000000000`; empty is zero). */
export function legacyDecToJson(v: unknown): JsonValue {
  const text = v instanceof Uint8Array ? fromUtf8(v) : String(v ?? '')
  if (text === '') return decToString(0n)
  return /^-?\d+$/.test(text) ? decToString(BigInt(text)) : text
}

/** The JSON writer of one LegacyDec field: a nullable field's empty value stays empty. */
export function legacyDecWriter(field: protobuf.Field): (v: unknown) => JsonValue {
  if (!isNullableDec(field)) return legacyDecToJson
  return (v) => (v === undefined || v === null || v === '' ? '' : legacyDecToJson(v))
}

/** A LegacyDec's JSON decimal text as its wire value (string or bytes, as the field is). */
export function legacyDecFromJson(field: protobuf.Field, v: unknown, path: string): unknown {
  if (typeof v !== 'string') throw new JsonMappingError(`${path}: expected decimal text`)
  if (v === '' && isNullableDec(field)) return ''
  let atomics: string
  try {
    atomics = decFromString(v).toString()
  } catch (err) {
    if (!(err instanceof DecimalError)) throw err
    throw new JsonMappingError(`${path}: ${err.message}`, { cause: err })
  }
  return field.type === 'bytes' ? utf8(atomics) : atomics
}

/** Bytes in JSON: standard base64, and null when empty (as gogoproto jsonpb writes them). */
export function bytesToJson(v: Bytes | undefined): JsonValue {
  return v === undefined || v === null || v.length === 0 ? null : toBase64(v)
}

/** Per registry and type, a function compiled once (a writer of the type's messages). */
export type CompiledCache<R> = WeakMap<ProtoRegistry, Map<protobuf.Type, (msg: ProtoMessage) => R>>

/** The function of `type` compiled once per registry (`caches` holds them). */
export function compiledFor<R>(
  caches: CompiledCache<R>,
  registry: ProtoRegistry,
  type: protobuf.Type,
  compile: (registry: ProtoRegistry, type: protobuf.Type) => (msg: ProtoMessage) => R,
): (msg: ProtoMessage) => R {
  let cache = caches.get(registry)
  if (!cache) {
    cache = new Map()
    caches.set(registry, cache)
  }
  let w = cache.get(type)
  if (!w) {
    // Register a forwarder first so recursive types terminate.
    let compiled: ((msg: ProtoMessage) => R) | undefined
    cache.set(type, (m) => compiled!(m))
    compiled = compile(registry, type)
    cache.set(type, compiled)
    w = compiled
  }
  return w
}
