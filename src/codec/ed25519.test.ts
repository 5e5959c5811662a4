import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createEd25519Signer, ed25519Fallback } from './ed25519.js'

describe('ed25519 signer', () => {
  test('behavior: libsodium signs here, and its signatures verify with OpenSSL (RFC 8032, deterministic)', () => {
    expect(ed25519Fallback()).toBeUndefined()
    const { privateKey } = generateKeyPairSync('ed25519')
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' })
    const seed = new Uint8Array(pkcs8.subarray(pkcs8.length - 32))
    const signer = createEd25519Signer(seed)
    expect(signer.implementation).toBe('libsodium')
    const message = new TextEncoder().encode('precommit 42')
    const sig = signer.sign(message)
    expect(sig).toHaveLength(64)
    expect(verify(null, message, createPublicKey(privateKey), sig)).toBe(true)
    // Deterministic: the same bytes as OpenSSL's own signature.
    expect(Buffer.from(sig).equals(sign(null, message, privateKey))).toBe(true)
  })

  test('behavior: each signature is its own copy, whatever the message length (up to 100 KB)', () => {
    const { privateKey } = generateKeyPairSync('ed25519')
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' })
    const signer = createEd25519Signer(new Uint8Array(pkcs8.subarray(pkcs8.length - 32)))
    const publicKey = createPublicKey(privateKey)
    const messages = [3, 64, 65, 1024, 1025, 100_000, 10].map((n, i) =>
      new Uint8Array(n).fill(i + 1),
    )
    const sigs = messages.map((m) => signer.sign(m))
    messages.forEach((m, i) => {
      expect(verify(null, m, publicKey, sigs[i]!)).toBe(true)
      expect(Buffer.from(sigs[i]!).equals(sign(null, m, privateKey))).toBe(true)
    })
    expect(new Set(sigs.map((s) => Buffer.from(s).toString('hex'))).size).toBe(messages.length)
  })
})
