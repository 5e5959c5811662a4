import { createHash } from 'node:crypto'
import { encodeBech32Pubkey, encodeEd25519Pubkey, encodeSecp256k1Pubkey } from '@cosmjs/amino'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd debug addr`, `debug raw-bytes` and `debug prefixes`, as upstream's client/debug commands:
 * every form of an address (checked with cosmjs's bech32), Go's byte-slice text back to hex, and the
 * prefixes of the home's brand.
 */

const cleanups = cleanupAfterAll()
const ALICE = 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn'

async function home(args: string[] = []): Promise<string> {
  const t = await tempDir('sdkd-debug-addr-')
  cleanups.push(t.cleanup)
  const r = await runSdkd(['--home', t.dir, 'init', 'node0', ...args])
  expect(r.code, r.stderr).toBe(0)
  return t.dir
}

describe('sdkd debug addr, raw-bytes and prefixes', () => {
  test('behavior: one address in every form, whichever form it is given in', async () => {
    const dir = await home()
    const { data } = fromBech32(ALICE, 90)
    const hex = Buffer.from(data).toString('hex').toUpperCase()
    const expected =
      `Address: [${[...data].join(' ')}]\n` +
      `Address (hex): ${hex}\n` +
      `Bech32 Acc: ${ALICE}\n` +
      `Bech32 Val: ${toBech32('sdkvaloper', data, 90)}\n` +
      `Bech32 Con: ${toBech32('sdkvalcons', data, 90)}\n`
    for (const form of [ALICE, toBech32('sdkvaloper', data, 90), hex.toLowerCase()]) {
      const r = await runSdkd(['--home', dir, 'debug', 'addr', form])
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toBe(expected)
    }
    // The byte list it prints converts back to the same hex.
    const list = expected.split('\n')[0]!.replace('Address: ', '')
    const raw = await runSdkd(['--home', dir, 'debug', 'raw-bytes', list])
    expect(raw.stdout).toBe(`${hex}\n`)
    expect((await runSdkd(['--home', dir, 'debug', 'raw-bytes', '[72 101 255]'])).stdout).toBe(
      '4865FF\n',
    )
    expect((await runSdkd(['--home', dir, 'debug', 'prefixes'])).stdout).toBe(
      'Bech32 Acc: sdk\nBech32 Val: sdkvaloper\nBech32 Con: sdkvalcons\n',
    )
  })

  test('behavior: a home in brand cosmos prints cosmos prefixes', async () => {
    const dir = await home(['--brand', 'cosmos'])
    const { data } = fromBech32(ALICE, 90)
    const r = await runSdkd(['--home', dir, 'debug', 'addr', toBech32('cosmos', data, 90)])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain(`Bech32 Val: ${toBech32('cosmosvaloper', data, 90)}\n`)
    expect((await runSdkd(['--home', dir, 'debug', 'prefixes'])).stdout).toBe(
      'Bech32 Acc: cosmos\nBech32 Val: cosmosvaloper\nBech32 Con: cosmosvalcons\n',
    )
  })

  test('error: text that is no address and a byte out of range are refused, naming each failure', async () => {
    const dir = await home()
    const bad = await runSdkd(['--home', dir, 'debug', 'addr', 'cosmos1notme'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(
      /^Error: expected hex or bech32\. Got errors: hex: encoding\/hex: invalid byte or odd length, bech32 acc: .+, bech32 val: .+, bech32 con: .+\n$/,
    )
    const byte = await runSdkd(['--home', dir, 'debug', 'raw-bytes', '[1 256]'])
    expect(byte.code).toBe(1)
    expect(byte.stderr).toBe(
      'Error: strconv.ParseUint: parsing "256": expected a byte value 0–255\n',
    )
  })

  test('behavior: debug pubkey-raw decodes upstream\u2019s example key from hex, base64 and legacy bech32 alike; debug pubkey gives a JSON key\u2019s address', async () => {
    const dir = await home(['--brand', 'cosmos'])
    const hex = '8FCA9D6D1F80947FD5E9A05309259746F5F72541121766D5F921339DD061174A'
    const bytes = Buffer.from(hex, 'hex')
    const ed = encodeEd25519Pubkey(bytes)
    const address = createHash('sha256').update(bytes).digest().subarray(0, 20)
    const expected =
      `Hex: ${hex}\nParsed key as ed25519\n` +
      `Address: ${address.toString('hex').toUpperCase()}\n` +
      `JSON (base64): ${JSON.stringify(ed)}\n` +
      `Bech32 Acc: ${encodeBech32Pubkey(ed, 'cosmospub')}\n` +
      `Bech32 Validator Operator: ${encodeBech32Pubkey(ed, 'cosmosvaloperpub')}\n` +
      `Bech32 Validator Consensus: ${encodeBech32Pubkey(ed, 'cosmosvalconspub')}\n`
    // The three forms of upstream's help text.
    for (const form of [
      hex,
      'j8qdbR+AlH/V6aBTCSWXRvX3JUESF2bV+SEzndBhF0o=',
      'cosmospub1zcjduepq3l9f6mglsz28l40f5pfsjfvhgm6lwf2pzgtkd40eyyeem5rpza9q47axrz',
    ]) {
      const r = await runSdkd(['--home', dir, 'debug', 'pubkey-raw', form])
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout, form).toBe(expected)
    }

    const secpKey = 'AurroA7jvfPd1AadmmOvWM2rJSwipXfRf8yD6pLbA2DJ'
    const secpBytes = Buffer.from(secpKey, 'base64')
    const secpAddress = createHash('ripemd160')
      .update(createHash('sha256').update(secpBytes).digest())
      .digest('hex')
      .toUpperCase()
    const secp = await runSdkd(['--home', dir, 'debug', 'pubkey-raw', secpKey, '-t', 'secp256k1'])
    expect(secp.stdout).toBe(
      `Parsed key as secp256k1\nAddress: ${secpAddress}\n` +
        `JSON (base64): ${JSON.stringify(encodeSecp256k1Pubkey(secpBytes))}\n` +
        `Bech32 Acc: ${encodeBech32Pubkey(encodeSecp256k1Pubkey(secpBytes), 'cosmospub')}\n` +
        `Bech32 Validator Operator: ${encodeBech32Pubkey(encodeSecp256k1Pubkey(secpBytes), 'cosmosvaloperpub')}\n`,
    )
    const json = await runSdkd([
      '--home',
      dir,
      'debug',
      'pubkey',
      `{"@type":"/cosmos.crypto.secp256k1.PubKey","key":"${secpKey}"}`,
    ])
    expect(json.stdout).toBe(`Address: ${secpAddress}\nPubKey Hex: ${secpBytes.toString('hex')}\n`)
    const bad = await runSdkd(['--home', dir, 'debug', 'pubkey-raw', 'nothing', '-t', 'secp256k1'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe(
      "Error: pubkey 'nothing' invalid; expected hex, base64, or bech32 of correct size\n",
    )
    const type = await runSdkd(['--home', dir, 'debug', 'pubkey-raw', hex, '-t', 'sr25519'])
    expect(type.stderr).toBe(
      'Error: invalid pubkey type, expected oneof ed25519 or secp256k1: invalid type\n',
    )
  })

  test("error: debug pubkey of JSON that is no Any (no @type, not an object) is refused in upstream's JSON decoder's words, a nested multisig member alike", async () => {
    const dir = await home()
    for (const [text, error] of [
      ['{}', "Any JSON doesn't have '@type'"],
      ['null', "Any JSON doesn't have '@type'"],
      ['{"@type":5}', `can't unmarshal Any's '@type': "5"`],
      ['"x"', 'json: cannot unmarshal string into Go value of type map[string]*json.RawMessage'],
      [
        '{"@type":"/sdk.crypto.multisig.LegacyAminoPubKey","threshold":1,"public_keys":[{"key":"AAAA"}]}',
        "Any JSON doesn't have '@type'",
      ],
    ]) {
      const r = await runSdkd(['--home', dir, 'debug', 'pubkey', text!])
      expect([r.code, r.stdout, r.stderr], text).toEqual([1, '', `Error: ${error}\n`])
    }
  })
})
