import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { HDKey } from '@scure/bip32'
import {
  entropyToMnemonic,
  generateMnemonic,
  mnemonicToSeedSync,
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

/** Derives a key from a BIP39 mnemonic (and its BIP39 passphrase, none by default) along an HD path. */
export function keyFromMnemonic(
  mnemonic: string,
  hdPath = DEFAULT_HD_PATH,
  bip39Passphrase = '',
): { privateKey: Bytes; pubKey: Bytes } {
  const words = mnemonic.trim().split(/\s+/).join(' ')
  if (!validateMnemonic(words, wordlist)) throw new KeyringError('invalid mnemonic')
  const node = HDKey.fromMasterSeed(mnemonicToSeedSync(words, bip39Passphrase)).derive(hdPath)
  if (!node.privateKey || !node.publicKey)
    throw new KeyringError(`cannot derive a key at ${hdPath}`)
  return { privateKey: node.privateKey, pubKey: node.publicKey }
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
