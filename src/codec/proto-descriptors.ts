import { readFileSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import protobuf from 'protobufjs'
import { ErrLogic } from '../errors.js'
import { Describer, mapEntryName, type ParsedFile } from './proto-describer.js'
import { type ProtoSource, resolveProtoImport } from './proto-sources.js'

/**
 * google.protobuf.FileDescriptorProtos of .proto sources, as protoc would describe them (what gRPC
 * server reflection serves): real file names, `dependency` in import order, messages, enums,
 * services and extensions with fully-qualified type names, and their options — standard ones and
 * extensions such as `(google.api.http)` and `(gogoproto.nullable)`. protobufjs parses the text
 * and encodes the descriptors with the `google/protobuf/descriptor.proto` types of the same root,
 * so extension options encode as the extension fields they are. Not described: source locations,
 * and file-level options (protobufjs keeps those per package, not per file; the node's sources have
 * none).
 */

/** One described file. */
export interface FileDescriptorEntry {
  readonly name: string
  /** Its imports, in source order. */
  readonly dependencies: readonly string[]
  /** The encoded google.protobuf.FileDescriptorProto. */
  readonly bytes: Uint8Array
}

/** The descriptors of a set of sources and of every file they import, transitively. */
export interface FileDescriptors {
  /** Every file, each after the files it imports. */
  readonly files: ReadonlyMap<string, FileDescriptorEntry>
  /**
   * The file defining a fully-qualified name (no leading dot): a message, enum, enum value,
   * field, oneof, service, method or extension.
   */
  fileOfSymbol(name: string): FileDescriptorEntry | undefined
  /** The file declaring extension `number` of message `extendee`. */
  fileOfExtension(extendee: string, number: number): FileDescriptorEntry | undefined
  /** Field numbers of the declared extensions of message `extendee`, ascending. */
  extensionNumbers(extendee: string): number[]
}

/** The file every descriptor is encoded with (always described: options need it). */
const DESCRIPTOR_FILE = 'google/protobuf/descriptor.proto'

/** Builds the descriptors of `sources` (imports outside them: protobufjs's bundled google/protobuf). */
export function buildFileDescriptors(sources: Iterable<ProtoSource>): FileDescriptors {
  const texts = new Map<string, string>()
  for (const s of sources) texts.set(s.name, s.text)
  const root = new protobuf.Root()
  const parsed = new Map<string, ParsedFile>()
  const owned = new Set<protobuf.ReflectionObject>()
  const load = (name: string) => {
    if (parsed.has(name)) return
    const file = loadFile(root, name, texts.get(name), owned)
    parsed.set(name, file)
    for (const dep of [...file.imports, ...file.weakImports]) load(dep)
  }
  for (const name of texts.keys()) load(name)
  load(DESCRIPTOR_FILE)
  root.resolveAll()

  const describer = new Describer(root)
  const fileType = root.lookupType('google.protobuf.FileDescriptorProto')
  const files = new Map<string, FileDescriptorEntry>()
  const symbols = new Map<string, FileDescriptorEntry>()
  const extensions = new Map<string, Map<number, FileDescriptorEntry>>()
  const emit = (name: string, path: readonly string[]) => {
    if (files.has(name)) return
    if (path.includes(name)) throw ErrLogic.wrap(`import cycle: ${[...path, name].join(' -> ')}`)
    const file = parsed.get(name)!
    for (const dep of [...file.imports, ...file.weakImports]) emit(dep, [...path, name])
    const bytes = fileType.encode(fileType.fromObject(describer.file(file))).finish()
    const entry: FileDescriptorEntry = {
      name,
      dependencies: [...file.imports, ...file.weakImports],
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    }
    files.set(name, entry)
    for (const obj of file.objects) {
      indexSymbols(obj, (symbol) => symbols.set(symbol, entry))
      if (obj instanceof protobuf.Type) {
        for (const nested of nestedExtensions(obj)) addExtension(extensions, nested, entry)
      } else if (obj instanceof protobuf.Field) addExtension(extensions, obj, entry)
    }
  }
  for (const name of parsed.keys()) emit(name, [])

  return {
    files,
    fileOfSymbol: (name) => symbols.get(name),
    fileOfExtension: (extendee, number) => extensions.get(extendee)?.get(number),
    extensionNumbers: (extendee) =>
      [...(extensions.get(extendee)?.keys() ?? [])].sort((a, b) => a - b),
  }
}

/** Parses one file into `root`; its top-level objects are the ones it added to its package. */
function loadFile(
  root: protobuf.Root,
  name: string,
  text: string | undefined,
  owned: Set<protobuf.ReflectionObject>,
): ParsedFile {
  let pkg = ''
  let imports: string[] = []
  let weakImports: string[] = []
  let syntax: ParsedFile['syntax'] = 'proto3'
  const bundled = text === undefined ? resolveProtoImport('', name) : undefined
  if (text === undefined && bundled !== undefined && isAbsolute(bundled)) {
    text = readFileSync(bundled, 'utf8')
  }
  if (text !== undefined) {
    const result = protobuf.parse(text, root, { keepCase: true })
    pkg = result.package ?? ''
    imports = result.imports ?? []
    weakImports = result.weakImports ?? []
    syntax = syntaxOf(text)
  } else {
    // Well-known types protobufjs bundles as JSON (any, duration, timestamp …): proto3 files.
    const json = protobuf.common.get(name) as protobuf.INamespace | null
    if (!json?.nested) throw ErrLogic.wrap(`proto import ${JSON.stringify(name)} not found`)
    root.addJSON(json.nested)
    pkg = packageOf(json)
  }
  const ns = pkg === '' ? root : (root.lookup(pkg) as protobuf.Namespace)
  const objects = ns.nestedArray.filter(
    (o) =>
      !owned.has(o) &&
      (o instanceof protobuf.Type ||
        o instanceof protobuf.Enum ||
        o instanceof protobuf.Service ||
        o instanceof protobuf.Field),
  )
  for (const o of objects) owned.add(o)
  return { name, package: pkg, imports, weakImports, syntax, objects }
}

/** The `syntax` statement of a source (proto2 when absent, as protoc). */
function syntaxOf(text: string): ParsedFile['syntax'] {
  const tn = protobuf.tokenize(text, false)
  if (tn.next() !== 'syntax' || tn.next() !== '=') return 'proto2'
  tn.next() // the opening quote
  return tn.next() === 'proto3' ? 'proto3' : 'proto2'
}

/** The package of a bundled JSON definition: its chain of plain namespaces. */
function packageOf(json: protobuf.INamespace): string {
  const parts: string[] = []
  let node: protobuf.INamespace = json
  for (;;) {
    const entries = Object.entries(node.nested ?? {})
    const [key, child] = entries[0] ?? []
    if (entries.length !== 1 || key === undefined || !isPlainNamespace(child)) break
    parts.push(key)
    node = child as protobuf.INamespace
  }
  return parts.join('.')
}

function isPlainNamespace(json: unknown): boolean {
  const j = json as Record<string, unknown>
  return j.nested !== undefined && !('fields' in j) && !('values' in j) && !('methods' in j)
}

/** Fully-qualified name without the leading dot. */
const nameOf = (o: protobuf.ReflectionObject) => o.fullName.slice(1)

function indexSymbols(obj: protobuf.ReflectionObject, add: (name: string) => void): void {
  add(nameOf(obj))
  if (obj instanceof protobuf.Type) {
    for (const f of obj.fieldsArray) add(nameOf(f))
    for (const o of obj.oneofsArray) add(nameOf(o))
    for (const f of obj.fieldsArray) {
      if (f.map) add(`${nameOf(obj)}.${mapEntryName(f.name)}`)
    }
    for (const n of obj.nestedArray) indexSymbols(n, add)
  } else if (obj instanceof protobuf.Enum) {
    // Enum values are siblings of their enum (C++ scoping), as protobuf registries find them.
    const scope = nameOf(obj).slice(0, -obj.name.length)
    for (const v of Object.keys(obj.values)) add(`${scope}${v}`)
  } else if (obj instanceof protobuf.Service) {
    for (const m of obj.methodsArray) add(nameOf(m))
  }
}

function nestedExtensions(type: protobuf.Type): protobuf.Field[] {
  const out: protobuf.Field[] = []
  for (const n of type.nestedArray) {
    if (n instanceof protobuf.Field) out.push(n)
    else if (n instanceof protobuf.Type) out.push(...nestedExtensions(n))
  }
  return out
}

function addExtension(
  index: Map<string, Map<number, FileDescriptorEntry>>,
  field: protobuf.Field,
  entry: FileDescriptorEntry,
): void {
  const extendee = field.extensionField?.parent
  if (!extendee) return
  let byNumber = index.get(nameOf(extendee))
  if (!byNumber) {
    byNumber = new Map()
    index.set(nameOf(extendee), byNumber)
  }
  byNumber.set(field.id, entry)
}
