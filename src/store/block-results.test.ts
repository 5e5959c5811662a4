import { describe, expect, test } from 'vitest'
import { seededRandom } from '../../test/helpers/seeded-random.js'
import type { Event } from '../block/events.js'
import { resultsHashOf } from '../block/results-hash.js'
import { toHex } from '../codec/bytes.js'
import { protoRegistry } from '../codec/proto.js'
import { type BatchOp, collectOps, type OpSink, runSteps } from './backend.js'
import { resultFromProto, type TxResult, txResultToProto } from './block-record.js'
import { BlockResults } from './block-results.js'
import { txIndexOps } from './tx-index.js'
import { txIndexSteps } from './tx-index-encoded.js'

const registry = protoRegistry()

/** Every index entry of a block's encoded results, its steps run at once. */
function txIndexOpsOfEncoded(
  height: number,
  results: BlockResults,
  type: 'put' | 'del',
  into: OpSink,
): void {
  runSteps(txIndexSteps(height, results, type, into))
}

/** Random results with the strings the index and the encoder treat apart. */
function randomResults(seed: number, n: number, loneSurrogates = true): TxResult[] {
  const next = seededRandom(seed)
  const int = (k: number) => Math.floor(next() * k)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  const texts = [
    '',
    'sender',
    'amount',
    'a=b',
    'b',
    'x'.repeat(45),
    'é'.repeat(70),
    'y'.repeat(130),
    '日本',
    'sdk1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
    // Encoded, but refused by the decoder (as a stored record with one is).
    ...(loneSurrogates ? ['\uD800', `${'z'.repeat(50)}\uDC00`] : []),
  ]
  const types = ['', 'message', 'transfer', 'tx', 'a', 'a.b', 'coin_spent']
  const out: TxResult[] = []
  for (let i = 0; i < n; i++) {
    const events: Event[] = []
    for (let e = int(6); e > 0; e--) {
      const attributes = []
      for (let a = int(5); a > 0; a--) {
        attributes.push({ key: pick(texts), value: pick(texts), index: next() < 0.8 })
      }
      events.push({ type: pick(types), attributes })
    }
    // A repeated attribute is indexed once.
    if (events[0]?.attributes[0])
      events.push({ ...events[0], attributes: [events[0].attributes[0]] })
    out.push({
      code: pick([0, 0, 0, 5, 300]),
      data: Uint8Array.from({ length: int(3) * 40 }, () => int(256)),
      log: pick(texts),
      info: pick(texts),
      gasWanted: BigInt(int(1_000_000)),
      gasUsed: pick([0n, BigInt(int(1_000_000)), 2n ** 60n]),
      events,
      codespace: pick(['', 'sdk', 'bank']),
    })
  }
  return out
}

/** The distinct keys of a list of ops, in order: the index the writes leave behind. */
function keysOf(ops: readonly BatchOp[]): string[] {
  return [
    ...new Set(
      ops.map(
        (op) => `${op.type}:${toHex(op.key)}${op.type === 'put' ? `=${toHex(op.value)}` : ''}`,
      ),
    ),
  ]
}

describe('block results in compact form', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const results = randomResults(seed, 60)
    const compact = BlockResults.of(results)

    test(`seed ${seed}: the record's tx_results entries as the reflection encoder writes them`, () => {
      const record = registry.type('sdk.store.v1.BlockRecord')
      const reference = record.encode({ tx_results: results.map(txResultToProto) }).finish()
      expect(toHex(compact.framed)).toBe(toHex(reference))
    })

    test(`seed ${seed}: codes, last_results_hash and decoded results`, () => {
      const results = randomResults(seed, 60, false)
      const compact = BlockResults.of(results)
      expect(compact.length).toBe(results.length)
      expect(results.map((_, i) => compact.code(i))).toEqual(results.map((r) => r.code))
      expect(toHex(compact.hash())).toBe(toHex(resultsHashOf(results)))
      const exec = registry.type('tendermint.abci.ExecTxResult')
      const expected = results.map((r) =>
        resultFromProto(registry.decode(exec, exec.encode(txResultToProto(r)).finish())),
      )
      expect(compact.all()).toEqual(expected)
    })

    test(`seed ${seed}: the tx index's keys as made from the result objects`, () => {
      for (const type of ['put', 'del'] as const) {
        const fromObjects = txIndexOps(77, results, type)
        const fromBytes = collectOps((sink) => txIndexOpsOfEncoded(77, compact, type, sink))
        expect(keysOf(fromBytes)).toEqual(keysOf(fromObjects))
      }
    })
  }

  test('an attribute with the `type.key=value` of another is indexed once, as from the objects', () => {
    const attribute = (key: string, value: string) => ({ key, value, index: true })
    const results = randomResults(9, 1, false)
    results[0]!.data = new Uint8Array(0)
    results[0]!.events = [
      {
        type: 't',
        attributes: [attribute('k=v', 'w'), attribute('k', 'v=w'), attribute('k', 'v')],
      },
    ]
    const fromBytes = collectOps((sink) =>
      txIndexOpsOfEncoded(3, BlockResults.of(results), 'put', sink),
    )
    expect(keysOf(fromBytes)).toEqual(keysOf(txIndexOps(3, results, 'put')))
    // tx.height, t.k=v=w (once), t.k=v.
    expect(fromBytes).toHaveLength(3)
  })

  test("two blocks' index steps taking turns make each block's keys, as made alone", () => {
    const a = BlockResults.of(randomResults(11, 40, false))
    const b = BlockResults.of(randomResults(12, 40, false))
    const alone = [
      collectOps((sink) => txIndexOpsOfEncoded(8, a, 'put', sink)),
      collectOps((sink) => txIndexOpsOfEncoded(9, b, 'put', sink)),
    ]
    const taking: BatchOp[][] = [[], []]
    const sinkOf = (out: BatchOp[]) => ({
      put: (key: Uint8Array, value: Uint8Array) => out.push({ type: 'put', key, value }),
      del: (key: Uint8Array) => out.push({ type: 'del', key }),
    })
    const steps = [
      txIndexSteps(8, a, 'put', sinkOf(taking[0]!)),
      txIndexSteps(9, b, 'put', sinkOf(taking[1]!)),
    ]
    let stepsTaken = 0
    for (let done = [false, false]; !done[0] || !done[1]; ) {
      for (const k of [0, 1]) {
        if (done[k]) continue
        done[k] = steps[k]!.next().done === true
        if (!done[k]) stepsTaken++
      }
    }
    // One step per tx of each block, then one per 256 entries written.
    expect(stepsTaken).toBe(
      80 + Math.floor(alone[0]!.length / 256) + Math.floor(alone[1]!.length / 256),
    )
    expect(keysOf(taking[0]!)).toEqual(keysOf(alone[0]!))
    expect(keysOf(taking[1]!)).toEqual(keysOf(alone[1]!))
    expect(alone[0]!.length).toBeGreaterThan(40)
  })

  test('an empty block', () => {
    const compact = BlockResults.of([])
    expect(compact.length).toBe(0)
    expect(toHex(compact.hash())).toBe(toHex(resultsHashOf([])))
    expect(collectOps((sink) => txIndexOpsOfEncoded(5, compact, 'put', sink))).toEqual([])
  })
})
