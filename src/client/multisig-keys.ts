import { brand } from '../codec/brand.js'
import { type Bytes, compareBytes, toBase64 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { MULTISIG_PUBKEY_URL, type MultisigMember, multisigAddress } from '../codec/multisig.js'
import { KeyringError, pubKeyToAddress } from './key-crypto.js'

// The keys a multisig key of the keyring is made of (upstream's LegacyAminoPubKey members:
// secp256k1 keys and, nested, multisig keys), their addresses, order and JSON.

/** Type URL of secp256k1 public keys (canonical: brand it with `brand().typeUrl`). */
export const SECP256K1_PUBKEY_URL = '/sdk.crypto.secp256k1.PubKey'

/** Type URL of ed25519 public keys (a multisig member only). */
const ED25519_PUBKEY_URL = '/sdk.crypto.ed25519.PubKey'

/** A secp256k1 public key as a multisig member. */
export function secp256k1Member(key: Bytes): MultisigMember {
  return { type: 'secp256k1', key }
}

/** A key as its public key Any JSON (upstream's, a nested multisig's members nested alike). */
export function memberJson(m: MultisigMember): object {
  if (m.type === 'multisig') {
    return {
      '@type': brand().typeUrl(MULTISIG_PUBKEY_URL),
      threshold: m.threshold,
      public_keys: m.members.map(memberJson),
    }
  }
  const url = m.type === 'secp256k1' ? SECP256K1_PUBKEY_URL : ED25519_PUBKEY_URL
  return { '@type': brand().typeUrl(url), key: toBase64(m.key) }
}

/** A key's address bytes (upstream `PubKey.Address()`). */
export function memberAddress(m: MultisigMember): Bytes {
  if (m.type === 'secp256k1') return pubKeyToAddress(m.key)
  if (m.type === 'ed25519') return sha256(m.key).subarray(0, 20)
  return multisigAddress(m.threshold, m.members)
}

/** Keys in the order of their addresses' bytes (upstream's sort of `keys add --multisig`). */
export function sortedByAddress(members: readonly MultisigMember[]): MultisigMember[] {
  return [...members].sort((a, b) => compareBytes(memberAddress(a), memberAddress(b)))
}

/** Upstream's checks of a k-of-n multisig threshold, with its texts. */
export function validateMultisigThreshold(k: number, n: number): void {
  if (!Number.isInteger(k) || k <= 0) throw new KeyringError('threshold must be a positive integer')
  if (n < k) throw new KeyringError(`threshold k of n multisignature: ${n} < ${k}`)
}
