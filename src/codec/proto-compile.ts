import protobuf from 'protobufjs/light.js'
import {
  type CompiledRegistry,
  definitions,
  type RegistryPart,
  topLevel,
} from './proto-registry-json.js'
import { listProtoFiles, parseProtoTexts, readSources } from './proto-sources.js'

// Build time: the precompiled registry of the .proto sources (`dist/proto/registry.json`).

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
