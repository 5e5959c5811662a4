import { signSecp256k1 } from '../../src/client/keyring.js'
import {
  aminoSignDocBytes,
  encodeAuthInfo,
  encodeTxBody,
  type SignerData,
  type TxObject,
} from '../../src/client/tx-builder.js'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../../src/codec/amino-json.js'
import type { Bytes } from '../../src/codec/bytes.js'
import {
  type CompactBits,
  compactBitsOf,
  type MultisigMember,
  multisigAddress,
} from '../../src/codec/multisig.js'
import type { AnyMessage, ProtoInit, ProtoRegistry } from '../../src/codec/proto.js'
import { SIGN_MODE_DIRECT, signBytes } from '../../src/codec/sign-doc.js'
import type { TestAccount } from './tx-node.js'

/**
 * Multisig txs built by hand for the ante handler's tests, every part adjustable: the key (members
 * secp256k1 test accounts, ed25519 keys or nested multisigs), which members sign, in which mode,
 * the bit array and the signatures.
 */

/** A member of a test multisig. */
export type MemberSpec = TestAccount | { ed25519: Bytes } | MultisigSpec

/** A test multisig: a threshold of members. */
export interface MultisigSpec {
  threshold: number
  members: MemberSpec[]
}

/** Who signs: a member's index, or a nested multisig member's index and who signs for it. */
export type SignerPlan = number | { index: number; signers: SignerPlan[] }

const isMultisig = (m: MemberSpec): m is MultisigSpec => 'members' in m
const isEd25519 = (m: MemberSpec): m is { ed25519: Bytes } => 'ed25519' in m

/** The key as the codec takes it. */
export function memberOf(m: MemberSpec): MultisigMember {
  if (isMultisig(m))
    return { type: 'multisig', threshold: m.threshold, members: m.members.map(memberOf) }
  if (isEd25519(m)) return { type: 'ed25519', key: m.ed25519 }
  return { type: 'secp256k1', key: m.pubKey }
}

/** The account address of a test multisig. */
export function multisigAddressOf(spec: MultisigSpec): Bytes {
  return multisigAddress(spec.threshold, spec.members.map(memberOf))
}

/** The key as a LegacyAminoPubKey Any (the registry's brand). */
export function multisigAny(registry: ProtoRegistry, spec: MultisigSpec): AnyMessage {
  const anyOf = (m: MemberSpec): AnyMessage => {
    if (isMultisig(m)) return multisigAny(registry, m)
    if (isEd25519(m)) return registry.packAny('/sdk.crypto.ed25519.PubKey', { key: m.ed25519 })
    return registry.packAny('/sdk.crypto.secp256k1.PubKey', { key: m.pubKey })
  }
  return registry.packAny('/sdk.crypto.multisig.LegacyAminoPubKey', {
    threshold: spec.threshold,
    public_keys: spec.members.map(anyOf),
  })
}

type ModeInfo = ProtoInit<'sdk.tx.v1beta1.ModeInfo'>

const indexOf = (p: SignerPlan) => (typeof p === 'number' ? p : p.index)

/** The mode info of a multisig signing with `plan` (its bit array over all members). */
function modeInfoOf(
  spec: MultisigSpec,
  plan: SignerPlan[],
  mode: number,
  bits?: CompactBits,
): ModeInfo {
  const b = bits ?? compactBitsOf(spec.members.length, plan.map(indexOf))
  return {
    multi: {
      bitarray: { extra_bits_stored: b.extraBitsStored, elems: b.elems },
      mode_infos: plan.map((p) =>
        typeof p === 'number'
          ? { single: { mode } }
          : modeInfoOf(spec.members[p.index] as MultisigSpec, p.signers, mode),
      ),
    },
  }
}

/** The MultiSignature bytes of `sigs`. */
export function multiSignature(registry: ProtoRegistry, sigs: Bytes[]): Bytes {
  return registry.encode('sdk.crypto.multisig.v1beta1.MultiSignature', { signatures: sigs })
}

/** The members' signatures of `plan` over `bytes`, nested ones as MultiSignatures. */
function signaturesOf(
  registry: ProtoRegistry,
  spec: MultisigSpec,
  plan: SignerPlan[],
  bytes: Bytes,
): Bytes[] {
  return plan.map((p) => {
    const member = spec.members[indexOf(p)]!
    if (typeof p !== 'number') {
      const nested = member as MultisigSpec
      return multiSignature(registry, signaturesOf(registry, nested, p.signers, bytes))
    }
    if (isMultisig(member) || isEd25519(member)) return new Uint8Array(64).fill(7)
    return signSecp256k1(member.privateKey, bytes)
  })
}

export interface MultisigSignOptions {
  signer: SignerData
  /** Who signs, in member order (default the first `threshold` members). */
  signers?: SignerPlan[]
  /** The members' sign mode (default SIGN_MODE_LEGACY_AMINO_JSON). */
  mode?: number
  /** The top-level bit array instead of the one `signers` gives. */
  bits?: CompactBits
  /** Changes the members' signatures before they are put together. */
  editSignatures?: (sigs: Bytes[]) => Bytes[]
  /** The signer info's key instead of the multisig's own. */
  publicKey?: AnyMessage
}

/**
 * `tx` signed by the multisig `spec` as its only signer: the signer info (key, multi mode info,
 * sequence), then each signing member's signature over its mode's sign bytes, put together as a
 * MultiSignature.
 */
export function signMultisigTx(
  registry: ProtoRegistry,
  tx: TxObject,
  spec: MultisigSpec,
  o: MultisigSignOptions,
): TxObject {
  const plan = o.signers ?? spec.members.slice(0, spec.threshold).map((_, i) => i)
  const mode = o.mode ?? SIGN_MODE_LEGACY_AMINO_JSON
  const info = {
    public_key: o.publicKey ?? multisigAny(registry, spec),
    mode_info: modeInfoOf(spec, plan, mode, o.bits),
    sequence: o.signer.sequence.toString(),
  }
  const next: TxObject = { ...tx, auth_info: { ...tx.auth_info, signer_infos: [info] } }
  const bytes =
    mode === SIGN_MODE_DIRECT
      ? signBytes(registry, {
          bodyBytes: encodeTxBody(registry, next),
          authInfoBytes: encodeAuthInfo(registry, next),
          chainId: o.signer.chainId,
          accountNumber: o.signer.accountNumber,
        })
      : aminoSignDocBytes(registry, next, o.signer)
  let sigs = signaturesOf(registry, spec, plan, bytes)
  if (o.editSignatures) sigs = o.editSignatures(sigs)
  return { ...next, signatures: [multiSignature(registry, sigs)] }
}
