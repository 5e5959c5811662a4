import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { FlagValueError } from './options.js'
import { addPageFlags, binaryFlagArg, type PageFlags, pageRequest } from './page-flags.js'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('--page-key (autocli bytes flag)', () => {
  it("behavior: a file's contents, else hex, else padded base64, as Go's fileBinaryValue tries them", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sdkd-page-key-'))
    try {
      const file = join(dir, 'AQ==')
      await writeFile(file, 'token')
      // Each checked against Go's os.ReadFile, hex.DecodeString and base64.StdEncoding.DecodeString.
      const cases: [string, string][] = [
        [file, '746f6b656e'],
        ['abcd', 'abcd'], // hex first, though it is base64 too
        ['AbCd', 'abcd'],
        ['', ''],
        ['QUJD', '414243'],
        ['AQ==\n', '01'],
        ['dG9r\nZW4=', '746f6b656e'],
        ['0g==', 'd2'],
        ['/tmp', 'fed9a9'], // a directory is no file it can read
      ]
      for (const [value, bytes] of cases) expect(hex(binaryFlagArg(value)), value).toBe(bytes)
    } finally {
      await rm(dir, { recursive: true })
    }
  })

  it("error: neither a file, hex nor base64 is autocli's error, as a FlagValueError", () => {
    for (const value of ['zz', 'AQ', 'AQ==AQ==', 'abc']) {
      const parse = () => binaryFlagArg(value)
      expect(parse, value).toThrow(FlagValueError)
      expect(parse, value).toThrow(
        'input string is neither a valid file path, hex, or base64 encoded',
      )
    }
  })
})

/** The argument and the PageRequest a list command reads from `args`. */
function read(args: string[]): { arg: string | undefined; request: Record<string, unknown> } {
  let out: { arg: string | undefined; request: Record<string, unknown> } | undefined
  const cmd = addPageFlags(new Command('list').argument('[address]'))
    .exitOverride()
    .action((arg: string | undefined, f: PageFlags) => {
      out = { arg, request: pageRequest(f) }
    })
  cmd.parse(args, { from: 'user' })
  return out!
}

describe('the pagination flags', () => {
  it('behavior: a bool flag alone is true, =false false, and never takes the next word', () => {
    const none = { offset: '0', limit: '0', count_total: false, reverse: false }
    expect(read(['--page-reverse', 'addr'])).toEqual({
      arg: 'addr',
      request: { ...none, reverse: true },
    })
    expect(read(['--page-count-total', '--page-reverse=false', '--page-reverse=1'])).toEqual({
      arg: undefined,
      request: { ...none, count_total: true, reverse: true },
    })
    expect(read(['--page-reverse', '--page-reverse=F']).request).toEqual(none)
    expect(read(['--', '--page-reverse']).arg).toBe('--page-reverse')
  })

  it('behavior: the older names land in the same values, the last one given winning', () => {
    expect(
      read(['--limit', '0x10', '--page-offset', '3', '--offset', '4', '--reverse']).request,
    ).toEqual({
      offset: '4',
      limit: '16',
      count_total: false,
      reverse: true,
    })
    expect(
      read(['--count-total', '--page-count-total=false', '--page-key', '0102']).request,
    ).toEqual({
      key: Uint8Array.of(1, 2),
      offset: '0',
      limit: '0',
      count_total: false,
      reverse: false,
    })
  })
})
