import { describe, expect, test } from 'vitest'
import { protoRegistry } from '../../codec/proto.js'
import { type Account, AccountCodec } from './account-codec.js'

const registry = protoRegistry()

const account = (sequence: bigint): Account => ({
  address: new Uint8Array(20).fill(7),
  pubKey: {
    type_url: registry.typeUrl('/sdk.crypto.secp256k1.PubKey'),
    value: registry.encode('sdk.crypto.secp256k1.PubKey', { key: new Uint8Array(33).fill(2) }),
  },
  accountNumber: 4n,
  sequence,
})

describe("x/auth's account codec", () => {
  test('behavior: an account is encoded once per sequence, into bytes of their own', () => {
    const codec = new AccountCodec(registry)
    const bytes = codec.storedValue(account(3n))
    // the same fields again: the very same bytes
    expect(codec.storedValue(account(3n))).toBe(bytes)
    expect(codec.storedValue(account(4n))).not.toBe(bytes)
    // not a view of a larger (shared) buffer: a store keeps these bytes as they are
    expect(bytes.byteOffset).toBe(0)
    expect(bytes.buffer.byteLength).toBe(bytes.length)
  })

  test('behavior: the stored bytes decode to the account, read back as they are or as a copy', () => {
    const codec = new AccountCodec(registry)
    const bytes = codec.storedValue(account(9n))
    for (const read of [bytes, bytes.slice(), new AccountCodec(registry).decodeStored(bytes)]) {
      const decoded = read instanceof Uint8Array ? codec.decodeStored(read) : read
      expect(decoded.sequence).toBe(9n)
      expect(decoded.accountNumber).toBe(4n)
      expect(Array.from(decoded.address)).toEqual(Array.from(account(9n).address))
      expect(decoded.pubKey?.type_url).toBe(account(9n).pubKey!.type_url)
      expect(Array.from(decoded.pubKey!.value)).toEqual(Array.from(account(9n).pubKey!.value))
    }
  })

  test('behavior: a key given as a view of a larger buffer is remembered as a copy of its own; a decoded one is shared', () => {
    const codec = new AccountCodec(registry)
    const larger = new Uint8Array(200).fill(9)
    const key = registry.encode('sdk.crypto.secp256k1.PubKey', { key: new Uint8Array(33).fill(2) })
    larger.set(key, 50)
    const viewed = {
      ...account(1n),
      pubKey: {
        type_url: account(1n).pubKey!.type_url,
        value: larger.subarray(50, 50 + key.length),
      },
    }
    const remembered = codec.decodeStored(codec.storedValue(viewed))
    expect(remembered.pubKey!.value.buffer.byteLength).toBe(key.length)
    expect(Array.from(remembered.pubKey!.value)).toEqual(Array.from(key))
    // the next sequence of an account read from the store shares its address and key
    const read = codec.decodeStored(codec.storedValue(account(2n)).slice())
    const next = codec.decodeStored(codec.storedValue({ ...read, sequence: 3n }))
    expect(next.sequence).toBe(3n)
    expect(next.address).toBe(read.address)
    expect(next.pubKey).toBe(read.pubKey)
  })
})
