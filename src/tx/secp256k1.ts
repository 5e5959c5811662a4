import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import type { Bytes } from '../codec/bytes.js'

/**
 * secp256k1 signature checks for SIGN_MODE_DIRECT, as upstream: a 64-byte `r‖s` big-endian
 * signature over sha256(sign bytes), low-S only, with a 33-byte compressed key. OpenSSL (node:crypto)
 * does the curve arithmetic: it verifies several times faster than a pure-JS implementation, which
 * is what bounds a node's tx throughput.
 */

/** DER SubjectPublicKeyInfo prefix of a compressed secp256k1 key (id-ecPublicKey, secp256k1). */
const SPKI_PREFIX = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex')

/** Half the curve order: a signature with s above it is high-S and rejected (upstream nocgo). */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

const KEY_CACHE_MAX = 10_000
const keys = new Map<string, KeyObject | null>()

/** The parsed key (cached: parsing costs as much as half a verification); null if not a point. */
function keyObject(pubKey: Bytes): KeyObject | null {
  const id = Buffer.from(pubKey).toString('latin1')
  const hit = keys.get(id)
  if (hit !== undefined) return hit
  let key: KeyObject | null = null
  if (pubKey.length === 33 && (pubKey[0] === 2 || pubKey[0] === 3)) {
    try {
      key = createPublicKey({
        key: Buffer.concat([SPKI_PREFIX, pubKey]),
        format: 'der',
        type: 'spki',
      })
    } catch {
      key = null
    }
  }
  if (keys.size >= KEY_CACHE_MAX) keys.delete(keys.keys().next().value!)
  keys.set(id, key)
  return key
}

function bigFrom(bytes: Bytes): bigint {
  let n = 0n
  for (const b of bytes) n = (n << 8n) | BigInt(b)
  return n
}

/** Whether `signature` (64 bytes, low-S) signs sha256(`message`) under the compressed `pubKey`. */
export function verifySecp256k1(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
  if (signature.length !== 64) return false
  const s = bigFrom(signature.subarray(32))
  if (s === 0n || s > HALF_N) return false
  const key = keyObject(pubKey)
  if (!key) return false
  try {
    return verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, signature)
  } catch {
    return false
  }
}

/** Account address of a secp256k1 key: ripemd160(sha256(pubkey33)). */
export function secp256k1Address(pubKey: Bytes): Bytes {
  return ripemd160(sha256(pubKey))
}

const CACHE_MAX = 50_000

/**
 * Remembers signatures already verified (sign bytes hash, key and signature): a tx checked when it
 * entered the mempool is not verified again when its block runs. Only successes are kept, so a
 * cache hit is exactly as strong as a verification.
 */
export class SignatureCache {
  private readonly seen = new Set<string>()

  private static id(pubKey: Bytes, message: Bytes, signature: Bytes): string {
    return (
      Buffer.from(sha256(message)).toString('latin1') +
      Buffer.from(pubKey).toString('latin1') +
      Buffer.from(signature).toString('latin1')
    )
  }

  /** Records a signature verified elsewhere (the verify pool). */
  remember(pubKey: Bytes, message: Bytes, signature: Bytes): void {
    if (this.seen.size >= CACHE_MAX) this.seen.delete(this.seen.values().next().value!)
    this.seen.add(SignatureCache.id(pubKey, message, signature))
  }

  /** Verifies, consulting and filling the cache. */
  verify(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
    if (this.seen.has(SignatureCache.id(pubKey, message, signature))) return true
    const ok = verifySecp256k1(pubKey, message, signature)
    if (ok) this.remember(pubKey, message, signature)
    return ok
  }
}
