import protobuf from 'protobufjs'
import { ErrLogic } from '../errors.js'

// The descriptor objects of protobufjs reflection objects (FileDescriptorProto's messages, fields,
// enums, services and their options), for proto-descriptors.ts.

/** A parsed .proto file: what its descriptor is made of. */
export interface ParsedFile {
  name: string
  package: string
  imports: string[]
  weakImports: string[]
  syntax: 'proto2' | 'proto3'
  /** Top-level messages, enums, services and extension fields, in source order. */
  objects: protobuf.ReflectionObject[]
}

/** protoc's name of a map field's entry message: `balances_by_denom` → `BalancesByDenomEntry`. */
export function mapEntryName(field: string): string {
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
export class Describer {
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
