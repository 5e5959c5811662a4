import { describe, expect, test } from 'vitest'
import type { Event } from '../block/events.js'
import { parseTxEventKey, txEventPrefix, txIndexOps } from './tx-index.js'

const ev = (type: string, attrs: [string, string, boolean?][]): Event => ({
  type,
  attributes: attrs.map(([key, value, index]) => ({ key, value, index: index ?? true })),
})

/** The index entries of `ops` as `composite key = value @ height/index` (what a search sees). */
function entries(ops: ReturnType<typeof txIndexOps>, compositeKeys: string[]): string[] {
  return ops.map((op) => {
    const ck = compositeKeys.find((k) => {
      const head = txEventPrefix(k)
      return (
        op.key.length > head.length && Buffer.from(op.key.subarray(0, head.length)).equals(head)
      )
    })
    if (!ck) return `? ${Buffer.from(op.key).toString('hex')}`
    const at = parseTxEventKey(op.key, ck)
    return `${ck}=${at.value} @ ${at.height}/${at.index}`
  })
}

describe('tx event index', () => {
  test('behavior: tx.height and every indexed attribute of each tx, once per text `type.key=value`', () => {
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
    const ops = txIndexOps(7, results, 'put')
    expect(ops.every((op) => op.type === 'put')).toBe(true)
    expect(
      entries(ops, [
        'tx.height',
        'message.sender',
        'message.module',
        'transfer.amount',
        'transfer.memo',
        'x.k=1',
        'x.k',
      ]),
    ).toEqual([
      'tx.height=00000000000000000007 @ 7/0',
      'message.sender=sdk1a @ 7/0',
      'message.module=bank @ 7/0',
      'transfer.amount=5stake @ 7/0',
      'transfer.memo=héllo ✓ @ 7/0',
      'tx.height=00000000000000000007 @ 7/1',
      'x.k=1=2 @ 7/1',
      'message.sender=sdk1a @ 7/1',
    ])
    expect(txIndexOps(7, results, 'del').map((op) => op.type)).toEqual(ops.map(() => 'del'))
  })
})
