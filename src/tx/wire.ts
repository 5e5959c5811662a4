import protobuf from 'protobufjs/light.js'
import type { Bytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { readUtf8Strict } from '../codec/proto-utf8.js'
import { ErrTxDecode } from '../errors.js'

/**
 * Protobuf wire checks that run before a tx is decoded (upstream ADR-027 and unknownproto): the
 * bytes a signer signed are the bytes the chain interprets, so nothing may hide in them.
 */

/** A wire-format problem: `tx parse error` wrapped with the upstream text. */
const wireError = (text: string) => ErrTxDecode.wrap(text)

const WIRE_NAMES = ['varint', 'fixed64', 'bytes', 'start_group', 'end_group', 'fixed32']

function wireTypeName(wt: number): string {
  return WIRE_NAMES[wt] ?? `unknown type: ${wt}`
}

/** Go's protowire parse error texts. */
const PARSE = {
  truncated: 'unexpected EOF',
  field: 'invalid field number',
  overflow: 'variable length integer overflow',
  reserved: 'cannot parse reserved wire type',
  endGroup: 'mismatching end group marker',
} as const

/** The Go parse error text for a protobufjs Reader failure (out of range = truncated input). */
function parseErrorText(err: unknown): string {
  if (err instanceof RangeError && /index out of range/.test(err.message)) return PARSE.truncated
  if (err instanceof Error && /invalid wire type 4/.test(err.message)) return PARSE.endGroup
  if (err instanceof Error && /invalid wire type/.test(err.message)) return PARSE.reserved
  return PARSE.overflow
}

/** `buf` up to `end`, for protobufjs's reader (whose end is its buffer's). */
const upTo = (buf: Bytes, end: number) => (end === buf.length ? buf : buf.subarray(0, end))

/** Reads a varint at `pos` (before `end`) with protobufjs: [value, bytes read] or a parse error text. */
function readVarintSlow(buf: Bytes, pos: number, end = buf.length): [bigint, number] | string {
  const r = protobuf.Reader.create(upTo(buf, end))
  r.pos = pos
  try {
    const v = r.uint64()
    return [BigInt(String(v)), r.pos - pos]
  } catch (err) {
    return parseErrorText(err)
  }
}

/** Bytes read by the last `readSmallVarint` that succeeded. */
let smallLength = 0

/**
 * The common case of a varint, without allocating: at most 4 bytes (a value below 2^28) inside
 * `buf`. Returns the value (and sets `smallLength`), or -1 when the general reader must decide
 * (longer, truncated): it alone produces the error texts, so results are the same either way.
 */
function readSmallVarint(buf: Bytes, pos: number, end = buf.length): number {
  let v = 0
  for (let i = 0; i < 4; i++) {
    const at = pos + i
    if (at >= end) return -1
    const b = buf[at]!
    v |= (b & 0x7f) << (7 * i)
    if (b < 0x80) {
      smallLength = i + 1
      return v
    }
  }
  return -1
}

/** Bytes read by the last `readTag` that succeeded. */
let tagLength = 0

/**
 * Reads a tag at `pos` without allocating: the tag's value (field number × 8 + wire type, below
 * 2^32; sets `tagLength`), or a parse error text.
 */
function readTag(buf: Bytes, pos: number, end: number): number | string {
  const small = readSmallVarint(buf, pos, end)
  if (small >= 0) {
    if (small >>> 3 < 1) return PARSE.field
    tagLength = smallLength
    return small
  }
  const v = readVarintSlow(buf, pos, end)
  if (typeof v === 'string') return v
  const [tag, n] = v
  const num = tag >> 3n
  if (num < 1n || num > 536870911n) return PARSE.field
  tagLength = n
  return Number(tag)
}

/** The field number of a tag `readTag` read. */
const tagNumber = (tag: number) => Math.floor(tag / 8)

function varintMinLength(n: bigint): number {
  let len = 1
  while (n >= 128n) {
    n >>= 7n
    len++
  }
  return len
}

/** Size of a field value starting at `pos` (after its tag) with protobufjs, or a parse error text. */
function fieldValueSizeSlow(buf: Bytes, pos: number, wt: number, end: number): number | string {
  if (wt === 4) return PARSE.endGroup
  if (wt > 5) return PARSE.reserved
  const r = protobuf.Reader.create(upTo(buf, end))
  r.pos = pos
  try {
    r.skipType(wt)
  } catch (err) {
    return parseErrorText(err)
  }
  return r.pos - pos
}

/**
 * Size of a field value starting at `pos` (after its tag), or a parse error text: the plain cases
 * here, anything unusual (groups, truncation, long lengths) by protobufjs as before.
 */
function fieldValueSize(buf: Bytes, pos: number, wt: number, end: number): number | string {
  switch (wt) {
    case 0:
      // protobufjs skips a varint up to its last byte, however long
      for (let at = pos; at < end && at < pos + 10; at++) {
        if (buf[at]! < 0x80) return at + 1 - pos
      }
      break
    case 1:
      if (pos + 8 <= end) return 8
      break
    case 2: {
      const len = readSmallVarint(buf, pos, end)
      if (len >= 0 && pos + smallLength + len <= end) return smallLength + len
      break
    }
    case 5:
      if (pos + 4 <= end) return 4
      break
  }
  return fieldValueSizeSlow(buf, pos, wt, end)
}

/**
 * Upstream rejectNonADR027TxRaw: TxRaw fields in ascending order (1, 2, then any number of 3), all
 * length-delimited, with minimal length prefixes.
 */
export function checkTxRawAdr027(bytes: Bytes): void {
  let prev = 0
  let pos = 0
  while (pos < bytes.length) {
    const t = readTag(bytes, pos, bytes.length)
    if (typeof t === 'string') throw wireError(`invalid length; ${t}`)
    const num = tagNumber(t)
    const wt = t & 7
    const m = tagLength
    if (wt !== 2) throw wireError(`expected 2 wire type, got ${wt}`)
    if (num < prev)
      throw wireError(`txRaw must follow ADR-027, got tagNum ${num} after tagNum ${prev}`)
    prev = num
    // The length prefix, read without allocating where it is short (every tx's is).
    const small = readSmallVarint(bytes, pos + m)
    let read = smallLength
    let need = small < 0x80 ? 1 : small < 0x4000 ? 2 : small < 0x200000 ? 3 : 4
    if (small < 0) {
      const lp = readVarintSlow(bytes, pos + m)
      if (typeof lp === 'string') throw wireError(`invalid length; ${lp}`)
      read = lp[1]
      need = varintMinLength(lp[0])
    }
    if (need !== read) {
      throw wireError(
        `length prefix varint for tagNum ${num} is not as short as possible, read ${read}, only need ${need}`,
      )
    }
    const size = fieldValueSize(bytes, pos + m, wt, bytes.length)
    if (typeof size === 'string') throw wireError(`invalid length; ${size}`)
    pos += m + size
  }
}

/** Go package name of a proto package, as upstream errors print reflect types (`*tx.AuthInfo`). */
export function goTypeName(fullName: string): string {
  const name = fullName.replace(/^\./, '')
  const parts = name.split('.')
  const msg = parts.pop()!
  // By the package without its first component (the brand: `sdk.tx.v1beta1` or `cosmos.tx.v1beta1`).
  const pkg = parts.slice(1).join('.')
  const special: Record<string, string> = {
    'tx.v1beta1': 'tx',
    'tx.signing.v1beta1': 'signing',
    'crypto.secp256k1': 'secp256k1',
    protobuf: 'types',
  }
  const last = parts.at(-1) ?? ''
  const goPkg = special[pkg] ?? (/^v\d+$/.test(last) ? last : 'types')
  return `*${goPkg}.${msg}`
}

/** The wire type a field's values may be encoded with. */
function wireTypesOf(field: protobuf.Field): number[] {
  if (field.resolvedType && 'fields' in field.resolvedType) return [2]
  switch (field.type) {
    case 'double':
    case 'fixed64':
    case 'sfixed64':
      return field.repeated ? [1, 2] : [1]
    case 'float':
    case 'fixed32':
    case 'sfixed32':
      return field.repeated ? [5, 2] : [5]
    case 'string':
    case 'bytes':
      return [2]
    default:
      // varints (ints, bools, enums); repeated ones may be packed
      return field.repeated ? [0, 2] : [0]
  }
}

/** What the walk needs of one field, worked out once per field. */
interface FieldShape {
  wireTypes: number[]
  /** The message type of a message field. */
  nested: protobuf.Type | undefined
  /** Whether that message type is google.protobuf.Any. */
  nestedIsAny: boolean
}

const shapes = new WeakMap<protobuf.Field, FieldShape>()

function shapeOf(field: protobuf.Field): FieldShape {
  let shape = shapes.get(field)
  if (!shape) {
    field.resolve()
    const nested =
      field.resolvedType && 'fields' in field.resolvedType
        ? (field.resolvedType as protobuf.Type)
        : undefined
    shape = {
      wireTypes: wireTypesOf(field),
      nested,
      nestedIsAny: nested?.fullName === '.google.protobuf.Any',
    }
    shapes.set(field, shape)
  }
  return shape
}

const NON_CRITICAL_BIT = 1 << 10

/** The message type registered under exactly this type URL (`/` + full name), as upstream's registry. */
export function resolveTypeUrl(
  registry: ProtoRegistry,
  typeUrl: string,
): protobuf.Type | undefined {
  if (!typeUrl.startsWith('/') || typeUrl.length < 2) return undefined
  return registry.typeOfUrl(typeUrl)
}

export interface RejectUnknownOptions {
  /** Allow unknown fields whose number has bit 11 set (TxBody's non-critical fields). */
  allowNonCritical: boolean
  registry: ProtoRegistry
}

/**
 * Upstream RejectUnknownFields: walks `bytes` as `type`, recursing into message fields and into
 * Any values (resolved by type URL); an unknown critical field, a wrong wire type or an
 * unresolvable type URL is an error. Returns whether unknown non-critical fields were seen.
 */
export function rejectUnknownFields(
  bytes: Bytes,
  type: protobuf.Type,
  options: RejectUnknownOptions,
  depth = 0,
): boolean {
  return walkFields(bytes, 0, bytes.length, type, options, depth)
}

/**
 * `rejectUnknownFields` over `bytes[start…end)`: the nested messages are walked where they lie,
 * so the walk allocates nothing but its errors (every tx's bytes are walked before CheckTx).
 */
function walkFields(
  bytes: Bytes,
  start: number,
  end: number,
  type: protobuf.Type,
  options: RejectUnknownOptions,
  depth: number,
): boolean {
  if (depth > 100) throw wireError('exceeded maximum recursion depth')
  let nonCritical = false
  let pos = start
  while (pos < end) {
    const t = readTag(bytes, pos, end)
    if (typeof t === 'string') throw wireError('invalid length')
    const num = tagNumber(t)
    const wt = t & 7
    const field = type.fieldsById[num]
    const shape = field ? shapeOf(field) : undefined
    if (shape) {
      const allowed = shape.wireTypes
      if (!allowed.includes(wt)) {
        throw wireError(
          `Mismatched ${JSON.stringify(goTypeName(type.fullName))}: {TagNum: ${num}, GotWireType: ${JSON.stringify(wireTypeName(wt))} != WantWireType: ${JSON.stringify(wireTypeName(allowed[0]!))}}`,
        )
      }
    } else {
      const critical = (num & NON_CRITICAL_BIT) === 0
      if (!critical) nonCritical = true
      if (critical || !options.allowNonCritical) {
        throw wireError(
          `errUnknownField ${JSON.stringify(goTypeName(type.fullName))}: {TagNum: ${num}, WireType:${JSON.stringify(wireTypeName(wt))}}`,
        )
      }
    }
    pos += tagLength
    const size = fieldValueSize(bytes, pos, wt, end)
    if (typeof size === 'string') {
      throw wireError(
        `could not consume field value for tagNum: ${num}, wireType: ${JSON.stringify(wireTypeName(wt))}; ${size}`,
      )
    }
    const valueAt = pos
    pos += size
    const nested = shape?.nested
    if (!nested) continue
    // A message field's value is its length prefix, then the message.
    const innerAt = valueAt + lengthPrefixSize(bytes, valueAt)
    if (!shape.nestedIsAny) {
      nonCritical = walkFields(bytes, innerAt, pos, nested, options, depth + 1) || nonCritical
      continue
    }
    nonCritical = walkFields(bytes, innerAt, pos, nested, options, depth + 1) || nonCritical
    const any = anyFields(bytes, innerAt, pos)
    // As a decoder reads Any's (proto3) string: invalid UTF-8 is refused with the decoder's error.
    const typeUrl = readUtf8Strict(bytes, any.urlAt, any.urlEnd)
    const resolved = resolveTypeUrl(options.registry, typeUrl)
    if (!resolved) throw wireError(`unable to resolve type URL ${typeUrl}`)
    nonCritical =
      walkFields(bytes, any.valueAt, any.valueEnd, resolved, options, depth + 1) || nonCritical
  }
  return nonCritical
}

/** Bytes of the length prefix at `pos` (a field value `fieldValueSize` measured). */
function lengthPrefixSize(bytes: Bytes, pos: number): number {
  if (readSmallVarint(bytes, pos) >= 0) return smallLength
  return (readVarintSlow(bytes, pos) as [bigint, number])[1]
}

/** Where an Any's `type_url` and `value` lie (the last of each, as a decoder keeps; empty if none). */
const anyAt = { urlAt: 0, urlEnd: 0, valueAt: 0, valueEnd: 0 }

/**
 * The fields of an Any in `bytes[start…end)`, which `walkFields` accepted as google.protobuf.Any:
 * fields 1 and 2 length-delimited, any other field a non-critical one it allowed (skipped, as a
 * decoder does), every value inside the range. Reuses one result object.
 */
function anyFields(bytes: Bytes, start: number, end: number): typeof anyAt {
  anyAt.urlAt = anyAt.urlEnd = anyAt.valueAt = anyAt.valueEnd = start
  let pos = start
  while (pos < end) {
    const t = readTag(bytes, pos, end) as number
    pos += tagLength
    const valueAt = pos
    pos += fieldValueSize(bytes, pos, t & 7, end) as number
    const num = tagNumber(t)
    if (num !== 1 && num !== 2) continue
    const at = valueAt + lengthPrefixSize(bytes, valueAt)
    if (num === 1) {
      anyAt.urlAt = at
      anyAt.urlEnd = pos
    } else {
      anyAt.valueAt = at
      anyAt.valueEnd = pos
    }
  }
  return anyAt
}
