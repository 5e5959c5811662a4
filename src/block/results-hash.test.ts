import { describe, expect, test } from 'vitest'
import { type Bytes, toHexUpper } from '../codec/bytes.js'
import { EMPTY_HASH, merkleRoot } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { resultsHashOf, type TxResultForHash } from './results-hash.js'

const registry = protoRegistry()

/**
 * The reference: each result's deterministic fields through protobufjs's reflection encoder, with
 * proto3 defaults left out as gogoproto does, then the RFC 6962 root.
 */
function reference(results: readonly TxResultForHash[]): string {
  const t = registry.type('tendermint.abci.ExecTxResult')
  const leaves = results.map((r) => {
    const fields: Record<string, unknown> = {}
    if (r.code !== 0) fields.code = r.code
    if (r.data.length > 0) fields.data = r.data
    if (BigInt(r.gasWanted) !== 0n) fields.gas_wanted = String(r.gasWanted)
    if (BigInt(r.gasUsed) !== 0n) fields.gas_used = String(r.gasUsed)
    return new Uint8Array(t.encode(fields).finish())
  })
  return toHexUpper(merkleRoot(leaves))
}

/** A small deterministic generator (xorshift), so a failure names its seed. */
function random(seed: number) {
  let x = seed >>> 0 || 1
  const next = () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
  const int = (n: number) => Math.floor(next() * n)
  const bytes = (n: number): Bytes => Uint8Array.from({ length: n }, () => int(256))
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  return { int, bytes, pick }
}

describe('last_results_hash', () => {
  test('no results: the empty tree root', () => {
    expect(resultsHashOf([])).toEqual(EMPTY_HASH)
  })

  test('a bank send result (code 0, TxMsgData, gas) hashes as the reflection encoder makes it', () => {
    const data = registry.encode('sdk.base.abci.v1beta1.TxMsgData', {
      msg_responses: [{ type_url: '/sdk.bank.v1beta1.MsgSendResponse', value: new Uint8Array() }],
    })
    const results = [{ code: 0, data, gasWanted: 100_000n, gasUsed: 67_890n }]
    expect(toHexUpper(resultsHashOf(results))).toBe(reference(results))
  })

  test('random results (codes, data of every size, gas from 0 to past 2^53 and negative) agree with the reflection encoder', () => {
    const gases = [0n, 1n, 127n, 128n, 100_000n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n - 1n, -1n]
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed)
      const results: TxResultForHash[] = Array.from({ length: 1 + r.int(9) }, () => ({
        code: r.pick([0, 1, 5, 11, 127, 128, 2 ** 31, 2 ** 32 - 1]),
        data: r.bytes(r.pick([0, 1, 40, 127, 128, 300, 5000])),
        gasWanted: r.pick([...gases, Number(r.int(1_000_000))]),
        gasUsed: r.pick(gases),
      }))
      expect(toHexUpper(resultsHashOf(results)), `seed ${seed}`).toBe(reference(results))
    }
  })
})
