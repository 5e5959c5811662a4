import { afterAll, describe, expect, test } from 'vitest'
import { useBrand } from '../../codec/brand.js'
import { protoRegistry } from '../../codec/proto.js'
import { proposalNotFound } from './errors.js'

afterAll(() => {
  useBrand('sdk')
})

describe('proposalNotFound', () => {
  test.each([
    ['sdk', 'sdk.gov.v1.Proposal'],
    ['cosmos', 'cosmos.gov.v1.Proposal'],
  ] as const)('behavior: in brand %s the store miss names %s, as a plain error', (name, type) => {
    useBrand(name)
    expect(proposalNotFound(protoRegistry(), 99n).abci()).toEqual({
      code: 1,
      codespace: 'undefined',
      log: `collections: not found: key '99' of type github.com/cosmos/gogoproto/${type}`,
    })
  })
})
