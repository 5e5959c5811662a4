import { describe, expect, test } from 'vitest'
import { toHexUpper } from '../codec/bytes.js'
import { resolveValidator } from './dev-validators.js'

/** A validator set of two, the first with an address of decimal digits only. */
const digits = new Uint8Array(20).fill(0x11) // hex 1111…: 40 decimal digits
const other = new Uint8Array(20).fill(0xab)
const validators = [{ address: other }, { address: digits }]
const set = {
  size: validators.length,
  validators,
  byAddress: (a: Uint8Array) => validators.find((v) => toHexUpper(v.address) === toHexUpper(a)),
}
const o = {
  producer: { consensus: { current: { current: set, next: set }, holds: () => false } },
} as unknown as Parameters<typeof resolveValidator>[0]

describe('the validator a dev method names', () => {
  test('behavior: a consensus address of 40 decimal digits is an address, not an index; a short number is an index', async () => {
    expect(toHexUpper(await resolveValidator(o, '1'.repeat(40)))).toBe('11'.repeat(20))
    expect(toHexUpper(await resolveValidator(o, '1'))).toBe('11'.repeat(20))
    expect(toHexUpper(await resolveValidator(o, '0'))).toBe('AB'.repeat(20))
  })

  test('error: a consensus address of decimal digits outside the set is refused as such', async () => {
    await expect(resolveValidator(o, '0'.repeat(40))).rejects.toMatchObject({
      code: -32602,
      data: `validator ${'0'.repeat(40)} is not in the validator set`,
    })
  })
})
