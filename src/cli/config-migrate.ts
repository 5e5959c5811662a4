import { configDoc, diffKeys, diffLine, keyText } from './config-diff.js'
import { parseConfig } from './config-toml.js'
import { CliError } from './errors.js'

// upstream confix's migration plan (tools/confix/migrations.go in SDK v0.50), applied to a config
// file's text line by line: what the plan adds comes with the defaults' own lines, and every line
// it does not touch stays as it was (upstream re-formats the whole file).

const HEADING = /^\s*\[\s*([^[\]]+?)\s*\]\s*(?:#.*)?$/
const KEY =
  /^\s*((?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*=(.*)$/
const blank = (line: string) => line.trim() === ''
const comment = (line: string) => line.trimStart().startsWith('#')

/** The words of a dotted TOML key (`a."b.c"` → a, b.c). */
function keyWords(text: string): string[] {
  const words: string[] = []
  for (const m of text.matchAll(
    /\s*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(?:\.|$)/g,
  )) {
    words.push(m[1] ?? (m[2] !== undefined ? (JSON.parse(`"${m[2]}"`) as string) : m[3]!))
  }
  return words
}

/** The index of the line a value starting on line `i` (after `=`) ends on. */
function valueEnd(lines: readonly string[], i: number, rest: string): number {
  const start = rest.trimStart()
  for (const quote of ['"""', "'''"]) {
    if (!start.startsWith(quote)) continue
    if (start.indexOf(quote, 3) >= 0) return i
    for (let j = i + 1; j < lines.length; j++) if (lines[j]!.includes(quote)) return j
    return lines.length - 1
  }
  if (!start.startsWith('[') && !start.startsWith('{')) return i
  // Brackets and braces outside strings and comments, until they close.
  let depth = 0
  let text = start
  for (let j = i; j < lines.length; j++) {
    let quote = ''
    for (let k = 0; k < text.length; k++) {
      const ch = text[k]!
      if (quote) {
        if (ch === '\\' && quote === '"') k++
        else if (ch === quote) quote = ''
      } else if (ch === '"' || ch === "'") quote = ch
      else if (ch === '#') break
      else if (ch === '[' || ch === '{') depth++
      else if (ch === ']' || ch === '}') depth--
    }
    if (depth <= 0) return j
    text = lines[j + 1] ?? ''
  }
  return lines.length - 1
}

interface KvLines {
  key: string[]
  /** Lines [start, end) of the key and its value. */
  start: number
  end: number
}

interface SectionLines {
  /** '' for the top-level keys. */
  name: string
  /** The name's words ([] for the top-level keys). */
  words: string[]
  /** The heading's line (-1 for the top level). */
  heading: number
  kvs: KvLines[]
}

/** Where each table and key of a file's text is. */
function layout(lines: readonly string[]): SectionLines[] {
  const sections: SectionLines[] = [{ name: '', words: [], heading: -1, kvs: [] }]
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const heading = HEADING.exec(line)
    if (heading && !line.trimStart().startsWith('[[')) {
      const words = keyWords(heading[1]!)
      sections.push({ name: keyText(words), words, heading: i, kvs: [] })
      continue
    }
    const kv = KEY.exec(line)
    if (!kv || comment(line)) continue
    const section = sections.at(-1)!
    const end = valueEnd(lines, i, kv[2]!) + 1
    section.kvs.push({ key: [...section.words, ...keyWords(kv[1]!)], start: i, end })
    i = end - 1
  }
  return sections
}

/** The first line of the comments directly above line `i` (no blank line between). */
function commentsAbove(lines: readonly string[], i: number, floor: number): number {
  let k = i
  while (k - 1 > floor && comment(lines[k - 1]!)) k--
  return k
}

/** Where a table's text starts: the comments (and blank lines between them) above its heading. */
function blockStart(lines: readonly string[], s: SectionLines, floor: number): number {
  let k = s.heading
  while (k - 1 > floor && (comment(lines[k - 1]!) || blank(lines[k - 1]!))) k--
  while (k < s.heading && blank(lines[k]!)) k++
  return k
}

/** The last line of a table's own content: its last key's value, else its heading (-1: none). */
function lastLine(s: SectionLines): number {
  return (s.kvs.at(-1)?.end ?? s.heading + 1) - 1
}

/** Where a table's own content ends: where the next table's text starts, or the file's end. */
function contentEnd(lines: readonly string[], all: SectionLines[], index: number): number {
  const next = all[index + 1]
  return next ? blockStart(lines, next, lastLine(all[index]!)) : lines.length
}

interface Edit {
  /** Lines [at, at + remove) are replaced with `insert`. */
  at: number
  remove: number
  insert: string[]
  /** At one line: a removal first, then a table, then keys (of the table above, so above it). */
  rank: 0 | 1 | 2
}

/**
 * Upstream's migration plan (confix PlanBuilder) applied to a file's text: the keys and tables the
 * defaults have and the file lacks are added with the defaults' text (their comments too) — a key
 * at the end of its table, a table where the defaults have it (upstream appends tables at the
 * end) — and those the file has and the defaults lack are removed; every other line stays as it
 * is. Returns the new text and the plan's steps, as upstream describes them (`add api.enable key`).
 */
export function migrateText(
  text: string,
  defaultsText: string,
  label: string,
): { text: string; steps: string[] } {
  const file = configDoc(parseConfig(text, `loading config`))
  const target = configDoc(parseConfig(defaultsText, 'the defaults'))
  const diffs = diffKeys(file, target)
  // A file written with CRLF line ends keeps them, the added lines too.
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/)
  const defaults = defaultsText.replace(/\n$/, '').split('\n')
  const have = layout(lines)
  const want = layout(defaults)
  const sectionIndex = (all: SectionLines[], name: string) => all.findIndex((s) => s.name === name)
  const sectionOf = (key: string[]) => keyText(key.slice(0, -1))
  const steps: string[] = []
  const edits: Edit[] = []
  const appended: string[] = []
  const addedSections = new Set<string>()
  const removedSections = new Set<string>()
  const refuse = (what: string): never => {
    throw new CliError(`updating ${JSON.stringify(label)}: ${what}`)
  }
  for (const d of diffs) {
    const name = keyText(d.key)
    if (d.type === 'S') {
      steps.push(`${d.deleted ? 'remove' : 'add'} ${name} section`)
      const all = d.deleted ? have : want
      const src = d.deleted ? lines : defaults
      const i = sectionIndex(all, name)
      if (i < 0) refuse(`table [${name}] not found`)
      const floor = i > 0 ? lastLine(all[i - 1]!) : -1
      const end = contentEnd(src, all, i)
      // The last table goes with the blank lines above it.
      const start = end === src.length && d.deleted ? floor + 1 : blockStart(src, all[i]!, floor)
      if (d.deleted) {
        removedSections.add(name)
        edits.push({ at: start, remove: end - start, insert: [], rank: 0 })
      } else {
        addedSections.add(name)
        let last = end
        while (last > start && blank(src[last - 1]!)) last--
        const block = src.slice(start, last)
        // Where the defaults have it: before the first table after it there that the file has.
        const next = want.slice(i + 1).find((w) => sectionIndex(have, w.name) >= 0)
        const hi = next ? sectionIndex(have, next.name) : -1
        if (hi > 0) {
          const at = blockStart(lines, have[hi]!, lastLine(have[hi - 1]!))
          edits.push({ at, remove: 0, insert: [...block, ''], rank: 1 })
        } else appended.push('', ...block)
      }
      continue
    }
    const section = sectionOf(d.key)
    if (d.deleted) {
      // A key of a table the plan removes goes with it.
      if (removedSections.has(section)) continue
      steps.push(`remove ${name} key`)
      const s = have[sectionIndex(have, section)]
      const kv = s?.kvs.find((k) => keyText(k.key) === name)
      if (!kv) refuse(`key ${name} not found`)
      let start = commentsAbove(lines, kv!.start, s!.heading)
      const end = kv!.end
      if (start > 0 && blank(lines[start - 1]!) && (end >= lines.length || blank(lines[end]!)))
        start--
      edits.push({ at: start, remove: end - start, insert: [], rank: 0 })
      continue
    }
    steps.push(`add ${name} key`)
    // A key of a table the plan adds comes with the table's text.
    if (addedSections.has(section)) continue
    const wi = sectionIndex(want, section)
    const wkv = want[wi]?.kvs.find((k) => keyText(k.key) === name)
    if (!wkv) refuse(`key ${name} not found in the defaults`)
    const from = commentsAbove(defaults, wkv!.start, want[wi]!.heading)
    const block = defaults.slice(from, wkv!.end)
    if (from > 0 && blank(defaults[from - 1]!)) block.unshift('')
    const hi = sectionIndex(have, section)
    if (hi < 0) refuse(`table [${section}] not found`)
    const s = have[hi]!
    const at = s.kvs.at(-1)?.end ?? (s.heading >= 0 ? s.heading + 1 : contentEnd(lines, have, hi))
    edits.push({ at, remove: 0, insert: block, rank: 2 })
  }
  // Bottom to top, so each edit's line numbers still hold; at one line, by rank (what is applied
  // last ends up first), and edits of one rank keep their order.
  const out = [...lines]
  const ordered = edits
    .map((e, order) => ({ ...e, order }))
    .sort((a, b) => b.at - a.at || a.rank - b.rank || b.order - a.order)
  for (const e of ordered) out.splice(e.at, e.remove, ...e.insert)
  out.push(...appended)
  const result = `${out.join(eol)}${eol}`
  // The edit must leave exactly the defaults' keys and tables.
  const check = diffKeys(
    configDoc(parseConfig(result, `updating ${JSON.stringify(label)}`)),
    target,
  )
  if (check.length > 0) refuse(`sdkd could not edit this file's layout (${diffLine(check[0]!)})`)
  return { text: result, steps }
}

/** The plan's steps as upstream's verbose log prints them (a tab writer's columns). */
export function stepLines(steps: readonly string[]): string {
  const numbers = steps.map((_, i) => `[${i + 1}]`)
  const w0 = Math.max(0, ...numbers.map((n) => n.length)) + 1
  const w1 = Math.max(0, ...steps.map((s) => s.length)) + 1
  return steps.map((s, i) => `${numbers[i]!.padEnd(w0)}${s.padEnd(w1)}| OK\n`).join('')
}
