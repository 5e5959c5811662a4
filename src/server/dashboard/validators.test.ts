import { createHash } from 'node:crypto'
import protobuf from 'protobufjs/light.js'
import { describe, expect, test } from 'vitest'
import { addressToBech32 } from '../../codec/address.js'
import { protoRegistry } from '../../codec/proto.js'
import type { PageContext } from './page-context.js'
import { percent, ratePercent, validatorsFragments } from './validators.js'

/**
 * The validators page's table from query answers: with x/slashing's SigningInfos served (a method
 * table holding it, as an app version with x/slashing will), missed blocks show per validator; the
 * pure helpers' arithmetic.
 */

const registry = protoRegistry()
const KEY_A = Buffer.alloc(32, 1).toString('base64')
const KEY_B = Buffer.alloc(32, 2).toString('base64')
const cons = (key: string) =>
  addressToBech32(
    new Uint8Array(
      createHash('sha256').update(Buffer.from(key, 'base64')).digest().subarray(0, 20),
    ),
    'sdkvalcons',
  )

/** x/slashing's answer types, defined here until the app has them. */
const slashing = protobuf.Root.fromJSON({
  nested: {
    slashing: {
      nested: {
        Info: {
          fields: {
            address: { type: 'string', id: 1 },
            missed_blocks_counter: { type: 'int64', id: 6 },
          },
        },
        InfosResponse: { fields: { info: { rule: 'repeated', type: 'Info', id: 1 } } },
        Params: { fields: { signed_blocks_window: { type: 'int64', id: 1 } } },
        ParamsResponse: { fields: { params: { type: 'Params', id: 1 } } },
      },
    },
  },
})

function validator(op: number, key: string, tokens: string, status: number, rate: string) {
  return {
    operator_address: addressToBech32(new Uint8Array(20).fill(op), 'sdkvaloper'),
    consensus_pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', {
      key: Buffer.from(key, 'base64'),
    }),
    status,
    tokens,
    delegator_shares: `${tokens}.000000000000000000`,
    description: { moniker: `val${op}` },
    commission: { commission_rates: { rate, max_rate: rate, max_change_rate: '0' } },
  }
}

function context(withSlashing: boolean): PageContext {
  const methods: Record<string, { responseType: protobuf.Type; answer: object }> = {
    '/sdk.staking.v1beta1.Query/Validators': {
      responseType: registry.type('sdk.staking.v1beta1.QueryValidatorsResponse'),
      answer: {
        validators: [
          validator(1, KEY_A, '25000000', 3, '0.050000000000000000'),
          validator(2, KEY_B, '75000000', 3, '0.100000000000000000'),
        ],
      },
    },
  }
  if (withSlashing) {
    methods['/sdk.slashing.v1beta1.Query/SigningInfos'] = {
      responseType: slashing.lookupType('slashing.InfosResponse'),
      answer: { info: [{ address: cons(KEY_A), missed_blocks_counter: 7 }] },
    }
    methods['/sdk.slashing.v1beta1.Query/Params'] = {
      responseType: slashing.lookupType('slashing.ParamsResponse'),
      answer: { params: { signed_blocks_window: 100 } },
    }
  }
  const routed = (path: string) => (methods[path] ? { path, ...methods[path] } : undefined)
  const router = {
    registry,
    byPath: routed,
    method: (name: string) => routed(`/${name}`),
    run: async (m: { answer: object }) => m.answer,
  }
  return {
    chain: { router } as unknown as PageContext['chain'],
    summaries: undefined as unknown as PageContext['summaries'],
    view: { height: 5, latest: 5, at: undefined },
  }
}

function cells(markup: string): string[][] {
  return [...markup.matchAll(/<tr data-operator[^>]*>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<td[^>]*>(?:<span[^>]*>)?([^<]*)/g)].map((c) => c[1]!),
  )
}

describe('validators page table', () => {
  test('behavior: with x/slashing served, missed blocks per validator and the window; without, —', async () => {
    const served = (await validatorsFragments(context(true)))['validator-set']!
    expect(cells(served)).toEqual([
      [
        'val2',
        addressToBech32(new Uint8Array(20).fill(2), 'sdkvaloper'),
        '75',
        '75%',
        'bonded',
        'no',
        '10%',
        '—',
      ],
      [
        'val1',
        addressToBech32(new Uint8Array(20).fill(1), 'sdkvaloper'),
        '25',
        '25%',
        'bonded',
        'no',
        '5%',
        '7',
      ],
    ])
    expect(served).toContain('<dt>Slashing window</dt><dd>100 blocks</dd>')
    const without = (await validatorsFragments(context(false)))['validator-set']!
    expect(cells(without).map((r) => r[7])).toEqual(['—', '—'])
    expect(without).toContain('<dd>— (this app version has no x/slashing)</dd>')
  })

  test('behavior: shares and commission rates as percentages', () => {
    expect(percent(1n, 3n)).toBe(33.33)
    expect(percent(0n, 0n)).toBe(0)
    expect(ratePercent('0.125000000000000000')).toBe('12.5%')
    expect(ratePercent('1.000000000000000000')).toBe('100%')
    expect(ratePercent('not a rate')).toBe('not a rate')
  })
})
