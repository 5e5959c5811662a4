import {
  createMultisigThresholdPubkey,
  encodeAminoPubkey,
  encodeSecp256k1Pubkey,
  pubkeyToRawAddress,
} from '@cosmjs/amino'
import { describe, expect, test } from 'vitest'
import { aminoJsonOfAny } from './amino-json.js'
import { toHex } from './bytes.js'
import {
  aminoPubKeyBytes,
  compactBitsCount,
  compactBitsGet,
  compactBitsOf,
  compactBitsTrueBefore,
  type MultisigMember,
  multisigAddress,
} from './multisig.js'
import { protoRegistry } from './proto.js'

/** Three fixed compressed secp256k1 keys (valid points are not needed for the encoding). */
const keys = [0x02, 0x03, 0x02].map((p, i) =>
  Uint8Array.from({ length: 33 }, (_, j) => (j === 0 ? p : (i * 31 + j * 7) & 0xff)),
)

describe('multisig keys and bit arrays', () => {
  test('behavior: the amino encoding and the address of a 2-of-3 key are cosmjs`s byte for byte (an unrelated implementation)', () => {
    const members: MultisigMember[] = keys.map((key) => ({ type: 'secp256k1', key }))
    const theirs = createMultisigThresholdPubkey(
      keys.map((k) => encodeSecp256k1Pubkey(k)),
      2,
      true,
    )
    expect(toHex(aminoPubKeyBytes({ type: 'multisig', threshold: 2, members }))).toBe(
      toHex(encodeAminoPubkey(theirs)),
    )
    expect(toHex(multisigAddress(2, members))).toBe(toHex(pubkeyToRawAddress(theirs)))
    expect(toHex(aminoPubKeyBytes(members[0]!))).toBe(
      toHex(encodeAminoPubkey(encodeSecp256k1Pubkey(keys[0]!))),
    )
  })

  test('behavior: amino JSON of a LegacyAminoPubKey is cosmjs`s (threshold a string, keys as pubkeys)', () => {
    const registry = protoRegistry()
    const theirs = createMultisigThresholdPubkey(
      keys.slice(0, 2).map((k) => encodeSecp256k1Pubkey(k)),
      1,
      true,
    )
    const any = {
      type_url: '/sdk.crypto.multisig.LegacyAminoPubKey',
      value: registry.encode('sdk.crypto.multisig.LegacyAminoPubKey', {
        threshold: 1,
        public_keys: keys.slice(0, 2).map((key) => ({
          type_url: '/sdk.crypto.secp256k1.PubKey',
          value: registry.encode('sdk.crypto.secp256k1.PubKey', { key }),
        })),
      }),
    }
    expect(JSON.parse(aminoJsonOfAny(registry, any))).toEqual(theirs)
  })

  test('behavior: a CompactBitArray stores bit i at bit 7 - i%8 of byte i/8, counts extra bits, and reads nothing past its size', () => {
    const b = compactBitsOf(10, [0, 3, 9])
    expect([...b.elems]).toEqual([0b1001_0000, 0b0100_0000])
    expect(b.extraBitsStored).toBe(2)
    expect(compactBitsCount(b)).toBe(10)
    expect([0, 1, 3, 9, 10].map((i) => compactBitsGet(b, i))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ])
    expect(compactBitsTrueBefore(b, 4)).toBe(2)
    expect(compactBitsCount(compactBitsOf(8, [7]))).toBe(8)
  })
})
