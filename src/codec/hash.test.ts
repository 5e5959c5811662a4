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
})
