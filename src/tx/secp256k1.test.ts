import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, test } from 'vitest'
import { signSecp256k1 } from '../client/keyring.js'
import { type Bytes, concatBytes, fromHex } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { serveRing } from '../threads/serve-ring.js'
import { CTRL, SharedRing } from '../threads/shared-ring.js'
import {
  chooseSecp256k1,
  DEFAULT_SECP256K1,
  rememberedSecp256k1Address,
  type Secp256k1Verifier,
  SignatureCache,
  secp256k1Address,
} from './secp256k1.js'
import {
  fitsVerifySlot,
  publishVerifyJob,
  RESULT,
  readVerifyJob,
  storeVerifyResult,
  VERIFY_SLOT,
  verifyResult,
} from './verify-ring.js'

const N = secp256k1.Point.CURVE().n
const priv = new Uint8Array(32).fill(9)
const pub = secp256k1.getPublicKey(priv, true)
const other = secp256k1.getPublicKey(new Uint8Array(32).fill(8), true)
const msg = new TextEncoder().encode('sign bytes of a tx')
const sig = signSecp256k1(priv, msg)
const scalar = (n: bigint) => fromHex(n.toString(16).padStart(64, '0'))
const sOf = (s: Bytes) => BigInt(`0x${Buffer.from(s.subarray(32)).toString('hex')}`)

/** Signature vectors and whether upstream accepts them (64-byte r‖s, low-S, 33-byte key). */
const vectors: { name: string; pub: Bytes; msg: Bytes; sig: Bytes; ok: boolean }[] = [
  { name: 'valid', pub, msg, sig, ok: true },
  {
    name: 'high-S twin of a valid signature',
    pub,
    msg,
    sig: concatBytes(sig.subarray(0, 32), scalar(N - sOf(sig))),
    ok: false,
  },
  { name: 'wrong key', pub: other, msg, sig, ok: false },
  { name: 'other message', pub, msg: new TextEncoder().encode('other'), sig, ok: false },
  {
    name: 'key not on the curve',
    pub: concatBytes(Uint8Array.of(2), new Uint8Array(32).fill(0xff)),
    msg,
    sig,
    ok: false,
  },
  {
    name: 'key with a bad prefix',
    pub: concatBytes(Uint8Array.of(4), pub.subarray(1)),
    msg,
    sig,
    ok: false,
  },
  { name: 'key of 32 bytes', pub: pub.subarray(1), msg, sig, ok: false },
  { name: 'uncompressed key', pub: secp256k1.getPublicKey(priv, false), msg, sig, ok: false },
  { name: 'signature of 63 bytes', pub, msg, sig: sig.subarray(0, 63), ok: false },
  { name: 'signature of 65 bytes', pub, msg, sig: concatBytes(sig, Uint8Array.of(0)), ok: false },
  { name: 's = 0', pub, msg, sig: concatBytes(sig.subarray(0, 32), new Uint8Array(32)), ok: false },
  { name: 'r = 0', pub, msg, sig: concatBytes(new Uint8Array(32), sig.subarray(32)), ok: false },
  {
    name: 'r above the order',
    pub,
    msg,
    sig: concatBytes(scalar(N + 1n), sig.subarray(32)),
    ok: false,
  },
]

/** Whether this platform has a prebuilt binary of the `secp256k1` package. */
function hasPrebuild(): boolean {
  const pkg = dirname(createRequire(import.meta.url).resolve('secp256k1/package.json'))
  return existsSync(join(pkg, 'prebuilds', `${process.platform}-${process.arch}`))
}

const native = chooseSecp256k1(DEFAULT_SECP256K1)
const forced = chooseSecp256k1({ library: 'node:crypto', askedBy: 'SDKD_SECP256K1=node' })

// Where the binding does not load (no prebuilt binary for this platform, and none built at install),
// the default is node:crypto: the libsecp256k1 tests are skipped rather than run node:crypto twice.
const NO_PREBUILD = hasPrebuild()
  ? undefined
  : `the secp256k1 package has no prebuilt binary for ${process.platform}-${process.arch}`
const NO_LIBSECP256K1 =
  native.library === 'libsecp256k1' ? undefined : `its binding does not load: ${native.fallback}`
if (NO_PREBUILD) console.warn(`libsecp256k1 from its prebuilt binary: skipped: ${NO_PREBUILD}`)
if (NO_LIBSECP256K1) console.warn(`libsecp256k1 checks: skipped: ${NO_LIBSECP256K1}`)

describe('secp256k1 libraries', () => {
  test.skipIf(NO_PREBUILD)(
    'behavior: libsecp256k1 loads from its prebuilt binary by default',
    () => {
      expect(native.library).toBe('libsecp256k1')
      expect(native.fallback).toBeUndefined()
    },
  )

  test('behavior: asking for node:crypto picks it and says who asked', () => {
    expect(forced).toMatchObject({ library: 'node:crypto', fallback: 'SDKD_SECP256K1=node' })
  })

  test('error: a binary that cannot load falls back to node:crypto and says why', () => {
    const v = chooseSecp256k1(DEFAULT_SECP256K1, () => {
      throw new Error('No native build was found for platform=plan9\nmore detail')
    })
    expect(v).toMatchObject({
      library: 'node:crypto',
      fallback: 'No native build was found for platform=plan9',
    })
    expect(v.verify(pub, msg, sig)).toBe(true)
  })

  for (const [name, verifier, skip] of [
    ['libsecp256k1', native, NO_LIBSECP256K1],
    ['node:crypto', forced, undefined],
  ] as [string, Secp256k1Verifier, string | undefined][]) {
    test.skipIf(skip)(`behavior: ${name} accepts exactly the upstream-valid vectors`, () => {
      const got = vectors.map((v) => [v.name, verifier.verify(v.pub, v.msg, v.sig)])
      expect(got).toEqual(vectors.map((v) => [v.name, v.ok]))
      // with the digest given, the same answers
      const withDigest = vectors.map((v) => verifier.verify(v.pub, v.msg, v.sig, sha256(v.msg)))
      expect(withDigest).toEqual(vectors.map((v) => v.ok))
    })
  }

  test('behavior: the signature cache answers as a verification and only remembers successes', () => {
    const cache = new SignatureCache(native)
    for (const v of vectors) expect(cache.verify(v.pub, v.msg, v.sig)).toBe(v.ok)
    for (const v of vectors) expect(cache.verify(v.pub, v.msg, v.sig)).toBe(v.ok)
  })
})

describe('secp256k1 account addresses', () => {
  /** ripemd160(sha256(key)) through OpenSSL: a second implementation to check against. */
  const hash160 = (key: Bytes) =>
    createHash('ripemd160').update(createHash('sha256').update(key).digest()).digest('hex')

  test("behavior: a key's address is ripemd160(sha256(key)), remembered or not", () => {
    // upstream's crypto/keys/secp256k1 test key (Bitcoin address 1CKZ9Nx4zgds8tU7nJHotKSDr4a9bYJCa3)
    const key = fromHex('02950e1cdfcb133d6024109fd489f734eeb4502418e538c28481f22bce276f248c')
    expect(Buffer.from(secp256k1Address(key)).toString('hex')).toBe(
      '7c2bb42a8be69791ec763e51f5a49bcd41e82237',
    )
    expect(Buffer.from(rememberedSecp256k1Address(key)).toString('hex')).toBe(
      '7c2bb42a8be69791ec763e51f5a49bcd41e82237',
    )
    expect(Buffer.from(rememberedSecp256k1Address(key)).toString('hex')).toBe(
      '7c2bb42a8be69791ec763e51f5a49bcd41e82237',
    )
  })

  test('behavior: past its ten thousand remembered keys, every key still gets its own address', () => {
    const keyOf = (i: number) => {
      const key = new Uint8Array(33)
      key[0] = 2
      new DataView(key.buffer).setUint32(29, i)
      return key
    }
    for (let i = 0; i < 10_050; i++) {
      const key = keyOf(i)
      expect(Buffer.from(rememberedSecp256k1Address(key)).toString('hex')).toBe(hash160(key))
    }
    // the first keys again, after the memory was cleared: still their own
    for (let i = 0; i < 50; i++) {
      const key = keyOf(i)
      expect(Buffer.from(rememberedSecp256k1Address(key)).toString('hex')).toBe(hash160(key))
    }
  })
})

describe('verify ring', () => {
  test('behavior: a worker answers published jobs in order, valid ones as valid', () => {
    const ring = SharedRing.create(4, VERIFY_SLOT)
    expect(ring.capacity).toBe(4)
    const verify = (seq: number) => {
      const job = readVerifyJob(ring, seq)
      storeVerifyResult(ring, seq, native.verify(job.pub, job.msg, job.sig, job.digest))
    }
    let seq = 0
    // more jobs than slots, in two rounds: slots are reused in order
    for (const round of [vectors.slice(0, 4), vectors.slice(4, 8)]) {
      const first = seq
      for (const v of round) {
        seq = publishVerifyJob(ring, seq, {
          pub: v.pub,
          msg: v.msg,
          digest: sha256(v.msg),
          sig: v.sig,
        })
        expect(verifyResult(ring, seq - 1)).toBe(RESULT.pending)
      }
      serveRing(ring, verify, { untilIdle: true })
      const results = round.map((_, i) => verifyResult(ring, first + i))
      expect(results).toEqual(round.map((v) => (v.ok ? RESULT.valid : RESULT.invalid)))
    }
    expect(Atomics.load(ring.ctrl, CTRL.done)).toBe(8)
  })

  test('behavior: only jobs that fit a slot are taken (33-byte key, 64-byte signature)', () => {
    const job = (v: (typeof vectors)[number]) => ({
      pub: v.pub,
      msg: v.msg,
      digest: sha256(v.msg),
      sig: v.sig,
    })
    expect(fitsVerifySlot(job(vectors[0]!))).toBe(true)
    expect(fitsVerifySlot(job(vectors.find((v) => v.name === 'uncompressed key')!))).toBe(false)
    expect(fitsVerifySlot(job(vectors.find((v) => v.name === 'signature of 63 bytes')!))).toBe(
      false,
    )
    expect(fitsVerifySlot({ ...job(vectors[0]!), msg: new Uint8Array(4096) })).toBe(false)
  })
})
