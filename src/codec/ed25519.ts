import { createPrivateKey, sign } from 'node:crypto'
import type { Bytes } from './bytes.js'
import { loadSodium, NativeScratch, sodiumLoadError } from './sodium.js'

/** Signs messages with one ed25519 key. */
export interface Ed25519Signer {
  sign(message: Bytes): Bytes
  /** Which implementation signs: libsodium (native, about twice as fast here) or OpenSSL. */
  readonly implementation: 'libsodium' | 'openssl'
}

/** Why libsodium is not used, when it could not be loaded (the node says so at start-up). */
export function ed25519Fallback(): string | undefined {
  loadSodium()
  return sodiumLoadError()
}

const PKCS8_PREFIX = Buffer.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
])

/**
 * A signer for the key of a 32-byte seed: libsodium when its native binary loads, else OpenSSL
 * (node:crypto). Both give the same deterministic RFC 8032 signatures.
 */
export function createEd25519Signer(seed: Bytes): Ed25519Signer {
  const s = loadSodium()
  if (s) {
    const pk = Buffer.alloc(s.crypto_sign_PUBLICKEYBYTES)
    const sk = Buffer.alloc(s.crypto_sign_SECRETKEYBYTES)
    s.crypto_sign_seed_keypair(pk, sk, Buffer.from(seed))
    // The message is read from, and the signature written to, memory outside V8's heap made once.
    const sig = Buffer.allocUnsafeSlow(s.crypto_sign_BYTES)
    const scratch = new NativeScratch(1024)
    return {
      implementation: 'libsodium',
      sign(message) {
        const input = scratch.copy([message], message.length)
        s.crypto_sign_detached(sig, input, sk)
        return new Uint8Array(sig)
      },
    }
  }
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, Buffer.from(seed)]),
    format: 'der',
    type: 'pkcs8',
  })
  return {
    implementation: 'openssl',
    sign: (message) => new Uint8Array(sign(null, message, key)),
  }
}
