import { createRequire } from 'node:module'
import type { Bytes } from './bytes.js'

/** The parts of libsodium (sodium-native) the codecs and the keyring use. */
export interface Sodium {
  crypto_sign_seed_keypair(pk: Buffer, sk: Buffer, seed: Buffer): void
  crypto_sign_detached(sig: Buffer, message: Buffer, sk: Buffer): void
  crypto_hash_sha256(out: Uint8Array, message: Uint8Array): void
  /** ChaCha20's keystream (djb's: an 8-byte nonce, a 64-bit block counter from 0) into `out`. */
  crypto_stream_chacha20(out: Uint8Array, nonce: Uint8Array, key: Uint8Array): void
  crypto_sign_PUBLICKEYBYTES: number
  crypto_sign_SECRETKEYBYTES: number
  crypto_sign_BYTES: number
  /** XSalsa20-Poly1305 (NaCl secretbox): the tag, then the message. */
  crypto_secretbox_open_easy(message: Buffer, box: Buffer, nonce: Buffer, key: Buffer): boolean
  crypto_secretbox_NONCEBYTES: number
  crypto_secretbox_MACBYTES: number
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

/**
 * Memory outside V8's heap, allocated once and reused, where inputs for libsodium are gathered
 * (synchronous use only). A small array made in JS keeps its bytes inside V8's heap, and handing
 * it to a native function makes V8 move them to an allocation of their own first (about 1 µs).
 */
export class NativeScratch {
  private buffer: Buffer
  /** Views of the first n bytes, made once per length (a view per call costs more). */
  private views: (Buffer | undefined)[] = []

  constructor(size: number) {
    this.buffer = Buffer.allocUnsafeSlow(size)
  }

  get size(): number {
    return this.buffer.length
  }

  /** `parts` copied one after another (`n` bytes in all) into the scratch, grown to fit if need be. */
  copy(parts: readonly Bytes[], n: number): Buffer {
    if (n > this.buffer.length) {
      this.buffer = Buffer.allocUnsafeSlow(n * 2)
      this.views = []
    }
    let at = 0
    for (const p of parts) {
      this.buffer.set(p, at)
      at += p.length
    }
    let view = this.views[n]
    if (!view) {
      view = this.buffer.subarray(0, n)
      this.views[n] = view
    }
    return view
  }
}
