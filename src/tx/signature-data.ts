import protobuf from 'protobufjs/light.js'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import type { Bytes } from '../codec/bytes.js'
import type { CompactBits } from '../codec/multisig.js'
import type { Proto, ProtoRegistry } from '../codec/proto.js'
import { goPanic } from '../errors.js'
import type { TxSignerInfo } from './decode.js'
import { UndefinedCodeError } from './errors.js'

// A signer's signature as upstream's SignatureData (types/tx/signing): a single signature in a sign
// mode, or a multisig's bit array with its members' signatures, read from the signer info's mode
// info and the tx's signature (x/auth/tx sigs.go). Single signers never need it: their mode and
// signature are read straight off the decoded tx.

/** A signature: one key's in a sign mode, or a multisig's. */
export type SignatureData =
  | { readonly kind: 'single'; readonly mode: number; readonly signature: Bytes }
  | {
      readonly kind: 'multi'
      /** Which members signed (undefined: no bit array, upstream's nil one). */
      readonly bits: CompactBits | undefined
      /** The members' signatures in bit order; undefined past the mode infos sent. */
      readonly signatures: readonly (SignatureData | undefined)[]
    }

type ModeInfo = Proto<'sdk.tx.v1beta1.ModeInfo'>

/**
 * A signer's signature data (upstream GetSignaturesV2 for one signer): undefined for a signer
 * info without mode info; upstream's error, or its panic, for a multi-signature it cannot read.
 */
export function signatureDataOf(info: TxSignerInfo, signature: Bytes): SignatureData | undefined {
  return info.modeInfo ? fromModeInfo(info.modeInfo, signature) : undefined
}

/** Upstream ModeInfoAndSigToSignatureData. */
function fromModeInfo(modeInfo: ModeInfo, signature: Bytes): SignatureData {
  if (modeInfo.single) return { kind: 'single', mode: modeInfo.single.mode, signature }
  const multi = modeInfo.multi
  if (!multi) throw goPanic('unexpected ModeInfo data type <nil>')
  const sigs = multiSignatures(signature)
  const signatures: (SignatureData | undefined)[] = new Array(sigs.length).fill(undefined)
  for (const [i, sub] of multi.mode_infos.entries()) {
    if (i >= sigs.length) {
      throw goPanic(`runtime error: index out of range [${i}] with length ${sigs.length}`)
    }
    signatures[i] = fromModeInfo(sub, sigs[i]!)
  }
  const b = multi.bitarray
  const bits = b ? { extraBitsStored: b.extra_bits_stored, elems: bytesOf(b.elems) } : undefined
  return { kind: 'multi', bits, signatures }
}

const bytesOf = (v: Uint8Array): Bytes => (v instanceof Uint8Array ? v : new Uint8Array())

/**
 * The signatures of a `MultiSignature` (upstream decodeMultisignatures: gogoproto's Unmarshal and
 * its texts, then no unknown fields).
 */
function multiSignatures(bytes: Bytes): Bytes[] {
  const r = protobuf.Reader.create(bytes)
  const sigs: Bytes[] = []
  let unknown = false
  try {
    while (r.pos < r.len) {
      const tag = r.uint32()
      const num = tag >>> 3
      const wt = tag & 7
      if (wt === 4)
        throw new UndefinedCodeError('proto: MultiSignature: wiretype end group for non-group')
      if (num <= 0) {
        throw new UndefinedCodeError(`proto: MultiSignature: illegal tag ${num} (wire type ${wt})`)
      }
      if (num === 1) {
        if (wt !== 2)
          throw new UndefinedCodeError(`proto: wrong wireType = ${wt} for field Signatures`)
        sigs.push(r.bytes())
        continue
      }
      if (wt > 5) throw new UndefinedCodeError(`proto: illegal wireType ${wt}`)
      r.skipType(wt)
      unknown = true
    }
  } catch (err) {
    if (err instanceof UndefinedCodeError) throw err
    throw new UndefinedCodeError('unexpected EOF', { cause: err })
  }
  if (unknown) {
    throw new UndefinedCodeError('rejecting unrecognized fields found in MultiSignature')
  }
  return sigs
}

/**
 * The raw signatures of a signature for the `tx{signature}` events (upstream signatureDataToBz): a
 * single one; a multisig's members' (nested ones flattened), then a MultiSignature of them all.
 */
export function signatureEventBytes(
  registry: ProtoRegistry,
  data: SignatureData | undefined,
): Bytes[] {
  if (!data) throw new UndefinedCodeError('got empty SignatureData')
  if (data.kind === 'single') return [data.signature]
  const sigs: Bytes[] = []
  for (const sub of data.signatures) sigs.push(...signatureEventBytes(registry, sub))
  sigs.push(registry.encode('sdk.crypto.multisig.v1beta1.MultiSignature', { signatures: sigs }))
  return sigs
}

/** Upstream isIncompleteSignature: a signature still missing, or a multisig missing any. */
export function isIncompleteSignature(data: SignatureData | undefined): boolean {
  if (!data) return true
  if (data.kind === 'single') return data.signature.length === 0
  return data.signatures.length === 0 || data.signatures.some(isIncompleteSignature)
}

/** Upstream OnlyLegacyAminoSigners: every (member's) signature in SIGN_MODE_LEGACY_AMINO_JSON. */
export function onlyLegacyAminoSigners(data: SignatureData | undefined): boolean {
  if (!data) return false
  if (data.kind === 'single') return data.mode === SIGN_MODE_LEGACY_AMINO_JSON
  return data.signatures.every(onlyLegacyAminoSigners)
}
