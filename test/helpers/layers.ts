import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'

/** A row of the layer table: its number (1 = top) and the paths it holds (`src/chain/`, `src/errors.ts`). */
export interface Layer {
  rank: number
  paths: string[]
}

/** The layer table of docs/ARCHITECTURE.md (between `<!-- layers:start -->` and `<!-- layers:end -->`). */
export function readLayers(markdown: string): Layer[] {
  const start = markdown.indexOf('<!-- layers:start -->')
  const end = markdown.indexOf('<!-- layers:end -->')
  if (start < 0 || end < start) return []
  return markdown
    .slice(start, end)
    .split('\n')
    .map((line) => /^\| (\d+) \| ([^|]+) \|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      rank: Number(m[1]),
      paths: [...m[2]!.matchAll(/`([^`]+)`/g)].map((p) => p[1]!),
    }))
}

/** Where a file sits: its layer and the path of the table that holds it (undefined: in no row). */
export function placeOf(
  layers: readonly Layer[],
  file: string,
): { rank: number; path: string } | undefined {
  let best: { rank: number; path: string } | undefined
  for (const l of layers) {
    for (const p of l.paths) {
      const hit = p.endsWith('/') ? file.startsWith(p) : file === p
      if (hit && (best === undefined || p.length > best.path.length))
        best = { rank: l.rank, path: p }
    }
  }
  return best
}

/** Relative module specifiers a source imports (static, dynamic, re-exports). */
export function importsOf(source: string): string[] {
  const out: string[] = []
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm
  for (const m of source.matchAll(re)) out.push(m[1]!)
  return out
}

/** An import that breaks the table. */
export interface Violation {
  file: string
  imports: string
  why: string
}

/**
 * Imports of `files` (repo-relative path → source) that point up the table or sideways into a
 * sibling folder of the same row (the single files of the bottom row may use each other), files the
 * table does not place, and plain `throw new Error(`.
 */
export function layerViolations(
  layers: readonly Layer[],
  files: ReadonlyMap<string, string>,
): Violation[] {
  const out: Violation[] = []
  for (const [file, source] of files) {
    const from = placeOf(layers, file)
    if (!from) {
      out.push({ file, imports: '', why: 'is in no row of the layer table' })
      continue
    }
    for (const spec of importsOf(source)) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts')
      const to = placeOf(layers, target)
      if (!to) continue
      if (to.rank < from.rank)
        out.push({
          file,
          imports: target,
          why: `points up: layer ${from.rank} (${from.path}) imports layer ${to.rank} (${to.path})`,
        })
      else if (
        to.rank === from.rank &&
        to.path !== from.path &&
        to.path.endsWith('/') &&
        from.path.endsWith('/')
      )
        out.push({
          file,
          imports: target,
          why: `points sideways: ${from.path} and ${to.path} share layer ${from.rank}`,
        })
    }
    if (file !== 'src/errors.ts' && /\bthrow new Error\(/.test(source))
      out.push({ file, imports: '', why: 'throws a plain Error: throw a registered, coded error' })
  }
  return out
}

/**
 * Every non-test .ts file under `dir` of `root`, as repo-relative posix path → source. Test code is
 * `*.test.ts` and the shared cases tests import (`*.case.ts`), as the build excludes them.
 */
export function sourceFiles(root: string, dir = 'src'): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (name.endsWith('.ts') && !/\.(test|case|d)\.ts$/.test(name))
        out.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'))
    }
  }
  walk(join(root, dir))
  return out
}
