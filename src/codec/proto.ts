import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import protobuf from 'protobufjs/light.js'
import { ErrTxDecode, ErrUnpackAny } from '../errors.js'
import { type Brand, type BrandName, brand, brandOf } from './brand.js'
import type { Bytes } from './bytes.js'
import type { ProtoInits, ProtoMethods, ProtoMsgs, ProtoTypes } from './generated/proto-types.js'
import { buildMsgIndex, type MsgIndex } from './msg-index.js'
import { PartLoader } from './proto-part-loader.js'
import { type CompiledRegistry, definitions, REGISTRY_JSON } from './proto-registry-json.js'
import {
  listProtoFiles,
  PROTO_DIR,
  type ProtoSource,
  parseProtoTexts,
  readSources,
} from './proto-sources.js'
import { useNodeUtf8Reads } from './proto-utf8.js'

// String fields decoded in one piece by Node's decoders (see proto-utf8.ts), in every thread that
// decodes.
useNodeUtf8Reads()

/**
 * A message whose type is known only at runtime (protobufjs object, snake_case field names): what
 * the reflection-driven codec (JSON, amino JSON) and the routers that dispatch by type URL or path
 * handle. Where the type is known when writing the code, use `Proto<N>` or `ProtoInit<N>` instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: protobuf messages are dynamic, typed at their use sites
export type ProtoMessage = Record<string, any>

/** The canonical full name of a message type (`sdk.bank.v1beta1.MsgSend`). */
export type ProtoName = keyof ProtoTypes

/** A message of type `N` as decoded (see `generated/proto-types.ts`): every field present. */
export type Proto<N extends ProtoName> = ProtoTypes[N]

/** A message of type `N` as `fromObject` and `encode` take it: every field optional. */
export type ProtoInit<N extends ProtoName> = ProtoInits[N]

/** A query method, `sdk.bank.v1beta1.Query/Balance` (canonical). */
export type QueryMethod = keyof ProtoMethods

/** The request of a query method, decoded. */
export type QueryRequest<M extends QueryMethod> = Proto<ProtoMethods[M]['request']>

/** The response of a query method, as a handler returns it (what `fromObject` takes). */
export type QueryResponse<M extends QueryMethod> = ProtoInit<ProtoMethods[M]['response']>

/** The request of a query method as a caller builds it (what `fromObject` takes). */
export type QueryRequestInit<M extends QueryMethod> = ProtoInit<ProtoMethods[M]['request']>

/** The response of a query method as a caller gets it, decoded. */
export type DecodedQueryResponse<M extends QueryMethod> = Proto<ProtoMethods[M]['response']>

/** The type URL of a Msg, `/sdk.bank.v1beta1.MsgSend` (canonical). */
export type MsgTypeUrl = keyof ProtoMsgs

/** A Msg of its type URL, decoded. */
export type MsgOf<U extends MsgTypeUrl> = U extends `/${infer N extends ProtoName}`
  ? Proto<N>
  : never

/** The response of a Msg, as a handler returns it. */
export type MsgResponse<U extends MsgTypeUrl> = ProtoInit<ProtoMsgs[U]>

/**
 * A type name known only at runtime: any `string`, but not a literal (a literal must be a
 * `ProtoName`, so a misspelt one fails to compile instead of reaching the dynamic overload).
 */
type DynamicName<S extends string> = S & (string extends S ? unknown : never)

declare const typeName: unique symbol

/** The protobufjs type of the message `N` (what `registry.type(N)` gives). */
export type ProtoType<N extends ProtoName> = protobuf.Type & { readonly [typeName]: N }

/** google.protobuf.Any, packed. */
export type AnyMessage = Proto<'google.protobuf.Any'>

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
  type<N extends ProtoName>(name: N): ProtoType<N>
  type<S extends string>(name: DynamicName<S>): protobuf.Type
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
  encode<N extends ProtoName>(name: N | ProtoType<N>, value: ProtoInit<N>): Bytes
  encode<S extends string>(name: DynamicName<S> | protobuf.Type, value: object): Bytes
  encode(name: string | protobuf.Type, value: object): Bytes {
    const t = typeof name === 'string' ? this.type(name) : name
    const bytes = t.encode(t.fromObject(value)).finish()
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  }

  /** Decodes bytes; a malformed input throws `tx parse error`-class errors only when asked. */
  decode<N extends ProtoName>(name: N | ProtoType<N>, bytes: Bytes): Proto<N>
  decode<S extends string>(name: DynamicName<S> | protobuf.Type, bytes: Bytes): ProtoMessage
  decode(name: string | protobuf.Type, bytes: Bytes): ProtoMessage {
    const t = typeof name === 'string' ? this.type(name) : name
    return t.decode(bytes) as ProtoMessage
  }

  /** Packs a message as Any (a canonical type URL is written in the brand). */
  packAny<N extends ProtoName>(typeUrl: `/${N}`, value: ProtoInit<N>): AnyMessage
  packAny<S extends string>(typeUrl: DynamicName<S>, value: object): AnyMessage
  packAny(typeUrl: string, value: object): AnyMessage {
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
