import protobuf from 'protobufjs/light.js'

// The format of the precompiled registry the build writes and a registry loads.

/** Name of the precompiled registry written beside the built .proto sources. */
export const REGISTRY_JSON = 'registry.json'

/**
 * The precompiled registry (`registry.json`): protobufjs's own JSON descriptor of the parsed root
 * (`root.toJSON()`, loaded with `Root.fromJSON`), and its `parts` — what lets a registry build only
 * the definitions a call uses (see `PartLoader`).
 */
export interface CompiledRegistry extends protobuf.INamespace {
  parts?: RegistryPart[]
}

/**
 * The definitions (messages, enums, services, extensions) one .proto file adds to one package, in
 * the root's order, and the parts they need: those defining the types of their fields and methods
 * and the messages they extend, those extending their messages, and the package's previous part.
 */
export interface RegistryPart {
  package: string
  names: string[]
  /** Indices of the parts this one needs, ascending. */
  uses: number[]
}

/** Whether a reflection object is a definition (not a namespace that holds them). */
const isDefinition = (o: protobuf.ReflectionObject) =>
  !(o instanceof protobuf.Namespace) || o instanceof protobuf.Type || o instanceof protobuf.Service

/** The top-level definitions of every package of `root`, in the root's order. */
export function definitions(root: protobuf.Root): protobuf.ReflectionObject[] {
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
export function topLevel(o: protobuf.ReflectionObject): protobuf.ReflectionObject {
  let t = o
  while (t.parent && isDefinition(t.parent)) t = t.parent
  return t
}
