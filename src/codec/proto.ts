import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import protobuf from 'protobufjs'
import { ErrTxDecode, ErrUnpackAny } from '../errors.js'
import { type Brand, type BrandName, brand, brandOf } from './brand.js'
import type { Bytes } from './bytes.js'
import { SIGNER_OPTION, signerFields } from './signers.js'

/** Directory holding the project's .proto sources (src/proto in development, dist/proto built). */
export const PROTO_DIR = fileURLToPath(new URL('../proto/', import.meta.url))

const require = createRequire(import.meta.url)
const DESCRIPTOR_PROTO = join(
  dirname(require.resolve('protobufjs/package.json')),
  'google/protobuf/descriptor.proto',
)

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
  return { services: names, byTypeUrl, ofType: (type) => byTypeUrl.get(typeUrlOf(type)) }
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
  if (target === 'google/protobuf/descriptor.proto') return DESCRIPTOR_PROTO
  // Other well-known types are bundled with protobufjs and resolved by name.
  if (target.startsWith('google/protobuf/')) return target
  return join(dir, target)
}

/** Name of the precompiled registry written beside the built .proto sources. */
export const REGISTRY_JSON = 'registry.json'

/** Parses the .proto sources of `dir` into one resolved root. */
export function parseProtoSources(
  dir: string,
  files: readonly string[] = listProtoFiles(dir),
): protobuf.Root {
  return parseProtoTexts(readSources(dir, files), dir)
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
): protobuf.Root {
  const root = new protobuf.Root()
  root.resolvePath = (_origin, target) => resolveProtoImport(dir, target)
  root.loadSync([...WELL_KNOWN, DESCRIPTOR_PROTO], { keepCase: true })
  const names = new Set<string>()
  const imports = new Set<string>()
  for (const s of sources) {
    names.add(s.name)
    const parsed = protobuf.parse(s.text, root, { keepCase: true, ...options })
    for (const i of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) imports.add(i)
  }
  const outside = [...imports].filter((i) => !names.has(i) && !WELL_KNOWN.includes(i))
  if (outside.length > 0)
    root.loadSync(
      outside.map((i) => resolveProtoImport(dir, i)),
      { keepCase: true },
    )
  root.resolveAll()
  return root
}

/**
 * The registry of every message, enum and service the node knows, loaded once from the .proto
 * sources. Type URLs are `/` + the fully-qualified message name.
 */
export class ProtoRegistry {
  readonly root: protobuf.Root
  /** The source files (canonical names, relative to `dir`). */
  readonly files: readonly string[]
  /** The brand the names were loaded in. */
  readonly brand: Brand
  /** Types by the name asked for (canonical or the brand's). */
  private readonly typeCache = new Map<string, protobuf.Type>()
  /** Types by their exact name in the brand (what type URLs hold). */
  private readonly urlCache = new Map<string, protobuf.Type>()
  private msgs: MsgIndex | undefined
  private branded: ProtoSource[] | undefined

  private constructor(
    root: protobuf.Root,
    private readonly dir: string,
    files: readonly string[],
    brand: Brand,
  ) {
    this.root = root
    this.files = files
    this.brand = brand
  }

  /**
   * Loads every .proto file under `dir` in a brand (default: the process's), its names renamed as
   * the brand has them — from the precompiled form `registry.json` when the build wrote one beside
   * the sources (`dist/proto`; three times faster than parsing the .proto text, which keeps client
   * commands cheap), else by parsing the sources.
   */
  static load(dir: string = PROTO_DIR, brandName: BrandName = brand().name): ProtoRegistry {
    const b = brandOf(brandName)
    const files = listProtoFiles(dir)
    const compiled = join(dir, REGISTRY_JSON)
    if (existsSync(compiled)) {
      const root = protobuf.Root.fromJSON(JSON.parse(b.rename(readFileSync(compiled, 'utf8'))))
      return new ProtoRegistry(root, dir, files, b)
    }
    return new ProtoRegistry(parseProtoTexts(readSources(dir, files, b), dir), dir, files, b)
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
      t = this.root.lookupType(this.brand.rename(name))
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
    const found = this.root.lookup(name)
    if (!(found instanceof protobuf.Type)) return undefined
    this.urlCache.set(name, found)
    return found
  }

  /** A service by its fully-qualified name, canonical or in the brand. */
  service(name: string): protobuf.Service {
    return this.root.lookupService(this.brand.rename(name))
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
