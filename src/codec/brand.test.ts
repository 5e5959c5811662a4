import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { tempDirSync } from '../../test/helpers/temp-dir.js'
import { addressToBech32, moduleAddress } from './address.js'
import { brand, brandOf, useBrand } from './brand.js'
import { ProtoRegistry } from './proto.js'
import { REGISTRY_JSON } from './proto-registry-json.js'
import { PROTO_DIR, parseProtoSources } from './proto-sources.js'

/**
 * The brand switch at the registry: the same .proto sources loaded in brand `sdk` (sdkd's names) and
 * in brand `cosmos` (upstream's). Expected values are upstream's names (cosmos/cosmos-sdk v0.50
 * protos, the reference's brand checklist), not computed by the code under test.
 */

const sdk = ProtoRegistry.load(PROTO_DIR, 'sdk')
const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')

afterAll(() => {
  useBrand('sdk')
})

describe('names in each brand', () => {
  test.each([
    [sdk, '.sdk.bank.v1beta1.MsgSend', '/sdk.bank.v1beta1.MsgSend'],
    [cosmos, '.cosmos.bank.v1beta1.MsgSend', '/cosmos.bank.v1beta1.MsgSend'],
  ])('behavior: the canonical name finds the brand’s type (%#)', (registry, fullName, url) => {
    expect(registry.type('sdk.bank.v1beta1.MsgSend').fullName).toBe(fullName)
    expect(registry.typeUrl('sdk.bank.v1beta1.MsgSend')).toBe(url)
    expect(registry.packAny('/sdk.bank.v1beta1.MsgSend', {}).type_url).toBe(url)
  })

  test('behavior: brand cosmos has upstream type URLs, services, Msg signers and REST paths', () => {
    expect(cosmos.packAny('/sdk.auth.v1beta1.BaseAccount', {}).type_url).toBe(
      '/cosmos.auth.v1beta1.BaseAccount',
    )
    expect(cosmos.typeUrl('/sdk.crypto.secp256k1.PubKey')).toBe('/cosmos.crypto.secp256k1.PubKey')
    const services = cosmos.services().map((s) => s.fullName)
    expect(services).toContain('.cosmos.bank.v1beta1.Query')
    expect(services).toContain('.cosmos.upgrade.v1beta1.Query')
    expect(services.some((s) => s.startsWith('.sdk.'))).toBe(false)
    const send = cosmos.msgIndex().byTypeUrl.get('/cosmos.bank.v1beta1.MsgSend')
    expect(send?.service).toBe('cosmos.bank.v1beta1.Msg')
    expect(send?.signers).toEqual(['from_address'])
    const balance = cosmos.service('sdk.bank.v1beta1.Query').methods.Balance!
    expect(balance.options?.['(google.api.http).get']).toBe(
      '/cosmos/bank/v1beta1/balances/{address}/by_denom',
    )
    // VersionInfo field 8 is upstream's `cosmos_sdk_version`.
    expect(
      cosmos.type('sdk.base.tendermint.v1beta1.VersionInfo').fields.cosmos_sdk_version?.id,
    ).toBe(8)
    expect(sdk.type('sdk.base.tendermint.v1beta1.VersionInfo').fields.sdk_version?.id).toBe(8)
  })

  test('behavior: amino names are upstream’s in brand cosmos (cosmos-sdk/MsgSend), sdk/… in brand sdk', () => {
    const amino = (r: ProtoRegistry, name: string) => r.type(name).options?.['(amino.name)']
    expect(amino(cosmos, 'sdk.bank.v1beta1.MsgSend')).toBe('cosmos-sdk/MsgSend')
    expect(amino(cosmos, 'sdk.gov.v1.MsgSubmitProposal')).toBe('cosmos-sdk/v1/MsgSubmitProposal')
    expect(amino(sdk, 'sdk.bank.v1beta1.MsgSend')).toBe('sdk/MsgSend')
    // Not brand-carrying: the pubkey's amino name is the same in both.
    expect(amino(cosmos, 'sdk.crypto.secp256k1.PubKey')).toBe('tendermint/PubKeySecp256k1')
    expect(brandOf('cosmos').aminoPrefix).toBe('cosmos-sdk')
    expect(brandOf('sdk').aminoPrefix).toBe('sdk')
  })

  test('error: a type URL of the other brand is unknown', () => {
    expect(cosmos.typeOfUrl('/sdk.bank.v1beta1.MsgSend')).toBeUndefined()
    expect(sdk.typeOfUrl('/cosmos.bank.v1beta1.MsgSend')).toBeUndefined()
    expect(() =>
      cosmos.unpackAny({ type_url: '/sdk.bank.v1beta1.MsgSend', value: new Uint8Array() }),
    ).toThrow('unable to resolve type URL /sdk.bank.v1beta1.MsgSend')
  })

  test('behavior: the sources reflection describes carry the brand’s file names and imports', () => {
    const byName = new Map(cosmos.sources().map((s) => [s.name, s.text]))
    const query = byName.get('cosmos/upgrade/v1beta1/query.proto')
    expect(query).toBeDefined()
    expect(query).toContain('package cosmos.upgrade.v1beta1;')
    expect(query).toContain('import "cosmos/upgrade/v1beta1/upgrade.proto";')
    expect(query).toContain('"/cosmos/upgrade/v1beta1/current_plan"')
    expect([...byName.keys()].some((n) => n.startsWith('sdk/'))).toBe(false)
    expect(byName.has('google/api/http.proto')).toBe(true)
    expect(sdk.sources().some((s) => s.name === 'sdk/upgrade/v1beta1/query.proto')).toBe(true)
  })

  test('behavior: the precompiled registry renamed at load equals the renamed sources parsed', () => {
    const { dir, cleanup } = tempDirSync('sdkd-brand-')
    try {
      cpSync(PROTO_DIR, dir, { recursive: true })
      writeFileSync(join(dir, REGISTRY_JSON), JSON.stringify(parseProtoSources(dir).toJSON()))
      const compiled = ProtoRegistry.load(dir, 'cosmos')
      expect(compiled.root.toJSON()).toEqual(cosmos.root.toJSON())
    } finally {
      cleanup()
    }
  })
})

describe('identifiers outside the protos', () => {
  test.each([
    [
      'sdk',
      'x-sdk-block-height',
      'Grpc-Metadata-X-Sdk-Block-Height',
      ['sdk', 'sdkpub', 'sdkvaloper', 'sdkvaloperpub', 'sdkvalcons', 'sdkvalconspub'],
    ],
    [
      'cosmos',
      'x-cosmos-block-height',
      'Grpc-Metadata-X-Cosmos-Block-Height',
      [
        'cosmos',
        'cosmospub',
        'cosmosvaloper',
        'cosmosvaloperpub',
        'cosmosvalcons',
        'cosmosvalconspub',
      ],
    ],
  ] as const)(
    'behavior: brand %s headers and bech32 prefixes',
    (name, header, metadata, prefixes) => {
      const b = brandOf(name)
      expect(b.heightHeader).toBe(header)
      expect(b.metadataHeightHeader).toBe(metadata)
      expect(Object.values(b.bech32)).toEqual(prefixes)
    },
  )

  test.each([
    ['sdk', 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x'],
    ['cosmos', 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn'],
  ] as const)('behavior: in brand %s the gov authority is %s', (name, authority) => {
    useBrand(name)
    expect(brand().name).toBe(name)
    expect(addressToBech32(moduleAddress('gov'))).toBe(authority)
  })
})
