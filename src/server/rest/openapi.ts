import protobuf from 'protobufjs'
import { isJsonNullable, isLegacyDec } from '../../codec/json.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { parseProtoTexts } from '../../codec/proto-sources.js'
import { parsePathTemplate } from '../query/http-rules.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'

/**
 * The OpenAPI 2.0 (Swagger) document of the REST gateway, generated from the same proto services
 * and http annotations the routes come from: every route with its path, query and header
 * parameters, its response schema and the error schema; descriptions are the proto comments.
 */

type Schema = Record<string, unknown>

const LONGS: Record<string, string> = {
  int64: 'int64',
  sint64: 'int64',
  sfixed64: 'int64',
  uint64: 'uint64',
  fixed64: 'uint64',
}
const INTS: Record<string, string> = {
  int32: 'int32',
  sint32: 'int32',
  sfixed32: 'int32',
  uint32: 'int64',
  fixed32: 'int64',
}

/** The registry's proto sources (in its brand) parsed again with comments kept (`//` comments included). */
function commentedRoot(registry: ProtoRegistry): protobuf.Root {
  return parseProtoTexts(registry.sources(), undefined, { alternateCommentMode: true })
}

function commentOf(root: protobuf.Root, fullName: string): string | undefined {
  try {
    const obj = root.lookup(fullName)
    return obj?.comment ?? undefined
  } catch {
    return undefined
  }
}

const ERROR_DEFINITION = 'google.rpc.Status'

const ANY_SCHEMA: Schema = {
  type: 'object',
  properties: { '@type': { type: 'string' } },
  additionalProperties: {},
  description:
    'A protobuf message of any type: "@type" is its type URL, the other keys its fields.',
}

/** Builds the document for the methods a router serves (names, paths and header in its brand). */
export function openApiDocument(
  router: Pick<QueryRouter, 'registry' | 'methods' | 'heightHeader'>,
  version: string,
): Schema {
  const { methods } = router
  const root = commentedRoot(router.registry)
  const definitions: Record<string, Schema> = {}
  const pending: protobuf.Type[] = []
  const defName = (t: protobuf.Type) => t.fullName.replace(/^\./, '')

  const refTo = (t: protobuf.Type): Schema => {
    const name = defName(t)
    if (!(name in definitions)) {
      definitions[name] = {}
      pending.push(t)
    }
    return { $ref: `#/definitions/${name}` }
  }

  const valueSchema = (field: protobuf.Field): Schema => {
    field.resolve()
    const t = field.type
    if (LONGS[t]) return { type: 'string', format: LONGS[t] }
    if (INTS[t]) return { type: 'integer', format: INTS[t] }
    if (t === 'double' || t === 'float') return { type: 'number', format: t }
    if (t === 'bool') return { type: 'boolean' }
    // A LegacyDec is its decimal text in JSON, whether the proto field is string or bytes.
    if (t === 'string' || isLegacyDec(field)) return { type: 'string' }
    if (t === 'bytes') return { type: 'string', format: 'byte' }
    const resolved = field.resolvedType
    if (resolved instanceof protobuf.Enum) {
      const names = Object.keys(resolved.values)
      return { type: 'string', enum: names, default: names[0] }
    }
    if (resolved instanceof protobuf.Type) {
      switch (resolved.fullName) {
        case '.google.protobuf.Timestamp':
          return { type: 'string', format: 'date-time' }
        case '.google.protobuf.Duration':
          return { type: 'string' }
        default:
          return refTo(resolved)
      }
    }
    return {}
  }

  const fieldSchema = (field: protobuf.Field, owner: protobuf.Type): Schema => {
    // Answers write null for empty bytes and unset messages (gogoproto jsonpb, as upstream): said
    // with go-swagger's `x-nullable`, Swagger 2.0 having no `nullable`.
    const value = isJsonNullable(field)
      ? { ...valueSchema(field), 'x-nullable': true }
      : valueSchema(field)
    const schema: Schema = field.map
      ? { type: 'object', additionalProperties: value }
      : field.repeated
        ? { type: 'array', items: value }
        : { ...value }
    const comment = commentOf(root, `${owner.fullName}.${field.name}`)
    if (comment) schema.description = comment
    return schema
  }

  const describe = (t: protobuf.Type): Schema => {
    if (t.fullName === '.google.protobuf.Any') return ANY_SCHEMA
    const properties: Record<string, Schema> = {}
    for (const field of t.fieldsArray) properties[field.name] = fieldSchema(field, t)
    const schema: Schema = { type: 'object', properties }
    const comment = commentOf(root, t.fullName)
    if (comment) schema.description = comment
    return schema
  }

  /** Query parameters of a GET route: every scalar leaf of the request not bound by the path. */
  const queryParameters = (t: protobuf.Type, bound: Set<string>): Schema[] => {
    const out: Schema[] = []
    const walk = (type: protobuf.Type, prefix: string, depth: number) => {
      for (const field of type.fieldsArray) {
        field.resolve()
        const name = `${prefix}${field.name}`
        if (bound.has(name) || field.map) continue
        const resolved = field.resolvedType
        const nested =
          resolved instanceof protobuf.Type &&
          !['.google.protobuf.Timestamp', '.google.protobuf.Duration'].includes(resolved.fullName)
        if (nested) {
          if (!field.repeated && depth < 3) walk(resolved, `${name}.`, depth + 1)
          continue
        }
        const value = valueSchema(field)
        const p: Schema = field.repeated
          ? {
              name,
              in: 'query',
              required: false,
              type: 'array',
              items: value,
              collectionFormat: 'multi',
            }
          : { name, in: 'query', required: false, ...value }
        const comment = commentOf(root, `${type.fullName}.${field.name}`)
        if (comment) p.description = comment
        out.push(p)
      }
    }
    walk(t, '', 0)
    return out
  }

  // Operation ids are method names; a name used by several services gets its package's module.
  const counts = new Map<string, number>()
  for (const m of methods) counts.set(m.method.name, (counts.get(m.method.name) ?? 0) + 1)
  const operationId = (m: RoutedMethod) => {
    if (counts.get(m.method.name) === 1) return m.method.name
    const module = m.name.split('.')[1] ?? ''
    return `${module.charAt(0).toUpperCase()}${module.slice(1)}${m.method.name}`
  }

  const paths: Record<string, Record<string, Schema>> = {}
  for (const m of methods) {
    for (const binding of m.http) {
      const segments = parsePathTemplate(binding.path)
      const bound = new Set<string>()
      const pathParams: Schema[] = []
      const swaggerPath = `/${segments
        .map((s) => {
          if (s.kind === 'literal') return s.value
          bound.add(s.field)
          const field = lookupField(m.requestType, s.field)
          pathParams.push({
            name: s.field,
            in: 'path',
            required: true,
            ...(field ? valueSchema(field) : { type: 'string' }),
          })
          return `{${s.field}}`
        })
        .join('/')}`
      const parameters: Schema[] = [...pathParams]
      if (binding.body !== '') {
        parameters.push({ name: 'body', in: 'body', required: true, schema: refTo(m.requestType) })
      } else {
        parameters.push(...queryParameters(m.requestType, bound))
      }
      // An integer (decimal text), not any string: what the node reads, so generated requests
      // reach the handlers instead of all stopping at the height check.
      parameters.push({
        name: router.heightHeader,
        in: 'header',
        required: false,
        type: 'integer',
        format: 'int64',
        minimum: 0,
        description:
          'Height of the committed state to query; absent or 0 = the latest block. Heights that are pruned, in the future or malformed are refused with 400.',
      })
      const comment = commentOf(root, m.method.fullName)
      // The summary is the comment's first paragraph; a longer comment is the description.
      const summary = comment?.split(/\n\s*\n/)[0]?.replace(/\s*\n\s*/g, ' ')
      const operation: Schema = {
        summary: summary ?? m.method.name,
        ...(comment && comment.replace(/\s+/g, ' ') !== summary ? { description: comment } : {}),
        operationId: operationId(m),
        tags: [m.service.fullName.replace(/^\./, '')],
        parameters,
        responses: {
          '200': {
            description: 'A successful response.',
            schema: refTo(m.responseType),
            headers: {
              [router.heightHeader]: {
                type: 'integer',
                format: 'int64',
                description: 'Height of the state the answer was read from.',
              },
              [router.registry.brand.metadataHeightHeader]: {
                type: 'integer',
                format: 'int64',
                description: 'The same height, as grpc-gateway forwards the gRPC header.',
              },
            },
          },
          default: {
            description: 'An error response: {"code","message","details":[]}.',
            schema: { $ref: `#/definitions/${ERROR_DEFINITION}` },
          },
        },
        ...(m.method.options?.deprecated === true ? { deprecated: true } : {}),
      }
      paths[swaggerPath] ??= {}
      paths[swaggerPath][binding.verb.toLowerCase()] = operation
    }
  }

  for (let t = pending.shift(); t; t = pending.shift()) definitions[defName(t)] = describe(t)
  definitions[ERROR_DEFINITION] = {
    type: 'object',
    properties: {
      code: { type: 'integer', format: 'int32', description: 'gRPC status code.' },
      message: { type: 'string' },
      details: { type: 'array', items: { $ref: '#/definitions/google.protobuf.Any' } },
    },
  }
  definitions['google.protobuf.Any'] ??= ANY_SCHEMA

  return {
    swagger: '2.0',
    info: {
      title: 'sdkd - gRPC Gateway docs',
      description: 'A REST interface for state queries.',
      version,
    },
    consumes: ['application/json'],
    produces: ['application/json'],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))),
    definitions: Object.fromEntries(
      Object.entries(definitions).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  }
}

function lookupField(type: protobuf.Type, path: string): protobuf.Field | undefined {
  let t: protobuf.Type = type
  let field: protobuf.Field | undefined
  for (const name of path.split('.')) {
    field = t.fields[name]
    if (!field) return undefined
    field.resolve()
    if (field.resolvedType instanceof protobuf.Type) t = field.resolvedType
  }
  return field
}
