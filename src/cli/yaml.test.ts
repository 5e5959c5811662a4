import { describe, expect, test } from 'vitest'
import { toYaml, yamlString } from './yaml.js'

describe('YAML text output', () => {
  test('behavior: a plan prints as the upstream CLI prints it (sorted keys, quoted numbers and times)', () => {
    expect(
      toYaml({
        name: 'test-upgrade',
        time: '0001-01-01T00:00:00Z',
        height: '130',
        info: '',
        upgraded_client_state: null,
      }),
    ).toBe(
      'height: "130"\ninfo: ""\nname: test-upgrade\ntime: "0001-01-01T00:00:00Z"\nupgraded_client_state: null\n',
    )
  })

  test('behavior: lists under a key are not indented; nested maps are', () => {
    expect(
      toYaml({
        module_versions: [
          { name: 'auth', version: '5' },
          { name: 'bank', version: '4' },
        ],
        pagination: { next_key: null, total: '0' },
        empty: [],
      }),
    ).toBe(
      'empty: []\nmodule_versions:\n- name: auth\n  version: "5"\n- name: bank\n  version: "4"\npagination:\n  next_key: null\n  total: "0"\n',
    )
  })

  test('behavior: strings YAML would misread are quoted', () => {
    expect(yamlString('true')).toBe('"true"')
    expect(yamlString('1e3')).toBe('"1e3"')
    expect(yamlString('{"binaries":{}}')).toBe(`'{"binaries":{}}'`)
    expect(yamlString("a: b's")).toBe(`'a: b''s'`)
    expect(yamlString('line\nbreak')).toBe('"line\\nbreak"')
    expect(yamlString('sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x')).toBe(
      'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x',
    )
  })
})
