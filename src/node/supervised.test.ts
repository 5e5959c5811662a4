import { describe, expect, test } from 'vitest'
import { supervisorState } from './supervised.js'

describe('the state sdkd run passes its app (SDKD_SUPERVISOR)', () => {
  const upgrade = { plan: 'v2', height: 12, from_app_version: 'v1', app_version: 'v2' }

  test('behavior: read as sdkd run writes it', () => {
    const state = {
      pid: 41,
      launch: 2,
      upgrades: [{ ...upgrade, backup: '/h/data-backup-2026-12-2' }],
    }
    expect(supervisorState({ SDKD_SUPERVISOR: JSON.stringify(state) })).toEqual(state)
  })

  test('error: absent, not JSON or not of its shape: no supervisor; an upgrade of another shape is left out', () => {
    expect(supervisorState({})).toBeUndefined()
    expect(supervisorState({ SDKD_SUPERVISOR: '{' })).toBeUndefined()
    expect(supervisorState({ SDKD_SUPERVISOR: 'null' })).toBeUndefined()
    expect(
      supervisorState({ SDKD_SUPERVISOR: '{"pid":1,"launch":0,"upgrades":[]}' }),
    ).toBeUndefined()
    expect(supervisorState({ SDKD_SUPERVISOR: '{"pid":1,"launch":1}' })).toBeUndefined()
    const mixed = { pid: 7, launch: 3, upgrades: [upgrade, { plan: 'x' }, null] }
    expect(supervisorState({ SDKD_SUPERVISOR: JSON.stringify(mixed) })).toEqual({
      pid: 7,
      launch: 3,
      upgrades: [upgrade],
    })
  })
})
