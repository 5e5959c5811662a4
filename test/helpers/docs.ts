import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The project's documentation as the tests read it: README.md and docs/*.md, their headings'
 * anchors, their relative links, the rows of their tables. Tests that check a page against the
 * product name the page they read, so a row that moves takes its test with it.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** README.md and every docs/*.md, as paths relative to the repository root. */
export function docFiles(): string[] {
  const docs = readdirSync(`${ROOT}docs`)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`)
  return ['README.md', ...docs]
}

/** A page's text (path relative to the repository root). */
export function docText(file: string): string {
  return readFileSync(`${ROOT}${file}`, 'utf8')
}

/** The lines of a page outside fenced code blocks, with their 1-based numbers. */
export function proseLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = []
  let fenced = false
  text.split('\n').forEach((l, i) => {
    if (l.startsWith('```')) fenced = !fenced
    else if (!fenced) out.push({ line: i + 1, text: l })
  })
  return out
}

/** A page without its fenced code blocks (their lines left empty, so line numbers stay). */
function prose(text: string): string {
  return proseLines(text)
    .reduce((lines, l) => {
      lines[l.line - 1] = l.text
      return lines
    }, text.split('\n').fill(''))
    .join('\n')
}

/** Inline code spans of a page (outside fenced blocks): their contents, a line break as a space. */
export function codeSpans(text: string): string[] {
  return [...prose(text).matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s*\n\s*/g, ' '))
}

/**
 * The anchor GitHub gives a heading: its text without markup, lower-cased, without punctuation
 * other than `-` and `_`, spaces as `-` (github-slugger); a repeated one gets `-1`, `-2`, ….
 */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const { text: l } of proseLines(text)) {
    const h = /^#{1,6} (.+)$/.exec(l)
    if (!h) continue
    const plain = h[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .trim()
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-')
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    anchors.add(n === 0 ? slug : `${slug}-${n}`)
  }
  return anchors
}

/** Markdown links and images of a page whose target is not a URL (`[x](file#anchor)`, `[x](#a)`). */
export function relativeLinks(text: string): { line: number; target: string }[] {
  // Code spans hold examples, not links (a link's text may hold one); a link may span two lines.
  const page = prose(text).replace(/`[^`]+`/g, (span) => span.replace(/[^\n]/g, 'x'))
  const links: { line: number; target: string }[] = []
  for (const m of page.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const line = page.slice(0, m.index + m[0].indexOf('](')).split('\n').length
    if (!/^[a-z][a-z0-9+.-]*:/i.test(m[1]!)) links.push({ line, target: m[1]! })
  }
  return links
}

/** The rows of the first table after `heading` (a heading line as written), as cells. */
export function tableRows(text: string, heading: string): string[][] {
  const lines = text.split('\n')
  const at = lines.indexOf(heading)
  if (at < 0) throw new Error(`no heading ${JSON.stringify(heading)}`)
  const start = lines.findIndex((l, i) => i > at && l.startsWith('|'))
  const rows: string[][] = []
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
    rows.push(
      lines[i]!.slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    )
  }
  return rows
}

/** Text with every run of white space (line breaks too) as one space: a page's wrapping aside. */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ')
}

/** Which of `needles` the page does not contain, verbatim but for its line breaks. */
export function missingFrom(file: string, needles: readonly string[]): string[] {
  const text = flat(docText(file))
  return needles.filter((n) => !text.includes(flat(n)))
}
