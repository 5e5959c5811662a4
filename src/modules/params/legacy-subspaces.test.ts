import { afterEach, describe, expect, test } from 'vitest'
import { account, GovChain, genesisState } from '../../../test/helpers/gov-chain.js'

let chain: GovChain | undefined
afterEach(async () => {
  await chain?.destroy()
  chain = undefined
})

const param = async (subspace: string, key: string) =>
  (await chain!.query('sdk.params.v1beta1.Query/Params', { subspace, key })).param

describe('legacy x/params subspaces', () => {
  test('staking and crisis keys read the modules params as upstream legacy amino JSON', async () => {
    chain = await GovChain.create(genesisState({ balances: { [account(1)]: 1n } }))
    await chain.block()
    const staking = {
      UnbondingTime: '"1814400000000000"',
      MaxValidators: '100',
      MaxEntries: '7',
      HistoricalEntries: '10000',
      BondDenom: '"stake"',
      MinCommissionRate: '"0.000000000000000000"',
    }
    for (const [key, value] of Object.entries(staking)) {
      expect(await param('staking', key)).toEqual({ subspace: 'staking', key, value })
    }
    expect(await param('crisis', 'ConstantFee')).toEqual({
      subspace: 'crisis',
      key: 'ConstantFee',
      value: '{"denom":"stake","amount":"1000"}',
    })
    // A key the set does not know reads as empty, as upstream's GetRaw of a missing key.
    expect(await param('staking', 'Nope')).toEqual({ subspace: 'staking', key: 'Nope', value: '' })
  })
})

describe('Subspaces', () => {
  test('lists every registered subspace by name with the keys it holds values for, in byte order', async () => {
    chain = await GovChain.create(genesisState({ balances: { [account(1)]: 1n } }))
    await chain.block()
    const r = (await chain.query('sdk.params.v1beta1.Query/Subspaces', {})) as {
      subspaces: { subspace: string; keys: string[] }[]
    }
    // v1 keeps the consensus params in the baseapp subspace (stored); staking's and crisis's keys
    // read their modules' params.
    expect(r.subspaces).toEqual([
      { subspace: 'auth', keys: [] },
      { subspace: 'bank', keys: [] },
      { subspace: 'baseapp', keys: ['BlockParams', 'EvidenceParams', 'ValidatorParams'] },
      { subspace: 'crisis', keys: ['ConstantFee'] },
      { subspace: 'gov', keys: [] },
      {
        subspace: 'staking',
        keys: [
          'BondDenom',
          'HistoricalEntries',
          'MaxEntries',
          'MaxValidators',
          'MinCommissionRate',
          'UnbondingTime',
        ],
      },
    ])
    // Every key listed reads a value through Params.
    for (const { subspace, keys } of r.subspaces) {
      for (const key of keys) expect(((await param(subspace, key)) as any).value).not.toBe('')
    }
  })
})
