import type protobuf from 'protobufjs'
import { bech32ToAddress } from './address.js'
import { brand } from './brand.js'
import { type Bytes, toHex } from './bytes.js'
import { SIGNER_OPTION, signerFields } from './signer-fields.js'

/** A decoded message of any Msg type (proto.ts's dynamic ProtoMessage, named here so proto.ts is not imported back). */
type Message = Readonly<Record<string, unknown>>

export { SIGNER_OPTION, signerFields }

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
        out.push(signerAddress(String(v ?? '')))
      }
    }
  }
  return out
}

/**
 * A signer field's address bytes. A validator operator address (`sdkvaloper1…`, e.g. MsgUnjail's
 * `validator_addr`) names its operator account, which has the same bytes, as upstream's signing
 * context decodes such fields with the validator address codec; any other text is an account
 * address.
 */
function signerAddress(text: string): Bytes {
  const valoper = brand().bech32.validator
  return text.startsWith(`${valoper}1`) ? bech32ToAddress(text, valoper) : bech32ToAddress(text)
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
