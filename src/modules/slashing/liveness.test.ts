import { describe, expect, test } from 'vitest'
import { BlockIdFlag, type VoteInfo } from '../../app/types.js'
import { toHex } from '../../codec/bytes.js'
import { bitmapPosition, chunkBit, emptyChunk, withChunkBit } from './bitmap.js'
import { handleValidatorSignature, slashingBeginBlocker } from './infractions.js'
import { MODULE_NAME } from './keys.js'
import { dec, S, slashingSetup, type TestValidator, testValidator } from './slashing.case.js'

const T0 = 1_700_000_000n * S
const POWER = 100n

function vote(v: TestValidator, signed: boolean): VoteInfo {
  return {
    address: v.consAddr,
    power: POWER,
    blockIdFlag: signed ? BlockIdFlag.COMMIT : BlockIdFlag.ABSENT,
  }
}

describe('missed-blocks bitmap chunks (upstream v0.50, bits-and-blocks/bitset MarshalBinary)', () => {
  test('a chunk is the bit length (1024, big-endian uint64) then 16 big-endian words', () => {
    const empty = emptyChunk()
    expect(empty.length).toBe(136)
    expect(toHex(empty.subarray(0, 8))).toBe('0000000000000400')
    // Bit 0 is the least significant bit of word 0, the last byte of that word.
    expect(toHex(withChunkBit(undefined, 0, true).subarray(8, 16))).toBe('0000000000000001')
    expect(toHex(withChunkBit(undefined, 63, true).subarray(8, 16))).toBe('8000000000000000')
    expect(toHex(withChunkBit(undefined, 64, true).subarray(16, 24))).toBe('0000000000000001')
    expect(toHex(withChunkBit(undefined, 1023, true).subarray(128, 136))).toBe('8000000000000000')
    const set = withChunkBit(undefined, 700, true)
    expect(chunkBit(set, 700)).toBe(true)
    expect(chunkBit(withChunkBit(set, 700, false), 700)).toBe(false)
  })

  test('index 1025 is bit 1 of chunk 1, keyed 0x02 ‖ len ‖ cons address ‖ chunk little endian', async () => {
    expect(bitmapPosition(1025n)).toEqual([1n, 1])
    const { keeper, state } = slashingSetup()
    const v = testValidator(1)
    await keeper.setMissedBlockBit(state, v.consAddr, 1025n, true)
    const keys: string[] = []
    for await (const [k] of state.store(MODULE_NAME).iterate()) keys.push(toHex(k))
    expect(keys).toEqual([`0214${toHex(v.consAddr)}0100000000000000`])
    expect(await keeper.missedBlocks(state, v.consAddr)).toEqual([1025n])
  })
})

describe('liveness (upstream HandleValidatorSignature)', () => {
  async function bonded() {
    const s = slashingSetup()
    const v = testValidator(1)
    s.staking.add(v)
    // The validator bonds at height 1: its window starts there.
    await s.hooks.afterValidatorBonded!(s.ctx(1, T0), v.consAddr, v.operator)
    return { ...s, v }
  }

  test('each absent vote counts and emits `liveness`; a signed vote at a missed index uncounts', async () => {
    const { keeper, ctx, v } = await bonded()
    const c = ctx(2, T0, [vote(v, false)])
    await handleValidatorSignature(c, keeper, c.comet.lastCommit.votes[0]!)
    expect(c.events.events()).toEqual([
      {
        type: 'liveness',
        attributes: [
          { key: 'address', value: expect.stringMatching(/^sdkvalcons1/), index: true },
          { key: 'missed_blocks', value: '1', index: true },
          { key: 'height', value: '2', index: true },
        ],
      },
    ])
    let info = (await keeper.signingInfo(c.state, v.consAddr))!
    expect([info.indexOffset, info.missedBlocksCounter]).toEqual([1n, 1n])
    // A nil vote counts as signed; 99 more blocks bring the window back to index 0.
    for (let h = 3; h <= 101; h++) {
      const flag = h === 3 ? BlockIdFlag.NIL : BlockIdFlag.COMMIT
      await handleValidatorSignature(ctx(h, T0), keeper, {
        address: v.consAddr,
        power: POWER,
        blockIdFlag: flag,
      })
    }
    info = (await keeper.signingInfo(c.state, v.consAddr))!
    expect([info.indexOffset, info.missedBlocksCounter]).toEqual([100n, 1n])
    // Index 0 again, signed this time: the old miss leaves the window.
    await handleValidatorSignature(ctx(102, T0), keeper, vote(v, true))
    info = (await keeper.signingInfo(c.state, v.consAddr))!
    expect([info.indexOffset, info.missedBlocksCounter]).toEqual([101n, 0n])
    expect(await keeper.missedBlocks(c.state, v.consAddr)).toEqual([])
  })

  test('51 misses of 100 after start_height + window jail and slash 1% at H-2; 50 do not', async () => {
    const { keeper, staking, ctx, v } = await bonded()
    // 50 absent then signed blocks: at the limit (maxMissed = 100 - 50 = 50), never over it.
    let h = 2
    for (; h < 2 + 50; h++) await handleValidatorSignature(ctx(h, T0), keeper, vote(v, false))
    for (; h <= 120; h++) await handleValidatorSignature(ctx(h, T0), keeper, vote(v, true))
    expect(staking.slashes).toEqual([])
    // Heights 102…120 signed indexes 0…18 again: 31 misses remain (indexes 19…49). Missing from
    // h=121 repeats indexes 19…49 (no change) until h=152 reaches index 50.
    let jailedAt = 0
    for (; h < 400 && !jailedAt; h++) {
      const c = ctx(h, T0 + BigInt(h) * S, [vote(v, false)])
      await handleValidatorSignature(c, keeper, c.comet.lastCommit.votes[0]!)
      if (staking.slashes.length > 0) {
        jailedAt = h
        const slash = c.events.events().find((e) => e.type === 'slash')!
        expect(slash.attributes.map((a) => [a.key, a.value])).toEqual([
          ['address', expect.stringMatching(/^sdkvalcons1/)],
          ['power', '100'],
          ['reason', 'missing_signature'],
          ['jailed', slash.attributes[0]!.value],
          ['burned_coins', '10000'],
        ])
        const info = (await keeper.signingInfo(c.state, v.consAddr))!
        expect(info.missedBlocksCounter).toBe(0n)
        expect(info.indexOffset).toBe(0n)
        expect(info.jailedUntil).toBe(T0 + BigInt(h) * S + 600n * S)
        expect(await keeper.missedBlocks(c.state, v.consAddr)).toEqual([])
      }
    }
    expect(staking.slashes).toEqual([
      {
        consAddr: v.consAddr,
        infractionHeight: jailedAt - 2,
        power: POWER,
        fraction: dec('0.01'),
      },
    ])
    expect((await staking.validatorByConsAddr(null, v.consAddr))!.jailed).toBe(true)
    // The 51st miss in the window: index 69, at h = 152 + 19.
    expect(jailedAt).toBe(171)
  })

  test('no jail before start_height + window even with every block missed', async () => {
    const { keeper, staking, ctx, v } = await bonded()
    for (let h = 2; h <= 101; h++)
      await handleValidatorSignature(ctx(h, T0), keeper, vote(v, false))
    expect(staking.slashes).toEqual([])
    await handleValidatorSignature(ctx(102, T0), keeper, vote(v, false))
    expect(staking.slashes.map((s) => s.infractionHeight)).toEqual([100])
  })

  test("a jailed validator's votes are skipped: its window does not move", async () => {
    const { keeper, staking, ctx, v, state } = await bonded()
    staking.setJailed(v.consAddr, true)
    await handleValidatorSignature(ctx(2, T0), keeper, vote(v, false))
    const info = (await keeper.signingInfo(state, v.consAddr))!
    expect([info.indexOffset, info.missedBlocksCounter]).toEqual([0n, 0n])
  })

  test('a vote of a validator without signing info is an error', async () => {
    const { keeper, staking, ctx } = slashingSetup()
    const v = testValidator(2)
    staking.add(v)
    await expect(handleValidatorSignature(ctx(2, T0), keeper, vote(v, true))).rejects.toThrow(
      /no validator signing info found/,
    )
  })

  test('BeginBlock handles every vote of the last commit: only the absent one counts a miss', async () => {
    const { keeper, staking, hooks, ctx, state } = slashingSetup()
    const [a, b] = [testValidator(1), testValidator(2)]
    for (const v of [a, b]) {
      staking.add(v)
      await hooks.afterValidatorBonded!(ctx(1, T0), v.consAddr, v.operator)
    }
    const c = ctx(2, T0, [vote(a, true), vote(b, false)])
    await slashingBeginBlocker(c, keeper)
    const [ia, ib] = [
      (await keeper.signingInfo(state, a.consAddr))!,
      (await keeper.signingInfo(state, b.consAddr))!,
    ]
    expect([ia.indexOffset, ia.missedBlocksCounter]).toEqual([1n, 0n])
    expect([ib.indexOffset, ib.missedBlocksCounter]).toEqual([1n, 1n])
    expect(c.events.events().map((e) => e.type)).toEqual(['liveness'])
  })
})
