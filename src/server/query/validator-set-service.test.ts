import { describe, expect, test } from 'vitest'
import type { ConsensusValidator, QueryContext, QueryNode } from '../../app/types.js'
import { messageToJson } from '../../codec/json-writer.js'
import { type ProtoMessage, protoRegistry } from '../../codec/proto.js'
import type { ChainError } from '../../errors.js'
import { validatorSetHandlers } from './validator-set-service.js'

const registry = protoRegistry()
const SERVICE = 'sdk.base.tendermint.v1beta1.Service'
const handlers = new Map(validatorSetHandlers())

/** Five validators, powers 50…10, priorities −2…2. */
const SET: ConsensusValidator[] = [0, 1, 2, 3, 4].map((i) => ({
  address: new Uint8Array(20).fill(i + 1),
  pubKey: new Uint8Array(32).fill(i + 1),
  power: BigInt(50 - 10 * i),
  proposerPriority: BigInt(i - 2),
}))

const node = {
  blocks: { base: 3, get: async () => undefined },
  validatorSet: async (h: number) => (h >= 3 && h <= 11 ? SET : undefined),
} as unknown as QueryNode

/**
 * Calls a method at query height 10 (`latest`: asked without a height); the gateway JSON of the
 * answer, or the error.
 */
async function call(method: string, request: Record<string, unknown>, latest = false) {
  const m = registry.service(SERVICE).methods[method]!
  m.resolve()
  const ctx = { height: 10, registry, node, ...(latest ? { latest } : {}) } as QueryContext
  try {
    const res = await handlers.get(`${SERVICE}/${method}`)!(
      m.resolvedRequestType!.fromObject(request) as ProtoMessage,
      ctx,
    )
    const type = m.resolvedResponseType!
    return messageToJson(registry, type, type.fromObject(res) as ProtoMessage) as Record<
      string,
      any
    >
  } catch (err) {
    const e = err as ChainError
    return { code: e.grpcCode, message: e.statusMessage() }
  }
}

describe('validator sets', () => {
  test('behavior: a page of the set, as upstream turns offset and limit into CometBFT paging', async () => {
    const all = await call('GetLatestValidatorSet', {})
    expect(all.block_height).toBe('10')
    expect(all.pagination).toEqual({ next_key: null, total: '5' })
    expect(all.validators[0]).toEqual({
      address: 'sdkvalcons1qyqszqgpqyqszqgpqyqszqgpqyqszqgpcddnqg',
      pub_key: {
        '@type': '/sdk.crypto.ed25519.PubKey',
        key: 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=',
      },
      voting_power: '50',
      proposer_priority: '-2',
    })
    // offset 2, limit 2: CometBFT page 2 of 2 per page.
    const page = await call('GetValidatorSetByHeight', {
      height: 4,
      pagination: { offset: 2, limit: 2 },
    })
    expect(page.block_height).toBe('4')
    expect(page.validators.map((v: { voting_power: string }) => v.voting_power)).toEqual([
      '30',
      '20',
    ])
    // offset 3, limit 2 is page 2 as well (offset ÷ limit + 1).
    const same = await call('GetValidatorSetByHeight', {
      height: 4,
      pagination: { offset: 3, limit: 2 },
    })
    expect(same.validators).toEqual(page.validators)
  })

  test('behavior: latest asked without a height is the next height set, as CometBFT answers it', async () => {
    const next = await call('GetLatestValidatorSet', {}, true)
    expect(next.block_height).toBe('11')
    expect(next.validators).toHaveLength(5)
  })

  test('error: heights and pages the set does not have', async () => {
    expect(await call('GetValidatorSetByHeight', { height: 11 })).toEqual({
      code: 3,
      message: 'requested block height is bigger then the chain length',
    })
    expect(await call('GetValidatorSetByHeight', { height: 0 })).toEqual({
      code: 3,
      message: 'height must be greater than 0, but got 0',
    })
    expect(await call('GetValidatorSetByHeight', { height: 2 })).toEqual({
      code: 3,
      message: 'height 2 is not available, lowest height is 3',
    })
    expect(await call('GetLatestValidatorSet', { pagination: { offset: 6, limit: 2 } })).toEqual({
      code: 3,
      message: 'page should be within [1, 3] range, given 4',
    })
  })

  test('error: an offset or limit past Go int64 is refused, before the height, as upstream ParsePagination', async () => {
    // Go's int of a uint64 from 2^63 on is negative.
    expect(
      await call('GetLatestValidatorSet', { pagination: { offset: '18446744073709551615' } }),
    ).toEqual({ code: 3, message: 'offset must greater than 0' })
    expect(
      await call('GetValidatorSetByHeight', {
        height: 0,
        pagination: { limit: '9223372036854775808' },
      }),
    ).toEqual({ code: 3, message: 'limit must greater than 0' })
    // The largest offset is a page past int64 (offset ÷ limit + 1 wraps), which CometBFT refuses.
    expect(
      await call('GetLatestValidatorSet', {
        pagination: { offset: '9223372036854775807', limit: 1 },
      }),
    ).toEqual({
      code: 3,
      message: 'page should be within [1, 5] range, given -9223372036854775808',
    })
    // Below 2^63 an offset is a page number as before.
    expect(
      await call('GetLatestValidatorSet', {
        pagination: { offset: '9223372036854775806', limit: 1 },
      }),
    ).toEqual({ code: 3, message: 'page should be within [1, 5] range, given 9223372036854775807' })
  })
})
