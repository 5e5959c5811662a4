import type { Bytes } from '../codec/bytes.js'
import { MULTISIG_PUBKEY_URL, type MultisigMember } from '../codec/multisig.js'
import type { Proto, ProtoRegistry } from '../codec/proto.js'
import { ErrTxDecode } from '../errors.js'
import { resolveTypeUrl } from './wire.js'

// The public keys a signer info or an account may hold (upstream's cryptotypes.PubKey
// implementations this node knows): secp256k1, ed25519, and multisig keys of those.

/** Type URL of secp256k1 public keys (canonical: `registry.typeUrl` gives the brand's). */
export const SECP256K1_PUBKEY_URL = '/sdk.crypto.secp256k1.PubKey'
/** Type URL of ed25519 public keys (a multisig member; a signer's own is refused by the ante handler). */
export const ED25519_PUBKEY_URL = '/sdk.crypto.ed25519.PubKey'
export { MULTISIG_PUBKEY_URL }

/** A multisig key: a threshold of member keys. */
export type MultisigKey = Extract<MultisigMember, { type: 'multisig' }>

/** The upstream error for a type URL that is not a public key type. */
function notAPubKey(url: string) {
  return ErrTxDecode.wrap(
    `no concrete type registered for type URL ${url} against interface *types.PubKey`,
  )
}

/**
 * The key of a public key Any of a known type (upstream's UnpackAny into cryptotypes.PubKey);
 * `tx parse error` for any other type URL.
 */
export function pubKeyOfAny(
  registry: ProtoRegistry,
  any: { type_url: string; value: Bytes },
): MultisigMember {
  const url = any.type_url
  const type = resolveTypeUrl(registry, url)
  if (!type) throw ErrTxDecode.wrap(`unable to resolve type URL ${url}`)
  const value = any.value instanceof Uint8Array ? any.value : new Uint8Array()
  const single =
    url === registry.typeUrl(SECP256K1_PUBKEY_URL)
      ? 'secp256k1'
      : url === registry.typeUrl(ED25519_PUBKEY_URL)
        ? 'ed25519'
        : undefined
  if (single) {
    const { key } = type.decode(value) as unknown as { key: Bytes }
    return { type: single, key: key instanceof Uint8Array ? key : new Uint8Array() }
  }
  if (url === registry.typeUrl(MULTISIG_PUBKEY_URL)) {
    const msg = type.decode(value) as unknown as Proto<'sdk.crypto.multisig.LegacyAminoPubKey'>
    return {
      type: 'multisig',
      threshold: msg.threshold,
      members: msg.public_keys.map((m) => pubKeyOfAny(registry, m)),
    }
  }
  throw notAPubKey(url)
}

/** Upstream CountSubKeys: 1 for a single key, a multisig's members recursively, 0 for none. */
export function countSubKeys(key: MultisigMember | undefined): number {
  if (!key) return 0
  if (key.type !== 'multisig') return 1
  let n = 0
  for (const m of key.members) n += countSubKeys(m)
  return n
}
