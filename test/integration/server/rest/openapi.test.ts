import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { ALICE, createQueryTestNode } from '../../../helpers/test-node.js'

type Schema = Record<string, any>
type TestNode = Awaited<ReturnType<typeof createQueryTestNode>>

let t: TestNode
let app: Hono
let doc: { paths: Record<string, Record<string, Schema>>; definitions: Record<string, Schema> }

beforeAll(async () => {
  t = await createQueryTestNode()
  await t.node.producer.produceBlocks(3)
  app = createGateway({ router: t.node.router, swagger: true })
  doc = (await (await app.request('/swagger/swagger.json')).json()) as typeof doc
})
afterAll(async () => {
  await t?.close()
})

/** A `$ref`'s definition, or the schema itself. */
function resolve(schema: Schema): Schema {
  const ref = /^#\/definitions\/(.+)$/.exec(schema.$ref ?? '')
  return ref ? doc.definitions[ref[1]!]! : schema
}

/**
 * The places of `value` holding null where `schema` does not say `x-nullable` (an Any is read
 * through the definition its `@type` names).
 */
function undeclaredNulls(schema: Schema, value: unknown, at: string): string[] {
  // `{}` (the other keys of an Any whose type the document does not describe) admits anything.
  if (Object.keys(schema).length === 0) return []
  if (value === null) return schema['x-nullable'] === true ? [] : [at]
  const s = resolve(schema)
  if (Array.isArray(value))
    return value.flatMap((v, i) => undeclaredNulls(s.items, v, `${at}[${i}]`))
  if (typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  const typeUrl = record['@type']
  const packed = typeof typeUrl === 'string' ? doc.definitions[typeUrl.slice(1)] : undefined
  const properties = (packed ?? s).properties
  return Object.entries(record).flatMap(([k, v]) =>
    k === '@type'
      ? []
      : undeclaredNulls(properties?.[k] ?? s.additionalProperties ?? {}, v, `${at}.${k}`),
  )
}

describe('OpenAPI document against the answers', () => {
  test('behavior: every null of a GET answer is declared x-nullable (empty bytes, unset messages)', async () => {
    const paths: [string, string][] = [
      ['/sdk/auth/v1beta1/accounts/{address}', `/sdk/auth/v1beta1/accounts/${ALICE}`],
      [
        '/sdk/upgrade/v1beta1/upgraded_consensus_state/{last_height}',
        '/sdk/upgrade/v1beta1/upgraded_consensus_state/2',
      ],
      ['/sdk/base/tendermint/v1beta1/blocks/{height}', '/sdk/base/tendermint/v1beta1/blocks/1'],
      ...Object.keys(doc.paths)
        .filter((p) => doc.paths[p]!.get && !p.includes('{'))
        .map((p): [string, string] => [p, p]),
    ]
    const nulls: string[] = []
    let answered = 0
    for (const [route, path] of paths) {
      const res = await app.request(path)
      // Some need a parameter (supply/by_denom?denom=): their 400 is the error schema's.
      if (res.status !== 200) continue
      answered++
      const body = await res.json()
      nulls.push(...undeclaredNulls(doc.paths[route]!.get!.responses['200'].schema, body, path))
    }
    expect(nulls).toEqual([])
    expect(answered).toBeGreaterThan(20)
    // Answers do hold nulls (gateway JSON, as upstream): an empty next_key, an unset plan.
    const supply = (await (await app.request('/sdk/bank/v1beta1/supply')).json()) as any
    expect(supply.pagination.next_key).toBeNull()
    expect(await (await app.request('/sdk/upgrade/v1beta1/current_plan')).json()).toEqual({
      plan: null,
    })
    // A field that always has a value stays non-nullable.
    expect(doc.definitions['sdk.base.v1beta1.Coin']!.properties.amount).toEqual({ type: 'string' })
  })

  test('behavior: a LegacyDec bytes field is documented as the decimal text it is answered as', async () => {
    const res = await app.request('/sdk/gov/v1beta1/params/tallying')
    expect(res.status).toBe(200)
    const { tally_params } = (await res.json()) as any
    expect(tally_params.quorum).toMatch(/^\d+\.\d{18}$/)
    const quorum = doc.definitions['sdk.gov.v1beta1.TallyParams']!.properties.quorum
    expect(quorum.type).toBe('string')
    expect(quorum.format).toBeUndefined()
  })

  test('behavior: the height headers of an answer and of a request are declared as the integers they are', async () => {
    const op = doc.paths['/sdk/bank/v1beta1/params']!.get!
    const res = await app.request('/sdk/bank/v1beta1/params')
    const declared = Object.entries(op.responses['200'].headers as Record<string, Schema>)
    // Both height headers the gateway sends (the plain one and grpc-gateway's), no other.
    expect(declared.map(([name]) => name.toLowerCase()).sort()).toEqual([
      'grpc-metadata-x-sdk-block-height',
      'x-sdk-block-height',
    ])
    for (const [name, schema] of declared) {
      expect(schema.type).toBe('integer')
      expect(res.headers.get(name)).toBe('3')
    }
    const header = op.parameters.find((p: Schema) => p.in === 'header')
    expect(header).toMatchObject({ name: 'x-sdk-block-height', type: 'integer', minimum: 0 })
    // What the declaration leaves out is refused: a word, a negative height.
    for (const value of ['abc', '-1']) {
      const refused = await app.request('/sdk/bank/v1beta1/params', {
        headers: { 'x-sdk-block-height': value },
      })
      expect(refused.status).toBe(400)
    }
  })
})
