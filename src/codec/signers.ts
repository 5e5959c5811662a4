import type protobuf from 'protobufjs'
import { bech32ToAddress } from './address.js'
import { brand } from './brand.js'
import { type Bytes, toHex } from './bytes.js'
import { SIGNER_OPTION, signerFields } from './signer-fields.js'

/** A decoded message of any Msg type (proto.ts's dynamic ProtoMessage, named here so proto.ts is not imported back). */
type Message = Readonly<Record<string, unknown>>

export { SIGNER_OPTION, signerFields }

/**
 * Signer fields that hold a validator operator address (upstream annotates them
 * `cosmos_proto.scalar = "cosmos.ValidatorAddressString"`: MsgCreateValidator and MsgEditValidator's
 * `validator_address`, MsgUnjail's `validator_addr`); the signing account has the same bytes.
 */
const VALIDATOR_SIGNER_FIELDS = new Set(['validator_address', 'validator_addr'])

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
        const prefix = VALIDATOR_SIGNER_FIELDS.has(name) ? brand().bech32.validator : undefined
        out.push(bech32ToAddress(String(v ?? ''), prefix))
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
