import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { createRequire } from 'node:module'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { type Bytes, bytesToLatin1 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'

/**
 * secp256k1 signature checks for SIGN_MODE_DIRECT, as upstream: a 64-byte `r‖s` big-endian
 * signature over sha256(sign bytes), low-S only, with a 33-byte compressed key.
 *
 * libsecp256k1 (the `secp256k1` package's prebuilt native binding) does the curve arithmetic: it
 * verifies about six times faster than OpenSSL (node:crypto), which is what bounds a node's tx
 * throughput. Where the binding cannot load, or the node's runtime options ask for it
 * (`SDKD_SECP256K1=node`), node:crypto verifies instead, with the same results; the node says so
 * once at start-up.
 */

/** The libraries that can verify: the native binding, or OpenSSL through node:crypto. */
export type Secp256k1Library = 'libsecp256k1' | 'node:crypto'

/**
 * The library asked for: libsecp256k1 (where its binding loads), or node:crypto, with what asked
 * for it (`SDKD_SECP256K1=node`: the reason the node gives at start-up).
 */
export type Secp256k1Choice =
  | { library: 'libsecp256k1' }
  | { library: 'node:crypto'; askedBy: string }

/** libsecp256k1, where its binding loads. */
export const DEFAULT_SECP256K1: Secp256k1Choice = { library: 'libsecp256k1' }

/**
 * Verifies a 64-byte compact signature over sha256(`message`) with a 33-byte compressed key;
 * `digest` is that hash when the caller has it already.
 */
type RawVerify = (pubKey: Bytes, message: Bytes, signature: Bytes, digest?: Bytes) => boolean

/** The part of the `secp256k1` package's native binding used here. */
interface Secp256k1Binding {
  ecdsaVerify(signature: Uint8Array, msg32: Uint8Array, pubKey: Uint8Array): boolean
}

/** Half the curve order, big-endian: a signature with s above it is high-S and rejected. */
const HALF_N = Buffer.from(
  '7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0',
  'hex',
)

/** Whether the key is 33 bytes with a compressed-point prefix (the only keys accounts sign with). */
function isCompressedKey(pubKey: Bytes): boolean {
  return pubKey.length === 33 && (pubKey[0] === 2 || pubKey[0] === 3)
}

/** The upstream pre-checks: 64 bytes, s neither zero nor above half the order (low-S). */
function isLowSCompact(signature: Bytes): boolean {
  if (signature.length !== 64) return false
  let zero = true
  for (let i = 32; i < 64; i++) {
    if (signature[i] !== 0) {
      zero = false
      break
    }
  }
  if (zero) return false
  for (let i = 0; i < 32; i++) {
    const b = signature[32 + i]!
    const h = HALF_N[i]!
    if (b !== h) return b < h
  }
  return true
}

/** Loads the native binding (never the package's pure-JS fallback); throws when it cannot load. */
function loadBinding(): Secp256k1Binding {
  return createRequire(import.meta.url)('secp256k1/bindings') as Secp256k1Binding
}

/** libsecp256k1: rejects high-S itself too; a key or signature it cannot parse throws, i.e. fails. */
function nativeVerifier(binding: Secp256k1Binding): RawVerify {
  return (pubKey, message, signature, digest) => {
    try {
      return binding.ecdsaVerify(signature, digest ?? sha256(message), pubKey)
    } catch {
      return false
    }
  }
}

/** DER SubjectPublicKeyInfo prefix of a compressed secp256k1 key (id-ecPublicKey, secp256k1). */
const SPKI_PREFIX = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex')

const KEY_CACHE_MAX = 10_000
const keyObjects = new Map<string, KeyObject | null>()

/** The parsed key (cached: parsing costs as much as half a verification); null if not a point. */
function keyObject(pubKey: Bytes): KeyObject | null {
  const id = bytesToLatin1(pubKey)
  const hit = keyObjects.get(id)
  if (hit !== undefined) return hit
  let key: KeyObject | null = null
  try {
    key = createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, pubKey]),
      format: 'der',
      type: 'spki',
    })
  } catch {
    key = null
  }
  if (keyObjects.size >= KEY_CACHE_MAX) keyObjects.delete(keyObjects.keys().next().value!)
  keyObjects.set(id, key)
  return key
}

/** OpenSSL through node:crypto (which hashes the message itself: it takes no prehashed digest). */
const nodeCryptoVerify: RawVerify = (pubKey, message, signature) => {
  const key = keyObject(pubKey)
  if (!key) return false
  try {
    return verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, signature)
  } catch {
    return false
  }
}

/** A verifier and the library behind it; `fallback` says why node:crypto is used, when it is. */
export interface Secp256k1Verifier {
  library: Secp256k1Library
  fallback?: string
  /**
   * Whether `signature` (64 bytes, low-S) signs sha256(`message`) under the compressed `pubKey`;
   * `digest`, when given, must be that hash (it saves hashing again).
   */
  verify(pubKey: Bytes, message: Bytes, signature: Bytes, digest?: Bytes): boolean
}

function withRules(verifyRaw: RawVerify): Secp256k1Verifier['verify'] {
  return (pubKey, message, signature, digest) =>
    isLowSCompact(signature) &&
    isCompressedKey(pubKey) &&
    verifyRaw(pubKey, message, signature, digest)
}

/**
 * The verifier of `choice`: libsecp256k1 unless node:crypto is asked for or the binding cannot
 * load; `load` is the binding loader (replaceable to exercise a failed load).
 */
export function chooseSecp256k1(
  choice: Secp256k1Choice,
  load: () => Secp256k1Binding = loadBinding,
): Secp256k1Verifier {
  if (choice.library === 'node:crypto') {
    return { library: 'node:crypto', fallback: choice.askedBy, verify: withRules(nodeCryptoVerify) }
  }
  try {
    return { library: 'libsecp256k1', verify: withRules(nativeVerifier(load())) }
  } catch (err) {
    return {
      library: 'node:crypto',
      fallback: (err as Error).message.split('\n')[0] ?? String(err),
      verify: withRules(nodeCryptoVerify),
    }
  }
}

let defaultVerifier: Secp256k1Verifier | undefined

/**
 * Whether `signature` (64 bytes, low-S) signs sha256(`message`) under the compressed `pubKey`,
 * checked with the default library (a node verifies with the one its runtime options choose).
 */
export function verifySecp256k1(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
  defaultVerifier ??= chooseSecp256k1(DEFAULT_SECP256K1)
  return defaultVerifier.verify(pubKey, message, signature)
}

/** Account address of a secp256k1 key: ripemd160(sha256(pubkey33)). */
export function secp256k1Address(pubKey: Bytes): Bytes {
  return ripemd160(nobleSha256(pubKey))
}

const KEY_ADDRESSES_MAX = 10_000
/** Addresses of the keys seen recently, by the key's bytes as latin1. */
const keyAddresses = new Map<string, Bytes>()

/**
 * `secp256k1Address`, remembered for the keys seen recently: a tx's signer key comes again with
 * each of its txs, and its two hashes cost about as much as the rest of a tx's stateless checks.
 * The bytes handed back are shared between callers: read them, never change them.
 */
export function rememberedSecp256k1Address(pubKey: Bytes): Bytes {
  const id = bytesToLatin1(pubKey)
  let address = keyAddresses.get(id)
  if (address === undefined) {
    address = secp256k1Address(pubKey)
    if (keyAddresses.size >= KEY_ADDRESSES_MAX) keyAddresses.clear()
    keyAddresses.set(id, address)
  }
  return address
}

const CACHE_MAX = 50_000

/**
 * Remembers signatures already verified (sign bytes hash, key and signature): a tx checked when it
 * entered the mempool is not verified again when its block runs. Only successes are kept, so a
 * cache hit is exactly as strong as a verification.
 */
export class SignatureCache {
  private readonly seen = new Set<string>()

  constructor(private readonly verifier: Secp256k1Verifier) {}

  private static id(pubKey: Bytes, digest: Bytes, signature: Bytes): string {
    return bytesToLatin1(digest) + bytesToLatin1(pubKey) + bytesToLatin1(signature)
  }

  private add(id: string): void {
    if (this.seen.size >= CACHE_MAX) this.seen.delete(this.seen.values().next().value!)
    this.seen.add(id)
  }

  /** Records a signature verified elsewhere (the verify pool). */
  remember(pubKey: Bytes, message: Bytes, signature: Bytes): void {
    this.add(SignatureCache.id(pubKey, sha256(message), signature))
  }

  /** Verifies, consulting and filling the cache. */
  verify(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
    return this.verifyDigest(pubKey, message, sha256(message), signature)
  }

  /** `verify` where the caller has sha256(`message`) already (`digest`). */
  verifyDigest(pubKey: Bytes, message: Bytes, digest: Bytes, signature: Bytes): boolean {
    const id = SignatureCache.id(pubKey, digest, signature)
    if (this.seen.has(id)) return true
    const ok = this.verifier.verify(pubKey, message, signature, digest)
    if (ok) this.add(id)
    return ok
  }
}
