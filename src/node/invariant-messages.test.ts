import { describe, expect, test } from 'vitest'
import { testExecHeader } from '../../test/helpers/exec-header.js'
import { utf8 } from '../codec/bytes.js'
import { HeightReader, HeightWriter } from './invariant-messages.js'

const header = testExecHeader

describe('invariant worker messages', () => {
  test('behavior: heights read back as written: changes (deletions, latin1 keys, empty values, values the node keeps), store changes, the header of a checked height; changes after the last height wait for the next buffer; a reset drops them', () => {
    // Values over 50,000 bytes are the node's to keep.
    const w = new HeightWriter((value) => value.length > 50_000)
    const key = '\u0000\u0000\u0000\u0003\u00ff\u0002addr\u00e9'
    w.changes(
      [
        { full: key, value: utf8('12') },
        { full: 'gone', value: undefined },
        { full: 'empty', value: new Uint8Array(0) },
      ],
      [{ name: 'bank', id: 3 }],
    )
    w.changes(
      [
        { full: 'more', value: new Uint8Array(70_000).fill(9) },
        { full: 'less', value: new Uint8Array(50_000).fill(8) },
      ],
      [{ name: 'old', id: null }],
    )
    w.height(7, 12, header(7))
    w.height(8, 12, undefined)
    w.changes([{ full: 'next', value: utf8('n') }], [])
    expect(w.holdsHeights).toBe(true)
    const r = new HeightReader()
    const first = [...r.heights(w.take())]
    expect(w.empty).toBe(true)
    expect(first).toEqual([
      {
        height: 7,
        changes: {
          writes: [
            [key, utf8('12')],
            ['gone', null],
            ['empty', new Uint8Array(0)],
            ['more', new Uint8Array(70_000).fill(9)],
            ['less', new Uint8Array(50_000).fill(8)],
          ],
          kept: ['more'],
          stores: [
            ['bank', 3],
            ['old', null],
          ],
          nextStoreId: 12,
        },
        header: (({ chainId, height, ...rest }) => rest)(header(7)),
      },
      {
        height: 8,
        changes: { writes: [], kept: [], stores: [], nextStoreId: 12 },
        header: undefined,
      },
    ])
    w.height(9, 13, undefined)
    expect([...r.heights(w.take())]).toEqual([
      {
        height: 9,
        changes: { writes: [['next', utf8('n')]], kept: [], stores: [], nextStoreId: 13 },
        header: undefined,
      },
    ])
    w.changes([{ full: 'dropped', value: utf8('d') }], [])
    expect([...r.heights(w.take())]).toEqual([])
    r.reset()
    w.height(10, 13, undefined)
    expect([...r.heights(w.take())]).toEqual([
      {
        height: 10,
        changes: { writes: [], kept: [], stores: [], nextStoreId: 13 },
        header: undefined,
      },
    ])
  })
})
