import protobuf from 'protobufjs/light.js'
import { type Bytes, fromBase64Strict, fromUtf8, toBase64, utf8 } from './bytes.js'
import { DecimalError, decFromString, decToString } from './dec.js'
import type { ProtoMessage, ProtoRegistry } from './proto.js'
import { parseRfc3339, timeToTimestamp } from './time.js'

/**
 * JSON of protobuf messages with the REST gateway's rules (gogoproto jsonpb with EmitDefaults and
 * OrigName): snake_case names, every field present, 64-bit integers as strings, enums by name, bytes
 * as standard base64 (empty → null), unset messages null (non-nullable ones rendered), Any with
 * `@type`, Timestamp RFC 3339, Duration seconds with an `s`.
 */

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue }

/** Thrown for JSON that does not fit the message type; the message says which field and why. */
export class JsonMappingError extends Error {
  override readonly name = 'JsonMappingError'
}

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64'])
const INT32_TYPES = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32'])

type Writer = (msg: ProtoMessage) => { [key: string]: JsonValue }

/** Compiled JSON writers, per registry and type. */
const writers = new WeakMap<ProtoRegistry, Map<protobuf.Type, Writer>>()

/** Renders a message as gateway JSON. */
export function messageToJson(
  registry: ProtoRegistry,
  type: protobuf.Type,
  msg: ProtoMessage,
): { [key: string]: JsonValue } {
  return writerFor(registry, type)(msg)
}

/**
 * Renders a message as gateway JSON text (compact, as v0.50): the text `JSON.stringify` gives for
 * `messageToJson`, written directly by a writer compiled per type (no intermediate object).
 */
export function messageToJsonString(
  registry: ProtoRegistry,
  type: protobuf.Type,
  msg: ProtoMessage,
): string {
  return textWriterFor(registry, type)(msg)
}

/** The reference rendering `messageToJsonString` must equal byte for byte (tests compare them). */
export function messageToJsonStringByReflection(
  registry: ProtoRegistry,
  type: protobuf.Type,
  msg: ProtoMessage,
): string {
  return JSON.stringify(messageToJson(registry, type, msg))
}

function writerFor(registry: ProtoRegistry, type: protobuf.Type): Writer {
  return compiledFor(writers, registry, type, compileWriter)
}

/** The writer of `type` compiled once per registry (`caches` holds them). */
function compiledFor<R>(
  caches: WeakMap<ProtoRegistry, Map<protobuf.Type, (msg: ProtoMessage) => R>>,
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

function isNullable(field: protobuf.Field): boolean {
  return field.options?.['(gogoproto.nullable)'] !== false
}

/**
 * Whether a value of `field` (for a repeated or map field, one element) can be `null` in gateway
 * JSON, as the writers below render it: empty bytes, an unset Any, an unset nullable message.
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

/** A LegacyDec's wire text (`700000000000000000`) as JSON (`0.700000000000000000`; empty is zero). */
function legacyDecToJson(v: unknown): JsonValue {
  const text = v instanceof Uint8Array ? fromUtf8(v) : String(v ?? '')
  if (text === '') return decToString(0n)
  return /^-?\d+$/.test(text) ? decToString(BigInt(text)) : text
}

/** A LegacyDec's JSON decimal text as its wire value (string or bytes, as the field is). */
function legacyDecFromJson(field: protobuf.Field, v: unknown, path: string): unknown {
  if (typeof v !== 'string') throw new JsonMappingError(`${path}: expected decimal text`)
  let atomics: string
  try {
    atomics = decFromString(v).toString()
  } catch (err) {
    if (!(err instanceof DecimalError)) throw err
    throw new JsonMappingError(`${path}: ${err.message}`)
  }
  return field.type === 'bytes' ? utf8(atomics) : atomics
}

function compileWriter(registry: ProtoRegistry, type: protobuf.Type): Writer {
  const fields = type.fieldsArray.map((field) => {
    field.resolve()
    const name = field.name
    const oneof = field.partOf !== null && field.partOf !== undefined
    const value = valueWriter(registry, field)
    if (field.map) {
      return (msg: ProtoMessage, out: Record<string, JsonValue>) => {
        const m = (msg[name] ?? {}) as Record<string, unknown>
        const o: Record<string, JsonValue> = {}
        for (const k of Object.keys(m).sort()) o[k] = value(m[k])
        out[name] = o
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

function valueWriter(registry: ProtoRegistry, field: protobuf.Field): (v: unknown) => JsonValue {
  const t = field.type
  if (LONG_TYPES.has(t)) return (v) => (v === undefined || v === null ? '0' : String(v))
  if (INT32_TYPES.has(t) || t === 'double' || t === 'float')
    return (v) => (v === undefined || v === null ? 0 : Number(v))
  if (t === 'bool') return (v) => v === true
  if (isLegacyDec(field)) return legacyDecToJson
  if (t === 'string') return (v) => (v === undefined || v === null ? '' : String(v))
  if (t === 'bytes') return (v) => bytesToJson(v as Bytes | undefined)
  const resolved = field.resolvedType
  if (resolved instanceof protobuf.Enum) {
    const names = resolved.valuesById
    const first = Object.keys(resolved.values)[0] ?? ''
    return (v) => {
      if (v === undefined || v === null) return first
      const n = Number(v)
      return names[n] ?? n
    }
  }
  if (resolved instanceof protobuf.Type) {
    const nullable = isNullable(field) || field.repeated
    return messageValueWriter(registry, resolved, nullable)
  }
  throw new JsonMappingError(`unsupported field type ${t}`)
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

function bytesToJson(v: Bytes | undefined): JsonValue {
  return v === undefined || v === null || v.length === 0 ? null : toBase64(v)
}

// --- compiled JSON text writers ------------------------------------------------------------------

type TextWriter = (msg: ProtoMessage) => string
type ValueText = (v: unknown) => string

/** Compiled JSON text writers, per registry and type. */
const textWriters = new WeakMap<ProtoRegistry, Map<protobuf.Type, TextWriter>>()

function textWriterFor(registry: ProtoRegistry, type: protobuf.Type): TextWriter {
  return compiledFor(textWriters, registry, type, compileTextWriter)
}

/**
 * A type's writer: its fields in declaration order, each as `"name":value`, joined by commas (a
 * oneof member that is unset is left out, as the object writer leaves it out).
 */
function compileTextWriter(registry: ProtoRegistry, type: protobuf.Type): TextWriter {
  const parts = type.fieldsArray.map((field): { optional: boolean; text: TextWriter } => {
    field.resolve()
    const name = field.name
    const label = `${JSON.stringify(name)}:`
    if (field.map) {
      // Maps keep the object writer: key order in JSON text follows JavaScript's property order.
      const value = valueWriter(registry, field)
      return {
        optional: false,
        text: (msg) => {
          const m = (msg[name] ?? {}) as Record<string, unknown>
          const o: Record<string, JsonValue> = {}
          for (const k of Object.keys(m).sort()) o[k] = value(m[k])
          return label + JSON.stringify(o)
        },
      }
    }
    const value = valueText(registry, field)
    if (field.repeated) {
      return {
        optional: false,
        text: (msg) => {
          const arr = (msg[name] ?? []) as unknown[]
          if (arr.length === 0) return `${label}[]`
          let out = `${label}[${value(arr[0])}`
          for (let i = 1; i < arr.length; i++) out += `,${value(arr[i])}`
          return `${out}]`
        },
      }
    }
    if (field.partOf !== null && field.partOf !== undefined) {
      return {
        optional: true,
        text: (msg) => {
          const v = msg[name]
          return v === undefined || v === null ? '' : label + value(v)
        },
      }
    }
    return { optional: false, text: (msg) => label + value(msg[name]) }
  })
  const texts = parts.map((p) => p.text)
  if (texts.length === 0) return () => '{}'
  if (!parts.some((p) => p.optional)) {
    if (texts.length === 1) {
      const only = texts[0]!
      return (msg) => `{${only(msg)}}`
    }
    return (msg) => {
      let out = `{${texts[0]!(msg)}`
      for (let i = 1; i < texts.length; i++) out += `,${texts[i]!(msg)}`
      return `${out}}`
    }
  }
  return (msg) => {
    let out = '{'
    for (const text of texts) {
      const t = text(msg)
      if (t === '') continue
      out += out.length === 1 ? t : `,${t}`
    }
    return `${out}}`
  }
}

/** Characters JSON.stringify escapes in a string: controls, `"`, `\\` and any surrogate half. */
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/

/** JSON text of a string as JSON.stringify writes it (quoted as is when nothing needs escaping). */
function stringText(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`
}

/** JSON text of a number as JSON.stringify writes it (NaN and infinities are null). */
function numberText(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null'
}

/** A 64-bit integer's decimal text as String(v) gives it, without Long's division loop when exact. */
function longText(v: unknown): string {
  if (typeof v === 'number') return `"${String(v)}"`
  if (typeof v === 'object' && v !== null && (v as { __isLong__?: unknown }).__isLong__ === true) {
    const { low, high, unsigned } = v as { low: number; high: number; unsigned: boolean }
    if (unsigned) {
      if (high >>> 0 < 0x200000) return `"${(high >>> 0) * 4294967296 + (low >>> 0)}"`
    } else if (high >= -0x200000 && high < 0x200000) {
      return `"${high * 4294967296 + (low >>> 0)}"`
    }
  }
  return JSON.stringify(String(v))
}

function valueText(registry: ProtoRegistry, field: protobuf.Field): ValueText {
  const t = field.type
  if (LONG_TYPES.has(t)) return (v) => (v === undefined || v === null ? '"0"' : longText(v))
  if (INT32_TYPES.has(t) || t === 'double' || t === 'float')
    return (v) => (v === undefined || v === null ? '0' : numberText(Number(v)))
  if (t === 'bool') return (v) => (v === true ? 'true' : 'false')
  if (isLegacyDec(field)) return (v) => JSON.stringify(legacyDecToJson(v))
  if (t === 'string') return (v) => (v === undefined || v === null ? '""' : stringText(String(v)))
  if (t === 'bytes') return (v) => JSON.stringify(bytesToJson(v as Bytes | undefined))
  const resolved = field.resolvedType
  if (resolved instanceof protobuf.Enum) {
    const names = resolved.valuesById
    const first = JSON.stringify(Object.keys(resolved.values)[0] ?? '')
    return (v) => {
      if (v === undefined || v === null) return first
      const n = Number(v)
      const name = names[n]
      return name !== undefined && name !== null ? JSON.stringify(name) : numberText(n)
    }
  }
  if (resolved instanceof protobuf.Type) {
    const nullable = isNullable(field) || field.repeated
    return messageValueText(registry, resolved, nullable)
  }
  throw new JsonMappingError(`unsupported field type ${t}`)
}

function messageValueText(
  registry: ProtoRegistry,
  type: protobuf.Type,
  nullable: boolean,
): ValueText {
  switch (type.fullName) {
    case '.google.protobuf.Timestamp':
      return (v) =>
        v === undefined || v === null
          ? nullable
            ? 'null'
            : '"0001-01-01T00:00:00Z"'
          : JSON.stringify(timestampToJson(v as ProtoMessage))
    case '.google.protobuf.Duration':
      return (v) =>
        v === undefined || v === null
          ? nullable
            ? 'null'
            : '"0s"'
          : JSON.stringify(durationToJson(v as ProtoMessage))
    case '.google.protobuf.Any':
      return (v) => (v === undefined || v === null ? 'null' : anyText(registry, v as ProtoMessage))
    default:
      return (v) => {
        if (v === undefined || v === null) {
          return nullable ? 'null' : textWriterFor(registry, type)({})
        }
        return textWriterFor(registry, type)(v as ProtoMessage)
      }
  }
}

/** Any as JSON text: `{"@type":url,…fields}` (well-known types under `value`), as anyToJson. */
function anyText(registry: ProtoRegistry, any: ProtoMessage): string {
  const typeUrl = String(any.type_url ?? '')
  const t = registry.typeOfUrl(typeUrl)
  if (!t) throw new JsonMappingError(`unable to resolve type URL ${typeUrl}`)
  const inner = t.decode(any.value ?? new Uint8Array()) as ProtoMessage
  const head = `{"@type":${JSON.stringify(typeUrl)}`
  if (t.fullName.startsWith('.google.protobuf.')) {
    return `${head},"value":${messageValueText(registry, t, false)(inner)}}`
  }
  const fields = textWriterFor(registry, t)(inner)
  return fields === '{}' ? `${head}}` : `${head},${fields.slice(1)}`
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

function fraction(nanos: number): string {
  if (nanos === 0) return ''
  const s = String(nanos).padStart(9, '0')
  if (nanos % 1_000_000 === 0) return `.${s.slice(0, 3)}`
  if (nanos % 1_000 === 0) return `.${s.slice(0, 6)}`
  return `.${s}`
}

/** Timestamp → RFC 3339 UTC with 0, 3, 6 or 9 fractional digits. */
export function timestampToJson(ts: ProtoMessage): string {
  const seconds = Number(ts.seconds ?? 0)
  const nanos = Number(ts.nanos ?? 0)
  const iso = new Date(seconds * 1000).toISOString() // YYYY-MM-DDTHH:MM:SS.sssZ
  return `${iso.slice(0, 19)}${fraction(nanos)}Z`
}

/** Duration → seconds with 0, 3, 6 or 9 fractional digits and an `s`. */
export function durationToJson(d: ProtoMessage): string {
  const seconds = BigInt(String(d.seconds ?? 0))
  const nanos = Number(d.nanos ?? 0)
  const negative = seconds < 0n || nanos < 0
  const abs = (seconds < 0n ? -seconds : seconds).toString()
  return `${negative ? '-' : ''}${abs}${fraction(Math.abs(nanos))}s`
}

// --- JSON → message ----------------------------------------------------------------------------

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

/** Go's zero time as a protobuf Timestamp (what a non-nullable stdtime field holds when unset). */
export const GO_ZERO_TIMESTAMP = { seconds: '-62135596800', nanos: 0 }

/** The value an absent non-nullable (singular message) field takes; undefined for other fields. */
function zeroValue(registry: ProtoRegistry, field: protobuf.Field): unknown {
  if (field.repeated || field.map || isNullable(field)) return undefined
  const resolved = field.resolvedType
  if (!(resolved instanceof protobuf.Type)) return undefined
  if (resolved.fullName === '.google.protobuf.Timestamp') return { ...GO_ZERO_TIMESTAMP }
  return jsonToMessage(registry, resolved, {}, field.name)
}

/** Parses one scalar given as text (path or query parameter) for a field. */
export function parseFieldText(field: protobuf.Field, text: string): unknown {
  field.resolve()
  const t = field.type
  if (LONG_TYPES.has(t) || INT32_TYPES.has(t)) return parseInteger(t, text, field.name)
  if (t === 'bool') {
    if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true
    if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false
    throw new JsonMappingError(`strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`)
  }
  if (t === 'double' || t === 'float') {
    const n = Number(text)
    if (text.trim() === '' || Number.isNaN(n)) {
      throw new JsonMappingError(
        `strconv.ParseFloat: parsing ${JSON.stringify(text)}: invalid syntax`,
      )
    }
    return n
  }
  if (t === 'string') return text
  if (t === 'bytes') {
    const b = fromBase64Strict(text) ?? fromBase64Strict(text, true)
    if (!b) throw new JsonMappingError(`illegal base64 data at input byte ${badBase64Offset(text)}`)
    return b
  }
  const resolved = field.resolvedType
  if (resolved instanceof protobuf.Enum) {
    if (text in resolved.values) return resolved.values[text]
    if (/^-?\d+$/.test(text)) return Number(text)
    throw new JsonMappingError(`${text} is not a valid ${resolved.name}`)
  }
  if (resolved instanceof protobuf.Type && resolved.fullName === '.google.protobuf.Timestamp') {
    return parseTimestamp(text, field.name)
  }
  if (resolved instanceof protobuf.Type && resolved.fullName === '.google.protobuf.Duration') {
    return parseDuration(text, field.name)
  }
  throw new JsonMappingError(`unexpected nested field ${field.name}`)
}

function badBase64Offset(text: string): number {
  const i = text.search(/[^A-Za-z0-9+/=_-]/)
  return i < 0 ? Math.max(0, text.length - (text.length % 4)) : i
}

const INT_LIMITS: Record<string, [bigint, bigint, string]> = {
  int64: [-(2n ** 63n), 2n ** 63n - 1n, 'strconv.ParseInt'],
  sint64: [-(2n ** 63n), 2n ** 63n - 1n, 'strconv.ParseInt'],
  sfixed64: [-(2n ** 63n), 2n ** 63n - 1n, 'strconv.ParseInt'],
  uint64: [0n, 2n ** 64n - 1n, 'strconv.ParseUint'],
  fixed64: [0n, 2n ** 64n - 1n, 'strconv.ParseUint'],
  int32: [-(2n ** 31n), 2n ** 31n - 1n, 'strconv.ParseInt'],
  sint32: [-(2n ** 31n), 2n ** 31n - 1n, 'strconv.ParseInt'],
  sfixed32: [-(2n ** 31n), 2n ** 31n - 1n, 'strconv.ParseInt'],
  uint32: [0n, 2n ** 32n - 1n, 'strconv.ParseUint'],
  fixed32: [0n, 2n ** 32n - 1n, 'strconv.ParseUint'],
}

/** Parses a decimal integer with Go strconv's messages; 64-bit results stay strings. */
function parseInteger(type: string, text: string, _name: string): number | string {
  const [min, max, fn] = INT_LIMITS[type]!
  const unsigned = fn === 'strconv.ParseUint'
  const re = unsigned ? /^\+?\d+$/ : /^[+-]?\d+$/
  if (!re.test(text))
    throw new JsonMappingError(`${fn}: parsing ${JSON.stringify(text)}: invalid syntax`)
  const n = BigInt(text)
  if (n < min || n > max)
    throw new JsonMappingError(`${fn}: parsing ${JSON.stringify(text)}: value out of range`)
  return LONG_TYPES.has(type) ? n.toString() : Number(n)
}

function jsonValue(
  registry: ProtoRegistry,
  field: protobuf.Field,
  v: unknown,
  path: string,
): unknown {
  const t = field.type
  if (LONG_TYPES.has(t) || INT32_TYPES.has(t)) {
    if (typeof v === 'number' && Number.isInteger(v)) return parseInteger(t, String(v), path)
    if (typeof v === 'string') {
      try {
        return parseInteger(t, v, path)
      } catch (err) {
        throw new JsonMappingError(`${path}: ${(err as Error).message}`)
      }
    }
    throw new JsonMappingError(`${path}: expected an integer, got ${JSON.stringify(v)}`)
  }
  if (t === 'double' || t === 'float') {
    if (typeof v === 'number') return v
    if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v)
    throw new JsonMappingError(`${path}: expected a number, got ${JSON.stringify(v)}`)
  }
  if (t === 'bool') {
    if (typeof v === 'boolean') return v
    throw new JsonMappingError(`${path}: expected a boolean, got ${JSON.stringify(v)}`)
  }
  if (isLegacyDec(field)) return legacyDecFromJson(field, v, path)
  if (t === 'string') {
    if (typeof v === 'string') return v
    throw new JsonMappingError(`${path}: expected a string, got ${JSON.stringify(v)}`)
  }
  if (t === 'bytes') {
    if (typeof v !== 'string') throw new JsonMappingError(`${path}: expected base64 text`)
    const b = fromBase64Strict(v)
    if (!b)
      throw new JsonMappingError(`${path}: illegal base64 data at input byte ${badBase64Offset(v)}`)
    return b
  }
  const resolved = field.resolvedType
  if (resolved instanceof protobuf.Enum) {
    if (typeof v === 'string' && v in resolved.values) return resolved.values[v]
    if (typeof v === 'number' && Number.isInteger(v)) return v
    throw new JsonMappingError(`${path}: ${JSON.stringify(v)} is not a valid ${resolved.name}`)
  }
  if (resolved instanceof protobuf.Type) {
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
  throw new JsonMappingError(`${path}: unsupported field type ${t}`)
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

/** RFC 3339 text → {seconds, nanos} (the project's one RFC 3339 parser, codec/time.ts). */
export function parseTimestamp(
  text: string,
  path = 'timestamp',
): { seconds: string; nanos: number } {
  try {
    return timeToTimestamp(parseRfc3339(text))
  } catch (err) {
    throw new JsonMappingError(`${path}: bad Timestamp: ${JSON.stringify(text)} is not RFC 3339`, {
      cause: err,
    })
  }
}

/** `1.5s` → {seconds, nanos}. */
export function parseDuration(text: string, path = 'duration'): { seconds: string; nanos: number } {
  const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(text)
  if (!m) throw new JsonMappingError(`${path}: bad Duration: ${JSON.stringify(text)}`)
  const sign = m[1] ? -1 : 1
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0
  return { seconds: String(sign * Number(m[2])), nanos: sign * nanos }
}
