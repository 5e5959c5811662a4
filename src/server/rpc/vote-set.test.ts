import { describe, expect, test } from 'vitest'
import type { Commit } from '../../block/block.js'
import { emptyRoundVotes, goFixed2, lastCommitJson, voteSetBitArray } from './vote-set.js'

/** A validator whose address is 20 bytes of `fill`. */
const validator = (fill: number, power: bigint) => ({
  address: new Uint8Array(20).fill(fill),
  pubKey: new Uint8Array(32),
  power,
})

describe('vote sets as CometBFT prints them', () => {
  test.each([
    [0, '0.00'],
    [1, '1.00'],
    [2 / 3, '0.67'],
    [0.7, '0.70'],
    // Exact ties round to even, as Go's strconv (toFixed would round them up).
    [0.125, '0.12'],
    [0.375, '0.38'],
    [0.625, '0.62'],
    [0.875, '0.88'],
    // Not a tie: the double is a little above 0.005.
    [0.005, '0.01'],
    [Number.NaN, 'NaN'],
  ])('behavior: %%.2f of %d is %s', (x, text) => {
    expect(goFixed2(x)).toBe(text)
  })

  test('behavior: the bit array over the whole set and the power voted over its total', () => {
    expect(voteSetBitArray([true, false, false, false], [70n, 10n, 10n, 10n])).toBe(
      'BA{4:x___} 70/100 = 0.70',
    )
    expect(voteSetBitArray([true, false], [10n, 6n])).toBe('BA{2:x_} 10/16 = 0.62')
    // Over 100 bits BitArray.String() breaks lines with its indent, which the RPC leaves empty.
    const bits = Array.from({ length: 120 }, (_, i) => i % 2 === 0)
    expect(voteSetBitArray(bits, Array(120).fill(1n))).toBe(
      `BA{120:${'x_'.repeat(60)}} 60/120 = 0.50`,
    )
  })

  test('behavior: round 0 of a height nobody voted in: a nil-Vote per validator', () => {
    expect(emptyRoundVotes([validator(1, 70n), validator(2, 10n), validator(3, 20n)])).toEqual([
      {
        round: 0,
        prevotes: ['nil-Vote', 'nil-Vote', 'nil-Vote'],
        prevotes_bit_array: 'BA{3:___} 0/100 = 0.00',
        precommits: ['nil-Vote', 'nil-Vote', 'nil-Vote'],
        precommits_bit_array: 'BA{3:___} 0/100 = 0.00',
      },
    ])
  })

  test('behavior: the last commit: Vote.String() of each precommit (nil: an empty block hash), nil-Vote for an absent one', () => {
    const time = 1_767_225_600_123_456_789n
    const commit: Commit = {
      height: 7,
      round: 0,
      blockId: {
        hash: new Uint8Array(32).fill(0xab),
        parts: { total: 1, hash: new Uint8Array(32) },
      },
      signatures: [
        {
          blockIdFlag: 2,
          validatorAddress: new Uint8Array(20).fill(1),
          timestamp: time,
          signature: new Uint8Array(64).fill(0xcd),
        },
        {
          blockIdFlag: 1,
          validatorAddress: new Uint8Array(),
          timestamp: 0n,
          signature: new Uint8Array(),
        },
        {
          blockIdFlag: 3,
          validatorAddress: new Uint8Array(20).fill(3),
          timestamp: time,
          signature: new Uint8Array(64).fill(0xef),
        },
      ],
    }
    expect(
      lastCommitJson(commit, [validator(1, 70n), validator(2, 10n), validator(3, 20n)]),
    ).toEqual({
      votes: [
        'Vote{0:010101010101 7/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) ABABABABABAB CDCDCDCDCDCD 000000000000 @ 2026-01-01T00:00:00.123456789Z}',
        'nil-Vote',
        'Vote{2:030303030303 7/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) 000000000000 EFEFEFEFEFEF 000000000000 @ 2026-01-01T00:00:00.123456789Z}',
      ],
      votes_bit_array: 'BA{3:x_x} 90/100 = 0.90',
      peer_maj_23s: {},
    })
  })
})
