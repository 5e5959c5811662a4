import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { argon2id } from '@noble/hashes/argon2.js'
import bcrypt from 'bcryptjs'
import type { Bytes } from '../codec/bytes.js'
import { loadSodium, sodiumLoadError } from '../codec/sodium.js'
import { KeyringError } from './key-crypto.js'

// Upstream's ASCII-armored, passphrase-encrypted private keys (crypto/armor.go), as `keys export`
// writes them and `keys import` reads them: an OpenPGP armor block `TENDERMINT PRIVATE KEY` with
// the headers `kdf`, `salt` (hex) and `type`, its body the legacy amino encoding of the key,
// encrypted. SDK v0.50 encrypts with ChaCha20-Poly1305 under an Argon2id key (kdf `argon2`);
// earlier SDKs with XSalsa20-Poly1305 under sha256 of a bcrypt hash (kdf `bcrypt`), which v0.50
// still reads.

const BLOCK_PRIVATE_KEY = 'TENDERMINT PRIVATE KEY'
/** Upstream's Argon2id parameters: one pass over 64 MiB, four lanes, a 32-byte key. */
const ARGON2 = { t: 1, m: 64 * 1024, p: 4, dkLen: 32 } as const
/** Upstream's BcryptSecurityParameter. */
const BCRYPT_COST = 12
/** Legacy amino prefixes of the private key types (`tendermint/PrivKeySecp256k1`, `…Ed25519`). */
const AMINO_SECP256K1 = [0xe1, 0xb0, 0xf7, 0x9b]
const AMINO_ED25519 = [0xa3, 0x28, 0x89, 0x10]

/** Upstream's ErrWrongPassword text (a decryption that fails its tag). */
const WRONG_PASSWORD = 'invalid account password'

/** OpenPGP's CRC-24 of armored data (RFC 4880, 6.1). */
function crc24(data: Bytes): number {
  let crc = 0xb704ce
  for (const byte of data) {
    crc ^= byte << 16
    for (let i = 0; i < 8; i++) {
      crc <<= 1
      if (crc & 0x1000000) crc ^= 0x1864cfb
    }
  }
  return crc & 0xffffff
}

function crcText(data: Bytes): string {
  const crc = crc24(data)
  return Buffer.from([crc >> 16, (crc >> 8) & 0xff, crc & 0xff]).toString('base64')
}

/** An armor block as Go's openpgp/armor writes it: headers, a blank line, 64-column base64, `=crc`. */
export function encodeArmor(blockType: string, headers: [string, string][], data: Bytes): string {
  const body =
    Buffer.from(data)
      .toString('base64')
      .match(/.{1,64}/g) ?? []
  return (
    `-----BEGIN ${blockType}-----\n` +
    headers.map(([k, v]) => `${k}: ${v}\n`).join('') +
    '\n' +
    body.join('\n') +
    `\n=${crcText(data)}\n-----END ${blockType}-----`
  )
}

/** An armor block read back (Go's armor.Decode): its type, headers and data, the CRC checked. */
export function decodeArmor(text: string): {
  blockType: string
  headers: Map<string, string>
  data: Bytes
} {
  const lines = text.split(/\r?\n/).map((l) => l.trim())
  const start = lines.findIndex((l) => /^-----BEGIN [^-]+-----$/.test(l))
  if (start < 0) throw new KeyringError('EOF')
  const blockType = lines[start]!.slice('-----BEGIN '.length, -'-----'.length)
  const invalid = () => new KeyringError('openpgp: invalid data: armor invalid')
  const headers = new Map<string, string>()
  let i = start + 1
  for (; i < lines.length && lines[i] !== ''; i++) {
    const at = lines[i]!.indexOf(': ')
    if (at < 0) break
    headers.set(lines[i]!.slice(0, at), lines[i]!.slice(at + 2))
  }
  if (lines[i] === '') i++
  let b64 = ''
  let crc: string | undefined
  for (; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith('=')) {
      crc = line.slice(1)
      i++
      break
    }
    if (line.startsWith('-----END ')) break
    if (!/^[A-Za-z0-9+/=]*$/.test(line)) throw invalid()
    b64 += line
  }
  if (lines[i] !== `-----END ${blockType}-----`) throw invalid()
  const data = new Uint8Array(Buffer.from(b64, 'base64'))
  if (crc !== undefined && crc !== crcText(data)) throw invalid()
  return { blockType, headers, data }
}

/** The legacy amino encoding of a secp256k1 private key (upstream's `legacy.Cdc.MustMarshal`). */
function aminoPrivKey(privateKey: Bytes): Bytes {
  return Uint8Array.from([...AMINO_SECP256K1, privateKey.length, ...privateKey])
}

function argon2Key(passphrase: string, salt: Bytes): Bytes {
  return argon2id(new TextEncoder().encode(passphrase), salt, ARGON2)
}

/**
 * Upstream EncryptArmorPrivKey: a secp256k1 private key encrypted under `passphrase` (a random
 * 16-byte salt, Argon2id, ChaCha20-Poly1305 with upstream's zero nonce) and armored.
 */
export function encryptArmorPrivKey(
  privateKey: Bytes,
  passphrase: string,
  salt: Bytes = randomBytes(16),
): string {
  const cipher = createCipheriv(
    'chacha20-poly1305',
    argon2Key(passphrase, salt),
    Buffer.alloc(12),
    {
      authTagLength: 16,
    },
  )
  const sealed = Buffer.concat([
    cipher.update(aminoPrivKey(privateKey)),
    cipher.final(),
    cipher.getAuthTag(),
  ])
  return encodeArmor(
    BLOCK_PRIVATE_KEY,
    [
      ['kdf', 'argon2'],
      ['salt', Buffer.from(salt).toString('hex').toUpperCase()],
      ['type', 'secp256k1'],
    ],
    sealed,
  )
}

function openArgon2(sealed: Bytes, passphrase: string, salt: Bytes): Bytes {
  if (sealed.length < 16) throw new KeyringError(WRONG_PASSWORD)
  const decipher = createDecipheriv(
    'chacha20-poly1305',
    argon2Key(passphrase, salt),
    Buffer.alloc(12),
    { authTagLength: 16 },
  )
  decipher.setAuthTag(sealed.subarray(sealed.length - 16))
  try {
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - 16)),
      decipher.final(),
    ])
  } catch {
    throw new KeyringError(WRONG_PASSWORD)
  }
}

/** The legacy form: XSalsa20-Poly1305 (a 24-byte nonce first) under sha256 of the bcrypt hash. */
function openBcrypt(sealed: Bytes, passphrase: string, salt: Bytes): Bytes {
  if (salt.length !== 16) throw new KeyringError(`invalid bcrypt salt size: ${salt.length}`)
  const hash = bcrypt.hashSync(passphrase, `$2a$${BCRYPT_COST}$${bcrypt.encodeBase64(salt, 16)}`)
  const key = createHash('sha256').update(hash, 'latin1').digest()
  const sodium = loadSodium()
  if (!sodium)
    throw new KeyringError(
      `a bcrypt-encrypted key needs libsodium, which could not be loaded: ${sodiumLoadError()}`,
    )
  const nonceLength = sodium.crypto_secretbox_NONCEBYTES
  if (sealed.length <= sodium.crypto_secretbox_MACBYTES + nonceLength)
    throw new KeyringError('ciphertext is too short')
  const box = Buffer.from(sealed.subarray(nonceLength))
  const plain = Buffer.alloc(box.length - sodium.crypto_secretbox_MACBYTES)
  const ok = sodium.crypto_secretbox_open_easy(
    plain,
    box,
    Buffer.from(sealed.subarray(0, nonceLength)),
    key,
  )
  if (!ok) throw new KeyringError(WRONG_PASSWORD)
  return plain
}

/**
 * Upstream UnarmorDecryptPrivKey for the keys this keyring holds: the armor's private key,
 * decrypted with `passphrase` under its `kdf`, must be a secp256k1 key. Failures carry upstream's
 * texts (`unrecognized KDF type: …`, `missing salt bytes`, `invalid account password`, …).
 */
export function unarmorDecryptPrivKey(text: string, passphrase: string): Bytes {
  const { blockType, headers, data } = decodeArmor(text)
  if (blockType !== BLOCK_PRIVATE_KEY)
    throw new KeyringError(`unrecognized armor type: ${blockType}`)
  const kdf = headers.get('kdf')
  if (kdf !== 'bcrypt' && kdf !== 'argon2')
    throw new KeyringError(`unrecognized KDF type: ${kdf ?? ''}`)
  const saltHex = headers.get('salt') ?? ''
  if (saltHex === '') throw new KeyringError('missing salt bytes')
  if (!/^([0-9a-fA-F]{2})*$/.test(saltHex))
    throw new KeyringError('error decoding salt: encoding/hex: invalid byte or odd length')
  const salt = new Uint8Array(Buffer.from(saltHex, 'hex'))
  const plain =
    kdf === 'argon2' ? openArgon2(data, passphrase, salt) : openBcrypt(data, passphrase, salt)
  const prefix = [...plain.subarray(0, 4)]
  if (prefix.every((b, i) => b === AMINO_SECP256K1[i]) && plain[4] === 32 && plain.length === 37)
    return Uint8Array.from(plain.subarray(5))
  if (prefix.every((b, i) => b === AMINO_ED25519[i]))
    throw new KeyringError(
      'unsupported signing algo: only secp256k1 is supported, the key is ed25519',
    )
  throw new KeyringError('the decrypted key is no legacy amino secp256k1 private key')
}
