import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import {
  type Bytes,
  concatBytes,
  fromBase64Strict,
  toBase64,
  toHex,
  toHexUpper,
} from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'

/** An ed25519 consensus key (priv_validator_key.json / node_key.json). */
export interface Ed25519Key {
  /** 32-byte seed. */
  seed: Bytes
  /** 32-byte public key. */
  pubKey: Bytes
  privateKey: KeyObject
}

const PKCS8_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
])

/** A key from its 32-byte seed. */
export function ed25519FromSeed(seed: Bytes): Ed25519Key {
  const privateKey = createPrivateKey({
    key: Buffer.from(concatBytes(PKCS8_PREFIX, seed)),
    format: 'der',
    type: 'pkcs8',
  })
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  return { seed, pubKey: new Uint8Array(spki.subarray(spki.length - 32)), privateKey }
}

/** A fresh random key. */
export function generateEd25519(): Ed25519Key {
  const { privateKey } = generateKeyPairSync('ed25519')
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' })
  return ed25519FromSeed(new Uint8Array(pkcs8.subarray(pkcs8.length - 32)))
}

/** Consensus address: first 20 bytes of sha256(pubkey). */
export function consensusAddress(pubKey: Bytes): Bytes {
  return sha256(pubKey).subarray(0, 20)
}

/** priv_validator_key.json contents. */
export function privValidatorKeyJson(key: Ed25519Key): object {
  return {
    address: toHexUpper(consensusAddress(key.pubKey)),
    pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(key.pubKey) },
    priv_key: {
      type: 'tendermint/PrivKeyEd25519',
      value: toBase64(concatBytes(key.seed, key.pubKey)),
    },
  }
}

/** node_key.json contents. */
export function nodeKeyJson(key: Ed25519Key): object {
  return {
    priv_key: {
      type: 'tendermint/PrivKeyEd25519',
      value: toBase64(concatBytes(key.seed, key.pubKey)),
    },
  }
}

/** Node id: lower-case hex of the node key's address. */
export function nodeId(key: Ed25519Key): string {
  return toHex(consensusAddress(key.pubKey))
}

/** Reads the `priv_key` object of a key file; returns an error message instead of throwing. */
export function parsePrivKey(json: unknown): Ed25519Key | string {
  const priv = (json as { priv_key?: { type?: unknown; value?: unknown } } | null)?.priv_key
  if (!priv || typeof priv !== 'object') return 'priv_key: missing'
  if (priv.type !== 'tendermint/PrivKeyEd25519')
    return `priv_key.type: expected "tendermint/PrivKeyEd25519", got ${JSON.stringify(priv.type)}`
  const bytes = typeof priv.value === 'string' ? fromBase64Strict(priv.value) : undefined
  if (bytes?.length !== 64) return 'priv_key.value: expected base64 of 64 bytes'
  const key = ed25519FromSeed(bytes.subarray(0, 32))
  if (toHex(key.pubKey) !== toHex(bytes.subarray(32)))
    return 'priv_key.value: public half does not match the seed'
  return key
}
