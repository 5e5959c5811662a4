import type protobuf from 'protobufjs/light.js'
import type { Bytes } from './bytes.js'
import {
  bytesToJson,
  type CompiledCache,
  compiledFor,
  isNullable,
  JsonMappingError,
  jsonKind,
  legacyDecWriter,
} from './json.js'
import { durationToJson, timestampToJson } from './json-well-known.js'
import { mapToJson, messageToJson, valueWriter } from './json-writer.js'
import type { ProtoMessage, ProtoRegistry } from './proto.js'

/**
 * Gateway JSON as text, written by a writer compiled per type: the text `JSON.stringify` gives for
 * `messageToJson`, without the intermediate object (every query answer goes through it).
 */

type TextWriter = (msg: ProtoMessage) => string
type ValueText = (v: unknown) => string

/** Compiled JSON text writers, per registry and type. */
const textWriters: CompiledCache<string> = new WeakMap()

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
        text: (msg) =>
          label + JSON.stringify(mapToJson((msg[name] ?? {}) as Record<string, unknown>, value)),
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
  switch (jsonKind(field)) {
    case 'int64':
      return (v) => (v === undefined || v === null ? '"0"' : longText(v))
    case 'int32':
    case 'float':
      return (v) => (v === undefined || v === null ? '0' : numberText(Number(v)))
    case 'bool':
      return (v) => (v === true ? 'true' : 'false')
    case 'legacyDec': {
      const write = legacyDecWriter(field)
      return (v) => JSON.stringify(write(v))
    }
    case 'string':
      return (v) => (v === undefined || v === null ? '""' : stringText(String(v)))
    case 'bytes':
      return (v) => JSON.stringify(bytesToJson(v as Bytes | undefined))
    case 'enum': {
      const resolved = field.resolvedType as protobuf.Enum
      const names = resolved.valuesById
      const first = JSON.stringify(Object.keys(resolved.values)[0] ?? '')
      return (v) => {
        if (v === undefined || v === null) return first
        const n = Number(v)
        const name = names[n]
        return name !== undefined && name !== null ? JSON.stringify(name) : numberText(n)
      }
    }
    case 'message': {
      const nullable = isNullable(field) || field.repeated
      return messageValueText(registry, field.resolvedType as protobuf.Type, nullable)
    }
    default:
      throw new JsonMappingError(`unsupported field type ${field.type}`)
  }
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
