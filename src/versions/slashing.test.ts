import { describe, expect, test } from 'vitest'
import { account, genesisState, govChainPerTest, registry } from '../../test/helpers/gov-chain.js'
import { createV1 } from './v1.js'

/** x/slashing and x/evidence in the v1 and v2 app versions: module lists, orders, genesis, queries. */
const chains = govChainPerTest()

describe('x/slashing wired into v1', () => {
  test('slashing is a module at consensus version 4, its genesis after staking, its BeginBlocker listed', () => {
    const v1 = createV1({ registry })
    expect(v1.modules.find((m) => m.name === 'slashing')?.consensusVersion).toBe(4)
    const order = v1.order.initGenesis
    expect(order.indexOf('slashing')).toBe(order.indexOf('staking') + 1)
    expect(v1.modules.find((m) => m.name === 'evidence')?.consensusVersion).toBe(1)
    // simd's BeginBlock order: mint's provision first, distribution's allocation, slashing's
    // liveness, then evidence's double signs, then staking's.
    expect(v1.order.beginBlockers).toEqual([
      'mint',
      'distribution',
      'slashing',
      'evidence',
      'staking',
    ])
  })

  test('a bonded genesis validator gets signing info from height 0; params are simd defaults', async () => {
    const c = await chains.create(
      genesisState({
        balances: { [account(1)]: 1n },
        validators: [{ op: 11, tokens: 1_000_000n, delegations: { 11: 1_000_000n } }],
      }),
    )
    await c.block()
    expect(await c.query('sdk.slashing.v1beta1.Query/Params')).toEqual({
      params: {
        signed_blocks_window: '100',
        min_signed_per_window: '0.500000000000000000',
        downtime_jail_duration: '600s',
        slash_fraction_double_sign: '0.050000000000000000',
        slash_fraction_downtime: '0.010000000000000000',
      },
    })
    const infos = await c.query('sdk.slashing.v1beta1.Query/SigningInfos')
    expect(infos.info).toEqual([
      {
        address: expect.stringMatching(/^sdkvalcons1/),
        start_height: '0',
        index_offset: '0',
        jailed_until: '1970-01-01T00:00:00Z',
        tombstoned: false,
        missed_blocks_counter: '0',
      },
    ])
    const address = (infos.info as { address: string }[])[0]!.address
    expect(
      await c.query('sdk.slashing.v1beta1.Query/SigningInfo', { cons_address: address }),
    ).toEqual({ val_signing_info: (infos.info as unknown[])[0] })
    await expect(
      c.query('sdk.slashing.v1beta1.Query/SigningInfo', { cons_address: '' }),
    ).rejects.toThrow('invalid request')
    expect(await c.query('sdk.evidence.v1beta1.Query/AllEvidence')).toEqual({
      evidence: [],
      pagination: { next_key: null, total: '0' },
    })
    await expect(c.query('sdk.evidence.v1beta1.Query/Evidence', { hash: 'AB' })).rejects.toThrow(
      'evidence AB not found',
    )
  })
})
