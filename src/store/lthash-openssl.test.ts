import { expect, test, vi } from 'vitest'
import { chachaElementBytes } from '../../test/helpers/element-hash.js'
import { utf8 } from '../codec/bytes.js'
import { loadSodium } from '../codec/sodium.js'
import { LtHash } from './lthash.js'

// A platform where libsodium cannot load: hashing falls back to node:crypto (OpenSSL).
vi.mock(import('../codec/sodium.js'), async (original) => ({
  ...(await original()),
  loadSodium: () => null,
}))

test('without libsodium, sha256-chacha20 element hashes are the same bytes, from node:crypto', () => {
  expect(loadSodium()).toBeNull()
  const a = new LtHash('sha256-chacha20')
  a.add(Uint8Array.of(0), utf8('minter 1'))
  expect(Buffer.from(a.toBytes())).toEqual(chachaElementBytes(Uint8Array.of(0), utf8('minter 1')))
  a.replace(Uint8Array.of(0), utf8('minter 1'), new Uint8Array(3000).fill(1))
  expect(Buffer.from(a.toBytes())).toEqual(
    chachaElementBytes(Uint8Array.of(0), new Uint8Array(3000).fill(1)),
  )
})
