import { tomlValue } from './config-toml.js'

// upstream confix's diff (tools/confix/diff.go in SDK v0.50): two TOML documents' keys and tables,
// and the keys whose values differ, in upstream's order. `sdkd config diff` prints them and
// `sdkd config migrate` plans with them (config-migrate.ts).

/** A key's path as TOML names it: bare words joined by dots, others quoted. */
export function keyText(key: readonly string[]): string {
  return key.map((w) => (/^[A-Za-z0-9_-]+$/.test(w) ? w : JSON.stringify(w))).join('.')
}

/** Upstream's Key.Before: segment by segment, a prefix first. */
function keyBefore(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length && i < b.length; i++) {
    if (a[i]! < b[i]!) return true
    if (a[i]! > b[i]!) return false
  }
  return a.length < b.length
}

interface Kv {
  /** The whole key, its section's name first. */
  key: string[]
  /** Its value as TOML writes it. */
  value: string
}

interface Section {
  name: string[]
  kvs: Kv[]
}

/** A document as confix sees it: the keys before any table, and each table with its keys. */
export interface ConfigDoc {
  global: Kv[]
  sections: Section[]
}

/** A table: a plain object (the parser's have no prototype), not an array or a date. */
const isTable = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false
  const proto = Object.getPrototypeOf(v)
  return proto === null || proto === Object.prototype
}

/** The keys and tables of a parsed file, in the file's order. */
export function configDoc(data: Record<string, unknown>): ConfigDoc {
  const sections: Section[] = []
  const kvsOf = (table: Record<string, unknown>, path: string[]) =>
    Object.entries(table)
      .filter(([, v]) => !isTable(v))
      .map(([k, v]) => ({ key: [...path, k], value: tomlValue(v) }))
  const walk = (table: Record<string, unknown>, path: string[]) => {
    for (const [k, v] of Object.entries(table)) {
      if (!isTable(v)) continue
      const name = [...path, k]
      const kvs = kvsOf(v, name)
      // A table holding only tables has no heading of its own (`[a.b]` alone).
      if (kvs.length > 0 || Object.keys(v).length === 0) sections.push({ name, kvs })
      walk(v, name)
    }
  }
  walk(data, [])
  return { global: kvsOf(data, []), sections }
}

/** One line of a diff: a table (`S`) or a key (`M`) only in one document, or of another value. */
export interface ConfigDiff {
  type: 'S' | 'M'
  deleted: boolean
  key: string[]
  value: string
}

/** Upstream's diffDocs: keys only in lhs (deleted), only in rhs, and (with `values`) changed. */
function diffKvs(lhs: Kv[], rhs: Kv[], values: boolean): ConfigDiff[] {
  const byKey = (a: Kv, b: Kv) => {
    const x = keyText(a.key)
    const y = keyText(b.key)
    return x < y ? -1 : x > y ? 1 : 0
  }
  const l = [...lhs].sort(byKey)
  const r = [...rhs].sort(byKey)
  const out: ConfigDiff[] = []
  const of = (kv: Kv, deleted: boolean): ConfigDiff => ({ type: 'M', deleted, ...kv })
  let i = 0
  let j = 0
  while (i < l.length && j < r.length) {
    const c = byKey(l[i]!, r[j]!)
    if (c < 0) out.push(of(l[i++]!, true))
    else if (c > 0) out.push(of(r[j++]!, false))
    else {
      if (values && l[i]!.value !== r[j]!.value) out.push(of(l[i]!, false))
      i++
      j++
    }
  }
  for (; i < l.length; i++) out.push(of(l[i]!, true))
  for (; j < r.length; j++) out.push(of(r[j]!, false))
  return out
}

/** Walks the two documents' tables sorted by name, as upstream's DiffKeys and DiffValues. */
function diffSections(
  lhs: ConfigDoc,
  rhs: ConfigDoc,
  each: {
    onlyLeft(s: Section): void
    onlyRight(s: Section): void
    both(l: Section, r: Section): void
  },
): void {
  const sorted = (d: ConfigDoc) =>
    [...d.sections].sort((a, b) =>
      keyBefore(a.name, b.name) ? -1 : keyBefore(b.name, a.name) ? 1 : 0,
    )
  const l = sorted(lhs)
  const r = sorted(rhs)
  let i = 0
  let j = 0
  while (i < l.length && j < r.length) {
    if (keyBefore(l[i]!.name, r[j]!.name)) each.onlyLeft(l[i++]!)
    else if (keyBefore(r[j]!.name, l[i]!.name)) each.onlyRight(r[j++]!)
    else each.both(l[i++]!, r[j++]!)
  }
  for (; i < l.length; i++) each.onlyLeft(l[i]!)
  for (; j < r.length; j++) each.onlyRight(r[j]!)
}

/** Upstream's DiffKeys: the tables and keys only one of the documents has (values ignored). */
export function diffKeys(lhs: ConfigDoc, rhs: ConfigDoc): ConfigDiff[] {
  const out = diffKvs(lhs.global, rhs.global, false)
  const whole = (s: Section, deleted: boolean) => {
    out.push({ type: 'S', deleted, key: s.name, value: '' })
    for (const kv of s.kvs) out.push({ type: 'M', deleted, ...kv })
  }
  diffSections(lhs, rhs, {
    onlyLeft: (s) => whole(s, true),
    onlyRight: (s) => whole(s, false),
    both: (l, r) => out.push(...diffKvs(l.kvs, r.kvs, false)),
  })
  return out
}

/**
 * Upstream's DiffValues: the file's keys whose value differs from the defaults', and the keys the
 * defaults have that the file lacks (with the default); of the top-level keys, also those only the
 * file has. Tables only one side has are skipped.
 */
export function diffValues(lhs: ConfigDoc, rhs: ConfigDoc): ConfigDiff[] {
  const out = diffKvs(lhs.global, rhs.global, true)
  diffSections(lhs, rhs, {
    onlyLeft: () => {},
    onlyRight: () => {},
    both: (l, r) => out.push(...diffKvs(l.kvs, r.kvs, true).filter((d) => !d.deleted)),
  })
  return out
}

/** Upstream's PrintDiff: `+M api.enable=true`, `-S section=`. */
export function diffLine(d: ConfigDiff): string {
  return `${d.deleted ? '-' : '+'}${d.type} ${keyText(d.key)}=${d.value}`
}
