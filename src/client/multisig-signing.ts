import type protobuf from 'protobufjs/light.js'
import { type Bytes, equalBytes, fromBase64Strict, toBase64, toHexUpper } from '../codec/bytes.js'
import type { JsonValue } from '../codec/json.js'
import { jsonToAny, jsonToMessage } from '../codec/json-parser.js'
import { messageToJson } from '../codec/json-writer.js'
import {
  type CompactBits,
  compactBitsGet,
  compactBitsOf,
  compactBitsTrueBefore,
  type MultisigMember,
  memberKeyBytes,
  sameMember,
} from '../codec/multisig.js'
import type { AnyMessage, ProtoInit, ProtoRegistry } from '../codec/proto.js'
import { ED25519_PUBKEY_URL, pubKeyOfAny } from '../tx/pubkeys.js'
import { MULTISIG_PUBKEY_URL } from './keyring.js'
import { pubKeyAny, TxBuildError, type TxObject } from './tx-builder.js'

/**
 * Signatures apart from their tx, as upstream's `tx sign --multisig`, `tx sign --signature-only`
 * and `tx multisign` print and read them (SignatureDescriptors JSON), and the multisig signature
 * `tx multisign` combines them into: one signer info whose public key is the multisig key, whose
 * mode info names the members that signed (a CompactBitArray) and their modes, and whose signature
 * is the MultiSignature of their signatures in member order.
 */

/** The data of one signature (upstream SignatureData): a key's, or a multisig's members'. */
export type SignatureData =
  | { single: { mode: number; signature: Bytes } }
  | { multi: { bitarray: CompactBits; signatures: SignatureData[] } }

/** A signature with its key and sequence (upstream SignatureV2; a SignatureDescriptor in JSON). */
export interface SignatureDescriptor {
  publicKey: AnyMessage
  /** Absent for a signer info without a mode info (a simulation's). */
  data?: SignatureData
  sequence: bigint
}

type SignerInfo = ProtoInit<'sdk.tx.v1beta1.SignerInfo'>
type ModeInfo = ProtoInit<'sdk.tx.v1beta1.ModeInfo'>

/** The SignMode enum (names by number and numbers by name), from the registry. */
function signModeEnum(registry: ProtoRegistry): protobuf.Enum {
  const field = registry.type('sdk.tx.v1beta1.ModeInfo.Single').fields.mode!
  field.resolve()
  return field.resolvedType as protobuf.Enum
}

/** A sign mode's name (`SIGN_MODE_LEGACY_AMINO_JSON`), its number when the enum has none. */
export function signModeName(registry: ProtoRegistry, mode: number): string {
  return signModeEnum(registry).valuesById[mode] ?? String(mode)
}

/** The signatures of a tx's signer infos (upstream GetSignaturesV2). */
export function txSignatures(registry: ProtoRegistry, tx: TxObject): SignatureDescriptor[] {
  const infos = tx.auth_info?.signer_infos ?? []
  const sigs = tx.signatures ?? []
  return infos.map((info, i) => {
    if (!info.public_key) throw new TxBuildError(`signer info ${i} has no public key`)
    const desc: SignatureDescriptor = {
      publicKey: info.public_key as AnyMessage,
      sequence: BigInt(String(info.sequence ?? 0)),
    }
    if (info.mode_info) desc.data = dataOf(registry, info.mode_info, bytesOf(sigs[i]))
    return desc
  })
}

function bytesOf(v: unknown): Bytes {
  if (v instanceof Uint8Array) return v
  if (typeof v === 'string') return fromBase64Strict(v) ?? new Uint8Array(0)
  return new Uint8Array(0)
}

/** Signature data from a mode info and its signature bytes (upstream ModeInfoAndSigToSignatureData). */
function dataOf(registry: ProtoRegistry, mode: ModeInfo, signature: Bytes): SignatureData {
  if (mode.single) return { single: { mode: Number(mode.single.mode ?? 0), signature } }
  if (!mode.multi) throw new TxBuildError('mode info has neither single nor multi')
  const sigs = registry.decode('sdk.crypto.multisig.v1beta1.MultiSignature', signature).signatures
  const infos = mode.multi.mode_infos ?? []
  if (infos.length !== sigs.length)
    throw new TxBuildError(
      `multisig mode info names ${infos.length} signatures, its MultiSignature holds ${sigs.length}`,
    )
  const bits = mode.multi.bitarray ?? {}
  return {
    multi: {
      bitarray: {
        extraBitsStored: Number(bits.extra_bits_stored ?? 0),
        elems: bytesOf(bits.elems),
      },
      signatures: infos.map((m, i) => dataOf(registry, m, sigs[i]!)),
    },
  }
}

/** A signature's mode info and signature bytes (upstream SignatureDataToModeInfoAndSig). */
function modeInfoOf(
  registry: ProtoRegistry,
  data: SignatureData,
): { modeInfo: ModeInfo; signature: Bytes } {
  if ('single' in data)
    return { modeInfo: { single: { mode: data.single.mode } }, signature: data.single.signature }
  const parts = data.multi.signatures.map((d) => modeInfoOf(registry, d))
  return {
    modeInfo: {
      multi: {
        bitarray: {
          extra_bits_stored: data.multi.bitarray.extraBitsStored,
          elems: data.multi.bitarray.elems,
        },
        mode_infos: parts.map((p) => p.modeInfo),
      },
    },
    signature: registry.encode('sdk.crypto.multisig.v1beta1.MultiSignature', {
      signatures: parts.map((p) => p.signature),
    }),
  }
}

/**
 * The tx with exactly these signatures: their signer infos and signature bytes replace the tx's
 * (upstream SetSignatures). Returns a new tx.
 */
export function withSignatures(
  registry: ProtoRegistry,
  tx: TxObject,
  sigs: readonly SignatureDescriptor[],
): TxObject {
  const infos: SignerInfo[] = []
  const signatures: Bytes[] = []
  for (const s of sigs) {
    const info: SignerInfo = { public_key: s.publicKey, sequence: s.sequence.toString() }
    let signature: Bytes = new Uint8Array(0)
    if (s.data) {
      const m = modeInfoOf(registry, s.data)
      info.mode_info = m.modeInfo
      signature = m.signature
    }
    infos.push(info)
    signatures.push(signature)
  }
  return {
    body: tx.body,
    auth_info: { ...(tx.auth_info ?? {}), signer_infos: infos },
    signatures,
  }
}

/** A signature's data as upstream's JSON writes it (`{"single":{"mode":…,"signature":…}}`). */
function dataToJson(registry: ProtoRegistry, data: SignatureData): JsonValue {
  if ('single' in data) {
    return {
      single: {
        mode: signModeName(registry, data.single.mode),
        signature: toBase64(data.single.signature),
      },
    }
  }
  const bitsType = registry.type('sdk.crypto.multisig.v1beta1.CompactBitArray')
  return {
    multi: {
      bitarray: messageToJson(
        registry,
        bitsType,
        bitsType.fromObject({
          extra_bits_stored: data.multi.bitarray.extraBitsStored,
          elems: data.multi.bitarray.elems,
        }),
      ),
      signatures: data.multi.signatures.map((d) => dataToJson(registry, d)),
    },
  }
}

/** An Any public key as upstream's JSON writes it (`{"@type":…,"key":…}`). */
function publicKeyToJson(registry: ProtoRegistry, any: AnyMessage): JsonValue {
  const t = registry.type('sdk.tx.v1beta1.SignerInfo')
  return messageToJson(registry, t, t.fromObject({ public_key: any })).public_key ?? null
}

/**
 * Signatures as upstream's MarshalSignatureJSON prints them:
 * `{"signatures":[{"public_key":{…},"data":{"single":{…}}, "sequence":"0"}]}`.
 */
export function signaturesToJson(
  registry: ProtoRegistry,
  sigs: readonly SignatureDescriptor[],
): { signatures: JsonValue[] } {
  return {
    signatures: sigs.map((s) => ({
      public_key: publicKeyToJson(registry, s.publicKey),
      data: s.data ? dataToJson(registry, s.data) : null,
      sequence: s.sequence.toString(),
    })),
  }
}

function objectAt(v: unknown, path: string): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new TxBuildError(`${path}: expected a JSON object`)
  return v as Record<string, unknown>
}

/** A sign mode from JSON: its name, or its number (as jsonpb reads an enum). */
function signModeFromJson(registry: ProtoRegistry, v: unknown, path: string): number {
  const e = signModeEnum(registry)
  if (typeof v === 'number' && Number.isInteger(v)) return v
  if (typeof v === 'string' && e.values[v] !== undefined) return e.values[v]!
  throw new TxBuildError(`${path}: unknown sign mode ${JSON.stringify(v)}`)
}

function dataFromJson(registry: ProtoRegistry, v: unknown, path: string): SignatureData {
  const o = objectAt(v, path)
  if (o.single !== undefined && o.single !== null) {
    const single = objectAt(o.single, `${path}.single`)
    const signature = fromBase64Strict(String(single.signature ?? ''))
    if (!signature) throw new TxBuildError(`${path}.single.signature: expected base64`)
    return {
      single: { mode: signModeFromJson(registry, single.mode, `${path}.single.mode`), signature },
    }
  }
  if (o.multi !== undefined && o.multi !== null) {
    const multi = objectAt(o.multi, `${path}.multi`)
    const bits = jsonToMessage(
      registry,
      registry.type('sdk.crypto.multisig.v1beta1.CompactBitArray'),
      multi.bitarray ?? {},
      `${path}.multi.bitarray`,
    )
    const sigs = multi.signatures ?? []
    if (!Array.isArray(sigs)) throw new TxBuildError(`${path}.multi.signatures: expected an array`)
    return {
      multi: {
        bitarray: {
          extraBitsStored: Number(bits.extra_bits_stored ?? 0),
          elems: bytesOf(bits.elems),
        },
        signatures: sigs.map((d, i) => dataFromJson(registry, d, `${path}.multi.signatures[${i}]`)),
      },
    }
  }
  throw new TxBuildError(`${path}: expected "single" or "multi"`)
}

/** Reads signatures JSON (upstream UnmarshalSignatureJSON): what `tx sign --multisig` prints. */
export function signaturesFromJsonText(
  registry: ProtoRegistry,
  text: string,
): SignatureDescriptor[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new TxBuildError(`invalid signature JSON: ${(err as Error).message}`)
  }
  try {
    const list = objectAt(json, 'signature JSON').signatures ?? []
    if (!Array.isArray(list)) throw new TxBuildError('signatures: expected an array')
    return list.map((item, i) => {
      const path = `signatures[${i}]`
      const o = objectAt(item, path)
      const sequence = String(o.sequence ?? '0')
      if (!/^\d+$/.test(sequence)) throw new TxBuildError(`${path}.sequence: expected a number`)
      const desc: SignatureDescriptor = {
        publicKey: jsonToAny(registry, o.public_key, `${path}.public_key`) as AnyMessage,
        sequence: BigInt(sequence),
      }
      if (o.data !== undefined && o.data !== null)
        desc.data = dataFromJson(registry, o.data, `${path}.data`)
      return desc
    })
  } catch (err) {
    if (err instanceof TxBuildError) throw err
    throw new TxBuildError(`invalid signature JSON: ${(err as Error).message}`)
  }
}

/** A key as a public key Any: a secp256k1 or ed25519 key, or a multisig key with its members. */
export function memberAny(registry: ProtoRegistry, m: MultisigMember): AnyMessage {
  if (m.type === 'secp256k1') return pubKeyAny(registry, m.key)
  if (m.type === 'ed25519') return registry.packAny(ED25519_PUBKEY_URL, { key: m.key })
  return multisigPubKeyAny(registry, m.threshold, m.members)
}

/** The multisig public key as an Any (`LegacyAminoPubKey`, nested multisig members nested). */
export function multisigPubKeyAny(
  registry: ProtoRegistry,
  threshold: number,
  members: readonly MultisigMember[],
): AnyMessage {
  return registry.packAny(MULTISIG_PUBKEY_URL, {
    threshold,
    public_keys: members.map((m) => memberAny(registry, m)),
  })
}

/** The key of a public key Any; undefined for a type no signer has. */
export function memberOfAny(registry: ProtoRegistry, any: AnyMessage): MultisigMember | undefined {
  try {
    return pubKeyOfAny(registry, any)
  } catch {
    return undefined
  }
}

/** A multisignature with no signature yet, of a multisig of `n` keys (upstream NewMultisig). */
export function emptyMultisig(n: number): { bitarray: CompactBits; signatures: SignatureData[] } {
  return { bitarray: compactBitsOf(n, []), signatures: [] }
}

/**
 * Adds a member's signature at its key's index (upstream AddSignatureV2): the signatures stay in
 * member order, one of a member already there is replaced. The member may be a nested multisig
 * key whose signature is its own multisignature. A key that is no member is refused with
 * upstream's text (`provided key … doesn't exist in pubkeys`).
 */
export function addMultisigSignature(
  registry: ProtoRegistry,
  multi: { bitarray: CompactBits; signatures: SignatureData[] },
  sig: SignatureDescriptor,
  members: readonly MultisigMember[],
): void {
  const key = memberOfAny(registry, sig.publicKey)
  const index = key ? members.findIndex((m) => sameMember(m, key)) : -1
  if (!key || index < 0 || !sig.data) {
    const shown = toHexUpper(key ? memberKeyBytes(key) : sig.publicKey.value)
    const list = members.map((m) => toHexUpper(memberKeyBytes(m)))
    throw new TxBuildError(`provided key ${shown} doesn't exist in pubkeys: \n${list.join('\n')}`)
  }
  const { bitarray } = multi
  const before = compactBitsTrueBefore(bitarray, index)
  if (compactBitsGet(bitarray, index)) {
    multi.signatures[before] = sig.data
    return
  }
  bitarray.elems[index >> 3]! |= 1 << (7 - (index % 8))
  multi.signatures.splice(before, 0, sig.data)
}

/**
 * Whether a key signs for the multisig (upstream isMultisigSigner): one of its members, or a
 * member of a nested multisig member.
 */
export function isMultisigSigner(members: readonly MultisigMember[], key: Bytes): boolean {
  return members.some((m) =>
    m.type === 'multisig' ? isMultisigSigner(m.members, key) : equalBytes(m.key, key),
  )
}
