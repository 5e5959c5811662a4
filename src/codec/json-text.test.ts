import protobuf from 'protobufjs'
import { describe, expect, test } from 'vitest'
import { seededRandom } from '../../test/helpers/seeded-random.js'
import { messageToJsonString, messageToJsonStringByReflection } from './json-text-writer.js'
import { type ProtoMessage, protoRegistry } from './proto.js'

/**
 * The compiled JSON text writers (what the REST gateway serves) against the reflection path they
 * replace (`JSON.stringify(messageToJson(…))`): byte-identical text for random messages of every
 * message type of the registry, normalised as the query router does (`fromObject`) and as decoded
 * bytes are (`decode(encode(…))`), with the values that render differently: 64-bit extremes,
 * unknown enum numbers, NaN and infinities, strings that need escaping, empty and absent bytes,
 * LegacyDec texts, unset non-nullable messages, oneofs, maps with integer-like keys and Any.
 */

const registry = protoRegistry()

function allTypes(ns: protobuf.NamespaceBase, out: protobuf.Type[] = []): protobuf.Type[] {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type) out.push(nested)
    if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) {
      allTypes(nested as protobuf.NamespaceBase, out)
    }
  }
  return out
}

const TYPES = allTypes(registry.root).filter((t) => !t.options?.map_entry)

const STRINGS = [
  '',
  'stake',
  'a"b\\c',
  'line\nbreak\t\u0001',
  'ünïcødé ✓',
  '\ud800lone',
  '</script>',
]
const LONGS = [
  '0',
  '1',
  '42',
  '9007199254740991',
  '9007199254740993',
  '18446744073709551615',
  '9223372036854775807',
  '-9223372036854775808',
  '-1',
  '-9007199254740993',
  '1234567890123',
]
const NUMBERS = [0, -0, 1, -7, 0.1, 1e21, 1.5e-7, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31 - 1]
const DECS = ['', '0', '700000000000000000', '-5', '123456789012345678901234567890', '1.5']
const ANY_TYPES = TYPES.filter(
  (t) => !t.fullName.startsWith('.google.protobuf.') || t.name === 'Timestamp',
)

function randomMessage(type: protobuf.Type, rnd: () => number, depth: number): ProtoMessage {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
  const out: ProtoMessage = {}
  const oneofsSet = new Set<string>()
  for (const field of type.fieldsArray) {
    field.resolve()
    if (rnd() < 0.15) continue // absent
    const oneof = field.partOf?.name
    if (oneof) {
      if (oneofsSet.has(oneof) || rnd() < 0.5) continue
      oneofsSet.add(oneof)
    }
    const value = (): unknown => {
      const t = field.type
      const isDec = String(field.options?.['(gogoproto.customtype)'] ?? '').endsWith('LegacyDec')
      if (isDec) return t === 'bytes' ? Buffer.from(pick(DECS)) : pick(DECS)
      switch (t) {
        case 'int64':
        case 'sint64':
        case 'sfixed64':
          return pick(LONGS.filter((l) => BigInt(l) >= -(2n ** 63n) && BigInt(l) < 2n ** 63n))
        case 'uint64':
        case 'fixed64':
          return pick(LONGS.filter((l) => !l.startsWith('-')))
        case 'int32':
        case 'sint32':
        case 'sfixed32':
          return pick([0, 1, -1, 2147483647, -2147483648, 12345])
        case 'uint32':
        case 'fixed32':
          return pick([0, 1, 4294967295, 12345])
        case 'double':
        case 'float':
          return pick(NUMBERS)
        case 'bool':
          return rnd() < 0.5
        case 'string':
          return pick(STRINGS)
        case 'bytes':
          return pick([new Uint8Array(0), Uint8Array.of(0, 255, 62, 63), Buffer.from('hello')])
      }
      const resolved = field.resolvedType
      if (resolved instanceof protobuf.Enum) {
        return rnd() < 0.8 ? pick(Object.values(resolved.values)) : 999
      }
      const mt = resolved as protobuf.Type
      if (mt.fullName === '.google.protobuf.Timestamp') {
        return {
          seconds: pick(['0', '1700000000', '-62135596800', '253402300799']),
          nanos: pick([0, 5, 120000000, 999999999]),
        }
      }
      if (mt.fullName === '.google.protobuf.Duration') {
        return {
          seconds: pick(['0', '3', '-4', '315576000000']),
          nanos: pick([0, 1000, 500000000]),
        }
      }
      if (mt.fullName === '.google.protobuf.Any') {
        const inner = pick(ANY_TYPES)
        let value: Uint8Array = new Uint8Array(0)
        try {
          value = inner.encode(inner.fromObject(randomMessage(inner, rnd, depth + 1))).finish()
        } catch {
          // a value fromObject refuses: the empty message
        }
        return { type_url: `/${inner.fullName.slice(1)}`, value }
      }
      if (depth > 3) return field.repeated || field.map ? {} : null
      return randomMessage(mt, rnd, depth + 1)
    }
    if (field.map) {
      const m: Record<string, unknown> = {}
      const keys = ['b', 'a', '10', '2', 'z9']
      for (let i = 0; i < 1 + Math.floor(rnd() * 4); i++) {
        const key =
          (field as unknown as protobuf.MapField).keyType === 'string'
            ? pick(keys)
            : String(Math.floor(rnd() * 20))
        m[key] = value()
      }
      out[field.name] = m
    } else if (field.repeated) {
      out[field.name] = Array.from({ length: Math.floor(rnd() * 3) }, value)
    } else {
      out[field.name] = value()
    }
  }
  return out
}

describe('compiled JSON text writers', () => {
  test('behavior: every message type renders byte-identical to the reflection path', () => {
    expect(TYPES.length).toBeGreaterThan(100)
    const rnd = seededRandom(14)
    let compared = 0
    for (const type of TYPES) {
      for (let i = 0; i < 12; i++) {
        const plain = randomMessage(type, rnd, 0)
        let msg: ProtoMessage
        try {
          msg = type.fromObject(plain) as ProtoMessage
        } catch {
          continue // a value fromObject refuses is no message
        }
        const variants: ProtoMessage[] = [msg, {}]
        try {
          variants.push(type.decode(type.encode(msg).finish()) as ProtoMessage)
        } catch {
          // a lone surrogate does not survive UTF-8: no decoded variant
        }
        for (const m of variants) {
          let expected: string
          try {
            expected = messageToJsonStringByReflection(registry, type, m)
          } catch (err) {
            expect(() => messageToJsonString(registry, type, m)).toThrow((err as Error).message)
            continue
          }
          expect(messageToJsonString(registry, type, m)).toBe(expected)
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(TYPES.length * 20)
  })

  test('behavior: 64-bit integers keep their exact decimal text', () => {
    const type = registry.type('sdk.upgrade.v1beta1.ModuleVersion')
    for (const version of LONGS.filter((l) => !l.startsWith('-'))) {
      const msg = type.fromObject({ name: 'bank', version }) as ProtoMessage
      expect(messageToJsonString(registry, type, msg)).toBe(
        `{"name":"bank","version":"${version}"}`,
      )
    }
  })
})
