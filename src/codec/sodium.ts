import { createRequire } from 'node:module'

/** The parts of libsodium (sodium-native) the codecs use. */
export interface Sodium {
  crypto_sign_seed_keypair(pk: Buffer, sk: Buffer, seed: Buffer): void
  crypto_sign_detached(sig: Buffer, message: Buffer, sk: Buffer): void
  crypto_hash_sha256(out: Uint8Array, message: Uint8Array): void
  crypto_sign_PUBLICKEYBYTES: number
  crypto_sign_SECRETKEYBYTES: number
  crypto_sign_BYTES: number
}

let sodium: Sodium | null | undefined
let loadError: string | undefined

/**
 * libsodium through sodium-native's prebuilt binary (loaded once), or null when it cannot load on
 * this platform: callers then fall back to node:crypto (OpenSSL), with the same results.
 */
export function loadSodium(): Sodium | null {
  if (sodium !== undefined) return sodium
  try {
    sodium = createRequire(import.meta.url)('sodium-native') as Sodium
  } catch (err) {
    sodium = null
    loadError = (err as Error).message.split('\n')[0]
  }
  return sodium
}

/** Why libsodium could not be loaded, if it could not. */
export function sodiumLoadError(): string | undefined {
  return loadError
}
