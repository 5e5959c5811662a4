import { describe, expect, test } from 'vitest'
import type { Misbehavior } from '../../app/types.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { handleEquivocation } from './evidence.js'
import { defaultSlashingGenesis, parseSlashingGenesis } from './genesis.js'
import { addPubkey } from './hooks.js'
import { DOUBLE_SIGN_JAIL_END_TIME } from './keys.js'
import { registerSlashingMsgs, unjail } from './msg-server.js'
import { maxMissedPerWindow, minSignedPerWindow, readSlashingParams } from './params.js'
import { dec, S, slashingSetup, testValidator } from './slashing.case.js'

const T0 = 1_700_000_000n * S
const GOV = addressToBech32(moduleAddress('gov'))
const ALICE = addressToBech32(new Uint8Array(20).fill(1))
const EVIDENCE_PARAMS = { maxAgeNumBlocks: 100_000n, maxAgeDuration: 172_800n * S }

async function bondedSetup(opts: { minSelf?: bigint; selfShares?: string } = {}) {
  const s = slashingSetup()
  const v = testValidator(1)
  s.staking.add(v, opts)
  const c = s.ctx(1, T0)
  await s.hooks.afterValidatorCreated!(c, v.operator)
  await s.hooks.afterValidatorBonded!(c, v.consAddr, v.operator)
  return { ...s, v }
}

function doubleSign(v: { consAddr: Uint8Array }, height: number, time: bigint): Misbehavior {
  return {
    type: 'duplicate_vote',
    address: v.consAddr,
    power: 100n,
    height,
    time,
    totalVotingPower: 100n,
  }
}

describe('double sign (upstream x/evidence HandleEquivocationEvidence)', () => {
  test('slashes 5% at the infraction height − 1, jails forever and tombstones; a second is ignored', async () => {
    const { keeper, staking, ctx, v, state, logs } = await bondedSetup()
    const c = ctx(10, T0 + 10n * S)
    await handleEquivocation(c, keeper, EVIDENCE_PARAMS, doubleSign(v, 8, T0 + 8n * S))
    expect(staking.slashes).toEqual([
      { consAddr: v.consAddr, infractionHeight: 7, power: 100n, fraction: dec('0.05') },
    ])
    expect(c.events.events().map((e) => [e.type, e.attributes.map((a) => a.key)])).toEqual([
      ['slash', ['address', 'power', 'reason', 'burned_coins']],
      ['slash', ['jailed']],
    ])
    expect(c.events.events()[0]!.attributes[2]!.value).toBe('double_sign')
    const info = (await keeper.signingInfo(state, v.consAddr))!
    expect(info.tombstoned).toBe(true)
    // 9999-12-31T23:59:59Z
    expect(info.jailedUntil).toBe(DOUBLE_SIGN_JAIL_END_TIME)
    expect(new Date(Number(DOUBLE_SIGN_JAIL_END_TIME / 1_000_000n)).toISOString()).toBe(
      '9999-12-31T23:59:59.000Z',
    )
    expect(logs.map((l) => [l.module, l.msg])).toContainEqual([
      'x/evidence',
      'confirmed equivocation',
    ])
    await handleEquivocation(ctx(11, T0), keeper, EVIDENCE_PARAMS, doubleSign(v, 9, T0))
    expect(staking.slashes).toHaveLength(1)
    expect(logs.at(-1)).toMatchObject({
      module: 'x/evidence',
      msg: 'ignored equivocation; validator already tombstoned',
      infraction_height: '9',
    })
  })

  test('evidence too old in both blocks and time is ignored; old in only one is handled', async () => {
    const { keeper, staking, ctx, v, logs } = await bondedSetup()
    const params = { maxAgeNumBlocks: 5n, maxAgeDuration: 60n * S }
    await handleEquivocation(ctx(20, T0 + 100n * S), keeper, params, doubleSign(v, 10, T0))
    expect(staking.slashes).toEqual([])
    expect(logs.at(-1)).toMatchObject({
      msg: 'ignored equivocation; evidence too old',
      max_age_num_blocks: '5',
      max_age_duration: '1m0s',
    })
    await handleEquivocation(ctx(20, T0 + 30n * S), keeper, params, doubleSign(v, 10, T0))
    expect(staking.slashes).toHaveLength(1)
  })

  test('a validator whose key slashing never stored is ignored', async () => {
    const s = slashingSetup()
    const v = testValidator(3)
    s.staking.add(v)
    await s.hooks.afterValidatorBonded!(s.ctx(1, T0), v.consAddr, v.operator)
    await handleEquivocation(s.ctx(5, T0), s.keeper, EVIDENCE_PARAMS, doubleSign(v, 4, T0))
    expect(s.staking.slashes).toEqual([])
    addPubkey(
      s.ctx(5, T0),
      s.keeper,
      (await s.staking.validator(null, v.operator))!.consensus_pubkey,
    )
    await handleEquivocation(s.ctx(5, T0), s.keeper, EVIDENCE_PARAMS, doubleSign(v, 4, T0))
    expect(s.staking.slashes).toHaveLength(1)
  })
})

describe('MsgUnjail (upstream Keeper.Unjail, checks in its order)', () => {
  test('not jailed → slashing 5', async () => {
    const { keeper, ctx, v } = await bondedSetup()
    await expect(unjail(ctx(5, T0), keeper, v.operator)).rejects.toMatchObject({
      codespace: 'slashing',
      code: 5,
      message: 'validator not jailed; cannot be unjailed',
    })
  })

  test('self-delegation below the minimum → slashing 7 before the jail check', async () => {
    const { keeper, ctx, v } = await bondedSetup({ minSelf: 200_000_000n })
    await expect(unjail(ctx(5, T0), keeper, v.operator)).rejects.toMatchObject({
      code: 7,
      message:
        "100000000 less than 200000000: validator's self delegation less than minimum; cannot be unjailed",
    })
  })

  test('before jailed_until → slashing 4; at jailed_until the validator is unjailed', async () => {
    const { keeper, staking, ctx, v, state } = await bondedSetup()
    staking.setJailed(v.consAddr, true)
    const info = (await keeper.signingInfo(state, v.consAddr))!
    keeper.setSigningInfo(state, v.consAddr, { ...info, jailedUntil: T0 + 600n * S })
    await expect(unjail(ctx(5, T0 + 599n * S), keeper, v.operator)).rejects.toMatchObject({
      code: 4,
      message: 'validator still jailed; cannot be unjailed',
    })
    await unjail(ctx(6, T0 + 600n * S), keeper, v.operator)
    expect((await staking.validator(null, v.operator))!.jailed).toBe(false)
  })

  test('tombstoned → slashing 4 forever', async () => {
    const { keeper, staking, ctx, v } = await bondedSetup()
    await handleEquivocation(ctx(3, T0), keeper, EVIDENCE_PARAMS, doubleSign(v, 2, T0))
    expect((await staking.validator(null, v.operator))!.jailed).toBe(true)
    await expect(
      unjail(ctx(4, DOUBLE_SIGN_JAIL_END_TIME + S), keeper, v.operator),
    ).rejects.toMatchObject({
      code: 4,
    })
  })

  test('no validator and no self-delegation are refused', async () => {
    const { keeper, ctx } = slashingSetup()
    await expect(unjail(ctx(5, T0), keeper, new Uint8Array(20).fill(9))).rejects.toThrow(
      /validator/,
    )
    const s = await bondedSetup()
    s.staking.delegations.clear()
    await expect(unjail(s.ctx(5, T0), s.keeper, s.v.operator)).rejects.toThrow(/delegation/)
  })
})

describe('params and genesis', () => {
  test('simd defaults: window 100, 50 signed needed, 50 misses allowed', () => {
    const { registry } = slashingSetup()
    const g = parseSlashingGenesis(registry, defaultSlashingGenesis())
    const p = readSlashingParams(g.params)
    expect(p).toEqual({
      signedBlocksWindow: 100n,
      minSignedPerWindow: dec('0.5'),
      downtimeJailDuration: 600n * S,
      slashFractionDoubleSign: dec('0.05'),
      slashFractionDowntime: dec('0.01'),
    })
    expect([minSignedPerWindow(p), maxMissedPerWindow(p)]).toEqual([50n, 50n])
  })

  test('genesis validation texts as upstream ValidateGenesis', () => {
    const { registry } = slashingSetup()
    const bad = (params: Record<string, string>) => () =>
      parseSlashingGenesis(registry, {
        ...defaultSlashingGenesis(),
        params: { ...defaultSlashingGenesis().params, ...params },
      })
    expect(bad({ signed_blocks_window: '9' })).toThrow(
      'app_state.slashing.params.signed_blocks_window: signed blocks window must be at least 10, is 9',
    )
    expect(bad({ downtime_jail_duration: '59s' })).toThrow(
      'downtime unjail duration must be at least 1 minute, is 59s',
    )
    expect(bad({ slash_fraction_downtime: '1.5' })).toThrow(
      'slashing fraction downtime should be less than or equal to one and greater than zero, is 1.500000000000000000',
    )
    expect(bad({ min_signed_per_window: '-0.1' })).toThrow(JsonMappingError)
  })
})

describe('Msg service', () => {
  async function handlers() {
    const s = await bondedSetup()
    const msgs = new Map<string, (msg: object, ctx: unknown) => Promise<object>>()
    registerSlashingMsgs(
      {
        registerMsg: (url: string, h: never) => msgs.set(url, h),
        registerQuery: () => {},
        registerMigration: () => {},
      } as never,
      s.keeper,
    )
    return { ...s, msgs }
  }

  test('MsgUnjail with an account address: sdk 7 validator input address', async () => {
    const { msgs, ctx } = await handlers()
    await expect(
      msgs.get('/sdk.slashing.v1beta1.MsgUnjail')!({ validator_addr: GOV }, ctx(5, T0)),
    ).rejects.toMatchObject({
      codespace: 'sdk',
      code: 7,
      message: expect.stringMatching(
        /^validator input address: hrp does not match bech32 prefix: expected 'sdkvaloper' got 'sdk'/,
      ),
    })
  })

  test('MsgUpdateParams: gov 13 for another authority; code 1 texts for bad params; stored when valid', async () => {
    const { msgs, ctx, keeper, registry, state } = await handlers()
    const update = msgs.get('/sdk.slashing.v1beta1.MsgUpdateParams')!
    const params = (p: Record<string, string>) =>
      messageFromJson(registry, registry.type('sdk.slashing.v1beta1.Params'), {
        ...defaultSlashingGenesis().params,
        ...p,
      })
    await expect(
      update({ authority: ALICE, params: params({}) }, ctx(5, T0)),
    ).rejects.toMatchObject({
      codespace: 'gov',
      code: 13,
      message: `invalid authority; expected ${GOV}, got ${ALICE}: expected gov account as only signer for proposal message`,
    })
    await expect(
      update({ authority: GOV, params: params({ signed_blocks_window: '0' }) }, ctx(5, T0)),
    ).rejects.toThrow('signed blocks window must be positive: 0')
    await expect(
      update({ authority: GOV, params: params({ downtime_jail_duration: '0s' }) }, ctx(5, T0)),
    ).rejects.toThrow('downtime jail duration must be positive: 0s')
    await expect(
      update({ authority: GOV, params: params({ slash_fraction_downtime: '1.01' }) }, ctx(5, T0)),
    ).rejects.toThrow('downtime slash fraction too large: 1.010000000000000000')
    await update({ authority: GOV, params: params({ signed_blocks_window: '200' }) }, ctx(5, T0))
    expect((await keeper.params(state)).signedBlocksWindow).toBe(200n)
  })
})
