import { createHash } from 'node:crypto'
import { Secp256k1, stringToPath } from '@cosmjs/crypto'
import { toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { ABANDON_MNEMONIC, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd keys list -n`, `keys export --unarmored-hex --unsafe`, `keys import-hex` and `keys rename`,
 * as upstream's: a devnet key's private key checked against cosmjs (which derives it from the
 * mnemonic on its own), the same key imported under another home, renamed, and the refusals.
 */

const cleanups = cleanupAfterEach()

async function home(): Promise<string> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

/** The account address of a compressed secp256k1 public key, computed here. */
async function addressOf(pubKey: Uint8Array): Promise<string> {
  const sha = createHash('sha256').update(pubKey).digest()
  return toBech32('sdk', createHash('ripemd160').update(sha).digest(), 90)
}

describe('sdkd keys export, import-hex, rename and list -n', () => {
  test('behavior: the exported hex is the private key of the mnemonic; imported elsewhere it is the same account', async () => {
    const dir = await home()
    const added = await runSdkd(['--home', dir, 'keys', 'add', 'alice', '--recover'], {
      input: `${ABANDON_MNEMONIC}\n`,
    })
    expect(added.code, added.stderr).toBe(0)
    const exported = await runSdkd(
      ['--home', dir, 'keys', 'export', 'alice', '--unarmored-hex', '--unsafe'],
      { input: 'Yep\n' },
    )
    // Any answer starting with y is a yes, as upstream's GetConfirmation reads it.
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toMatch(/^[0-9a-f]{64}\n$/)
    const hex = exported.stdout.trim()
    // cosmjs derives the same key from the mnemonic on the Cosmos HD path.
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(ABANDON_MNEMONIC, { prefix: 'sdk' })
    const [account] = await wallet.getAccounts()
    const keypair = await Secp256k1.makeKeypair(Buffer.from(hex, 'hex'))
    const compressed = Secp256k1.compressPubkey(keypair.pubkey)
    expect(Buffer.from(compressed)).toEqual(Buffer.from(account!.pubkey))
    expect(await addressOf(compressed)).toBe(account!.address)

    const other = await home()
    const imported = await runSdkd(['--home', other, 'keys', 'import-hex', 'mine', hex])
    expect(imported.code, imported.stderr).toBe(0)
    const shown = await runSdkd(['--home', other, 'keys', 'show', 'mine', '-a'])
    expect(shown.stdout).toBe(`${account!.address}\n`)
    // From stdin when the hex is not an argument.
    const third = await home()
    const piped = await runSdkd(['--home', third, 'keys', 'import-hex', 'mine'], {
      input: `${hex}\n`,
    })
    expect(piped.code, piped.stderr).toBe(0)
    expect((await runSdkd(['--home', third, 'keys', 'show', 'mine', '-a'])).stdout).toBe(
      `${account!.address}\n`,
    )

    const renamed = await runSdkd(['--home', other, 'keys', 'rename', 'mine', 'yours', '--yes'])
    expect(renamed.code, renamed.stderr).toBe(0)
    expect(renamed.stderr).toBe('Key was successfully renamed from mine to yours\n')
    expect((await runSdkd(['--home', other, 'keys', 'list', '-n'])).stdout).toBe('yours\n')
    // The address still finds the key, under its new name.
    const byAddress = await runSdkd([
      '--home',
      other,
      'keys',
      'show',
      account!.address,
      '-o',
      'json',
    ])
    expect(JSON.parse(byAddress.stdout).name).toBe('yours')
    expect((await runSdkd(['--home', other, 'keys', 'show', 'mine'])).stderr).toBe(
      'Error: mine.info: key not found\n',
    )
  })

  test('error: refusals keep the keyring as it was', async () => {
    const dir = await home()
    for (const name of ['alice', 'bob'])
      expect((await runSdkd(['--home', dir, 'keys', 'add', name])).code).toBe(0)
    const keys = (...args: string[]) => runSdkd(['--home', dir, 'keys', ...args])
    const cases: [string[], string, string?][] = [
      [['export', 'alice'], 'password must be at least 8 characters', 'short\n'],
      [['export', 'alice', '--unsafe'], 'the flags unsafe and unarmored-hex must be used together'],
      [
        ['import-hex', 'carol', '0011'],
        'failed to decode provided hex value to private key: expected 64 hex characters (32 bytes)',
      ],
      [
        ['import-hex', 'carol', '00'.repeat(32)],
        'invalid secp256k1 private key: expected 32 bytes below the curve order',
      ],
      [['import-hex', 'alice', '11'.repeat(32)], 'cannot overwrite key: alice'],
      [['rename', 'alice', 'bob', '-y'], 'rename failed, bob: key already exists'],
      [['rename', 'nobody', 'carol', '-y'], 'nobody.info: key not found'],
    ]
    for (const [args, message, input] of cases) {
      const r = await runSdkd(['--home', dir, 'keys', ...args], input ? { input } : {})
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${message}\n`)
      expect(r.stdout).toBe('')
    }
    // A "no" to a confirmation is no error, as upstream's: nothing printed, exit 0.
    for (const args of [
      ['export', 'alice', '--unarmored-hex', '--unsafe'],
      ['rename', 'alice', 'carol'],
    ]) {
      const r = await runSdkd(['--home', dir, 'keys', ...args], { input: 'n\n' })
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([0, '', ''])
    }
    expect((await keys('list', '--list-names')).stdout).toBe('alice\nbob\n')
  })
  test('behavior: keys add --coin-type, --account and --index derive as cosmjs does; --no-backup and --dry-run', async () => {
    const dir = await home()
    for (const [name, args, path] of [
      ['i1', ['--index', '1'], "m/44'/118'/0'/0/1"],
      ['a2', ['--account', '2'], "m/44'/118'/2'/0/0"],
      ['c60', ['--coin-type', '60', '--index', '3'], "m/44'/60'/0'/0/3"],
      ['manual', ['--hd-path', "m/44'/118'/7'/0/5", '--index', '9'], "m/44'/118'/7'/0/5"],
    ] as const) {
      const r = await runSdkd(
        ['--home', dir, 'keys', 'add', name, '--recover', ...args, '-o', 'json'],
        {
          input: `${ABANDON_MNEMONIC}\n`,
        },
      )
      expect(r.code, r.stderr).toBe(0)
      const wallet = await DirectSecp256k1HdWallet.fromMnemonic(ABANDON_MNEMONIC, {
        prefix: 'sdk',
        hdPaths: [stringToPath(path)],
      })
      const [account] = await wallet.getAccounts()
      expect(JSON.parse(r.stdout).address, path).toBe(account!.address)
    }
    const quiet = await runSdkd([
      '--home',
      dir,
      'keys',
      'add',
      'quiet',
      '--no-backup',
      '-o',
      'json',
    ])
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(Object.keys(JSON.parse(quiet.stdout))).toEqual(['name', 'type', 'address', 'pubkey'])
    const text = await runSdkd(['--home', dir, 'keys', 'add', 'quiet2', '--no-backup'])
    expect([text.stdout, text.stderr]).not.toContain(expect.stringContaining('mnemonic phrase'))
    expect(text.stderr).toBe('\n')
    const dry = await runSdkd(['--home', dir, 'keys', 'add', 'i1', '--dry-run', '-o', 'json'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(JSON.parse(dry.stdout).mnemonic.split(' ')).toHaveLength(24)
    // Nothing was stored: the name in use was not even in the way.
    expect((await runSdkd(['--home', dir, 'keys', 'list', '-n'])).stdout).toBe(
      'a2\nc60\ni1\nmanual\nquiet\nquiet2\n',
    )
    const bad = await runSdkd(['--home', dir, 'keys', 'add', 'x', '--account', '2147483648'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(
      "Error: option '--account <n>' argument '2147483648' is invalid. expected a whole number from 0 to 2147483647",
    )
  })
})
