import { describe, expect, test } from 'vitest'
import { messageFromJson } from './json-parser.js'
import { messageToJsonString } from './json-text-writer.js'
import { messageToJson } from './json-writer.js'
import { protoRegistry } from './proto.js'

// Staking's LegacyDec fields as upstream's gogoproto maps them: the scaled integer in the decoded
// message (the protobuf wire), decimal text in JSON; a nullable one left empty stays empty.

const registry = protoRegistry()

describe('LegacyDec fields between the wire form and JSON', () => {
  test('behavior: a Validator writes shares and rates as decimal text and reads them back scaled', () => {
    const type = registry.type('sdk.staking.v1beta1.Validator')
    const msg = type.toObject(
      type.decode(
        type
          .encode(
            type.fromObject({
              delegator_shares: '2000000000000000000000000',
              commission: {
                commission_rates: {
                  rate: '100000000000000000',
                  max_rate: '200000000000000000',
                  max_change_rate: '10000000000000000',
                },
              },
            }),
          )
          .finish(),
      ),
      { defaults: true },
    )
    const json = messageToJson(registry, type, msg) as Record<string, any>
    expect(json.delegator_shares).toBe('2000000.000000000000000000')
    expect(json.commission.commission_rates).toEqual({
      rate: '0.100000000000000000',
      max_rate: '0.200000000000000000',
      max_change_rate: '0.010000000000000000',
    })
    expect(JSON.parse(messageToJsonString(registry, type, msg))).toEqual(json)
    const back = messageFromJson(registry, type, json)
    expect(back.delegator_shares).toBe('2000000000000000000000000')
    expect(back.commission?.commission_rates?.rate).toBe('100000000000000000')
  })

  test("behavior: MsgEditValidator's nullable commission_rate: empty stays empty, a rate is decimal text", () => {
    const type = registry.type('sdk.staking.v1beta1.MsgEditValidator')
    const base = { description: { moniker: 'm' }, validator_address: 'v', min_self_delegation: '' }
    const unset = messageToJson(registry, type, { ...base, commission_rate: '' })
    expect(unset.commission_rate).toBe('')
    expect(messageFromJson(registry, type, unset).commission_rate).toBe('')
    const set = messageToJson(registry, type, { ...base, commission_rate: '110000000000000000' })
    expect(set.commission_rate).toBe('0.110000000000000000')
    expect(messageFromJson(registry, type, set).commission_rate).toBe('110000000000000000')
  })
})
