import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createMultisigThresholdPubkey, pubkeyToAddress, Secp256k1HdWallet } from '@cosmjs/amino'
import { Bip39, EnglishMnemonic } from '@cosmjs/crypto'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { describe, expect, test } from 'vitest'
import { GO_ARGON2, GO_BCRYPT, GO_PRIVATE_KEY_HEX } from '../../src/client/key-armor.case.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { ABANDON_MNEMONIC, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd keys export` / `keys import` in upstream's ASCII-armored, passphrase-encrypted format, both
 * ways and with keys armored by Go's own crypto (SDK v0.50's argon2 and the older bcrypt), and
 * `keys mnemonic`, `keys parse`, `keys list-key-types`, as upstream's.
 */

const cleanups = cleanupAfterEach()

async function home(): Promise<string> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

describe('sdkd keys export and import (armored)', () => {
  test('behavior: a key exported armored imports under another home as the same account; Go-armored keys import as theirs', async () => {
    const dir = await home()
    const keys = (d: string, args: string[], input?: string) =>
      runSdkd(['--home', d, 'keys', ...args], input === undefined ? {} : { input })
    expect((await keys(dir, ['add', 'alice', '--recover'], `${ABANDON_MNEMONIC}\n`)).code).toBe(0)
    const exported = await keys(dir, ['export', 'alice'], 'a good passphrase\n')
    expect(exported.code, exported.stderr).toBe(0)
    const lines = exported.stdout.split('\n')
    expect(lines[0]).toBe('-----BEGIN TENDERMINT PRIVATE KEY-----')
    expect(lines.slice(1, 4).sort()).toEqual([
      'kdf: argon2',
      expect.stringMatching(/^salt: [0-9A-F]{32}$/),
      'type: secp256k1',
    ])
    expect(lines[4]).toBe('')
    expect(lines.at(-2)).toBe('-----END TENDERMINT PRIVATE KEY-----')
    expect(lines.at(-3)).toMatch(/^=[A-Za-z0-9+/]{4}$/)
    const file = join(dir, 'alice.armor')
    await writeFile(file, exported.stdout)

    const other = await home()
    expect((await keys(other, ['import', 'mine', file], 'wrong passphrase\n')).stderr).toBe(
      'Error: failed to decrypt private key: invalid account password\n',
    )
    const imported = await keys(other, ['import', 'mine', file], 'a good passphrase\n')
    expect(imported.code, imported.stderr).toBe(0)
    const address = async (d: string, name: string) => (await keys(d, ['show', name, '-a'])).stdout
    expect(await address(other, 'mine')).toBe(await address(dir, 'alice'))
    expect((await keys(other, ['import', 'mine', file], 'a good passphrase\n')).stderr).toBe(
      'Error: mine: cannot overwrite key\n',
    )

    for (const [kdf, armored] of [
      ['argon2', GO_ARGON2],
      ['bcrypt', GO_BCRYPT],
    ] as const) {
      const d = await home()
      await writeFile(join(d, 'go.armor'), `${armored}\n`)
      const r = await keys(d, ['import', 'go', join(d, 'go.armor')], 'passphrase\n')
      expect(r.code, `${kdf}: ${r.stderr}`).toBe(0)
      const hex = await keys(d, ['export', 'go', '--unarmored-hex', '--unsafe'], 'y\n')
      expect(hex.stdout, kdf).toBe(`${GO_PRIVATE_KEY_HEX}\n`)
    }
  }, 60_000)

  test('error: a short passphrase, a missing file, a multisig key and a file that is no armor are refused, exit 1', async () => {
    const dir = await home()
    const keys = (args: string[], input = '') =>
      runSdkd(['--home', dir, 'keys', ...args], { input })
    for (const name of ['alice', 'bob']) expect((await keys(['add', name])).code).toBe(0)
    expect((await keys(['add', 'pair', '--multisig', 'alice,bob'])).code).toBe(0)
    const cases: [string[], string, string][] = [
      [['export', 'alice'], 'short\n', 'password must be at least 8 characters'],
      [['export', 'pair'], 'long enough\n', 'private key extraction works only for Local'],
      [['export', 'nobody'], 'long enough\n', 'nobody.info: key not found'],
      [
        ['import', 'carol', join(dir, 'nothing')],
        'long enough\n',
        `open ${join(dir, 'nothing')}: no such file or directory`,
      ],
    ]
    await writeFile(join(dir, 'plain.txt'), 'not an armored key\n')
    cases.push([
      ['import', 'carol', join(dir, 'plain.txt')],
      'long enough\n',
      'failed to decrypt private key: EOF',
    ])
    for (const [args, input, text] of cases) {
      const r = await keys(args, input)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${text}\n`)
    }
    expect((await keys(['show', 'carol'])).code).toBe(1)
  })
})

describe('sdkd keys add --pubkey (offline keys)', () => {
  test('behavior: another holder\u2019s public key is stored as an offline key, makes multisig keys as cosmjs does, and cannot sign or be exported', async () => {
    const a = await home()
    const b = await home()
    const keys = (d: string, ...args: string[]) => runSdkd(['--home', d, 'keys', ...args])
    for (const name of ['alice', 'bob']) expect((await keys(a, 'add', name)).code).toBe(0)
    const pubOf = async (name: string) => (await keys(a, 'show', name, '-p')).stdout.trim()
    const addressIn = async (d: string, name: string) =>
      (await keys(d, 'show', name, '-a')).stdout.trim()
    const alicePub = await pubOf('alice')
    const added = await keys(b, 'add', 'alice', '--pubkey', alicePub, '-o', 'json')
    expect(added.code, added.stderr).toBe(0)
    expect(JSON.parse(added.stdout)).toMatchObject({
      name: 'alice',
      type: 'offline',
      address: await addressIn(a, 'alice'),
      pubkey: alicePub,
    })
    const bobKey = JSON.parse(await pubOf('bob')).key as string
    expect((await keys(b, 'add', 'bob', '--pubkey-base64', bobKey)).code).toBe(0)
    expect(await addressIn(b, 'bob')).toBe(await addressIn(a, 'bob'))
    expect((await keys(b, 'list')).stdout).toContain('type: offline')

    // A 2-of-2 of the two offline keys: cosmjs's address of the same keys (sorted by address).
    const team = await keys(
      b,
      'add',
      'team',
      '--multisig',
      'alice,bob',
      '--multisig-threshold',
      '2',
    )
    expect(team.code, team.stderr).toBe(0)
    const secp = (key: string) => ({ type: 'tendermint/PubKeySecp256k1', value: key })
    const multisig = createMultisigThresholdPubkey(
      [secp(JSON.parse(alicePub).key), secp(bobKey)],
      2,
    )
    expect(await addressIn(b, 'team')).toBe(pubkeyToAddress(multisig, 'sdk'))

    const refusals: [string[], string][] = [
      [
        ['export', 'alice', '--unarmored-hex', '--unsafe'],
        'private key extraction works only for Local',
      ],
      [
        ['add', 'x', '--pubkey', alicePub, '--pubkey-base64', bobKey],
        'flags pubkey and pubkey-base64 cannot be used simultaneously',
      ],
      [
        ['add', 'x', '--pubkey-base64', 'AAAA'],
        'invalid public key: expected the base64 of a 33-byte compressed secp256k1 key',
      ],
      [
        ['add', 'x', '--pubkey', '{"@type":"/sdk.crypto.ed25519.PubKey","key":"AAAA"}'],
        'unsupported public key type "/sdk.crypto.ed25519.PubKey": sdkd keys are secp256k1 (/sdk.crypto.secp256k1.PubKey)',
      ],
      [
        ['add', 'other', '--pubkey', alicePub],
        'public key already exists in keybase under the name alice',
      ],
      // Upstream's JSON decoder's words for JSON that is no Any.
      [['add', 'x', '--pubkey', '{}'], "Any JSON doesn't have '@type'"],
      [['add', 'x', '--pubkey', '{"@type":null}'], "Any JSON doesn't have '@type'"],
      [['add', 'x', '--pubkey', '{"@type":5}'], `can't unmarshal Any's '@type': "5"`],
      [
        ['add', 'x', '--pubkey', '[]'],
        'json: cannot unmarshal array into Go value of type map[string]*json.RawMessage',
      ],
    ]
    for (const [args, text] of refusals) {
      const r = await keys(b, ...args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${text}\n`)
    }
    // Its txs are generated for its holder to sign; signing here is refused.
    const unsigned = await runSdkd([
      '--home',
      b,
      'tx',
      'bank',
      'send',
      'alice',
      await addressIn(b, 'bob'),
      '1stake',
      '--generate-only',
      '--offline',
      '--chain-id',
      'c',
      '-a',
      '0',
      '-s',
      '0',
    ])
    expect(unsigned.code, unsigned.stderr).toBe(0)
    await writeFile(join(b, 'unsigned.json'), unsigned.stdout)
    const sign = await runSdkd([
      '--home',
      b,
      'tx',
      'sign',
      join(b, 'unsigned.json'),
      '--from',
      'alice',
      '--offline',
      '--chain-id',
      'c',
      '-a',
      '0',
      '-s',
      '0',
    ])
    expect(sign.code).toBe(1)
    expect(sign.stderr).toContain('cannot sign with offline keys: alice is a public key only')

    // Several keys deleted in one call, each with its own message: a public key reference, a key.
    const deleted = await keys(b, 'delete', 'alice', 'team', '--yes')
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stderr).toBe('Public key reference deleted\nKey deleted forever (uh oh!)\n')
    expect((await keys(b, 'list', '-n')).stdout).toBe('bob\n')
    // An unknown name stops the call there: the keys before it are gone, the rest kept.
    expect((await keys(b, 'add', 'carol', '--pubkey', alicePub)).code).toBe(0)
    const partial = await keys(b, 'delete', 'carol', 'nobody', 'bob', '-y')
    expect(partial.code).toBe(1)
    expect(partial.stderr).toBe('Public key reference deleted\nError: nobody.info: key not found\n')
    expect((await keys(b, 'list', '-n')).stdout).toBe('bob\n')
  })
})

describe('sdkd keys add --mnemonic-src and --key-type', () => {
  test('behavior: --recover --mnemonic-src reads the mnemonic from a file, as from stdin; other key types and the flag without --recover are refused', async () => {
    const dir = await home()
    const keys = (args: string[], input?: string) =>
      runSdkd(['--home', dir, 'keys', ...args], input === undefined ? {} : { input })
    const file = join(dir, 'words.txt')
    await writeFile(file, `  ${ABANDON_MNEMONIC.split(' ').join('\n')}\n`)
    const fromFile = await keys(['add', 'a', '--recover', '--mnemonic-src', file, '-o', 'json'])
    expect(fromFile.code, fromFile.stderr).toBe(0)
    const fromStdin = await keys(
      ['add', 'b', '--recover', '--dry-run', '-o', 'json'],
      `${ABANDON_MNEMONIC}\n`,
    )
    expect(JSON.parse(fromFile.stdout).address).toBe(JSON.parse(fromStdin.stdout).address)
    for (const [args, text] of [
      [
        ['add', 'c', '--mnemonic-src', file],
        '--mnemonic-src is only usable with --recover or --interactive',
      ],
      [
        ['add', 'c', '--key-type', 'ed25519'],
        'unsupported signing algo "ed25519": sdkd keys are secp256k1',
      ],
      [
        ['add', 'c', '--recover', '--mnemonic-src', join(dir, 'none')],
        `open ${join(dir, 'none')}: no such file or directory`,
      ],
    ] as const) {
      const r = await keys([...args])
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${text}\n`)
    }
  })
})

describe('sdkd keys add --interactive', () => {
  test('behavior: a mnemonic and a BIP39 passphrase read from stdin derive the key cosmjs derives with that password; an empty mnemonic line makes a new one; passphrases that differ are refused', async () => {
    const dir = await home()
    const keys = (args: string[], input: string) =>
      runSdkd(['--home', dir, 'keys', ...args, '-o', 'json'], { input })
    const wallet = async (bip39Password: string) => {
      const w = await Secp256k1HdWallet.fromMnemonic(ABANDON_MNEMONIC, {
        bip39Password,
        prefix: 'sdk',
      })
      return (await w.getAccounts())[0]!.address
    }
    const withPass = await keys(['add', 'a', '-i'], `${ABANDON_MNEMONIC}\n  s3cret \ns3cret\n`)
    expect(withPass.code, withPass.stderr).toBe(0)
    const a = JSON.parse(withPass.stdout)
    // Upstream trims each answer; the passphrase is what seeds the key, and it is not stored.
    expect(a.address).toBe(await wallet('s3cret'))
    expect(a.address).not.toBe(await wallet(''))
    // A mnemonic given interactively is the user's own, and shown back as upstream shows it.
    expect(a.mnemonic).toBe(ABANDON_MNEMONIC)
    const noPass = await keys(['add', 'b', '--interactive', '--dry-run'], `${ABANDON_MNEMONIC}\n\n`)
    expect(JSON.parse(noPass.stdout).address).toBe(await wallet(''))
    const fresh = await keys(['add', 'c', '-i', '--dry-run'], '\n\n')
    expect(fresh.code, fresh.stderr).toBe(0)
    expect(JSON.parse(fresh.stdout).mnemonic.split(' ')).toHaveLength(24)
    const differ = await keys(['add', 'd', '-i'], `${ABANDON_MNEMONIC}\none\ntwo\n`)
    expect([differ.code, differ.stderr]).toEqual([1, "Error: passphrases don't match\n"])
    const bad = await keys(['add', 'd', '-i'], 'not a mnemonic\n\n')
    expect([bad.code, bad.stderr]).toEqual([1, 'Error: invalid mnemonic\n'])
    expect((await runSdkd(['--home', dir, 'keys', 'list', '-n'])).stdout).toBe('a\n')
  })
})

describe('sdkd keys mnemonic, parse and list-key-types', () => {
  test('behavior: a fresh 24-word mnemonic; with --unsafe-entropy the mnemonic of sha256 of the input, as cosmjs computes it', async () => {
    const fresh = await runSdkd(['keys', 'mnemonic'])
    expect(fresh.code).toBe(0)
    const words = fresh.stdout.trim()
    expect(words.split(' ')).toHaveLength(24)
    expect(() => new EnglishMnemonic(words)).not.toThrow()
    const input = 'x'.repeat(50)
    const own = await runSdkd(['keys', 'mnemonic', '--unsafe-entropy'], { input: `${input}\ny\n` })
    expect(own.code, own.stderr).toBe(0)
    const expected = Bip39.encode(createHash('sha256').update(input).digest()).toString()
    expect(own.stdout).toBe(`${expected}\n`)
    const short = await runSdkd(['keys', 'mnemonic', '--unsafe-entropy'], { input: 'abc\n' })
    expect(short.code).toBe(1)
    expect(short.stderr).toBe(
      'Error: 256-bits is 43 characters in Base-64, and 100 in Base-6. You entered 3, and probably want more\n',
    )
  })

  test('behavior: parse turns bech32 into its prefix and hex bytes and hex into every bech32 form', async () => {
    const raw = Uint8Array.from({ length: 20 }, (_, i) => i + 1)
    const address = toBech32('sdk', raw)
    const bytes = Buffer.from(raw).toString('hex').toUpperCase()
    const parse = (...args: string[]) => runSdkd(['keys', 'parse', ...args])
    expect((await parse(address)).stdout).toBe(`bytes: ${bytes}\nhuman: sdk\n\n`)
    expect(JSON.parse((await parse(address, '-o', 'json')).stdout)).toEqual({ human: 'sdk', bytes })
    const forms = (await parse(bytes)).stdout
    expect(forms.split('\n')[0]).toBe('formats:')
    const prefixes = forms
      .split('\n')
      .slice(1, 7)
      .map((l) => fromBech32(l.replace(/^- /, ''), 90))
    expect(prefixes.map((p) => p.prefix)).toEqual([
      'sdk',
      'sdkpub',
      'sdkvaloper',
      'sdkvaloperpub',
      'sdkvalcons',
      'sdkvalconspub',
    ])
    expect(prefixes.every((p) => Buffer.from(p.data).toString('hex').toUpperCase() === bytes)).toBe(
      true,
    )
    const bad = await parse('not-an-address')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe("Error: couldn't find valid bech32 nor hex data\n")
    expect((await runSdkd(['keys', 'list-key-types'])).stdout).toBe(
      'Supported key types/algos:\n["secp256k1"]\n',
    )
  })
})
