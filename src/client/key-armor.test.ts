import { describe, expect, test } from 'vitest'
import { fromHex } from '../codec/bytes.js'
import { GO_ARGON2, GO_BCRYPT, GO_PRIVATE_KEY_HEX } from './key-armor.case.js'
import { decodeArmor, encryptArmorPrivKey, unarmorDecryptPrivKey } from './key-armor.js'

const PRIVATE_KEY = fromHex(GO_PRIVATE_KEY_HEX)

describe('armored private keys (upstream crypto/armor.go)', () => {
  test('behavior: an SDK v0.50 export (argon2, ChaCha20-Poly1305) and an older one (bcrypt, XSalsa20-Poly1305) decrypt to the key', () => {
    expect(unarmorDecryptPrivKey(GO_ARGON2, 'passphrase')).toEqual(PRIVATE_KEY)
    expect(unarmorDecryptPrivKey(GO_BCRYPT, 'passphrase')).toEqual(PRIVATE_KEY)
  })

  test('behavior: this keyring writes Go\u2019s bytes: the same salt gives the argon2 vector, byte for byte but for the header order', () => {
    const armored = encryptArmorPrivKey(
      PRIVATE_KEY,
      'passphrase',
      fromHex('00112233445566778899aabbccddeeff'),
    )
    const lines = (text: string) => text.split('\n')
    expect(lines(armored).slice(4)).toEqual(lines(GO_ARGON2).slice(4))
    expect(new Set(lines(armored).slice(0, 4))).toEqual(new Set(lines(GO_ARGON2).slice(0, 4)))
    expect(
      unarmorDecryptPrivKey(encryptArmorPrivKey(PRIVATE_KEY, 'other pass'), 'other pass'),
    ).toEqual(PRIVATE_KEY)
  })

  test('error: a wrong passphrase, a corrupt armor, another block type, an unknown or missing kdf or salt are refused with upstream\u2019s texts', () => {
    expect(() => unarmorDecryptPrivKey(GO_ARGON2, 'wrong passphrase')).toThrow(
      'invalid account password',
    )
    expect(() => unarmorDecryptPrivKey(GO_BCRYPT, 'wrong passphrase')).toThrow(
      'invalid account password',
    )
    expect(() => unarmorDecryptPrivKey(GO_ARGON2.replace('=B8k0', '=AAAA'), 'passphrase')).toThrow(
      'openpgp: invalid data: armor invalid',
    )
    expect(() => unarmorDecryptPrivKey('no armor here', 'passphrase')).toThrow('EOF')
    expect(() =>
      unarmorDecryptPrivKey(GO_ARGON2.replaceAll('PRIVATE KEY', 'KEY INFO'), 'passphrase'),
    ).toThrow('unrecognized armor type: TENDERMINT KEY INFO')
    expect(() =>
      unarmorDecryptPrivKey(GO_ARGON2.replace('kdf: argon2', 'kdf: scrypt'), 'x'),
    ).toThrow('unrecognized KDF type: scrypt')
    expect(() =>
      unarmorDecryptPrivKey(GO_ARGON2.replace('salt: 00112233445566778899AABBCCDDEEFF\n', ''), 'x'),
    ).toThrow('missing salt bytes')
    const { headers } = decodeArmor(GO_ARGON2)
    expect(Object.fromEntries(headers)).toEqual({
      kdf: 'argon2',
      type: 'secp256k1',
      salt: '00112233445566778899AABBCCDDEEFF',
    })
  })
})
