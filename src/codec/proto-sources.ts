import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
// The reflection runtime only: the .proto parser (`protobufjs` proper) is loaded when sources are
// parsed, which a registry loaded from its precompiled form never does.
import protobuf from 'protobufjs/light.js'
import { type Brand, brandOf } from './brand.js'

// The .proto sources: where they are, how they are read in a brand and parsed into a root.

/** Directory holding the project's .proto sources (src/proto in development, dist/proto built). */
export const PROTO_DIR = fileURLToPath(new URL('../proto/', import.meta.url))

const require = createRequire(import.meta.url)

/** protobufjs with its .proto parser (the same objects as `protobufjs/light`, plus `parse`), loaded on first use. */
function protobufWithParser(): typeof protobuf {
  return require('protobufjs') as typeof protobuf
}

let descriptorProto: string | undefined

/** Path of the descriptor.proto bundled with protobufjs (found on first use: only parsing needs it). */
function descriptorProtoPath(): string {
  descriptorProto ??= join(
    dirname(require.resolve('protobufjs/package.json')),
    'google/protobuf/descriptor.proto',
  )
  return descriptorProto
}

/** Well-known types every registry holds (bundled with protobufjs). */
const WELL_KNOWN = [
  'google/protobuf/any.proto',
  'google/protobuf/duration.proto',
  'google/protobuf/empty.proto',
  'google/protobuf/timestamp.proto',
  'google/protobuf/wrappers.proto',
]

/** A .proto source: its import path (`sdk/bank/v1beta1/query.proto`) and its text. */
export interface ProtoSource {
  readonly name: string
  readonly text: string
}

/** Every .proto file under `dir`, as paths relative to it (posix separators), sorted. */
export function listProtoFiles(dir: string = PROTO_DIR): string[] {
  const files: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else if (name.endsWith('.proto')) files.push(relative(dir, p).split(sep).join('/'))
    }
  }
  walk(dir)
  return files.sort()
}

/** Resolves an import the way the proto sources expect (google/protobuf from protobufjs). */
export function resolveProtoImport(dir: string, target: string): string {
  if (isAbsolute(target)) return target
  if (target === 'google/protobuf/descriptor.proto') return descriptorProtoPath()
  // Other well-known types are bundled with protobufjs and resolved by name.
  if (target.startsWith('google/protobuf/')) return target
  return join(dir, target)
}

/** Parses the .proto sources of `dir` into one resolved root. */
export function parseProtoSources(
  dir: string,
  files: readonly string[] = listProtoFiles(dir),
): protobuf.Root {
  return parseProtoTexts(readSources(dir, files), dir)
}

/** The sources of `files` under `dir`, names and texts as `brand` has them. */
export function readSources(dir: string, files: readonly string[], b: Brand = brandOf('sdk')) {
  return files.map((name) => ({
    name: b.rename(name),
    text: b.rename(readFileSync(join(dir, name), 'utf8')),
  }))
}

/**
 * Parses .proto texts into one resolved root; their imports outside the set are the well-known
 * types (bundled with protobufjs) and resolve as `resolveProtoImport` says.
 */
export function parseProtoTexts(
  sources: Iterable<ProtoSource>,
  dir: string = PROTO_DIR,
  options: protobuf.IParseOptions = {},
  /** Called after each file is added to the root, with its name. */
  onFile?: (name: string, root: protobuf.Root) => void,
): protobuf.Root {
  const { parse } = protobufWithParser()
  const root = new protobuf.Root()
  root.resolvePath = (_origin, target) => resolveProtoImport(dir, target)
  const load = (file: string) => {
    root.loadSync(file, { keepCase: true })
    onFile?.(file, root)
  }
  for (const file of [...WELL_KNOWN, descriptorProtoPath()]) load(file)
  const names = new Set<string>()
  const imports = new Set<string>()
  for (const s of sources) {
    names.add(s.name)
    const parsed = parse(s.text, root, { keepCase: true, ...options })
    onFile?.(s.name, root)
    for (const i of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) imports.add(i)
  }
  for (const i of imports)
    if (!names.has(i) && !WELL_KNOWN.includes(i)) load(resolveProtoImport(dir, i))
  root.resolveAll()
  return root
}
