import { addressToBech32 } from '../codec/address.js'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import type { Bytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { SIGN_MODE_DIRECT, signBytes } from '../codec/sign-doc.js'
import { verifyMultisignature } from '../tx/ante-multisig.js'
import type { SignatureData as TxSignatureData } from '../tx/signature-data.js'
import { memberAddress, verifySecp256k1 } from './keyring.js'
import {
  memberOfAny,
  type SignatureData,
  type SignatureDescriptor,
  signModeName,
} from './multisig-signing.js'
import {
  aminoSignDocBytes,
  encodeAuthInfo,
  encodeTxBody,
  type SignerData,
  TxBuildError,
  type TxObject,
} from './tx-builder.js'

// The check `tx multisign` and `tx multisign-batch` make of each signature they combine
// (upstream VerifySignature): a member's own signature, or a nested multisig member's
// multisignature, against the tx's sign bytes for the multisig account.

/**
 * The bytes a signature of this mode signs for a signer (upstream GetSignBytes): the amino JSON
 * sign document, or the SignDoc of the tx's body and auth info as they are.
 */
export function signBytesFor(
  registry: ProtoRegistry,
  tx: TxObject,
  mode: number,
  signer: SignerData,
): Bytes {
  if (mode === SIGN_MODE_LEGACY_AMINO_JSON) return aminoSignDocBytes(registry, tx, signer)
  if (mode === SIGN_MODE_DIRECT) {
    return signBytes(registry, {
      bodyBytes: encodeTxBody(registry, tx),
      authInfoBytes: encodeAuthInfo(registry, tx),
      chainId: signer.chainId,
      accountNumber: signer.accountNumber,
    })
  }
  throw new TxBuildError(`unsupported sign mode ${signModeName(registry, mode)}`)
}

/** A signature data in the shape the ante handler's multisignature check reads. */
function txSignatureData(data: SignatureData): TxSignatureData {
  if ('single' in data) return { kind: 'single', ...data.single }
  return {
    kind: 'multi',
    bits: data.multi.bitarray,
    signatures: data.multi.signatures.map(txSignatureData),
  }
}

/**
 * Why a signature does not verify for the tx and signer (upstream VerifySignature's error:
 * `unable to verify single signer signature`, or a multisignature's reason); undefined when it does.
 */
export function signatureFailure(
  registry: ProtoRegistry,
  tx: TxObject,
  signer: SignerData,
  sig: SignatureDescriptor,
): string | undefined {
  const key = memberOfAny(registry, sig.publicKey)
  if (!key) return `unrecognized public key type: ${sig.publicKey.type_url}`
  if (!sig.data) return 'signature has no data'
  const data = sig.data
  const verify = (k: Bytes, message: Bytes, signature: Bytes) =>
    verifySecp256k1(k, message, signature)
  if ('single' in data) {
    if (key.type !== 'secp256k1') return `unsupported single signer key ${sig.publicKey.type_url}`
    const bytes = signBytesFor(registry, tx, data.single.mode, signer)
    return verify(key.key, bytes, data.single.signature)
      ? undefined
      : 'unable to verify single signer signature'
  }
  if (key.type !== 'multisig')
    return `expected multisig public key for a multisignature, got ${sig.publicKey.type_url}`
  const signBytesOf = (mode: number): Bytes | string => {
    try {
      return signBytesFor(registry, tx, mode, signer)
    } catch (err) {
      return (err as Error).message
    }
  }
  try {
    return verifyMultisignature(
      { signBytes: signBytesOf, verifySecp256k1: verify },
      key,
      txSignatureData(data) as Extract<TxSignatureData, { kind: 'multi' }>,
    )
  } catch (err) {
    return (err as Error).message
  }
}

/**
 * Checks a member's signature of the tx for the multisig account (upstream VerifySignature, as
 * `tx multisign` runs it): `couldn't verify signature for address <member> …` when it does not
 * verify. A nested multisig member's signature is checked member by member.
 */
export function verifyMemberSignature(
  registry: ProtoRegistry,
  tx: TxObject,
  signer: SignerData,
  sig: SignatureDescriptor,
): void {
  const failure = signatureFailure(registry, tx, signer, sig)
  if (failure === undefined) return
  const key = memberOfAny(registry, sig.publicKey)
  const member = key ? addressToBech32(memberAddress(key)) : sig.publicKey.type_url
  throw new TxBuildError(`couldn't verify signature for address ${member} ${failure}`)
}
