import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import bcrypt from 'bcryptjs'
import { Record } from 'cosmjs-types/cosmos/crypto/keyring/v1/record'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { describe, expect, it } from 'vitest'
import { keyFromMnemonic } from '../../src/client/keyring.js'
import { openItem, sealItem } from '../../src/client/keyring-file.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { writeEarlierSdkdKey } from '../helpers/earlier-keyring.js'
import { ABANDON_MNEMONIC, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `--keyring-backend file`: upstream's passphrase prompt (`keyhash`, three attempts) and the same
 * sealed files as the test backend, under the user's passphrase in `<home>/keyring-file`.
 */

const cleanups = cleanupAfterEach()
const PASS = 'correct horse'

async function home(): Promise<string> {
  const t = await tempDir('sdkd-keys-file-')
  cleanups.push(t.cleanup)
  return t.dir
}

/** A home whose test keyring holds alice (the abandon mnemonic). */
async function homeWithAlice(): Promise<string> {
  const dir = await home()
  const add = await runSdkd(['--home', dir, 'keys', 'add', 'alice', '--recover'], {
    input: `${ABANDON_MNEMONIC}\n`,
  })
  expect(add.code, add.stderr).toBe(0)
  return dir
}

const keys = (dir: string, args: string[], input: string) =>
  runSdkd(['--home', dir, 'keys', ...args, '--keyring-backend', 'file'], { input })

describe('the file keyring backend', () => {
  it('behavior: the first key sets the passphrase (asked twice, its bcrypt hash in keyhash); later commands ask once', async () => {
    const dir = await home()
    const add = await keys(
      dir,
      ['add', 'alice', '--recover'],
      `${ABANDON_MNEMONIC}\n${PASS}\n${PASS}\n`,
    )
    expect(add.code, add.stderr).toBe(0)
    const kdir = join(dir, 'keyring-file')
    expect((await readdir(kdir)).sort()).toEqual([
      expect.stringMatching(/^[0-9a-f]{40}\.address$/),
      'alice.info',
      'keyhash',
    ])
    expect(bcrypt.compareSync(PASS, await readFile(join(kdir, 'keyhash'), 'utf8'))).toBe(true)
    // The item is sealed under the passphrase, not under the test backend's password.
    const token = await readFile(join(kdir, 'alice.info'), 'utf8')
    expect((await openItem('alice.info', token, PASS)).key).toBe('alice.info')
    await expect(openItem('alice.info', token, 'test')).rejects.toThrow('cannot open alice.info')

    const list = await keys(dir, ['list', '-n'], `${PASS}\n`)
    expect([list.code, list.stdout]).toEqual([0, 'alice\n'])
    const show = await keys(dir, ['show', 'alice', '-a'], `${PASS}\n`)
    expect(show.stdout).toMatch(/^sdk1[02-9ac-hj-np-z]{38}\n$/)
  })

  it("error: a wrong passphrase three times, one that does not match, one too short, stdin's end", async () => {
    const dir = await home()
    const mismatch = await keys(dir, ['add', 'alice'], `${PASS}\nsomething else\nshort\n`)
    expect(mismatch.code).toBe(1)
    expect(mismatch.stderr).toBe(
      'passphrase do not match\npassword must be at least 8 characters\nEOF\nError: too many failed passphrase attempts\n',
    )
    const add = await keys(dir, ['add', 'alice', '--no-backup'], `${PASS}\n${PASS}\n`)
    expect(add.code, add.stderr).toBe(0)
    const wrong = await keys(dir, ['show', 'alice'], 'wrong pass 1\nwrong pass 2\nwrong pass 3\n')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toBe(
      'incorrect passphrase\nincorrect passphrase\nincorrect passphrase\nError: too many failed passphrase attempts\n',
    )
    const second = await keys(dir, ['show', 'alice', '-a'], `wrong pass 1\n${PASS}\n`)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stderr).toBe('incorrect passphrase\n')
  })
})

describe('--keyring-dir', () => {
  it('behavior: keys live in <dir>/keyring-<backend> instead of the home; a signing command finds them there', async () => {
    const dir = await home()
    const elsewhere = await home()
    const add = await runSdkd(
      ['--home', dir, 'keys', 'add', 'bob', '--recover', '--keyring-dir', elsewhere],
      { input: `${ABANDON_MNEMONIC}\n` },
    )
    expect(add.code, add.stderr).toBe(0)
    expect(await readdir(join(elsewhere, 'keyring-test'))).toContain('bob.info')
    const inHome = await runSdkd(['--home', dir, 'keys', 'list', '-n'])
    expect(inHome.stdout).not.toContain('bob')
    const listed = await runSdkd(['--home', dir, 'keys', 'list', '-n', '--keyring-dir', elsewhere])
    expect(listed.stdout).toBe('bob\n')
    const bobAddress = (
      await runSdkd(['--home', dir, 'keys', 'show', 'bob', '-a', '--keyring-dir', elsewhere])
    ).stdout.trim()
    const sendFrom = (from: string) =>
      runSdkd([
        '--home',
        dir,
        'tx',
        'bank',
        'send',
        from,
        bobAddress,
        '1stake',
        '--generate-only',
        '--chain-id',
        'c',
        '--keyring-dir',
        elsewhere,
      ])
    const send = await sendFrom('bob')
    expect(send.code, send.stderr).toBe(0)
    // A signer the other keyring does not hold: the hint's command names that keyring.
    const carol = await sendFrom('carol')
    expect(carol.code).toBe(1)
    expect(carol.stderr).toContain(
      `\`sdkd keys list --home ${dir} --keyring-dir ${elsewhere}\` lists its keys`,
    )
    // A name the other keyring does not hold.
    const missing = await runSdkd([
      '--home',
      dir,
      'keys',
      'show',
      'carol',
      '--keyring-dir',
      elsewhere,
    ])
    expect(missing.stderr).toBe('Error: carol.info: key not found\n')
  })
})

describe('sdkd keys migrate', () => {
  it("behavior: an earlier sdkd's JSON key is written back in upstream's form; an item it cannot read is named on stdout and the rest go on", async () => {
    const dir = await homeWithAlice()
    const kdir = join(dir, 'keyring-test')
    const address = (await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).stdout.trim()
    // alice as an earlier sdkd wrote her: its JSON, and the address index naming her.
    await writeEarlierSdkdKey(kdir, 'alice', ABANDON_MNEMONIC)
    const index = (await readdir(kdir)).find((f) => f.endsWith('.address'))!
    await writeFile(join(kdir, 'broken.info'), 'eyJhbGciOiJub25lIn0.x.y.z.w')
    const migrate = await runSdkd(['--home', dir, 'keys', 'migrate'])
    expect(migrate.code, migrate.stderr).toBe(0)
    expect(migrate.stdout).toMatch(
      /^migrate err for key broken\.info: "cannot open broken\.info with the keyring's password: .*"\n$/,
    )
    expect(migrate.stderr).toBe('Keys migration has been successfully executed.\n')
    const token = await readFile(join(kdir, 'alice.info'), 'utf8')
    expect(token.startsWith('eyJ')).toBe(true)
    expect((await openItem('alice.info', token, 'test')).key).toBe('alice.info')
    expect(
      new TextDecoder().decode(
        (await openItem(index, await readFile(join(kdir, index), 'utf8'), 'test')).data,
      ),
    ).toBe('alice.info')
    const show = await runSdkd(['--home', dir, 'keys', 'show', address, '-a'])
    expect(show.stdout).toBe(`${address}\n`)
  })
})

describe('a Ledger key an SDK binary made', () => {
  it('behavior and error: listed as ledger, its txs generated; signing with it refused (sdkd drives no device)', async () => {
    const dir = await homeWithAlice()
    const key = keyFromMnemonic(ABANDON_MNEMONIC, "m/44'/118'/0'/0/3")
    const record = Record.fromPartial({
      name: 'nano',
      pubKey: {
        typeUrl: '/cosmos.crypto.secp256k1.PubKey',
        value: PubKey.encode({ key: key.pubKey }).finish(),
      },
      ledger: { path: { purpose: 44, coinType: 118, account: 0, change: false, addressIndex: 3 } },
    })
    await writeFile(
      join(dir, 'keyring-test', 'nano.info'),
      await sealItem({ key: 'nano.info', data: Record.encode(record).finish() }, 'test'),
    )
    const list = await runSdkd(['--home', dir, 'keys', 'list', '-o', 'json'])
    expect(
      JSON.parse(list.stdout).map((k: { name: string; type: string }) => [k.name, k.type]),
    ).toEqual([
      ['alice', 'local'],
      ['nano', 'ledger'],
    ])
    const alice = (await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).stdout.trim()
    const send = (extra: string[]) =>
      runSdkd([
        '--home',
        dir,
        'tx',
        'bank',
        'send',
        'nano',
        alice,
        '1stake',
        '--chain-id',
        'c',
        ...extra,
      ])
    const generated = await send(['--generate-only'])
    expect(generated.code, generated.stderr).toBe(0)
    const unsigned = join(dir, 'unsigned.json')
    await writeFile(unsigned, generated.stdout)
    const signed = await runSdkd([
      '--home',
      dir,
      'tx',
      'sign',
      unsigned,
      '--from',
      'nano',
      '--offline',
      '--account-number',
      '0',
      '--sequence',
      '0',
      '--chain-id',
      'c',
    ])
    expect(signed.code).toBe(1)
    expect(signed.stderr).toBe(
      'Error: cannot sign with nano: a Ledger key, and sdkd drives no device; generate the tx with --generate-only and sign it with the device\n',
    )
  })
})
