import { describe, expect, test } from 'vitest'
import { fromHex } from '../codec/bytes.js'
import { decodeArmor, encryptArmorPrivKey, unarmorDecryptPrivKey } from './key-armor.js'

// Vectors made with Go's golang.org/x/crypto (argon2, chacha20poly1305, bcrypt, nacl/secretbox,
// openpgp/armor) by upstream's steps in crypto/armor.go, for the private key 0x01…0x20 and the
// passphrase "passphrase". Go writes the headers in map order, so theirs vary.
const PRIVATE_KEY = fromHex('0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20')

const ARGON2 = `-----BEGIN TENDERMINT PRIVATE KEY-----
kdf: argon2
type: secp256k1
salt: 00112233445566778899AABBCCDDEEFF

dkUsulN65Q3Avw+om/3gvsiEgicAY6AET1UN/32k6Vckg53jlkMd2S043WEadhns
4FnLjt4=
=B8k0
-----END TENDERMINT PRIVATE KEY-----`

const BCRYPT = `-----BEGIN TENDERMINT PRIVATE KEY-----
kdf: bcrypt
salt: A16A67963D2C8A768AC2C1209EDAA0C2

BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eWsIhLALfa5pyAOnWPfSmplpNtSp6LkPe
nSjzHojA3Xk4ArefQS99Spi4hKay8XEboJYxXQc=
=Kwvj
-----END TENDERMINT PRIVATE KEY-----`

describe('armored private keys (upstream crypto/armor.go)', () => {
  test('behavior: an SDK v0.50 export (argon2, ChaCha20-Poly1305) and an older one (bcrypt, XSalsa20-Poly1305) decrypt to the key', () => {
    expect(unarmorDecryptPrivKey(ARGON2, 'passphrase')).toEqual(PRIVATE_KEY)
    expect(unarmorDecryptPrivKey(BCRYPT, 'passphrase')).toEqual(PRIVATE_KEY)
  })

  test('behavior: this keyring writes Go\u2019s bytes: the same salt gives the argon2 vector, byte for byte but for the header order', () => {
    const armored = encryptArmorPrivKey(
      PRIVATE_KEY,
      'passphrase',
      fromHex('00112233445566778899aabbccddeeff'),
    )
    const lines = (text: string) => text.split('\n')
    expect(lines(armored).slice(4)).toEqual(lines(ARGON2).slice(4))
    expect(new Set(lines(armored).slice(0, 4))).toEqual(new Set(lines(ARGON2).slice(0, 4)))
    expect(
      unarmorDecryptPrivKey(encryptArmorPrivKey(PRIVATE_KEY, 'other pass'), 'other pass'),
    ).toEqual(PRIVATE_KEY)
  })

  test('error: a wrong passphrase, a corrupt armor, another block type, an unknown or missing kdf or salt are refused with upstream\u2019s texts', () => {
    expect(() => unarmorDecryptPrivKey(ARGON2, 'wrong passphrase')).toThrow(
      'invalid account password',
    )
    expect(() => unarmorDecryptPrivKey(BCRYPT, 'wrong passphrase')).toThrow(
      'invalid account password',
    )
    expect(() => unarmorDecryptPrivKey(ARGON2.replace('=B8k0', '=AAAA'), 'passphrase')).toThrow(
      'openpgp: invalid data: armor invalid',
    )
    expect(() => unarmorDecryptPrivKey('no armor here', 'passphrase')).toThrow('EOF')
    expect(() =>
      unarmorDecryptPrivKey(ARGON2.replaceAll('PRIVATE KEY', 'KEY INFO'), 'passphrase'),
    ).toThrow('unrecognized armor type: TENDERMINT KEY INFO')
    expect(() => unarmorDecryptPrivKey(ARGON2.replace('kdf: argon2', 'kdf: scrypt'), 'x')).toThrow(
      'unrecognized KDF type: scrypt',
    )
    expect(() =>
      unarmorDecryptPrivKey(ARGON2.replace('salt: 00112233445566778899AABBCCDDEEFF\n', ''), 'x'),
    ).toThrow('missing salt bytes')
    const { headers } = decodeArmor(ARGON2)
    expect(Object.fromEntries(headers)).toEqual({
      kdf: 'argon2',
      type: 'secp256k1',
      salt: '00112233445566778899AABBCCDDEEFF',
    })
  })
})
