import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { toHex } from './bytes.js'
import { EMPTY_HASH, sha256 } from './hash.js'

describe('sha256', () => {
  test('behavior: EMPTY_HASH is the digest of nothing, as both of sha256’s paths compute it', () => {
    const openssl = createHash('sha256').digest('hex')
    expect(toHex(EMPTY_HASH)).toBe(openssl)
    expect(toHex(sha256())).toBe(openssl)
    // Past libsodium's scratch buffer, sha256 hashes with node:crypto.
    const big = new Uint8Array(10_000).fill(7)
    expect(toHex(sha256(big))).toBe(createHash('sha256').update(big).digest('hex'))
    expect(toHex(sha256(big.subarray(0, 100), big.subarray(100)))).toBe(toHex(sha256(big)))
  })

  test("behavior: one part or several, small or large, the digest is OpenSSL's, and each is a copy", () => {
    const openssl = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
    const digests: Uint8Array[] = []
    for (const n of [1, 32, 33, 64, 65, 200, 4096, 4097]) {
      const one = new Uint8Array(n).map((_, i) => (i * 7 + n) & 0xff)
      const d = sha256(one)
      expect(toHex(d)).toBe(openssl(one))
      expect(toHex(sha256(one.subarray(0, n >> 1), one.subarray(n >> 1)))).toBe(openssl(one))
      digests.push(d)
    }
    // A later digest does not overwrite an earlier one.
    expect(new Set(digests.map(toHex)).size).toBe(digests.length)
  })
})
