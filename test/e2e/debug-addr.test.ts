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
})
