import { describe, expect, test } from 'vitest'
import type { Event } from '../block/events.js'
import { type Bytes, toHex } from '../codec/bytes.js'
import { FAMILY_TX_EVENT } from './keys.js'
import {
  legacyTxIndexOps,
  parseLegacyTxEventKey,
  parseTxPosting,
  txEventPrefix,
  txIndexOps,
} from './tx-index.js'

const ev = (type: string, attrs: [string, string, boolean?][]): Event => ({
  type,
  attributes: attrs.map(([key, value, index]) => ({ key, value, index: index ?? true })),
})

const COMPOSITE_KEYS = [
  'tx.height',
  'message.sender',
  'message.module',
  'transfer.amount',
  'transfer.memo',
  'x.k=1',
  'x.k',
]

/** The composite key whose entries `key` belongs to, in `family`. */
function compositeKeyOf(key: Bytes, family?: number): string | undefined {
  return COMPOSITE_KEYS.find((k) => {
    const head = txEventPrefix(k, undefined, family)
    return key.length > head.length && Buffer.from(key.subarray(0, head.length)).equals(head)
  })
}

/** The index entries of `ops` as `composite key = value @ height/index` (what a search sees). */
function entries(ops: ReturnType<typeof txIndexOps>): string[] {
  return ops.flatMap((op) => {
    const ck = compositeKeyOf(op.key)
    if (!ck || op.type !== 'put') return [`? ${toHex(op.key)}`]
    return parseTxPosting(op.key, op.value, ck).map(
      (at) => `${ck}=${at.value} @ ${at.height}/${at.index}`,
    )
  })
}

const results = [
  {
    events: [
      ev('message', [
        ['sender', 'sdk1a'],
        ['module', 'bank'],
      ]),
      ev('message', [['sender', 'sdk1a']]),
      ev('transfer', [
        ['amount', '5stake'],
        ['memo', 'héllo ✓'],
        ['hidden', 'x', false],
      ]),
      ev('', [['ignored', 'y']]),
    ],
  },
  // `x.k=1` = `2` and `x.k` = `1=2` are the same text: indexed once (the first)
  {
    events: [
      ev('x', [['k=1', '2']]),
      ev('x', [['k', '1=2']]),
      ev('message', [['sender', 'sdk1a']]),
    ],
  },
]

describe('tx event index', () => {
  test('behavior: tx.height and every indexed attribute of each tx, once per text `type.key=value`, one key per attribute and value of the block', () => {
    const ops = txIndexOps(7, results, 'put')
    expect(ops.every((op) => op.type === 'put')).toBe(true)
    // The two txs share tx.height and message.sender: 6 keys for 8 entries.
    expect(ops).toHaveLength(6)
    expect(entries(ops)).toEqual([
      'tx.height=00000000000000000007 @ 7/0',
      'tx.height=00000000000000000007 @ 7/1',
      'message.sender=sdk1a @ 7/0',
      'message.sender=sdk1a @ 7/1',
      'message.module=bank @ 7/0',
      'transfer.amount=5stake @ 7/0',
      'transfer.memo=héllo ✓ @ 7/0',
      'x.k=1=2 @ 7/1',
    ])
    const dels = txIndexOps(7, results, 'del')
    expect(dels.map((op) => `${op.type}:${toHex(op.key)}`)).toEqual(
      ops.map((op) => `del:${toHex(op.key)}`),
    )
  })

  test('behavior: an entry lists the indexes of its txs in order, however far apart', () => {
    const indexes = [0, 1, 2, 127, 128, 300, 16_384, 16_385, 40_000]
    const many = Array.from({ length: 40_001 }, () => ({ events: [] as Event[] }))
    for (const i of indexes) many[i] = { events: [ev('message', [['sender', 'sdk1b']])] }
    const ops = txIndexOps(2 ** 40 + 3, many, 'put')
    const sender = ops.find((op) => compositeKeyOf(op.key) === 'message.sender')!
    expect(sender.type).toBe('put')
    const found = parseTxPosting(sender.key, (sender as { value: Bytes }).value, 'message.sender')
    expect(found.map((t) => t.index)).toEqual(indexes)
    expect(found.every((t) => t.height === 2 ** 40 + 3 && t.value === 'sdk1b')).toBe(true)
    // The first index itself, then each step less one, as uvarints.
    expect(toHex((sender as { value: Bytes }).value)).toBe('0000007c00ab01d37d00beb801')
  })

  test('behavior: the layout of older homes, one key per attribute and tx, for deleting their blocks', () => {
    const ops = legacyTxIndexOps(7, results, 'put')
    const seen = ops.map((op) => {
      const ck = COMPOSITE_KEYS.find((k) => {
        const head = txEventPrefix(k, undefined, FAMILY_TX_EVENT)
        return (
          op.key.length > head.length && Buffer.from(op.key.subarray(0, head.length)).equals(head)
        )
      })
      if (!ck) return `? ${toHex(op.key)}`
      const at = parseLegacyTxEventKey(op.key, ck)
      return `${ck}=${at.value} @ ${at.height}/${at.index}`
    })
    expect(seen).toEqual([
      'tx.height=00000000000000000007 @ 7/0',
      'message.sender=sdk1a @ 7/0',
      'message.module=bank @ 7/0',
      'transfer.amount=5stake @ 7/0',
      'transfer.memo=héllo ✓ @ 7/0',
      'tx.height=00000000000000000007 @ 7/1',
      'x.k=1=2 @ 7/1',
      'message.sender=sdk1a @ 7/1',
    ])
    expect(legacyTxIndexOps(7, results, 'del').map((op) => op.type)).toEqual(ops.map(() => 'del'))
  })
})
