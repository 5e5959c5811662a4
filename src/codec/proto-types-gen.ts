import protobuf from 'protobufjs/light.js'
import { ErrLogic } from '../errors.js'
import { MSG_SERVICE_OPTION } from './msg-index.js'

// Build time: the TypeScript types of the .proto sources (`src/codec/generated/proto-types.ts`).

/** Where the generated types live, relative to the project. */
export const PROTO_TYPES_FILE = 'src/codec/generated/proto-types.ts'

/** Names the generated file declares at its top level (a proto definition must not take them). */
const RESERVED = new Set([
  'Long',
  'Uint8Array',
  'ProtoTypes',
  'ProtoInits',
  'ProtoEnumNames',
  'ProtoMethods',
  'ProtoMsgs',
])

const HEADER = `// Generated from src/proto/**/*.proto by \`npm run proto:types\`
// (src/codec/proto-types-gen.ts); do not edit: a test fails when this file is not what the protos
// give. Every message in two shapes, as protobufjs (keepCase) has them at runtime:
// - \`T\`, a decoded message (\`decode\`, \`fromObject\`): every field is there, unset ones at their
//   default ('' 0 false, a Long zero, an empty array or object, null for a message or a proto3
//   \`optional\` scalar); 64-bit integers are Long, bytes Uint8Array (an unset one an empty array),
//   enums numbers, Any {type_url, value} still packed;
// - \`T.Init\`, what \`fromObject\` (so \`encode\`) takes: every field optional, 64-bit integers as
//   Long, number, decimal string or bigint, enums as numbers or names, bytes as Uint8Array.
// Names are canonical (sdk.*); the registry renames them for the home's brand.
`

/** The full name of a reflection object without the leading dot. */
function nameOf(o: protobuf.ReflectionObject): string {
  return o.fullName.replace(/^\./, '')
}

const INT64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64'])
const NUMBER = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32'])

/** The TypeScript of a scalar field's value (decoded, or as `fromObject` takes it). */
function scalarType(type: string, init: boolean): string {
  if (INT64.has(type)) return init ? 'Long | number | string | bigint' : 'Long'
  if (NUMBER.has(type)) return 'number'
  if (type === 'bool') return 'boolean'
  if (type === 'string') return 'string'
  if (type === 'bytes') return 'Uint8Array'
  throw ErrLogic.wrap(`proto types: unknown scalar type ${type}`)
}

/** A property name as TypeScript writes it (extension fields are named `.package.name`). */
function property(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name}'`
}

/** The TypeScript of one value of a field (one element of a repeated field, a map's value). */
function valueType(field: protobuf.Field, init: boolean): string {
  field.resolve()
  const t = field.resolvedType
  if (t instanceof protobuf.Type) return `${init ? 'ProtoInits' : 'ProtoTypes'}['${nameOf(t)}']`
  if (t instanceof protobuf.Enum) return init ? `number | ProtoEnumNames['${nameOf(t)}']` : 'number'
  return scalarType(field.type, init)
}

/** An array of `v` (a union in parentheses). */
function arrayOf(v: string): string {
  return v.includes('|') ? `(${v})[]` : `${v}[]`
}

/** A decoded message's field: `name: type`. */
function decodedField(field: protobuf.Field): string {
  const v = valueType(field, false)
  if (field.map) return `${property(field.name)}: { [key: string]: ${v} }`
  if (field.repeated) return `${property(field.name)}: ${arrayOf(v)}`
  const nullable = field.resolvedType instanceof protobuf.Type || field.options?.proto3_optional
  return `${property(field.name)}: ${v}${nullable ? ' | null' : ''}`
}

/** A field of what `fromObject` takes: `name?: type | null | undefined`. */
function initField(field: protobuf.Field): string {
  const v = valueType(field, true)
  const type = field.map
    ? `{ readonly [key: string]: ${v} }`
    : field.repeated
      ? `readonly ${arrayOf(v)}`
      : v
  return `${property(field.name)}?: ${type} | null | undefined`
}

/** Lines of `members` indented by `depth` levels inside `{ … }`. */
function block(open: string, members: readonly string[], depth: number): string[] {
  const pad = '  '.repeat(depth)
  return [`${pad}${open} {`, ...members.map((m) => `${pad}  ${m}`), `${pad}}`]
}

/** The declarations of a message: its decoded shape, then a namespace of its Init and nested types. */
function messageLines(type: protobuf.Type, depth: number): string[] {
  if (type.nested?.Init) throw ErrLogic.wrap(`proto types: ${nameOf(type)} nests a type named Init`)
  const fields = type.fieldsArray.map(decodedField)
  for (const oneof of type.oneofsArray) {
    const names = oneof.fieldsArray.map((f) => `'${f.name}'`).join(' | ')
    fields.push(`/** Which field of ${oneof.name} is set (a getter). */`)
    fields.push(`readonly ${property(oneof.name)}?: ${names} | undefined`)
  }
  const pad = '  '.repeat(depth)
  return [
    `${pad}/** ${nameOf(type)}, decoded. */`,
    ...block(`type ${type.name} =`, fields, depth),
    `${pad}namespace ${type.name} {`,
    `${pad}  /** ${nameOf(type)}, as fromObject and encode take it. */`,
    ...block('type Init =', type.fieldsArray.map(initField), depth + 1),
    ...nestedLines(type, depth + 1),
    `${pad}}`,
  ]
}

/** The declarations of the messages nested in `ns` (enums are only named: see ProtoEnumNames). */
function nestedLines(ns: protobuf.NamespaceBase, depth: number): string[] {
  const out: string[] = []
  for (const o of ns.nestedArray) {
    if (RESERVED.has(o.name)) throw ErrLogic.wrap(`proto types: ${nameOf(o)} takes a reserved name`)
    if (o instanceof protobuf.Type) out.push(...messageLines(o, depth))
  }
  return out
}

/** Every message type and enum of `root`, depth first, in the root's order. */
function walk(ns: protobuf.NamespaceBase, visit: (o: protobuf.ReflectionObject) => void): void {
  for (const o of ns.nestedArray) {
    visit(o)
    if (o instanceof protobuf.Namespace || o instanceof protobuf.Type) walk(o, visit)
  }
}

/**
 * The TypeScript source of the types of every definition of `root` (parsed in the canonical
 * brand): per package, a namespace holding each message's decoded shape `T` and its `T.Init`;
 * maps of them by canonical name (`ProtoTypes`, `ProtoInits`); enum names (`ProtoEnumNames`);
 * query methods (`ProtoMethods`, by `pkg.Service/Method`); Msgs (`ProtoMsgs`, by type URL).
 */
export function protoTypesSource(root: protobuf.Root): string {
  const packages = new Map<string, protobuf.Namespace>()
  const types: protobuf.Type[] = []
  const enums: protobuf.Enum[] = []
  const methods: string[] = []
  const msgs: string[] = []
  walk(root, (o) => {
    if (o instanceof protobuf.Type) {
      types.push(o)
      if (!(o.parent instanceof protobuf.Type))
        packages.set(nameOf(o.parent!), o.parent as protobuf.Namespace)
    } else if (o instanceof protobuf.Enum) enums.push(o)
    else if (o instanceof protobuf.Service) {
      const isMsg = o.options?.[MSG_SERVICE_OPTION] === true
      for (const m of o.methodsArray) {
        m.resolve()
        const request = nameOf(m.resolvedRequestType!)
        const response = nameOf(m.resolvedResponseType!)
        if (isMsg) msgs.push(`'/${request}': '${response}'`)
        else
          methods.push(
            `'${nameOf(o)}/${m.name}': { request: '${request}'; response: '${response}' }`,
          )
      }
    }
  })
  const lines = [HEADER, "import type { Long } from 'protobufjs'", '']
  for (const [name, ns] of [...packages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    lines.push(`export declare namespace ${name} {`, ...nestedLines(ns, 1), '}', '')
  }
  const map = (name: string, doc: string, entries: readonly string[]) => [
    `/** ${doc} */`,
    ...block(`export interface ${name}`, entries, 0),
    '',
  ]
  lines.push(
    ...map(
      'ProtoTypes',
      'Every message, decoded, by its canonical full name.',
      types.map((t) => `'${nameOf(t)}': ${nameOf(t)}`),
    ),
    ...map(
      'ProtoInits',
      'Every message as fromObject takes it, by its canonical full name.',
      types.map((t) => `'${nameOf(t)}': ${nameOf(t)}.Init`),
    ),
    ...map(
      'ProtoEnumNames',
      "Every enum's value names, by the enum's canonical full name.",
      enums.map(
        (e) =>
          `'${nameOf(e)}': ${Object.keys(e.values)
            .map((v) => `'${v}'`)
            .join(' | ')}`,
      ),
    ),
    ...map(
      'ProtoMethods',
      'Every method of a service that is not a Msg service: its request and response types.',
      methods,
    ),
    ...map(
      'ProtoMsgs',
      'Every Msg (a Msg service method) by its type URL: its response type.',
      msgs,
    ),
  )
  return `${lines.join('\n').trimEnd()}\n`
}
