import protobuf from 'protobufjs/light.js'
import type { CompiledRegistry, RegistryPart } from './proto-registry-json.js'

// Run time: a precompiled registry built part by part, as calls name its definitions.

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
export class PartLoader {
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
    /** Packages whose namespace holds packages too (`sdk.crypto.multisig` and its `v1beta1`). */
    private readonly mixed: ReadonlySet<string>,
  ) {
    this.longestFirst = [...packageJson.keys()].sort((x, y) => y.length - x.length)
  }

  /**
   * A loader of `json`, or undefined when it cannot be built by parts: no parts, parts that do not
   * cover its definitions exactly, or definitions at the root.
   */
  static of(json: CompiledRegistry): PartLoader | undefined {
    const parts = json.parts
    if (!parts) return undefined
    const packageJson = new Map<string, protobuf.INamespace>()
    const mixed = new Set<string>()
    let definitions = 0
    const walk = (ns: protobuf.INamespace, name: string) => {
      const entries = Object.entries(ns.nested ?? {})
      const namespaces = entries.filter(([, o]) => !isDefinitionJson(o))
      if (namespaces.length < entries.length) {
        if (namespaces.length > 0) mixed.add(name)
        packageJson.set(name, ns)
        definitions += entries.length - namespaces.length
      }
      for (const [k, o] of namespaces) walk(o as protobuf.INamespace, name ? `${name}.${k}` : k)
    }
    walk(json, '')
    if (packageJson.has('')) return undefined
    const partOf = new Map<string, number>()
    for (const [i, part] of parts.entries()) {
      const nested = packageJson.get(part.package)?.nested
      for (const name of part.names) {
        if (!nested || !Object.hasOwn(nested, name)) return undefined
        partOf.set(`${part.package}.${name}`, i)
      }
    }
    if (partOf.size !== definitions) return undefined
    return new PartLoader(json, parts, packageJson, partOf, mixed)
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
      const ns = this.packages.get(part.package)!
      ns.addJSON(Object.fromEntries(part.names.map((n) => [n, nested[n]!])))
      if (this.mixed.has(part.package)) inOrderOf(ns, Object.keys(nested))
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
        if (!this.mixed.has(name)) return
      }
      for (const [k, o] of Object.entries(json.nested ?? {})) {
        // a package's definitions come with their parts
        if (isDefinitionJson(o)) continue
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
 * Puts a namespace's members in `order` (its JSON's: where a whole load puts them): a package that
 * holds packages too has them from the start, and its definitions only as their parts are built.
 */
function inOrderOf(ns: protobuf.Namespace, order: readonly string[]): void {
  const nested = ns.nested!
  for (const key of order) {
    if (!Object.hasOwn(nested, key)) continue
    const member = nested[key]!
    delete nested[key]
    nested[key] = member
  }
  // protobufjs keeps the members' array until the namespace changes (its private cache)
  ;(ns as unknown as { _nestedArray: unknown })._nestedArray = null
}
