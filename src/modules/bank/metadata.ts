import { validateDenom } from '../../codec/coins.js'
import type { Proto } from '../../codec/proto.js'

/** The upstream ValidateDenom text of a bad denom (`invalid denom: x`), or undefined. */
function denomProblem(denom: string): string | undefined {
  try {
    validateDenom(denom)
    return undefined
  } catch {
    return `invalid denom: ${denom}`
  }
}

/**
 * Upstream Metadata.Validate: the problem with one denom's client metadata, or undefined. The base
 * and display denoms are valid denoms; the first unit is the base, with exponent 0; exponents rise
 * strictly; no unit repeats; one unit is the display denom; each unit's aliases are distinct and
 * not blank.
 */
export function metadataProblem(m: Proto<'sdk.bank.v1beta1.Metadata'>): string | undefined {
  const base = denomProblem(m.base)
  if (base) return `invalid metadata base denom: ${base}`
  const display = denomProblem(m.display)
  if (display) return `invalid metadata display denom: ${display}`
  let hasDisplay = false
  let exponent = 0
  const seen = new Set<string>()
  for (const [i, unit] of m.denom_units.entries()) {
    if (i === 0) {
      if (unit.denom !== m.base)
        return `metadata's first denomination unit must be the one with base denom '${m.base}'`
      if (unit.exponent !== 0) return `the exponent for base denomination unit ${m.base} must be 0`
    } else if (exponent >= unit.exponent) {
      return 'denom units should be sorted asc by exponent'
    }
    exponent = unit.exponent
    if (seen.has(unit.denom)) return `duplicate denomination unit ${unit.denom}`
    if (unit.denom === m.display) hasDisplay = true
    const problem = denomUnitProblem(unit)
    if (problem) return problem
    seen.add(unit.denom)
  }
  if (!hasDisplay)
    return `metadata must contain a denomination unit with display denom '${m.display}'`
  return undefined
}

/** Upstream DenomUnit.Validate. */
function denomUnitProblem(unit: Proto<'sdk.bank.v1beta1.DenomUnit'>): string | undefined {
  const denom = denomProblem(unit.denom)
  if (denom) return `invalid denom unit: ${denom}`
  const aliases = new Set<string>()
  for (const alias of unit.aliases) {
    if (aliases.has(alias)) return `duplicate denomination unit alias ${alias}`
    if (alias.trim() === '') return `alias for denom unit ${unit.denom} cannot be blank`
    aliases.add(alias)
  }
  return undefined
}

/**
 * The genesis check of `denom_metadata` (upstream GenesisState.Validate): no base denom twice, each
 * entry valid. Returns the index and text of the first problem.
 */
export function metadataListProblem(
  list: readonly Proto<'sdk.bank.v1beta1.Metadata'>[],
): { index: number; text: string } | undefined {
  const bases = new Set<string>()
  for (const [index, m] of list.entries()) {
    if (bases.has(m.base)) return { index, text: `duplicate client metadata for denom ${m.base}` }
    const text = metadataProblem(m)
    if (text) return { index, text }
    bases.add(m.base)
  }
  return undefined
}
