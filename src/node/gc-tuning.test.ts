import { describe, expect, test } from 'vitest'
import { PRETENURING_ENV, pretenuring } from './gc-tuning.js'

describe('pretenuring (SDKD_V8_PRETENURING)', () => {
  test('off unless the variable turns it on', () => {
    expect(pretenuring({})).toBe(false)
    expect(pretenuring({ [PRETENURING_ENV]: '' })).toBe(false)
    expect(pretenuring({ [PRETENURING_ENV]: ' 0 ' })).toBe(false)
    expect(pretenuring({ [PRETENURING_ENV]: '1' })).toBe(true)
  })

  test('error: anything but 0 or 1 names the variable and the value', () => {
    expect(() => pretenuring({ [PRETENURING_ENV]: 'yes' })).toThrow(
      'SDKD_V8_PRETENURING: expected 0 or 1, got: yes',
    )
  })
})
