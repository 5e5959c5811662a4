import { readFileSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import protobuf from 'protobufjs'
import { ErrLogic } from '../errors.js'
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

interface ParsedFile {
  name: string
  package: string
  imports: string[]
  weakImports: string[]
  syntax: 'proto2' | 'proto3'
  /** Top-level messages, enums, services and extension fields, in source order. */
  objects: protobuf.ReflectionObject[]
}

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

/** protoc's name of a map field's entry message: `balances_by_denom` → `BalancesByDenomEntry`. */
function mapEntryName(field: string): string {
  const camel = field.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase())
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Entry`
}

/** FieldDescriptorProto.Type of the scalar types. */
const SCALAR_TYPES: Record<string, number> = {
  double: 1,
  float: 2,
  int64: 3,
  uint64: 4,
  int32: 5,
  fixed64: 6,
  fixed32: 7,
  bool: 8,
  string: 9,
  bytes: 12,
  uint32: 13,
  sfixed32: 15,
  sfixed64: 16,
  sint32: 17,
  sint64: 18,
}
const TYPE_MESSAGE = 11
const TYPE_ENUM = 14
const LABEL_OPTIONAL = 1
const LABEL_REQUIRED = 2
const LABEL_REPEATED = 3
/** Message field numbers end at 2^29 - 1; descriptor ranges are end-exclusive. */
const MAX_FIELD_NUMBER = 536870911

type Json = Record<string, unknown>
/** Options as protobufjs keeps them: `parsedOptions` entries, or the flat `options` map. */
type OptionEntries = readonly Record<string, unknown>[]

/** Converts protobufjs reflection objects to descriptor objects (plain, for `fromObject`). */
class Describer {
  private readonly optionTypes = new Map<string, protobuf.Type>()

  constructor(private readonly root: protobuf.Root) {}

  file(f: ParsedFile): Json {
    const messages: Json[] = []
    const enums: Json[] = []
    const services: Json[] = []
    const extensions: Json[] = []
    for (const o of f.objects) {
      if (o instanceof protobuf.Type) messages.push(this.message(o, f.syntax))
      else if (o instanceof protobuf.Enum) enums.push(this.enum(o))
      else if (o instanceof protobuf.Service) services.push(this.service(o))
      else if (o instanceof protobuf.Field) extensions.push(this.field(o, f.syntax))
    }
    const weakFrom = f.imports.length
    return {
      name: f.name,
      ...(f.package ? { package: f.package } : {}),
      dependency: [...f.imports, ...f.weakImports],
      weak_dependency: f.weakImports.map((_, i) => weakFrom + i),
      message_type: messages,
      enum_type: enums,
      service: services,
      extension: extensions,
      ...(f.syntax === 'proto3' ? { syntax: 'proto3' } : {}),
    }
  }

  private message(t: protobuf.Type, syntax: ParsedFile['syntax']): Json {
    const nested: Json[] = []
    const enums: Json[] = []
    const extensions: Json[] = []
    for (const f of t.fieldsArray) {
      if (f.map) nested.push(this.mapEntry(f))
    }
    for (const n of t.nestedArray) {
      if (n instanceof protobuf.Type) nested.push(this.message(n, syntax))
      else if (n instanceof protobuf.Enum) enums.push(this.enum(n))
      else if (n instanceof protobuf.Field) extensions.push(this.field(n, syntax))
    }
    const reserved = t.reserved ?? []
    return {
      name: t.name,
      // Fields other files add to this type (extensions) are described by those files.
      field: t.fieldsArray.filter((f) => !f.declaringField).map((f) => this.field(f, syntax)),
      extension: extensions,
      nested_type: nested,
      enum_type: enums,
      extension_range: (t.extensions ?? []).map(([start, end]) => ({ start, end: end + 1 })),
      oneof_decl: t.oneofsArray.map((o) => ({
        name: o.name,
        ...this.options(o, 'OneofOptions'),
      })),
      reserved_range: reserved
        .filter((r): r is number[] => Array.isArray(r))
        .map(([start, end]) => ({ start, end: Math.min(end!, MAX_FIELD_NUMBER) + 1 })),
      reserved_name: reserved.filter((r): r is string => typeof r === 'string'),
      ...this.options(t, 'MessageOptions'),
    }
  }

  private field(f: protobuf.Field, syntax: ParsedFile['syntax']): Json {
    f.resolve()
    const out: Json = { name: f.name, number: f.id }
    if (f.map) {
      out.label = LABEL_REPEATED
      out.type = TYPE_MESSAGE
      out.type_name = `${f.parent!.fullName}.${mapEntryName(f.name)}`
    } else {
      out.label = f.repeated ? LABEL_REPEATED : f.required ? LABEL_REQUIRED : LABEL_OPTIONAL
      this.setType(out, f.type, f.resolvedType)
    }
    if (f.extensionField) out.extendee = f.extensionField.parent!.fullName
    if (f.partOf) out.oneof_index = (f.parent as protobuf.Type).oneofsArray.indexOf(f.partOf)
    const fallback = f.options?.default
    if (fallback !== undefined && syntax === 'proto2') out.default_value = String(fallback)
    if (f.options?.proto3_optional === true) out.proto3_optional = true
    if (typeof f.options?.json_name === 'string') out.json_name = f.options.json_name
    return { ...out, ...this.options(f, 'FieldOptions') }
  }

  private mapEntry(f: protobuf.Field): Json {
    const map = f as unknown as protobuf.MapField
    const value: Json = { name: 'value', number: 2, label: LABEL_OPTIONAL }
    this.setType(value, map.type, map.resolvedType)
    return {
      name: mapEntryName(f.name),
      field: [
        { name: 'key', number: 1, label: LABEL_OPTIONAL, type: SCALAR_TYPES[map.keyType] },
        value,
      ],
      options: { map_entry: true },
    }
  }

  private setType(out: Json, type: string, resolved: protobuf.Type | protobuf.Enum | null): void {
    const scalar = SCALAR_TYPES[type]
    if (scalar !== undefined) out.type = scalar
    else if (resolved instanceof protobuf.Enum) {
      out.type = TYPE_ENUM
      out.type_name = resolved.fullName
    } else if (resolved instanceof protobuf.Type) {
      out.type = TYPE_MESSAGE
      out.type_name = resolved.fullName
    } else throw ErrLogic.wrap(`unresolved proto type ${type}`)
  }

  private enum(e: protobuf.Enum): Json {
    const reserved = e.reserved ?? []
    return {
      name: e.name,
      value: Object.entries(e.values).map(([name, number]) => ({
        name,
        number,
        ...this.optionsFrom(e.valuesOptions?.[name], 'EnumValueOptions', e),
      })),
      // Enum reserved ranges are end-inclusive.
      reserved_range: reserved
        .filter((r): r is number[] => Array.isArray(r))
        .map(([start, end]) => ({ start, end })),
      reserved_name: reserved.filter((r): r is string => typeof r === 'string'),
      ...this.options(e, 'EnumOptions'),
    }
  }

  private service(s: protobuf.Service): Json {
    return {
      name: s.name,
      method: s.methodsArray.map((m) => {
        m.resolve()
        return {
          name: m.name,
          input_type: m.resolvedRequestType!.fullName,
          output_type: m.resolvedResponseType!.fullName,
          ...(m.requestStream ? { client_streaming: true } : {}),
          ...(m.responseStream ? { server_streaming: true } : {}),
          ...this.options(m, 'MethodOptions'),
        }
      }),
      ...this.options(s, 'ServiceOptions'),
    }
  }

  /** `{ options }` of an object, or nothing when it has none. */
  private options(obj: protobuf.ReflectionObject, typeName: string): Json {
    const entries: OptionEntries | undefined =
      obj.parsedOptions ?? (obj.options ? [obj.options] : undefined)
    return this.optionsFromEntries(entries, typeName, obj)
  }

  private optionsFrom(flat: Json | undefined, typeName: string, scope: protobuf.ReflectionObject) {
    return this.optionsFromEntries(flat ? [flat] : undefined, typeName, scope)
  }

  private optionsFromEntries(
    entries: OptionEntries | undefined,
    typeName: string,
    scope: protobuf.ReflectionObject,
  ): Json {
    if (!entries) return {}
    const type = this.optionType(typeName)
    const out: Json = {}
    for (const entry of entries) {
      for (const [key, value] of Object.entries(entry)) {
        // Not options in a descriptor: defaults, proto3 `optional` and JSON names are fields.
        if (key === 'default' || key === 'proto3_optional' || key === 'json_name') continue
        const { field, rest } = this.optionField(type, key, scope)
        setOption(out, field, rest.length ? nest(rest, value) : value)
      }
    }
    return Object.keys(out).length ? { options: out } : {}
  }

  private optionType(name: string): protobuf.Type {
    let t = this.optionTypes.get(name)
    if (!t) {
      t = this.root.lookupType(`google.protobuf.${name}`)
      this.optionTypes.set(name, t)
    }
    return t
  }

  /**
   * The options field an option name sets (`deprecated`, `(google.api.http)`, `(http).get`):
   * extension names resolve from the innermost scope outwards, as protoc does.
   */
  private optionField(
    type: protobuf.Type,
    key: string,
    scope: protobuf.ReflectionObject,
  ): { field: protobuf.Field; rest: string[] } {
    let name: string
    let rest: string[]
    if (key.startsWith('(')) {
      const close = key.indexOf(')')
      name = key.slice(1, close)
      rest = key
        .slice(close + 1)
        .split('.')
        .filter(Boolean)
      const candidates: string[] = []
      if (name.startsWith('.')) candidates.push(name)
      else {
        const parts = scope.fullName.split('.').filter(Boolean)
        for (let i = parts.length; i >= 0; i--) {
          candidates.push(`.${[...parts.slice(0, i), name].join('.')}`)
        }
      }
      const found = candidates.map((c) => type.fields[c]).find((f) => f !== undefined)
      if (!found) throw ErrLogic.wrap(`unknown option (${name}) of ${scope.fullName}`)
      return { field: found, rest }
    }
    ;[name = '', ...rest] = key.split('.')
    const field = type.fields[name]
    if (!field) throw ErrLogic.wrap(`unknown option ${name} of ${scope.fullName}`)
    return { field, rest }
  }
}

/** `['a', 'b'], v` → `{ a: { b: v } }`. */
function nest(path: readonly string[], value: unknown): Json {
  let out: unknown = value
  for (let i = path.length - 1; i >= 0; i--) out = { [path[i]!]: out }
  return out as Json
}

/** Sets an option value: repeated fields accumulate, message fields merge. */
function setOption(target: Json, field: protobuf.Field, value: unknown): void {
  const key = field.name
  field.resolve()
  if (field.repeated) {
    const list = (target[key] as unknown[] | undefined) ?? []
    target[key] = list.concat(value)
  } else if (
    field.resolvedType instanceof protobuf.Type &&
    isObject(target[key]) &&
    isObject(value)
  ) {
    const existing = target[key] as Json
    for (const [k, v] of Object.entries(value)) {
      const sub = field.resolvedType.fields[k]
      if (sub) setOption(existing, sub, v)
      else existing[k] = v
    }
  } else {
    target[key] = isObject(value) ? { ...value } : value
  }
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
