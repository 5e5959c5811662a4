import { describe, expect, test } from 'vitest'
import {
  dueAt,
  shouldExecute,
  upgradeNeededMessage,
  upgradeSkippedMessage,
  validatePlan,
} from './plan.js'

describe('plan', () => {
  test('behavior: ValidateBasic accepts a named plan with a positive height', () => {
    expect(() => validatePlan({ name: 'all-good', height: 123450000 })).not.toThrow()
    expect(() =>
      validatePlan({ name: 'ok', height: '5', time: { seconds: '-62135596800', nanos: 0 } }),
    ).not.toThrow()
  })

  test('error: ValidateBasic rejects each invalid plan with the upstream message', () => {
    expect(() => validatePlan({ height: 123450000 })).toThrow(
      'name cannot be empty: invalid request',
    )
    expect(() => validatePlan({ name: 'x', height: 1, time: { seconds: 1, nanos: 0 } })).toThrow(
      'time-based upgrades have been deprecated in the SDK: invalid request',
    )
    expect(() =>
      validatePlan({ name: 'x', height: 1, upgraded_client_state: { type_url: '/a' } }),
    ).toThrow('upgrade logic for IBC has been moved to the IBC module: invalid request')
    expect(() => validatePlan({ name: 'missing', info: 'important' })).toThrow(
      'height must be greater than 0: invalid request',
    )
    expect(() => validatePlan({ name: 'neg', height: -12345 })).toThrow(
      'height must be greater than 0: invalid request',
    )
  })

  test('behavior: ShouldExecute is true from the plan height on', () => {
    const plan = { name: 'p', height: 1234 }
    expect(shouldExecute(plan, 1000)).toBe(false)
    expect(shouldExecute(plan, 1234)).toBe(true)
    expect(shouldExecute(plan, 1235)).toBe(true)
    expect(shouldExecute({ name: 'p' }, 5)).toBe(false)
  })

  test('behavior: messages keep the upstream formats (trailing ": " with empty info; %d when skipping)', () => {
    expect(dueAt({ height: 11 })).toBe('height: 11')
    expect(upgradeNeededMessage({ name: 'test', height: 11 })).toBe(
      'UPGRADE "test" NEEDED at height: 11: ',
    )
    expect(upgradeSkippedMessage({ name: 'test', height: 11, info: 'i' })).toBe(
      'UPGRADE "test" SKIPPED at 11: i',
    )
  })
})
