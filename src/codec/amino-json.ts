import protobuf from 'protobufjs/light.js'
import { type Bytes, toBase64, utf8 } from './bytes.js'
import { goJsonString } from './go-json.js'
import { isInt32Type, isLegacyDec, isLongType, legacyDecToJson } from './json.js'
import type { AnyMessage, ProtoMessage, ProtoRegistry } from './proto.js'
import { formatRfc3339Nano, timestampToTime } from './time.js'

/**
 * The legacy amino JSON that SIGN_MODE_LEGACY_AMINO_JSON signs, derived from the protos as upstream's
 * x/tx encoder does: keys sorted at every depth, no whitespace, Go string escaping, 64-bit integers
 * quoted, enums as numbers, an Any as `{"type": <amino name>, "value": …}`, and the `(amino.*)`
 * options of each field deciding whether an empty value is omitted, written as its zero or, for
 * `legacy_coins`, as `[]`. The node re-derives these bytes from the tx to verify an amino
 * signature, and the client signs the same bytes, so both sides go through here.
 */

/** SignMode.SIGN_MODE_LEGACY_AMINO_JSON (upstream `signing.proto`). */
export const SIGN_MODE_LEGACY_AMINO_JSON = 127

/** A type's fully-qualified name without the leading dot (`sdk.bank.v1beta1.MsgSend`). */
function fullNameOf(type: protobuf.Type): string {
  return type.fullName.replace(/^\./, '')
}

/**
 * The `(amino.name)` of a message type, or undefined when it has none. The registry's brand has
 * already written it in its form (`sdk/MsgSend`; `cosmos-sdk/MsgSend` in brand cosmos).
 */
export function aminoName(type: protobuf.Type): string | undefined {
  const name = type.options?.['(amino.name)']
  return typeof name === 'string' ? name : undefined
}

/** The `type` of an Any in amino JSON: the amino name, else `/` + the full proto name. */
export function aminoTypeOf(type: protobuf.Type): string {
  return aminoName(type) ?? `/${fullNameOf(type)}`
}

/**
 * A codec error: a message that cannot be written as amino JSON; the message is upstream's where it
 * has one (`cause` when wrapped).
 */
export class AminoJsonError extends Error {
  override readonly name = 'AminoJsonError'
}

/** Go's zero time and the largest time Go's RFC 3339 writes (seconds of 0001-01-01 and 9999-12-31). */
const MIN_TIMESTAMP_SECONDS = -62135596800n
const MAX_TIMESTAMP_SECONDS = 253402300799n

/** Whether a singular field holds its proto3 default (what upstream's `Has` reports as unset). */
function isDefault(field: protobuf.Field, v: unknown): boolean {
  if (v === undefined || v === null) return true
  if (field.resolvedType instanceof protobuf.Type) return false
  if (v instanceof Uint8Array) return v.length === 0
  if (typeof v === 'string') return v === '' || (field.type !== 'string' && v === '0')
  if (typeof v === 'boolean') return !v
  if (typeof v === 'number') return v === 0
  return String(v) === '0' // Long
}

/** Whether a field writes its zero value instead of being omitted (`(amino.dont_omitempty)`). */
function dontOmitEmpty(field: protobuf.Field): boolean {
  return field.options?.['(amino.dont_omitempty)'] === true
}

/** The JSON key of a field (`(amino.field_name)`, else the proto name). */
function aminoFieldName(field: protobuf.Field): string {
  const renamed = field.options?.['(amino.field_name)']
  return typeof renamed === 'string' ? renamed : field.name
}

/** Fields in key order (sorted by their amino JSON name, as upstream sorts). */
const sortedFields = new WeakMap<protobuf.Type, { key: string; field: protobuf.Field }[]>()

function fieldsInKeyOrder(type: protobuf.Type): { key: string; field: protobuf.Field }[] {
  let fields = sortedFields.get(type)
  if (!fields) {
    fields = type.fieldsArray
      .map((field) => {
        field.resolve()
        return { key: aminoFieldName(field), field }
      })
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    sortedFields.set(type, fields)
  }
  return fields
}

function timestampJson(ts: ProtoMessage): string {
  const seconds = BigInt(String(ts.seconds ?? 0))
  const nanos = Number(ts.nanos ?? 0)
  if (seconds < MIN_TIMESTAMP_SECONDS || seconds > MAX_TIMESTAMP_SECONDS) {
    throw new AminoJsonError(`timestamp seconds out of range: ${seconds}`)
  }
  if (nanos < 0 || nanos > 999_999_999) {
    throw new AminoJsonError(`timestamp nanos out of range: ${nanos}`)
  }
  return `"${formatRfc3339Nano(timestampToTime(ts))}"`
}

function durationJson(d: ProtoMessage): string {
  return `"${BigInt(String(d.seconds ?? 0)) * 1_000_000_000n + BigInt(Number(d.nanos ?? 0))}"`
}

/** Writes messages of one registry as amino JSON. */
class AminoJsonWriter {
  constructor(private readonly registry: ProtoRegistry) {}

  /** An Any: `{"type": <amino name or /full.name>, "value": <the message>}`. */
  any(any: ProtoMessage): string {
    const url = String(any.type_url ?? '')
    const type = this.registry.typeOfUrl(url)
    if (!type) throw new AminoJsonError(`can't resolve type URL ${url}`)
    const value = type.decode((any.value as Bytes | undefined) ?? new Uint8Array()) as ProtoMessage
    return `{"type":${goJsonString(aminoTypeOf(type))},"value":${this.message(type, value)}}`
  }

  /** A message in place (never wrapped, even when it has an amino name, as upstream). */
  message(type: protobuf.Type, msg: ProtoMessage): string {
    switch (type.fullName) {
      case '.google.protobuf.Timestamp':
        return timestampJson(msg)
      case '.google.protobuf.Duration':
        return durationJson(msg)
      case '.google.protobuf.Any':
        return this.any(msg)
    }
    const encoding = type.options?.['(amino.message_encoding)']
    if (encoding === 'key_field') return this.keyField(type, msg)
    if (encoding === 'threshold_string') return this.thresholdString(type, msg)
    if (encoding !== undefined) {
      throw new AminoJsonError(`unknown message encoding ${String(encoding)}`)
    }
    const parts: string[] = []
    for (const { key, field } of fieldsInKeyOrder(type)) {
      if (field.partOf) throw new AminoJsonError(`oneof fields are not supported: ${key}`)
      if (field.map) throw new AminoJsonError('maps are not supported')
      const v = msg[field.name]
      const value = field.repeated ? this.list(field, v) : this.singular(field, key, v)
      if (value !== undefined) parts.push(`${goJsonString(key)}:${value}`)
    }
    return `{${parts.join(',')}}`
  }

  /** `key_field`: the message is its `key` bytes, as a base64 string (public keys). */
  private keyField(type: protobuf.Type, msg: ProtoMessage): string {
    const field = type.fields.key
    if (field?.type !== 'bytes') {
      throw new AminoJsonError(`key_field encoding needs a bytes field "key": ${type.fullName}`)
    }
    return this.scalar(field, msg.key ?? new Uint8Array())
  }

  /**
   * `threshold_string` (a multisig key): `{"threshold":"<n>","pubkeys":[…]}`, the threshold a string
   * and the keys always present (`[]` when none), as upstream's encoder writes it.
   */
  private thresholdString(type: protobuf.Type, msg: ProtoMessage): string {
    const keys = type.fields.public_keys
    if (!keys)
      throw new AminoJsonError(`threshold_string encoding needs public_keys: ${type.fullName}`)
    const items = (msg.public_keys ?? []) as unknown[]
    const list = items.map((item) => this.value(keys, item)).join(',')
    return `{"threshold":"${Number(msg.threshold ?? 0)}","pubkeys":[${list}]}`
  }

  /** A repeated field, or undefined when it is omitted. */
  private list(field: protobuf.Field, v: unknown): string | undefined {
    const items = (v ?? []) as unknown[]
    if (items.length === 0) {
      if (field.options?.['(amino.encoding)'] === 'legacy_coins') return '[]'
      return dontOmitEmpty(field) ? 'null' : undefined
    }
    return `[${items.map((item) => this.value(field, item)).join(',')}]`
  }

  /** A singular field, or undefined when it is omitted. */
  private singular(field: protobuf.Field, key: string, v: unknown): string | undefined {
    if (isDefault(field, v)) {
      if (!dontOmitEmpty(field)) return undefined
      if (field.resolvedType instanceof protobuf.Type) {
        throw new AminoJsonError(
          `not supported: dont_omit_empty=true on invalid (nil?) message field: ${key}`,
        )
      }
    }
    return this.value(field, v)
  }

  private value(field: protobuf.Field, v: unknown): string {
    const resolved = field.resolvedType
    if (resolved instanceof protobuf.Type) return this.message(resolved, v as ProtoMessage)
    if (resolved instanceof protobuf.Enum) {
      const n = typeof v === 'string' ? resolved.values[v] : Number(v ?? 0)
      if (n === undefined) throw new AminoJsonError(`unknown enum value ${String(v)}`)
      return String(n)
    }
    return this.scalar(field, v)
  }

  private scalar(field: protobuf.Field, v: unknown): string {
    const t = field.type
    // A LegacyDec is its decimal text in amino JSON (upstream's cosmos.Dec encoder), whatever its
    // wire form (the scaled integer).
    if (t === 'string' && isLegacyDec(field)) return goJsonString(String(legacyDecToJson(v)))
    if (t === 'string') return goJsonString(String(v ?? ''))
    if (t === 'bool') return v === true ? 'true' : 'false'
    if (t === 'bytes') return `"${toBase64((v as Bytes | undefined) ?? new Uint8Array())}"`
    if (isLongType(t)) return `"${BigInt(String(v ?? 0))}"`
    if (isInt32Type(t)) return String(Number(v ?? 0))
    if (t === 'double' || t === 'float') {
      const n = Number(v ?? 0)
      if (!Number.isFinite(n)) throw new AminoJsonError(`unsupported value: ${n}`)
      return JSON.stringify(n)
    }
    throw new AminoJsonError(`unsupported field type ${t}`)
  }
}

/** The amino JSON of a message in an Any position: `{"type","value"}`. */
export function aminoJsonOfAny(registry: ProtoRegistry, any: AnyMessage): string {
  return new AminoJsonWriter(registry).any(any)
}

/** The amino JSON of a message's fields (unwrapped, as a nested field is written). */
export function aminoJsonOfMessage(
  registry: ProtoRegistry,
  type: protobuf.Type,
  value: ProtoMessage,
): string {
  return new AminoJsonWriter(registry).message(type, value)
}

/** What the amino sign document (upstream StdSignDoc) is made of. */
export interface AminoSignDocFields {
  chainId: string
  /** The signer's account number (0 at genesis). */
  accountNumber: bigint
  sequence: bigint
  memo: string
  /** TxBody.timeout_height (0: none, omitted from the document). */
  timeoutHeight: bigint
  /** TxBody.messages, in order. */
  msgs: readonly AnyMessage[]
  /** AuthInfo.fee; an empty payer or granter is absent. */
  fee: {
    amount: readonly { denom: string; amount: string }[]
    gasLimit: bigint
    payer?: string
    granter?: string
  }
}

/**
 * The canonical JSON text of the amino sign document: `account_number`, `chain_id`,
 * `fee{amount, gas, granter?, payer?}`, `memo`, `msgs`, `sequence`, `timeout_height` (omitted
 * when 0) — upstream's AminoSignDoc and AminoSignFee written by the same rules as the messages.
 */
export function aminoSignDocJson(registry: ProtoRegistry, f: AminoSignDocFields): string {
  const w = new AminoJsonWriter(registry)
  const coin = registry.type('sdk.base.v1beta1.Coin')
  const amount = f.fee.amount.map((c) => w.message(coin, c)).join(',')
  let fee = `{"amount":[${amount}],"gas":"${f.fee.gasLimit}"`
  if (f.fee.granter) fee += `,"granter":${goJsonString(f.fee.granter)}`
  if (f.fee.payer) fee += `,"payer":${goJsonString(f.fee.payer)}`
  fee += '}'
  const msgs = f.msgs.map((m) => w.any(m)).join(',')
  let doc =
    `{"account_number":"${f.accountNumber}","chain_id":${goJsonString(f.chainId)},"fee":${fee},` +
    `"memo":${goJsonString(f.memo)},"msgs":[${msgs}],"sequence":"${f.sequence}"`
  if (f.timeoutHeight !== 0n) doc += `,"timeout_height":"${f.timeoutHeight}"`
  return `${doc}}`
}

/** SIGN_MODE_LEGACY_AMINO_JSON sign bytes: the UTF-8 of the sign document (signed as its sha256). */
export function aminoSignBytes(registry: ProtoRegistry, f: AminoSignDocFields): Bytes {
  return utf8(aminoSignDocJson(registry, f))
}
