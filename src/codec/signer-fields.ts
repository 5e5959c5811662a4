import type protobuf from 'protobufjs'
import { brand } from './brand.js'

/**
 * Which fields of a Msg name its signers: the `(sdk.msg.v1.signer)` option. Apart from the signer
 * addresses (signers.ts) so that the registry, which indexes Msgs by it, does not load the address
 * codec: client calls that decode a query response need neither.
 */

/** The Msg option naming its signer fields (upstream `cosmos.msg.v1.signer`), canonical. */
export const SIGNER_OPTION = '(sdk.msg.v1.signer)'

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
