import { describe, expect, test } from 'vitest'
import { addressToBech32 } from '../codec/address.js'
import { devnetStakingState } from './devnet-preset.js'

const validator = {
  operator: { name: 'validator', address: addressToBech32(new Uint8Array(20).fill(1)) },
  pubKeyBase64: Buffer.alloc(32, 7).toString('base64'),
  power: 10n,
  moniker: 'devnet-validator',
}

function commissionTime(genesisTime: string): string {
  const state = devnetStakingState({}, [validator], genesisTime) as {
    staking: { validators: { commission: { update_time: string } }[] }
  }
  return state.staking.validators[0]!.commission.update_time
}

describe('a devnet genesis validator dates its commission at the genesis time', () => {
  test('behavior: written in protobuf JSON form (0, 3, 6 or 9 digits), as upstream writes a Timestamp in app_state, not the genesis time text', () => {
    // Go writes genesis_time with the fraction's trailing zeros trimmed; a Timestamp keeps 9.
    expect(commissionTime('2026-12-05T17:39:38.16622876Z')).toBe('2026-12-05T17:39:38.166228760Z')
    expect(commissionTime('2026-12-05T17:39:38.1Z')).toBe('2026-12-05T17:39:38.100Z')
    expect(commissionTime('2026-12-05T17:39:38.12345Z')).toBe('2026-12-05T17:39:38.123450Z')
    expect(commissionTime('2026-12-05T17:39:38Z')).toBe('2026-12-05T17:39:38Z')
  })

  test('error: a genesis time that is not RFC 3339 is refused, naming the field', () => {
    expect(() => commissionTime('yesterday')).toThrow(/genesis_time: bad Timestamp: "yesterday"/)
  })
})
