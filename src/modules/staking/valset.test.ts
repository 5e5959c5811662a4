import { describe, expect, test } from 'vitest'
import { govChainPerTest, registry, S, valoper } from '../../../test/helpers/gov-chain.js'
import { toBase64 } from '../../codec/bytes.js'
import { AuthKeeper } from '../auth/keeper.js'
import { BankKeeper } from '../bank/keeper.js'
import { StakingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { createMsg, M, pool, run, start, UNBONDING_S, V9, validator } from './msgs.case.js'

/** The validator set EndBlock hands to consensus, and the status transitions it makes. */
const chains = govChainPerTest()

async function lastUpdates(c: Awaited<ReturnType<typeof start>>) {
  const k = new StakingKeeper({
    registry,
    bank: new BankKeeper({ registry, accounts: new AuthKeeper({ registry }) }),
  })
  const u = await k.c.validatorUpdates.get(c.view().store(MODULE_NAME))
  return (u?.updates ?? []).map((x) => [toBase64(x.pub_key!.ed25519!).slice(0, 4), String(x.power)])
}

describe('ApplyAndReturnValidatorSetUpdates and the validator queue', () => {
  test('behavior: with max_validators 1 a bigger new validator takes the seat; the old one unbonds (power 0 update) and is Unbonded after unbonding_time', async () => {
    const c = await start(chains, { max_validators: 1 })
    const key20 = toBase64(new Uint8Array(32).fill(20)).slice(0, 4)
    const key9 = toBase64(new Uint8Array(32).fill(9)).slice(0, 4)
    expect((await run(c, 'MsgCreateValidator', createMsg(20, 20n * M))).r.ok).toBe(true)
    // The new validator first (power order), then the removed one with power 0.
    expect(await lastUpdates(c)).toEqual([
      [key20, '20'],
      [key9, '0'],
    ])
    const unbondingAt = c.time + UNBONDING_S * S
    expect(await validator(c, V9)).toMatchObject({
      status: 'BOND_STATUS_UNBONDING',
      unbonding_height: String(c.height),
    })
    expect(await validator(c, valoper(20))).toMatchObject({ status: 'BOND_STATUS_BONDED' })
    expect(await pool(c)).toEqual({ not_bonded_tokens: '10000000', bonded_tokens: '20000000' })
    // A block without changes hands no updates.
    await c.block([])
    expect(await lastUpdates(c)).toEqual([])
    await c.block([], unbondingAt)
    expect(await validator(c, V9)).toMatchObject({ status: 'BOND_STATUS_UNBONDED' })
  })
})
