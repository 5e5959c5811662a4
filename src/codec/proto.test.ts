import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { tempDirSync } from '../../test/helpers/temp-dir.js'
import type { BrandName } from './brand.js'
import { toHex } from './bytes.js'
import { ProtoRegistry } from './proto.js'
import { compileProtoSources } from './proto-compile.js'
import { REGISTRY_JSON } from './proto-registry-json.js'
import { PROTO_DIR } from './proto-sources.js'

/**
 * The registry loaded from the build's precompiled form (`registry.json`, as `npm run build` writes
 * it): a call builds the definitions it names and what they use, never the rest; asked for the
 * whole root, it ends up with the root a whole load builds — the same definitions in the same order
 * — whatever was built before. The reference is the registry parsed from the .proto sources.
 */

const { dir, cleanup } = tempDirSync('sdkd-proto-')
cpSync(PROTO_DIR, dir, { recursive: true })
writeFileSync(join(dir, REGISTRY_JSON), compileProtoSources(dir))
const parsed: Record<BrandName, ProtoRegistry> = {
  sdk: ProtoRegistry.load(PROTO_DIR, 'sdk'),
  cosmos: ProtoRegistry.load(PROTO_DIR, 'cosmos'),
}

afterAll(cleanup)

/** Everything about a root that its users see: its descriptor, in order, and its services' order. */
function shape(r: ProtoRegistry) {
  return {
    json: JSON.stringify(r.root.toJSON()),
    services: r.services().map((s) => s.fullName),
    msgs: [...r.msgIndex().byTypeUrl.keys()],
    // Extensions are added to the message they extend in the order their packages are built.
    fieldOptions: r.root.lookupType('google.protobuf.FieldOptions').fieldsArray.map((f) => f.name),
  }
}

describe('a precompiled registry, built as calls name its definitions', () => {
  test('behavior: a query response builds its own package and the well-known types it uses, nothing else', () => {
    const r = ProtoRegistry.load(dir, 'sdk')
    expect(r.builtPackages()).toEqual([])
    const plan = r.type('sdk.upgrade.v1beta1.QueryCurrentPlanResponse')
    expect(r.builtPackages()).toEqual(['google.protobuf', 'sdk.upgrade.v1beta1'])
    const value = { plan: { name: 'v2', height: '40', info: '{"binaries":{}}' } }
    const bytes = r.encode(plan, value)
    expect(toHex(bytes)).toBe(
      toHex(parsed.sdk.encode('sdk.upgrade.v1beta1.QueryCurrentPlanResponse', value)),
    )
    expect(r.decode(plan, bytes).plan).toMatchObject({ name: 'v2', info: '{"binaries":{}}' })

    r.type('sdk.bank.v1beta1.QueryAllBalancesResponse')
    expect(r.builtPackages()).toEqual([
      'google.protobuf',
      'sdk.bank.v1beta1',
      'sdk.base.query.v1beta1',
      'sdk.base.v1beta1',
      'sdk.upgrade.v1beta1',
    ])
  })

  test('behavior: an Any builds the package of the type it carries when it is unpacked', () => {
    const r = ProtoRegistry.load(dir, 'cosmos')
    const send = {
      from_address: 'cosmos1a',
      to_address: 'cosmos1b',
      amount: [{ denom: 'stake', amount: '5' }],
    }
    const any = parsed.cosmos.packAny('/sdk.bank.v1beta1.MsgSend', send)
    expect(r.builtPackages()).toEqual([])
    const unpacked = r.unpackAny(any)
    expect(unpacked.typeUrl).toBe('/cosmos.bank.v1beta1.MsgSend')
    expect(unpacked.value).toMatchObject(send)
    expect(r.builtPackages()).toContain('cosmos.bank.v1beta1')
    expect(r.builtPackages()).not.toContain('cosmos.gov.v1')
  })

  test.each(['sdk', 'cosmos'] as const)(
    'behavior: built part by part, then whole, brand %s has the root a whole load builds',
    (brandName) => {
      const r = ProtoRegistry.load(dir, brandName)
      // Packages in an order of their own, a message nested in another, a Msg, an extension's target.
      r.type('sdk.upgrade.v1beta1.Plan')
      r.type('sdk.tx.v1beta1.ModeInfo.Single')
      r.typeOfUrl(r.typeUrl('sdk.gov.v1.MsgSubmitProposal'))
      r.service('sdk.bank.v1beta1.Query')
      r.type('google.protobuf.MessageOptions')
      const whole = ProtoRegistry.load(dir, brandName)
      expect(shape(r)).toEqual(shape(whole))
      expect(shape(r)).toEqual(shape(parsed[brandName]))
      expect(r.builtPackages()).toEqual(whole.builtPackages())
    },
  )

  test('behavior: a name that is no definition of a package answers as the whole registry does', () => {
    const r = ProtoRegistry.load(dir, 'sdk')
    expect(r.typeOfUrl('/sdk.bank.v1beta1.NoSuchMsg')).toBeUndefined()
    // protobufjs looks a bare name up everywhere: the whole root answers, as before.
    expect(r.typeOfUrl('/MsgSend')?.fullName).toBe(parsed.sdk.typeOfUrl('/MsgSend')?.fullName)
    const unknownName: string = 'sdk.nope.v1.Thing'
    expect(() => r.type(unknownName)).toThrow('no such type: sdk.nope.v1.Thing')
  })

  test('error: a parts index that does not describe its registry is not used: the whole root is built', () => {
    const { dir: other, cleanup: cleanupOther } = tempDirSync('sdkd-proto-')
    try {
      cpSync(dir, other, { recursive: true })
      const file = join(other, REGISTRY_JSON)
      const json = JSON.parse(readFileSync(file, 'utf8'))
      json.parts[0].names.pop()
      writeFileSync(file, JSON.stringify(json))
      const r = ProtoRegistry.load(other, 'sdk')
      r.type('sdk.upgrade.v1beta1.Plan')
      expect(r.builtPackages()).toEqual(parsed.sdk.builtPackages())
      expect(shape(r)).toEqual(shape(parsed.sdk))
    } finally {
      cleanupOther()
    }
  })
})
