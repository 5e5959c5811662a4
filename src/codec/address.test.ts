import { bech32 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { addressToBech32, bech32ToAddress } from './address.js'

/**
 * What upstream says of a string that is no bech32 address: the errors of cosmos/btcutil v1.0.5's
 * bech32.Decode and ConvertBits, as the SDK's DecodeAndConvert wraps them. Each expected text was
 * printed by that Go package for the input beside it.
 */
const GO_ERRORS: readonly (readonly [string, string])[] = [
  ['notanaddress', 'invalid separator index -1'],
  ['nope', 'invalid bech32 string length 4'],
  ['sdk1xyz', 'invalid bech32 string length 7'],
  ['sdk1nope', 'invalid separator index 3'],
  ['sdk1qqqqq', 'invalid separator index 3'],
  ['1qqqqqqqqqqqq', 'invalid separator index 0'],
  ['sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3y', 'invalid checksum (expected 0tlj3x got 0tlj3y)'],
  ['SDK10D07Y265GMMUVT4Z0W9AW880JNSR700J0TLJ3Y', 'invalid checksum (expected 0tlj3x got 0tlj3y)'],
  ['sdk1q9x8g7z', 'invalid checksum (expected zwxxes got 9x8g7z)'],
  ['Sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x', 'string not all lowercase or all uppercase'],
  ['sdk1b0d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x', 'invalid character not part of charset: 98'],
  ['sdk 10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x', "invalid character in string: ' '"],
  ['sdké10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x', "invalid character in string: 'Ã'"],
  ['sdk1plcjnyz', 'invalid incomplete group'],
]

describe('bech32 addresses', () => {
  test.each(GO_ERRORS)('error: %s is refused with upstream’s words', (text, reason) => {
    expect(() => bech32ToAddress(text)).toThrow(
      `decoding bech32 failed: ${reason}: invalid address`,
    )
  })

  test('error: bech32 of no bytes, or of more than 255, is refused as upstream’s VerifyAddressFormat refuses it', () => {
    expect(() => bech32ToAddress(bech32.encode('sdk', []))).toThrow(
      'addresses cannot be empty: unknown address',
    )
    expect(() =>
      bech32ToAddress(bech32.encode('sdk', bech32.toWords(new Uint8Array(256)), 1023)),
    ).toThrow('address max length is 255, got 256: unknown address')
  })

  test('behavior: an upper-case address decodes as its lower-case form; another prefix is refused after decoding', () => {
    const gov = 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x'
    expect(addressToBech32(bech32ToAddress(gov.toUpperCase()))).toBe(gov)
    expect(() => bech32ToAddress('cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn')).toThrow(
      "hrp does not match bech32 prefix: expected 'sdk' got 'cosmos'",
    )
  })
})
