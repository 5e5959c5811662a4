import { type Bytes, concatBytes, equalBytes, uvarint } from './bytes.js'
import { sha256 } from './hash.js'

/**
 * Multisig keys as the SDK keeps them (`LegacyAminoPubKey`): a threshold and the member keys, whose
 * address is the first 20 bytes of the sha256 of the key's legacy amino binary encoding; and the
 * CompactBitArray a multisignature names its signers with.
 */

/** Type URL of multisig keys (upstream LegacyAminoPubKey; `registry.typeUrl` gives the brand's). */
export const MULTISIG_PUBKEY_URL = '/sdk.crypto.multisig.LegacyAminoPubKey'

/** A multisig member: a secp256k1 key (33 bytes, compressed) or a nested multisig. */
export type MultisigMember =
  | { type: 'secp256k1'; key: Bytes }
  | { type: 'ed25519'; key: Bytes }
  | { type: 'multisig'; threshold: number; members: readonly MultisigMember[] }

/** Amino's registered-type prefixes: the 4 bytes after the 3 disambiguation bytes of sha256(name). */
const PREFIX = {
  multisig: Uint8Array.of(0x22, 0xc1, 0xf7, 0xe2), // tendermint/PubKeyMultisigThreshold
  secp256k1: Uint8Array.of(0xeb, 0x5a, 0xe9, 0x87), // tendermint/PubKeySecp256k1
  ed25519: Uint8Array.of(0x16, 0x24, 0xde, 0x64), // tendermint/PubKeyEd25519
}

/** A key's legacy amino binary encoding (its `Bytes()`): the type prefix, then the value. */
export function aminoPubKeyBytes(pk: MultisigMember): Bytes {
  if (pk.type !== 'multisig') return concatBytes(PREFIX[pk.type], uvarint(pk.key.length), pk.key)
  const parts: Bytes[] = [PREFIX.multisig]
  // Field 1 (threshold, varint) is left out when 0, as amino omits a zero value.
  if (pk.threshold !== 0) parts.push(Uint8Array.of(0x08), uvarint(pk.threshold))
  for (const m of pk.members) {
    const inner = aminoPubKeyBytes(m)
    parts.push(Uint8Array.of(0x12), uvarint(inner.length), inner)
  }
  return concatBytes(...parts)
}

/** A key's bytes as upstream's `PubKey.Bytes()` gives them: a single key's own, a multisig's amino encoding. */
export function memberKeyBytes(pk: MultisigMember): Bytes {
  return pk.type === 'multisig' ? aminoPubKeyBytes(pk) : pk.key
}

/** Whether two keys are one (upstream `PubKey.Equals`: same type, same key; multisigs member by member). */
export function sameMember(a: MultisigMember, b: MultisigMember): boolean {
  return equalBytes(aminoPubKeyBytes(a), aminoPubKeyBytes(b))
}

/** The account address of a multisig key (`LegacyAminoPubKey.Address()`). */
export function multisigAddress(threshold: number, members: readonly MultisigMember[]): Bytes {
  return sha256(aminoPubKeyBytes({ type: 'multisig', threshold, members })).subarray(0, 20)
}

/** A CompactBitArray (`extra_bits_stored`, `elems`), as protobuf holds it. */
export interface CompactBits {
  extraBitsStored: number
  elems: Bytes
}

/** A bit array of `size` bits, the ones at `set` true (bit i is elems[i/8]'s bit 7 - i%8). */
export function compactBitsOf(size: number, set: Iterable<number>): CompactBits {
  const elems = new Uint8Array(Math.ceil(size / 8))
  for (const i of set) elems[i >> 3]! |= 1 << (7 - (i % 8))
  return { extraBitsStored: size % 8, elems }
}

/** The number of bits (`CompactBitArray.Count`). */
export function compactBitsCount(b: CompactBits): number {
  if (b.extraBitsStored === 0) return b.elems.length * 8
  return (b.elems.length - 1) * 8 + b.extraBitsStored
}

/** Whether bit `i` is set (`GetIndex`: false outside the array). */
export function compactBitsGet(b: CompactBits, i: number): boolean {
  if (i < 0 || i >= compactBitsCount(b)) return false
  return (b.elems[i >> 3]! & (1 << (7 - (i % 8)))) !== 0
}

/** How many of the first `index` bits are set (`NumTrueBitsBefore`). */
export function compactBitsTrueBefore(b: CompactBits, index: number): number {
  let n = 0
  for (let i = 0; i < index; i++) if (compactBitsGet(b, i)) n++
  return n
}
