import { describe, expect, test } from 'vitest'
import type { Proto } from '../../codec/proto.js'
import { metadataListProblem, metadataProblem } from './metadata.js'

// Upstream Metadata.Validate and the genesis check of denom_metadata (x/bank/types/metadata.go,
// genesis.go), with upstream's texts.

type Metadata = Proto<'sdk.bank.v1beta1.Metadata'>

const unit = (denom: string, exponent: number, aliases: string[] = []) => ({
  denom,
  exponent,
  aliases,
})
const atom = (over: Partial<Metadata> = {}): Metadata => ({
  description: 'The native staking token',
  denom_units: [unit('uatom', 0, ['microatom']), unit('matom', 3), unit('atom', 6)],
  base: 'uatom',
  display: 'atom',
  name: 'Cosmos Atom',
  symbol: 'ATOM',
  uri: '',
  uri_hash: '',
  ...over,
})

describe('denom metadata validation', () => {
  test('behavior: a valid entry passes; name and symbol may be blank', () => {
    expect(metadataProblem(atom())).toBeUndefined()
    expect(metadataProblem(atom({ name: '', symbol: ' ' }))).toBeUndefined()
  })

  test.each([
    [{ base: '1x' }, 'invalid metadata base denom: invalid denom: 1x'],
    [{ display: '' }, 'invalid metadata display denom: invalid denom: '],
    [
      { denom_units: [unit('atom', 6), unit('uatom', 0)] },
      "metadata's first denomination unit must be the one with base denom 'uatom'",
    ],
    [
      { denom_units: [unit('uatom', 1), unit('atom', 6)] },
      'the exponent for base denomination unit uatom must be 0',
    ],
    [
      { denom_units: [unit('uatom', 0), unit('atom', 6), unit('matom', 3)] },
      'denom units should be sorted asc by exponent',
    ],
    [
      { denom_units: [unit('uatom', 0), unit('uatom', 6)], display: 'uatom' },
      'duplicate denomination unit uatom',
    ],
    [
      { denom_units: [unit('uatom', 0), unit('matom', 3)] },
      "metadata must contain a denomination unit with display denom 'atom'",
    ],
    [
      { denom_units: [unit('uatom', 0, ['u', 'u']), unit('atom', 6)] },
      'duplicate denomination unit alias u',
    ],
    [
      { denom_units: [unit('uatom', 0, [' ']), unit('atom', 6)] },
      'alias for denom unit uatom cannot be blank',
    ],
    [
      { denom_units: [unit('uatom', 0), unit('2atom', 6)], display: '2atom' },
      'invalid metadata display denom: invalid denom: 2atom',
    ],
  ] as [Partial<Metadata>, string][])('error: %j → %s', (over, text) => {
    expect(metadataProblem(atom(over))).toBe(text)
  })

  test('error: a base denom twice in the list names the second entry', () => {
    expect(metadataListProblem([atom(), atom({ description: 'again' })])).toEqual({
      index: 1,
      text: 'duplicate client metadata for denom uatom',
    })
    expect(
      metadataListProblem([atom(), atom({ base: 'xyz', denom_units: [unit('yyy', 0)] })]),
    ).toEqual({
      index: 1,
      text: "metadata's first denomination unit must be the one with base denom 'xyz'",
    })
    expect(metadataListProblem([])).toBeUndefined()
  })
})
