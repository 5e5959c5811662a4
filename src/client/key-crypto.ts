import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { HDKey } from '@scure/bip32'
import {
  entropyToMnemonic,
  generateMnemonic,
  mnemonicToSeedSync,
  mnemonicToSeedWebcrypto,
  validateMnemonic,
} from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import type { Bytes } from '../codec/bytes.js'

// secp256k1 account keys as the keyring and the tx builder use them: derivation from a BIP39
// mnemonic, the account address, and signatures over sha256 of the sign bytes.

/** Cosmos HD path of the first account (coin type 118). */
export const DEFAULT_HD_PATH = "m/44'/118'/0'/0/0"

/** Account address of a secp256k1 public key: ripemd160(sha256(pubkey33)). */
export function pubKeyToAddress(pubKey: Bytes): Bytes {
  return ripemd160(sha256(pubKey))
}

/** A mnemonic's words as BIP39 reads them (one space apart), or a clear error when it is not one. */
function mnemonicWords(mnemonic: string): string {
  const words = mnemonic.trim().split(/\s+/).join(' ')
  if (!validateMnemonic(words, wordlist)) throw new KeyringError('invalid mnemonic')
  return words
}

/** The key at `hdPath` of a BIP39 seed. */
function keyOfSeed(seed: Uint8Array, hdPath: string): { privateKey: Bytes; pubKey: Bytes } {
  const node = HDKey.fromMasterSeed(seed).derive(hdPath)
  if (!node.privateKey || !node.publicKey)
    throw new KeyringError(`cannot derive a key at ${hdPath}`)
  return { privateKey: node.privateKey, pubKey: node.publicKey }
}

/** Derives a key from a BIP39 mnemonic (and its BIP39 passphrase, none by default) along an HD path. */
export function keyFromMnemonic(
  mnemonic: string,
  hdPath = DEFAULT_HD_PATH,
  bip39Passphrase = '',
): { privateKey: Bytes; pubKey: Bytes } {
  return keyOfSeed(mnemonicToSeedSync(mnemonicWords(mnemonic), bip39Passphrase), hdPath)
}

/**
 * keyFromMnemonic with the seed's PBKDF2 stretch (2,048 rounds of HMAC-SHA512) done by the
 * platform's Web Crypto rather than in JavaScript: the same key, about ten times sooner (a devnet
 * derives ten keys as it starts).
 */
export async function deriveKeyFromMnemonic(
  mnemonic: string,
  hdPath = DEFAULT_HD_PATH,
  bip39Passphrase = '',
): Promise<{ privateKey: Bytes; pubKey: Bytes }> {
  const words = mnemonicWords(mnemonic)
  return keyOfSeed(await mnemonicToSeedWebcrypto(words, bip39Passphrase), hdPath)
}

/** The compressed public key of a 32-byte private key (refused below 1 or at the curve order and above). */
export function pubKeyOfPrivateKey(privateKey: Bytes): Bytes {
  try {
    return secp256k1.getPublicKey(privateKey, true)
  } catch {
    throw new KeyringError('invalid secp256k1 private key: expected 32 bytes below the curve order')
  }
}

/** A fresh 24-word mnemonic (256 bits of entropy, as upstream `keys add`). */
export function newMnemonic(): string {
  return generateMnemonic(wordlist, 256)
}

/** 64-byte low-S secp256k1 signature r‖s over sha256(message) (SIGN_MODE_DIRECT). */
export function signSecp256k1(privateKey: Bytes, message: Bytes): Bytes {
  return secp256k1.sign(sha256(message), privateKey, { prehash: false, lowS: true })
}

/** Verifies a 64-byte low-S signature over sha256(message). */
export function verifySecp256k1(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
  if (signature.length !== 64) return false
  try {
    return secp256k1.verify(signature, sha256(message), pubKey, { prehash: false, lowS: true })
  } catch {
    return false
  }
}

/** The BIP39 mnemonic of 32 bytes of entropy (`keys mnemonic --unsafe-entropy`: sha256 of the input). */
export function mnemonicOfEntropy(entropy: Bytes): string {
  return entropyToMnemonic(entropy, wordlist)
}

/** Keyring failures (missing key, duplicate name, bad mnemonic): user errors with clear messages. */
export class KeyringError extends Error {
  override readonly name = 'KeyringError'
}
