import { describe, expect, test } from 'vitest'
import type { Misbehavior } from '../../app/types.js'
import { toHex } from '../../codec/bytes.js'
import { S, slashingSetup, testValidator } from '../slashing/slashing.case.js'
import { EvidenceKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

const T0 = 1_700_000_000n * S
const PARAMS = { maxAgeNumBlocks: 100_000n, maxAgeDuration: 172_800n * S }

describe('x/evidence BeginBlocker', () => {
  test('a handled double sign is stored under sha256 of its Equivocation; an ignored one is not', async () => {
    const s = slashingSetup()
    const v = testValidator(1)
    s.staking.add(v)
    await s.hooks.afterValidatorCreated!(s.ctx(1, T0), v.operator)
    await s.hooks.afterValidatorBonded!(s.ctx(1, T0), v.consAddr, v.operator)
    const evidence = new EvidenceKeeper({
      registry: s.registry,
      slashing: s.keeper,
      evidenceParams: async () => PARAMS,
    })
    const m: Misbehavior = {
      type: 'duplicate_vote',
      address: v.consAddr,
      power: 100n,
      height: 4,
      time: T0 + 4n * S,
      totalVotingPower: 100n,
    }
    await evidence.beginBlock(s.ctx(6, T0 + 6n * S, [], [m]))
    // Again: the validator is tombstoned now, so the evidence is ignored and nothing new is stored.
    await evidence.beginBlock(s.ctx(7, T0 + 7n * S, [], [{ ...m, height: 5 }]))
    const stored: [string, string][] = []
    for await (const [k, v] of evidence.c.evidence.iterate(s.state.store(MODULE_NAME)))
      stored.push([toHex(k), v.type_url])
    const { bytes, hash } = evidence.equivocation(m)
    expect(stored).toEqual([[toHex(hash), '/sdk.evidence.v1beta1.Equivocation']])
    // The Equivocation's fields in upstream's numbering: height 1, time 2, power 3, address 4.
    expect(toHex(bytes.subarray(0, 2))).toBe('0804')
    expect(bytes[2]).toBe(0x12)
    expect(s.staking.slashes).toHaveLength(1)
  })
})
