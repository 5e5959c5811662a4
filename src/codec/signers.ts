import type protobuf from 'protobufjs'
import { bech32ToAddress } from './address.js'
import { brand } from './brand.js'
import { type Bytes, toHex } from './bytes.js'

/** The Msg option naming its signer fields (upstream `cosmos.msg.v1.signer`), canonical. */
export const SIGNER_OPTION = '(sdk.msg.v1.signer)'

/** A decoded message (proto.ts's ProtoMessage; named here so proto.ts, which uses signerFields, is not imported back). */
type Message = Readonly<Record<string, unknown>>

/**
 * The `(sdk.msg.v1.signer)` field names of a message type (upstream cosmos.msg.v1.signer); the
 * option is named as the type's brand has it.
 */
export function signerFields(
  type: protobuf.Type,
  option: string = brand().rename(SIGNER_OPTION),
): string[] {
  const raw: unknown = type.options?.[option]
  const fromParsed = (type.parsedOptions ?? [])
    .map((o: Record<string, unknown>) => o[option])
    .filter((v: unknown): v is string => typeof v === 'string')
  const names = fromParsed.length > 0 ? fromParsed : Array.isArray(raw) ? raw : raw ? [raw] : []
  return [...new Set(names.map(String))]
}

/**
 * Addresses that must sign a message, in field order: a string field is one bech32 address, a
 * repeated one several; a message field contributes its own type's signers (MsgMultiSend inputs).
 */
export function msgSigners(type: protobuf.Type, msg: Message): Bytes[] {
  const out: Bytes[] = []
  for (const name of signerFields(type)) {
    const field = type.fields[name]
    if (!field) continue
    field.resolve()
    const values: unknown[] = field.repeated
      ? ((msg[name] ?? []) as unknown[])
      : msg[name] === undefined
        ? []
        : [msg[name]]
    const nested = field.resolvedType
    for (const v of values) {
      if (nested && 'fields' in nested) {
        out.push(...msgSigners(nested as protobuf.Type, (v ?? {}) as Message))
      } else {
        out.push(bech32ToAddress(String(v ?? '')))
      }
    }
  }
  return out
}

/** Signers of several messages, first occurrence first, without duplicates (upstream GetSigners). */
export function uniqueSigners(lists: readonly Bytes[][]): Bytes[] {
  const seen = new Set<string>()
  const out: Bytes[] = []
  for (const list of lists) {
    for (const s of list) {
      const k = toHex(s)
      if (seen.has(k)) continue
      seen.add(k)
      out.push(s)
    }
  }
  return out
}
