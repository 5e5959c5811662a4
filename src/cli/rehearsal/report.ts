import type { InjectCase } from './inject-cases.js'
import type { Preflight } from './preflight.js'
import type { Via } from './setup.js'

/** One step of the timeline. */
export interface StepRecord {
  name: string
  /** Heights before and after the step (null: no chain yet). */
  fromHeight: number | null
  toHeight: number | null
  ms: number
  ok: boolean
  detail: string
}

/** One check. */
export interface CheckRecord {
  name: string
  ok: boolean
  detail: string
}

/** What an injected failure did, against what docs/upgrades.md documents. */
export interface InjectRecord {
  case: InjectCase
  documented: string
  /** What the chain and the files did. */
  outcome: Record<string, unknown>
  ok: boolean
}

/** The report of a rehearsal (`--json FILE` writes it as is). */
export interface RehearsalReport {
  plan: string
  from: string
  to: string
  plugin: string | null
  via: Via
  height: number | null
  home: { source: string | null; dir: string; kept: boolean }
  preflight: Preflight | null
  steps: StepRecord[]
  checks: CheckRecord[]
  inject: InjectRecord | null
  result: 'PASS' | 'FAIL'
}

const heights = (s: StepRecord) =>
  s.fromHeight === null
    ? '-'
    : s.fromHeight === s.toHeight || s.toHeight === null
      ? String(s.fromHeight)
      : `${s.fromHeight} → ${s.toHeight}`

/** The timeline, the checks and the result as text lines (plain, for stdout). */
export function formatReport(r: RehearsalReport): string[] {
  const nameWidth = Math.max(4, ...r.steps.map((s) => s.name.length))
  const heightWidth = Math.max(7, ...r.steps.map((s) => heights(s).length))
  const msWidth = Math.max(2, ...r.steps.map((s) => String(s.ms).length))
  const lines = [
    '',
    'Timeline',
    `  ${'step'.padEnd(nameWidth)}  ${'heights'.padEnd(heightWidth)}  ${'ms'.padStart(msWidth)}`,
  ]
  for (const s of r.steps) {
    const row = `  ${s.name.padEnd(nameWidth)}  ${heights(s).padEnd(heightWidth)}  ${String(s.ms).padStart(msWidth)}`
    lines.push(`${row}${s.ok ? '' : '  FAILED'}${s.detail ? `  ${s.detail}` : ''}`)
  }
  lines.push('', 'Checks')
  for (const c of r.checks)
    lines.push(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}${c.detail ? `: ${c.detail}` : ''}`)
  if (r.inject) {
    lines.push(
      '',
      `Injected: ${r.inject.case} — ${r.inject.ok ? 'the documented outcome happened' : 'NOT the documented outcome'}`,
      `  documented: ${r.inject.documented}`,
      `  observed:   ${JSON.stringify(r.inject.outcome)}`,
    )
  }
  if (r.home.kept) lines.push('', `Rehearsal home kept in ${r.home.dir}`)
  lines.push('', r.result)
  return lines
}
