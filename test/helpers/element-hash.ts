import { createCipheriv, createHash } from 'node:crypto'

/** `uvarint(len(key)) ‖ key ‖ value`, the input of an element hash (lengths below 2^14 here). */
function elementInput(key: Uint8Array, value: Uint8Array): Buffer {
  if (key.length >= 1 << 14) throw new Error('element-hash helper: key too long')
  const len = key.length < 0x80 ? [key.length] : [(key.length & 0x7f) | 0x80, key.length >> 7]
  return Buffer.concat([Buffer.from(len), key, value])
}

/**
 * The `sha256-chacha20` element hash as docs/ARCHITECTURE.md defines it, made with node:crypto
 * alone: RFC 8439 ChaCha20's keystream (2048 bytes, counter and nonce zero) under SHA-256 of the
 * input.
 */
export function chachaElementBytes(key: Uint8Array, value: Uint8Array): Buffer {
  const k = createHash('sha256').update(elementInput(key, value)).digest()
  return createCipheriv('chacha20', k, Buffer.alloc(16)).update(Buffer.alloc(2048))
}

/** The `shake256` element hash: SHAKE-256 of the input, 2048 bytes. */
export function shakeElementBytes(key: Uint8Array, value: Uint8Array): Buffer {
  return createHash('shake256', { outputLength: 2048 }).update(elementInput(key, value)).digest()
}
