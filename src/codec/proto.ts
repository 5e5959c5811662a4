import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
// The reflection runtime only: the .proto parser (`protobufjs` proper) is loaded when sources are
// parsed, which a registry loaded from its precompiled form never does.
import protobuf from 'protobufjs/light.js'
import { ErrTxDecode, ErrUnpackAny } from '../errors.js'
import { type Brand, type BrandName, brand, brandOf } from './brand.js'
import type { Bytes } from './bytes.js'
import { SIGNER_OPTION, signerFields } from './signer-fields.js'

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

/** A decoded protobuf message (protobufjs runtime object, snake_case field names). */
// biome-ignore lint/suspicious/noExplicitAny: protobuf messages are dynamic, typed at their use sites
export type ProtoMessage = Record<string, any>

/** google.protobuf.Any. */
export interface AnyMessage {
  type_url: string
  value: Bytes
}

/** The service option that marks a Msg service (upstream `cosmos.msg.v1.service`), canonical. */
const MSG_SERVICE_OPTION = '(sdk.msg.v1.service)'

/** A .proto source: its import path (`sdk/bank/v1beta1/query.proto`) and its text. */
export interface ProtoSource {
  readonly name: string
  readonly text: string
}

/** One method of a Msg service: a message type a transaction may carry. */
export interface MsgServiceMethod {
  /** Type URL of the Msg (the method's request), `/sdk.bank.v1beta1.MsgSend`. */
  readonly typeUrl: string
  /** Fully-qualified service, `sdk.bank.v1beta1.Msg`. */
  readonly service: string
  /** Method name, `Send`. */
  readonly method: string
  readonly requestType: protobuf.Type
  readonly responseType: protobuf.Type
  /** The Msg's `(sdk.msg.v1.signer)` field names. */
  readonly signers: readonly string[]
}

/** Which types are Msgs: the methods of every `(sdk.msg.v1.service)` service. */
export interface MsgIndex {
  /** Fully-qualified names of the Msg services. */
  readonly services: ReadonlySet<string>
  /** Msg methods by the type URL of their request. */
  readonly byTypeUrl: ReadonlyMap<string, MsgServiceMethod>
  /** The Msg method whose request is `type`, if `type` is a Msg. */
  ofType(type: protobuf.Type): MsgServiceMethod | undefined
}

/** Type URL of a message type (`/` + its fully-qualified name). */
function typeUrlOf(type: protobuf.Type): string {
  return `/${type.fullName.replace(/^\./, '')}`
}

/** Builds the Msg index from a registry's services. */
function buildMsgIndex(services: readonly protobuf.Service[], brand: Brand): MsgIndex {
  const names = new Set<string>()
  const byTypeUrl = new Map<string, MsgServiceMethod>()
  const serviceOption = brand.rename(MSG_SERVICE_OPTION)
  const signerOption = brand.rename(SIGNER_OPTION)
  for (const service of services) {
    if (service.options?.[serviceOption] !== true) continue
    const serviceName = service.fullName.replace(/^\./, '')
    names.add(serviceName)
    for (const method of service.methodsArray) {
      method.resolve()
      const requestType = method.resolvedRequestType!
      const typeUrl = typeUrlOf(requestType)
      byTypeUrl.set(typeUrl, {
        typeUrl,
        service: serviceName,
        method: method.name,
        requestType,
        responseType: method.resolvedResponseType!,
        signers: signerFields(requestType, signerOption),
      })
    }
  }
  // Asked for every message of every tx: each type's answer is remembered.
  const ofType = new WeakMap<protobuf.Type, MsgServiceMethod | null>()
  return {
    services: names,
    byTypeUrl,
    ofType(type) {
      let m = ofType.get(type)
      if (m === undefined) {
        m = byTypeUrl.get(typeUrlOf(type)) ?? null
        ofType.set(type, m)
      }
      return m ?? undefined
    },
  }
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

/** Name of the precompiled registry written beside the built .proto sources. */
export const REGISTRY_JSON = 'registry.json'

/**
 * The precompiled registry (`registry.json`): protobufjs's own JSON descriptor of the parsed root
 * (`root.toJSON()`, loaded with `Root.fromJSON`), and its `parts` — what lets a registry build only
 * the definitions a call uses (see `PartLoader`).
 */
interface CompiledRegistry extends protobuf.INamespace {
  parts?: RegistryPart[]
}

/**
 * The definitions (messages, enums, services, extensions) one .proto file adds to one package, in
 * the root's order, and the parts they need: those defining the types of their fields and methods
 * and the messages they extend, those extending their messages, and the package's previous part.
 */
interface RegistryPart {
  package: string
  names: string[]
  /** Indices of the parts this one needs, ascending. */
  uses: number[]
}

/** Parses the .proto sources of `dir` into one resolved root. */
export function parseProtoSources(
  dir: string,
  files: readonly string[] = listProtoFiles(dir),
): protobuf.Root {
  return parseProtoTexts(readSources(dir, files), dir)
}

/**
 * The precompiled registry of the .proto sources of `dir` (what the build writes to
 * `dist/proto/registry.json`): the parsed root as protobufjs's JSON descriptor, and its parts.
 */
export function compileProtoSources(dir: string): string {
  // Which file added each top-level definition: the definitions new after each file is loaded.
  const fileOf = new Map<string, string>()
  const root = parseProtoTexts(readSources(dir, listProtoFiles(dir)), dir, {}, (file, r) => {
    for (const d of definitions(r)) if (!fileOf.has(d.fullName)) fileOf.set(d.fullName, file)
  })
  const compiled: CompiledRegistry = { ...root.toJSON(), parts: registryParts(root, fileOf) }
  return JSON.stringify(compiled)
}

/** Whether a reflection object is a definition (not a namespace that holds them). */
const isDefinition = (o: protobuf.ReflectionObject) =>
  !(o instanceof protobuf.Namespace) || o instanceof protobuf.Type || o instanceof protobuf.Service

/** The top-level definitions of every package of `root`, in the root's order. */
function definitions(root: protobuf.Root): protobuf.ReflectionObject[] {
  const out: protobuf.ReflectionObject[] = []
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const o of ns.nestedArray) {
      if (isDefinition(o)) out.push(o)
      else walk(o as protobuf.Namespace)
    }
  }
  walk(root)
  return out
}

/** The top-level definition `o` is or is nested in. */
function topLevel(o: protobuf.ReflectionObject): protobuf.ReflectionObject {
  let t = o
  while (t.parent && isDefinition(t.parent)) t = t.parent
  return t
}

/** Splits the root's definitions into parts (see `RegistryPart`). */
function registryParts(root: protobuf.Root, fileOf: ReadonlyMap<string, string>): RegistryPart[] {
  const parts: (RegistryPart & { file: string | undefined; uses: number[] })[] = []
  const partOf = new Map<protobuf.ReflectionObject, number>()
  for (const d of definitions(root)) {
    const pkg = d.parent!.fullName.replace(/^\./, '')
    const file = fileOf.get(d.fullName)
    const last = parts.at(-1)
    if (last && last.package === pkg && last.file === file) last.names.push(d.name)
    else {
      // A package's next part needs its previous one: a package's definitions keep their order.
      const previous = last?.package === pkg ? [parts.length - 1] : []
      parts.push({ package: pkg, file, names: [d.name], uses: previous })
    }
    partOf.set(d, parts.length - 1)
  }
  const use = (from: number, o: protobuf.ReflectionObject | null | undefined) => {
    const to = o ? partOf.get(topLevel(o)) : undefined
    if (to !== undefined && to !== from) parts[from]!.uses.push(to)
  }
  const visit = (from: number, o: protobuf.ReflectionObject) => {
    if (o instanceof protobuf.Field) {
      if (o.declaringField) return // an extension's copy inside the message it extends
      use(from, o.resolvedType)
      if (o.extensionField?.parent) {
        // Both ways: the extended message's part brings its extensions, in the root's order.
        use(from, o.extensionField.parent)
        const extended = partOf.get(topLevel(o.extensionField.parent))
        if (extended !== undefined && extended !== from) parts[extended]!.uses.push(from)
      }
    } else if (o instanceof protobuf.Service) {
      for (const m of o.methodsArray) {
        m.resolve()
        use(from, m.resolvedRequestType)
        use(from, m.resolvedResponseType)
      }
    } else if (o instanceof protobuf.Type) {
      for (const f of o.fieldsArray) visit(from, f)
      for (const n of o.nestedArray) visit(from, n)
    }
  }
  for (const [d, i] of partOf) visit(i, d)
  return parts.map(({ package: pkg, names, uses }) => ({
    package: pkg,
    names,
    uses: [...new Set(uses)].sort((x, y) => x - y),
  }))
}

/** The sources of `files` under `dir`, names and texts as `brand` has them. */
function readSources(dir: string, files: readonly string[], b: Brand = brandOf('sdk')) {
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

/** A definition in a JSON descriptor: what `Namespace.addJSON` builds as something other than a namespace. */
const isDefinitionJson = (o: protobuf.AnyNestedObject) => {
  const j = o as { fields?: unknown; values?: unknown; methods?: unknown; id?: unknown }
  return (
    j.fields !== undefined ||
    j.values !== undefined ||
    j.methods !== undefined ||
    j.id !== undefined
  )
}

/**
 * Builds a precompiled registry's root part by part, as calls name its definitions: the namespaces
 * first (each package where, and in the order, a whole load puts it), then a part with every part
 * it needs, transitively, added in the root's order and resolved. A call that names a few types
 * builds those few and what they use; the rest is built only when something asks for the whole
 * root (`complete`). The root ends up as `Root.fromJSON` would build it: the same objects in the
 * same order, and a name resolves to the same definition whatever was built before.
 */
class PartLoader {
  private root: protobuf.Root | undefined
  private readonly built = new Set<number>()
  /** The namespace of each package, once the namespaces are built. */
  private readonly packages = new Map<string, protobuf.Namespace>()
  /** Package names, longest first. */
  private readonly longestFirst: string[]

  private constructor(
    private readonly json: CompiledRegistry,
    private readonly parts: readonly RegistryPart[],
    /** Each package's JSON namespace. */
    private readonly packageJson: ReadonlyMap<string, protobuf.INamespace>,
    /** The part of each top-level definition, by full name. */
    private readonly partOf: ReadonlyMap<string, number>,
  ) {
    this.longestFirst = [...packageJson.keys()].sort((x, y) => y.length - x.length)
  }

  /**
   * A loader of `json`, or undefined when it cannot be built by parts: no parts, parts that do not
   * cover its definitions exactly, or a namespace holding both definitions and packages.
   */
  static of(json: CompiledRegistry): PartLoader | undefined {
    const parts = json.parts
    if (!parts) return undefined
    const packageJson = new Map<string, protobuf.INamespace>()
    let definitions = 0
    let mixed = false
    const walk = (ns: protobuf.INamespace, name: string) => {
      const entries = Object.entries(ns.nested ?? {})
      const namespaces = entries.filter(([, o]) => !isDefinitionJson(o))
      if (namespaces.length < entries.length) {
        if (namespaces.length > 0 || name === '') mixed = true
        packageJson.set(name, ns)
        definitions += entries.length
      }
      for (const [k, o] of namespaces) walk(o as protobuf.INamespace, name ? `${name}.${k}` : k)
    }
    walk(json, '')
    if (mixed) return undefined
    const partOf = new Map<string, number>()
    for (const [i, part] of parts.entries()) {
      const nested = packageJson.get(part.package)?.nested
      for (const name of part.names) {
        if (!nested || !Object.hasOwn(nested, name)) return undefined
        partOf.set(`${part.package}.${name}`, i)
      }
    }
    if (partOf.size !== definitions) return undefined
    return new PartLoader(json, parts, packageJson, partOf)
  }

  /**
   * The root with the definition `name` (fully qualified, no leading dot) built, and what it uses;
   * the whole root when the name is not that of a definition or something nested in one.
   */
  rootFor(name: string): protobuf.Root {
    const pkg = this.longestFirst.find((p) => name.startsWith(`${p}.`))
    const part =
      pkg === undefined
        ? undefined
        : this.partOf.get(`${pkg}.${name.slice(pkg.length + 1).split('.')[0]}`)
    if (part === undefined) return this.complete()
    const needed = new Set<number>()
    const add = (i: number) => {
      if (needed.has(i) || this.built.has(i)) return
      needed.add(i)
      for (const u of this.parts[i]!.uses) add(u)
    }
    add(part)
    return this.build([...needed].sort((x, y) => x - y))
  }

  /** The whole root. */
  complete(): protobuf.Root {
    // Nothing built yet: protobufjs builds it in one go.
    if (!this.root) this.root = protobuf.Root.fromJSON(this.json)
    else this.build(this.parts.map((_, i) => i).filter((i) => !this.built.has(i)))
    this.built.clear()
    for (let i = 0; i < this.parts.length; i++) this.built.add(i)
    return this.root
  }

  /** Whether every part is built. */
  isComplete(): boolean {
    return this.built.size === this.parts.length
  }

  /** The packages built so far (some or all of their definitions), in the root's order. */
  builtPackages(): string[] {
    return [...new Set([...this.built].sort((x, y) => x - y).map((i) => this.parts[i]!.package))]
  }

  /** Adds `parts` (ascending) to the root, then resolves what they added. */
  private build(parts: readonly number[]): protobuf.Root {
    const root = this.namespaces()
    if (parts.length === 0) return root
    for (const i of parts) {
      const part = this.parts[i]!
      const nested = this.packageJson.get(part.package)!.nested!
      this.packages
        .get(part.package)!
        .addJSON(Object.fromEntries(part.names.map((n) => [n, nested[n]!])))
      this.built.add(i)
    }
    root.resolveAll()
    return root
  }

  /** The root with every namespace and no definitions (built once). */
  private namespaces(): protobuf.Root {
    if (this.root) return this.root
    const root = new protobuf.Root()
    if (this.json.options) root.setOptions(this.json.options)
    const walk = (parent: protobuf.NamespaceBase, json: protobuf.INamespace, name: string) => {
      if (this.packageJson.has(name)) {
        this.packages.set(name, parent as protobuf.Namespace)
        return
      }
      for (const [k, o] of Object.entries(json.nested ?? {})) {
        const ns = new protobuf.Namespace(k, (o as protobuf.INamespace).options)
        parent.add(ns)
        walk(ns, o as protobuf.INamespace, name ? `${name}.${k}` : k)
      }
    }
    walk(root, this.json, '')
    this.root = root
    return root
  }
}

/**
 * `w` emptied for its next message, also after an encode that threw between a fork and its ldelim:
 * for a writer reused across messages, whose buffer stays at the largest size it reached.
 */
export function emptiedWriter(w: protobuf.Writer): protobuf.Writer {
  while (w.len > 0) w.reset()
  return w
}

/**
 * The registry of every message, enum and service the node knows, loaded once from the .proto
 * sources. Type URLs are `/` + the fully-qualified message name. Loaded from the build's
 * precompiled form, a registry builds the definitions a call names (and what they use) when it
 * first names them: a client call that decodes one response builds a few messages, not the
 * hundreds the node serves.
 */
export class ProtoRegistry {
  /** The brand the names were loaded in. */
  readonly brand: Brand
  /** Types by the name asked for (canonical or the brand's). */
  private readonly typeCache = new Map<string, protobuf.Type>()
  /** Types by their exact name in the brand (what type URLs hold). */
  private readonly urlCache = new Map<string, protobuf.Type>()
  private msgs: MsgIndex | undefined
  private branded: ProtoSource[] | undefined
  private fileList: readonly string[] | undefined
  /** The whole root, once built. */
  private whole: protobuf.Root | undefined
  /** What builds the root part by part (a precompiled registry). */
  private readonly loader: PartLoader | undefined

  private constructor(
    source: protobuf.Root | PartLoader,
    private readonly dir: string,
    brand: Brand,
  ) {
    if (source instanceof PartLoader) this.loader = source
    else this.whole = source
    this.brand = brand
  }

  /** The root of every definition (built whole on first use). */
  get root(): protobuf.Root {
    this.whole ??= this.loader!.complete()
    return this.whole
  }

  /** The source files (canonical names, relative to `dir`), listed on first use. */
  get files(): readonly string[] {
    this.fileList ??= listProtoFiles(this.dir)
    return this.fileList
  }

  /**
   * The packages whose definitions are built so far (some or all of them), in the root's order:
   * every package once the whole root is.
   */
  builtPackages(): string[] {
    if (this.whole || !this.loader) return this.packageNames()
    return this.loader.builtPackages()
  }

  /** Every package of the root that defines something, in the root's order. */
  private packageNames(): string[] {
    const out: string[] = []
    for (const d of definitions(this.root)) {
      const pkg = d.parent!.fullName.replace(/^\./, '')
      if (out.at(-1) !== pkg && !out.includes(pkg)) out.push(pkg)
    }
    return out
  }

  /** The root, with at least the definition `name` (fully qualified, in the brand) built. */
  private rootFor(name: string): protobuf.Root {
    if (this.whole) return this.whole
    const root = this.loader!.rootFor(name)
    if (this.loader!.isComplete()) this.whole = root
    return root
  }

  /**
   * Loads every .proto file under `dir` in a brand (default: the process's), its names renamed as
   * the brand has them — from the precompiled form `registry.json` when the build wrote one beside
   * the sources (`dist/proto`: no .proto parsing, and definitions built as calls name them, which
   * keeps client commands cheap), else by parsing the sources.
   */
  static load(dir: string = PROTO_DIR, brandName: BrandName = brand().name): ProtoRegistry {
    const b = brandOf(brandName)
    const compiled = join(dir, REGISTRY_JSON)
    if (existsSync(compiled)) {
      const json = JSON.parse(b.rename(readFileSync(compiled, 'utf8'))) as CompiledRegistry
      return new ProtoRegistry(PartLoader.of(json) ?? protobuf.Root.fromJSON(json), dir, b)
    }
    const files = listProtoFiles(dir)
    const registry = new ProtoRegistry(parseProtoTexts(readSources(dir, files, b), dir), dir, b)
    registry.fileList = files
    return registry
  }

  /** The .proto sources as this registry's brand has them (file names and texts), read once. */
  sources(): readonly ProtoSource[] {
    this.branded ??= readSources(this.dir, this.files, this.brand)
    return this.branded
  }

  /** This brand's form of a canonical name (type, service, method path, option, REST path). */
  name(canonical: string): string {
    return this.brand.rename(canonical)
  }

  /** This brand's type URL of a canonical type name or URL (`/sdk.bank.v1beta1.MsgSend`). */
  typeUrl(canonical: string): string {
    return this.brand.typeUrl(canonical)
  }

  /** The message type of a fully-qualified name, canonical or in the brand (`sdk.upgrade.v1beta1.Plan`). */
  type(name: string): protobuf.Type {
    let t = this.typeCache.get(name)
    if (!t) {
      const branded = this.brand.rename(name)
      t = this.rootFor(branded).lookupType(branded)
      this.typeCache.set(name, t)
    }
    return t
  }

  /** The message type of a type URL as the brand writes it (no renaming), or undefined if unknown. */
  typeOfUrl(typeUrl: string): protobuf.Type | undefined {
    const name = typeUrl.startsWith('/')
      ? typeUrl.slice(1)
      : typeUrl.slice(typeUrl.lastIndexOf('/') + 1)
    const cached = this.urlCache.get(name)
    if (cached) return cached
    const found = this.rootFor(name).lookup(name)
    if (!(found instanceof protobuf.Type)) return undefined
    this.urlCache.set(name, found)
    return found
  }

  /** A service by its fully-qualified name, canonical or in the brand. */
  service(name: string): protobuf.Service {
    const branded = this.brand.rename(name)
    return this.rootFor(branded).lookupService(branded)
  }

  /** Every service defined in the sources. */
  services(): protobuf.Service[] {
    const out: protobuf.Service[] = []
    const walk = (ns: protobuf.NamespaceBase) => {
      for (const obj of ns.nestedArray) {
        if (obj instanceof protobuf.Service) out.push(obj)
        else if (obj instanceof protobuf.Namespace || obj instanceof protobuf.Type) walk(obj)
      }
    }
    walk(this.root)
    return out
  }

  /** The Msg-service index (built on first use, once per registry). */
  msgIndex(): MsgIndex {
    this.msgs ??= buildMsgIndex(this.services(), this.brand)
    return this.msgs
  }

  /** Encodes a plain object (validated and converted by the type). */
  encode(name: string | protobuf.Type, value: ProtoMessage): Bytes {
    const t = typeof name === 'string' ? this.type(name) : name
    const bytes = t.encode(t.fromObject(value)).finish()
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  }

  /** Decodes bytes; a malformed input throws `tx parse error`-class errors only when asked. */
  decode(name: string | protobuf.Type, bytes: Bytes): ProtoMessage {
    const t = typeof name === 'string' ? this.type(name) : name
    return t.decode(bytes) as ProtoMessage
  }

  /** Packs a message as Any (a canonical type URL is written in the brand). */
  packAny(typeUrl: string, value: ProtoMessage): AnyMessage {
    const url = this.brand.rename(typeUrl)
    const t = this.typeOfUrl(url)
    if (!t) throw ErrUnpackAny.wrap(`unable to resolve type URL ${url}`)
    return { type_url: url, value: this.encode(t, value) }
  }

  /** Unpacks an Any; an unknown type URL or bad bytes fail with the upstream error. */
  unpackAny(any: AnyMessage): { typeUrl: string; type: protobuf.Type; value: ProtoMessage } {
    const t = this.typeOfUrl(any.type_url)
    if (!t) throw ErrTxDecode.wrap(`unable to resolve type URL ${any.type_url}`)
    try {
      return { typeUrl: any.type_url, type: t, value: t.decode(any.value) as ProtoMessage }
    } catch (err) {
      throw ErrTxDecode.wrap(`failed to decode ${any.type_url}: ${(err as Error).message}`, {
        cause: err,
      })
    }
  }
}

const shared = new Map<BrandName, ProtoRegistry>()

/** The process-wide registry of the built-in protos in the process's brand (loaded on first use). */
export function protoRegistry(): ProtoRegistry {
  const name = brand().name
  let r = shared.get(name)
  if (!r) {
    r = ProtoRegistry.load(PROTO_DIR, name)
    shared.set(name, r)
  }
  return r
}
