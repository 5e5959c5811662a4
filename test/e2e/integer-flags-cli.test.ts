import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { ABANDON_MNEMONIC, recoverKey, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Integer flags read as upstream's pflag flags read them (strconv with base 0: `0x10`, `0o17`, `017`,
 * `0b1`, `1_000`), refused in pflag's words; autocli commands read their integer arguments the same
 * way, named by position.
 */

const cleanups = cleanupAfterAll()
const BOB = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
const VALOPER = 'sdkvaloper1hwrhfuwd766u9elx59546p5xhe5yzwdnzzuuxd'
/** A node address nothing listens on: a command that gets past its flags fails to reach it. */
const NO_NODE = 'tcp://127.0.0.1:9'

async function homeWithKey(): Promise<string> {
  const t = await tempDir('sdkd-int-flags-')
  cleanups.push(t.cleanup)
  const home = join(t.dir, 'home')
  await recoverKey(home, 'alice', ABANDON_MNEMONIC)
  return home
}

describe('sdkd integer flags', () => {
  it('behavior: tx flags take hex, octal, binary and underscored numbers, as pflag Uint64 flags', async () => {
    const home = await homeWithKey()
    const send = (...flags: string[]) =>
      runSdkd([
        '--home',
        home,
        'tx',
        'bank',
        'send',
        'alice',
        BOB,
        '1stake',
        '--generate-only',
        ...flags,
      ])
    for (const [text, value] of [
      ['0x10', '16'],
      ['017', '15'],
      ['0o17', '15'],
      ['0b101', '5'],
      ['1_000', '1000'],
    ]) {
      const r = await send('--timeout-height', text!)
      expect(r.code, text).toBe(0)
      expect(JSON.parse(r.stdout).body.timeout_height, text).toBe(value)
    }

    // An offline signature over account number 0x7 and sequence 0b11 is the one over 7 and 3.
    const gen = await send()
    const unsigned = join(home, 'unsigned.json')
    await writeFile(unsigned, gen.stdout)
    const sign = (a: string, s: string) =>
      runSdkd([
        '--home',
        home,
        'tx',
        'sign',
        unsigned,
        '--from',
        'alice',
        '--offline',
        '--chain-id',
        'c',
        '-a',
        a,
        '--sequence',
        s,
      ])
    const decimal = await sign('7', '3')
    const prefixed = await sign('0x7', '0b11')
    expect(decimal.code).toBe(0)
    expect([prefixed.code, prefixed.stdout]).toEqual([0, decimal.stdout])
  })

  it("error: a value a flag refuses is pflag's `invalid argument … flag:` with strconv's error, exit 1", async () => {
    const home = await homeWithKey()
    const cases: [string[], string][] = [
      [
        [
          'tx',
          'bank',
          'send',
          'alice',
          BOB,
          '1stake',
          '--generate-only',
          '--timeout-height',
          'abc',
        ],
        'Error: invalid argument "abc" for "--timeout-height" flag: strconv.ParseUint: parsing "abc": invalid syntax\n' +
          "Run 'sdkd tx bank send --help' for usage.\n",
      ],
      // A flag with a shorthand is named with it; a sign is no part of a uint64.
      [
        ['tx', 'bank', 'send', 'alice', BOB, '1stake', '--generate-only', '-a', '-1'],
        'Error: invalid argument "-1" for "-a, --account-number" flag: strconv.ParseUint: parsing "-1": invalid syntax\n' +
          "Run 'sdkd tx bank send --help' for usage.\n",
      ],
      [
        ['query', 'gov', 'proposals', '--page-limit', '1__0', '--node', NO_NODE],
        'Error: invalid argument "1__0" for "--page-limit" flag: strconv.ParseUint: parsing "1__0": invalid syntax\n' +
          "Run 'sdkd query gov proposals --help' for usage.\n",
      ],
      [
        ['query', 'txs', '--query', 'tx.height=1', '--page', '1.5', '--node', NO_NODE],
        'Error: invalid argument "1.5" for "--page" flag: strconv.ParseInt: parsing "1.5": invalid syntax\n' +
          "Run 'sdkd query txs --help' for usage.\n",
      ],
      [
        ['start', '--halt-height', '0x'],
        'Error: invalid argument "0x" for "--halt-height" flag: strconv.ParseUint: parsing "0x": invalid syntax\n' +
          "Run 'sdkd start --help' for usage.\n",
      ],
      [
        ['keys', 'add', 'k', '--account', '4294967296'],
        'Error: invalid argument "4294967296" for "--account" flag: strconv.ParseUint: parsing "4294967296": value out of range\n' +
          "Run 'sdkd keys add --help' for usage.\n",
      ],
    ]
    for (const [args, stderr] of cases) {
      const r = await runSdkd(['--home', home, ...args])
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([1, '', stderr])
    }
  })
})

describe("autocli commands' integer arguments", () => {
  it('behavior: an id or a height is read as pflag reads the proto field, so 0x1 is 1', async () => {
    const home = await homeWithKey()
    for (const args of [
      ['query', 'gov', 'proposal', '0x1'],
      ['query', 'gov', 'votes', '0b1'],
      ['query', 'distribution', 'slashes', VALOPER, '0o0', '1_000'],
      ['query', 'staking', 'historical-info', '0x10'],
      ['query', 'comet', 'block-by-height', '0b1'],
    ]) {
      const r = await runSdkd(['--home', home, ...args, '--node', NO_NODE])
      // Past the arguments: the command goes on to ask the node.
      expect([r.code, r.stderr], args.join(' ')).toEqual([
        1,
        'Error: post failed: Post "http://127.0.0.1:9": dial tcp 127.0.0.1:9: connect: connection refused\n',
      ])
    }
  })

  it('error: a bad one is refused as pflag refuses the flag autocli names by position ("--0", "--1", …)', async () => {
    const home = await homeWithKey()
    const cases: [string[], string][] = [
      [
        ['query', 'gov', 'proposal', 'x'],
        'Error: invalid argument "x" for "--0" flag: strconv.ParseUint: parsing "x": invalid syntax\n',
      ],
      [
        ['query', 'gov', 'deposit', '18446744073709551616', BOB],
        'Error: invalid argument "18446744073709551616" for "--0" flag: strconv.ParseUint: parsing "18446744073709551616": value out of range\n',
      ],
      [
        ['query', 'distribution', 'slashes', VALOPER, '1', '0x'],
        'Error: invalid argument "0x" for "--2" flag: strconv.ParseUint: parsing "0x": invalid syntax\n',
      ],
      [
        ['query', 'staking', 'historical-info', '9223372036854775808'],
        'Error: invalid argument "9223372036854775808" for "--0" flag: strconv.ParseInt: parsing "9223372036854775808": value out of range\n',
      ],
      [
        ['query', 'comet', 'validator-set-by-height', '1e3'],
        'Error: invalid argument "1e3" for "--0" flag: strconv.ParseInt: parsing "1e3": invalid syntax\n',
      ],
    ]
    for (const [args, stderr] of cases) {
      const r = await runSdkd(['--home', home, ...args, '--node', NO_NODE])
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([1, '', stderr])
    }
  })
})
