import { type Bytes, uvarintLength } from '../codec/bytes.js'
import {
  aminoPubKeyBytes,
  type CompactBits,
  compactBitsCount,
  compactBitsGet,
  compactBitsTrueBefore,
  type MultisigMember,
  multisigAddress,
} from '../codec/multisig.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ErrInvalidPubKey, goPanic } from '../errors.js'
import { UndefinedCodeError } from './errors.js'
import type { GasMeter } from './gas.js'
import { type MultisigKey, pubKeyOfAny } from './pubkeys.js'
import type { SignatureData } from './signature-data.js'

// Keys other than an account's own secp256k1 key in the ante handler (upstream x/auth/ante
// DefaultSigVerificationGasConsumer, crypto/keys/multisig VerifyMultisignature): multisig keys, and
// the ed25519 keys that may be their members. Only txs of such signers come here.

/** Keys of stored PubKey Anys, by their value bytes (the keeper hands out the same object). */
const storedKeys = new WeakMap<Bytes, MultisigMember | null>()

/** An account's stored public key; undefined for a type no signer can use. */
export function storedPubKey(
  registry: ProtoRegistry,
  any: { type_url: string; value: Bytes },
): MultisigMember | undefined {
  let key = storedKeys.get(any.value)
  if (key === undefined) {
    try {
      key = pubKeyOfAny(registry, any)
    } catch {
      key = null
    }
    storedKeys.set(any.value, key)
  }
  return key ?? undefined
}

/** Addresses of multisig keys, by the key object (one amino encoding and hash per key). */
const multisigAddresses = new WeakMap<MultisigKey, Bytes>()

/** A multisig key's account address (`LegacyAminoPubKey.Address()`). */
export function addressOfMultisig(key: MultisigKey): Bytes {
  let address = multisigAddresses.get(key)
  if (!address) {
    address = multisigAddress(key.threshold, key.members)
    multisigAddresses.set(key, address)
  }
  return address
}

/** Legacy amino size of a StdSignature of this key and a 64-byte signature (simulation's estimate). */
export function stdSignatureLength(key: MultisigMember): number {
  const keyLength = aminoPubKeyBytes(key).length
  return 1 + uvarintLength(keyLength) + keyLength + 2 + 64
}

/** Go's `%T` of a key, as upstream's texts print it. */
export function goKeyType(key: MultisigMember): string {
  if (key.type === 'multisig') return '*multisig.LegacyAminoPubKey'
  return `*${key.type}.PubKey`
}

/** Go's `%T` of a signature data (`<nil>` for none). */
function goDataType(data: SignatureData | undefined): string {
  if (!data) return '<nil>'
  return data.kind === 'single' ? '*signing.SingleSignatureData' : '*signing.MultiSignatureData'
}

/** x/auth's signature verification costs. */
export interface SigVerifyCosts {
  secp256k1: bigint
  ed25519: bigint
}

/**
 * Upstream DefaultSigVerificationGasConsumer for `key` signing with `data`: secp256k1 charged;
 * ed25519 charged, then refused; a multisig charged per member that signed.
 */
export function consumeSigGas(
  meter: GasMeter,
  key: MultisigMember,
  data: SignatureData | undefined,
  costs: SigVerifyCosts,
): void {
  switch (key.type) {
    case 'secp256k1':
      meter.consume(costs.secp256k1, 'ante verify: secp256k1')
      return
    case 'ed25519':
      meter.consume(costs.ed25519, 'ante verify: ed25519')
      throw ErrInvalidPubKey.wrap('ED25519 public keys are unsupported')
    case 'multisig':
      if (data?.kind !== 'multi') {
        throw new UndefinedCodeError(
          `expected *signing.MultiSignatureData, got, ${goDataType(data)}`,
        )
      }
      consumeMultisignatureGas(meter, key, data, costs)
  }
}

/** Upstream ConsumeMultisignatureVerificationGas: each set bit's member, in order; nothing else. */
function consumeMultisignatureGas(
  meter: GasMeter,
  key: MultisigKey,
  data: Extract<SignatureData, { kind: 'multi' }>,
  costs: SigVerifyCosts,
): void {
  const size = bitCount(data.bits)
  let sigIndex = 0
  for (let i = 0; i < size; i++) {
    if (!bitAt(data.bits, i)) continue
    const member = at(key.members, i)
    const sub = at(data.signatures, sigIndex)
    consumeSigGas(meter, member, sub, costs)
    sigIndex++
  }
}

/** What verifying a multisignature needs of the tx and the node. */
export interface MultisigVerifier {
  /** The sign bytes of a member's sign mode, or upstream's error text for the mode. */
  signBytes(mode: number): Bytes | string
  verifySecp256k1(key: Bytes, message: Bytes, signature: Bytes): boolean
}

/**
 * Upstream VerifyMultisignature: undefined when `data` satisfies `key`, else the error text. A
 * signature data whose set bits outrun its signatures panics upstream, and does here.
 */
export function verifyMultisignature(
  v: MultisigVerifier,
  key: MultisigKey,
  data: Extract<SignatureData, { kind: 'multi' }>,
): string | undefined {
  const { bits, signatures } = data
  const size = bitCount(bits)
  const members = key.members
  if (members.length !== size) return `bit array size is incorrect, expecting: ${members.length}`
  if (signatures.length < key.threshold || signatures.length > size) {
    return `signature size is incorrect ${signatures.length}`
  }
  // A nil bit array panics here upstream (only a multisig of no members gets this far with one).
  if (!bits) throw goPanic('runtime error: invalid memory address or nil pointer dereference')
  const set = compactBitsTrueBefore(bits, size)
  if (set < key.threshold)
    return `not enough signatures set, have ${set}, expected ${key.threshold}`
  let sigIndex = 0
  for (let i = 0; i < size; i++) {
    if (!bitAt(bits, i)) continue
    const sub = at(signatures, sigIndex)
    const member = members[i]!
    if (sub?.kind === 'single') {
      const message = v.signBytes(sub.mode)
      if (typeof message === 'string') return message
      // An ed25519 member that signed never gets here: its gas was refused first.
      const ok =
        member.type === 'secp256k1' && v.verifySecp256k1(member.key, message, sub.signature)
      if (!ok) return `unable to verify signature at index ${i}`
    } else if (sub?.kind === 'multi') {
      if (member.type !== 'multisig') return `unable to parse pubkey of index ${i}`
      const failed = verifyMultisignature(v, member, sub)
      if (failed !== undefined) return failed
    } else {
      return `improper signature data type for index ${sigIndex}`
    }
    sigIndex++
  }
  return undefined
}

/** `CompactBitArray.Count()` (0 for a nil one). */
function bitCount(bits: CompactBits | undefined): number {
  return bits ? compactBitsCount(bits) : 0
}

/** `CompactBitArray.GetIndex(i)`, which panics where the count outruns the bytes. */
function bitAt(bits: CompactBits | undefined, i: number): boolean {
  if (!bits || i < 0 || i >= compactBitsCount(bits)) return false
  if (i >> 3 >= bits.elems.length) {
    throw goPanic(`runtime error: index out of range [${i >> 3}] with length ${bits.elems.length}`)
  }
  return compactBitsGet(bits, i)
}

/** `list[i]` as Go reads a slice: out of range panics. */
function at<T>(list: readonly T[], i: number): T {
  if (i >= list.length) {
    throw goPanic(`runtime error: index out of range [${i}] with length ${list.length}`)
  }
  return list[i]!
}
