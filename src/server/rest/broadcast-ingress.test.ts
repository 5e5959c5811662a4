import { secp256k1 } from '@noble/curves/secp256k1.js'
import { afterEach, describe, expect, test } from 'vitest'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../client/tx-builder.js'
import { addressToBech32 } from '../../codec/address.js'
import { toBase64, toHexUpper } from '../../codec/bytes.js'
import { sha256 } from '../../codec/hash.js'
import { protoRegistry } from '../../codec/proto.js'
import { AccountNumbers } from '../../tx/ingress-accounts.js'
import { DEFAULT_SECP256K1, secp256k1Address } from '../../tx/secp256k1.js'
import { BroadcastIngress } from './broadcast-ingress.js'
import type { CheckedBroadcast } from './broadcast-ingress-ring.js'

// The pool with its real worker, built into dist/ (the tests' global setup builds it).
const SCRIPT = new URL('../../../dist/server/rest/broadcast-ingress-worker.js', import.meta.url)

const registry = protoRegistry()
const CHAIN_ID = 'ingress-pool'
const keys = [5, 6, 7].map((seed) => {
  const privateKey = new Uint8Array(32).fill(seed)
  const pubKey = secp256k1.getPublicKey(privateKey, true)
  return { privateKey, pubKey, raw: secp256k1Address(pubKey) }
})

/** The body of a send from key `k` at `sequence`, signed for account number `k`. */
function body(k: number, sequence: number): Buffer {
  const key = keys[k]!
  const address = addressToBech32(key.raw)
  const tx = createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: address,
        to_address: address,
        amount: [{ denom: 'stake', amount: String(sequence + 1) }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 2n }], gasLimit: 100_000n },
  })
  const signed = signTx(
    registry,
    tx,
    { privateKey: key.privateKey, pubKey: key.pubKey },
    { chainId: CHAIN_ID, accountNumber: BigInt(k), sequence: BigInt(sequence) },
  )
  return Buffer.from(JSON.stringify({ tx_bytes: toBase64(encodeTxRaw(registry, signed)), mode: 2 }))
}

const pools: BroadcastIngress[] = []
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close()
})

function pool(accounts: AccountNumbers, admitted: string[], infos: string[], script = SCRIPT) {
  const lines: string[] = []
  const log = {
    debug: () => undefined,
    info: (_f: object, m: string) => void infos.push(m),
    warn: (_f: object, m: string) => void lines.push(m),
    error: (_f: object, m: string) => void lines.push(m),
  }
  const p = new BroadcastIngress({
    size: 2,
    brand: 'sdk',
    bodyField: '*',
    chainId: CHAIN_ID,
    secp256k1: DEFAULT_SECP256K1,
    accounts,
    admit: (_c, hashHex) => void admitted.push(hashHex),
    log,
    script,
  })
  pools.push(p)
  return { p, lines }
}

/** Submits `bodies` and resolves with what each came to, in the order the callbacks ran. */
function submitAll(p: BroadcastIngress, bodies: Buffer[]) {
  return new Promise<{ i: number; checked: CheckedBroadcast | undefined }[]>((resolve) => {
    const out: { i: number; checked: CheckedBroadcast | undefined }[] = []
    for (const [i, b] of bodies.entries()) {
      p.submit(b, (checked) => {
        out.push({ i, checked })
        if (out.length === bodies.length) resolve(out)
      })
    }
  })
}

describe('broadcast ingress workers', () => {
  test('behavior: bodies come back in the order submitted, checked by two workers, past a full ring; the first before the workers load goes back unchecked', async () => {
    const accounts = AccountNumbers.create(16)
    accounts.publish(keys[0]!.raw, 0n)
    accounts.publish(keys[1]!.raw, 1n)
    const admitted: string[] = []
    const infos: string[] = []
    const { p, lines } = pool(accounts, admitted, infos)
    // the first body starts the workers, and is answered at once on this thread
    const [first] = await submitAll(p, [body(0, 0)])
    expect(first!.checked).toBeUndefined()
    await expect
      .poll(() => infos, { timeout: 20_000 })
      .toContain('broadcast bodies are parsed, decoded and verified on worker threads')
    // more bodies than the ring holds: senders 0 and 1 known to the workers, sender 2 not; every
    // 100th body no JSON, one too large for a slot
    const bodies: Buffer[] = []
    const expected: (string | undefined)[] = []
    for (let i = 0; i < 1300; i++) {
      const b = i % 100 === 99 ? Buffer.from('{"tx_bytes":') : body(i % 3, i)
      bodies.push(b)
    }
    bodies.push(Buffer.from(JSON.stringify({ tx_bytes: 'A'.repeat(8000), mode: 2 })))
    for (const b of bodies) {
      const json = b.toString()
      expected.push(json.startsWith('{"tx_bytes":"') && json.length < 4000 ? 'checked' : undefined)
    }
    const out = await submitAll(p, bodies)
    expect(out.map((o) => o.i)).toEqual(bodies.map((_b, i) => i))
    expect(out.map((o) => (o.checked ? 'checked' : undefined))).toEqual(expected)
    // the signatures of the known senders verified with their numbers; the unknown one's not
    for (const { i, checked } of out) {
      if (!checked) continue
      const k = i % 3
      expect(checked.signers).toBe(1)
      expect(checked.verified).toEqual(k === 2 ? [] : [{ index: 0, accountNumber: BigInt(k) }])
    }
    expect(admitted).toEqual(
      out.filter((o) => o.checked).map((o) => toHexUpper(sha256(o.checked!.txBytes))),
    )
    expect(lines).toEqual([])
  }, 60_000)

  test('behavior: without a worker script every body goes back unchecked, in order', async () => {
    const { p } = pool(AccountNumbers.create(16), [], [], new URL('./no-such-worker.js', SCRIPT))
    const out = await submitAll(p, [body(0, 0), body(0, 1)])
    expect(out).toEqual([
      { i: 0, checked: undefined },
      { i: 1, checked: undefined },
    ])
  })
})
