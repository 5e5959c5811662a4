import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { initHome, rpcOnlyStart, runSdkd, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const cleanups = cleanupAfterEach()

async function home(): Promise<string> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

describe('sdkd keys', () => {
  test('behavior: add, recover, list, show, delete through the CLI', async () => {
    const dir = await home()
    const added = await runSdkd([
      '--home',
      dir,
      'keys',
      'add',
      'alice',
      '--keyring-backend',
      'test',
    ])
    expect(added.code).toBe(0)
    expect(added.stdout).toMatch(
      /^- address: sdk1[0-9a-z]{38}\n {2}name: alice\n {2}pubkey: '\{"@type":"\/sdk\.crypto\.secp256k1\.PubKey","key":"[A-Za-z0-9+/]{44}"\}'\n {2}type: local\n/,
    )
    // As upstream's: the key on stdout, the mnemonic and its warning on stderr (never in a file a
    // script keeps of stdout).
    expect(added.stdout).not.toContain('mnemonic')
    expect(added.stderr).toMatch(
      /^\n\n\*\*Important\*\* write this mnemonic phrase in a safe place\.\nIt is the only way to recover your account if you ever forget your password\.\n\n([a-z]+ ){23}[a-z]+\n$/,
    )
    const mnemonic = added.stderr.trim().split('\n').at(-1)!
    expect(mnemonic.split(' ')).toHaveLength(24)

    const recovered = await runSdkd(
      ['--home', dir, 'keys', 'add', 'bob', '--recover', '--output', 'json'],
      { input: `${ABANDON}\n` },
    )
    expect(recovered.code).toBe(0)
    expect(JSON.parse(recovered.stdout)).toMatchObject({
      name: 'bob',
      address: 'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq',
    })

    const list = await runSdkd(['--home', dir, 'keys', 'list', '--output', 'json'])
    expect(list.code).toBe(0)
    expect(JSON.parse(list.stdout).map((k: any) => k.name)).toEqual(['alice', 'bob'])
    expect((await runSdkd(['--home', dir, 'keys', 'show', 'bob', '-a'])).stdout).toBe(
      'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq\n',
    )
    const byAddress = await runSdkd([
      '--home',
      dir,
      'keys',
      'show',
      'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq',
      '--output',
      'json',
    ])
    expect(JSON.parse(byAddress.stdout).name).toBe('bob')

    // As upstream's: a "no" skips the key (exit 0, nothing printed, no prompt from a pipe); no
    // answer at all is upstream's `EOF`, then which prompt went unanswered and how to skip it.
    const refused = await runSdkd(['--home', dir, 'keys', 'delete', 'alice'], { input: 'n\n' })
    expect([refused.code, refused.stdout, refused.stderr]).toEqual([0, '', ''])
    const noAnswer = await runSdkd(['--home', dir, 'keys', 'delete', 'alice'], { input: '' })
    expect([noAnswer.code, noAnswer.stdout, noAnswer.stderr]).toEqual([
      1,
      '',
      'Error: EOF: no answer to the prompt "Key reference will be deleted. Continue?" on stdin (pass --yes to skip it); alice was not deleted\n',
    ])
    expect((await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).code).toBe(0)
    const deleted = await runSdkd(['--home', dir, 'keys', 'delete', 'alice', '--yes'])
    expect(deleted.code).toBe(0)
    expect(deleted.stderr).toContain('Key deleted forever (uh oh!)')
    const gone = await runSdkd(['--home', dir, 'keys', 'show', 'alice'])
    expect(gone.code).toBe(1)
    expect(gone.stderr).toBe('Error: alice.info: key not found\n')
  })

  test('error: duplicate names, bad mnemonics and other backends are clear errors', async () => {
    const dir = await home()
    expect((await runSdkd(['--home', dir, 'keys', 'add', 'alice'])).code).toBe(0)
    // A name in use: upstream's confirmation first; without a yes nothing changes.
    const first = (await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).stdout
    const dup = await runSdkd(['--home', dir, 'keys', 'add', 'alice'], { input: 'n\n' })
    expect(dup.code).toBe(1)
    expect(dup.stderr).toBe('Error: aborted\n')
    expect((await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).stdout).toBe(first)
    // No answer at all: upstream's `EOF`, then the prompt and the ways around it.
    const noAnswer = await runSdkd(['--home', dir, 'keys', 'add', 'alice'], { input: '' })
    expect([noAnswer.code, noAnswer.stdout, noAnswer.stderr]).toEqual([
      1,
      '',
      'Error: EOF: no answer to the prompt "override the existing name alice" on stdin (answer y to replace the key, or choose another name); nothing was changed\n',
    ])
    expect((await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).stdout).toBe(first)
    const replaced = await runSdkd(['--home', dir, 'keys', 'add', 'alice', '-o', 'json'], {
      input: 'y\n',
    })
    expect(replaced.code, replaced.stderr).toBe(0)
    const second = JSON.parse(replaced.stdout).address
    expect(second).not.toBe(first.trim())
    expect((await runSdkd(['--home', dir, 'keys', 'show', 'alice', '-a'])).stdout).toBe(
      `${second}\n`,
    )
    // The old key's address is no longer held.
    expect((await runSdkd(['--home', dir, 'keys', 'show', first.trim()])).code).toBe(1)
    const bad = await runSdkd(['--home', dir, 'keys', 'add', 'x', '--recover'], {
      input: 'these are not words\n',
    })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe('Error: invalid mnemonic\n')
    expect(bad.stdout).toBe('')
    // Nothing was stored under the name.
    const x = await runSdkd(['--home', dir, 'keys', 'show', 'x'])
    expect(x.code).toBe(1)
    expect(x.stderr).toBe('Error: x.info: key not found\n')
    const os = await runSdkd(['--home', dir, 'keys', 'list', '--keyring-backend', 'os'])
    expect(os.code).toBe(1)
    expect(os.stderr).toBe(
      'Error: unsupported keyring backend "os": sdkd supports "test" (files under <home>/keyring-test) and "file" (<home>/keyring-file)\n',
    )
  })
})

describe('sdkd keys show --bech and --pubkey', () => {
  test('behavior: a devnet validator key in its operator and consensus forms, and its public key', async () => {
    const dir = await home()
    const init = await runSdkd(['--home', dir, 'init', 'node0', '--devnet'])
    expect(init.code, init.stderr).toBe(0)
    const show = (...args: string[]) =>
      runSdkd(['--home', dir, 'keys', 'show', 'validator', ...args])
    const account = (await show('-a')).stdout.trim()
    // The same 20 bytes under the brand's other prefixes, encoded by an unrelated library.
    const { data } = fromBech32(account, 90)
    const valoper = (await show('--bech', 'val', '-a')).stdout
    expect(valoper).toBe(`${toBech32('sdkvaloper', data, 90)}\n`)
    expect((await show('--bech', 'cons', '-a')).stdout).toBe(
      `${toBech32('sdkvalcons', data, 90)}\n`,
    )
    expect((await show('--bech', 'acc', '-a')).stdout).toBe(`${account}\n`)
    // The genesis validator is operated by this key: the address to stake with.
    const genesis = JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))
    const validators = genesis.app_state.staking.validators
    expect(validators.map((v: { operator_address: string }) => `${v.operator_address}\n`)).toEqual([
      valoper,
    ])

    const json = JSON.parse((await show('--bech', 'val', '-o', 'json')).stdout)
    expect(json).toMatchObject({ name: 'validator', type: 'local', address: valoper.trim() })
    const text = (await show('--bech', 'val')).stdout
    expect(text).toBe(
      `- address: ${valoper.trim()}\n  name: validator\n  pubkey: '${json.pubkey}'\n  type: local\n`,
    )
    const pubkey = await show('-p')
    expect(pubkey.code).toBe(0)
    expect(pubkey.stdout).toBe(`${json.pubkey}\n`)
    expect(JSON.parse(pubkey.stdout)['@type']).toBe('/sdk.crypto.secp256k1.PubKey')
  })

  test("error: an unknown prefix and flags that cannot go together, with upstream's texts", async () => {
    const dir = await home()
    expect((await runSdkd(['--home', dir, 'keys', 'add', 'alice'])).code).toBe(0)
    const show = (...args: string[]) => runSdkd(['--home', dir, 'keys', 'show', 'alice', ...args])
    const cases: [string[], string][] = [
      [['--bech', 'valoper'], 'invalid Bech32 prefix encoding provided: valoper'],
      [['-a', '-p'], 'cannot use both --address and --pubkey at once'],
      [['-a', '-o', 'json'], 'cannot use --output with --address or --pubkey'],
      [['--pubkey', '--output', 'text'], 'cannot use --output with --address or --pubkey'],
    ]
    for (const [args, message] of cases) {
      const r = await show(...args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${message}\n`)
      expect(r.stdout).toBe('')
    }
    // A key that is not there is said first, as upstream looks it up before the flags.
    const missing = await runSdkd(['--home', dir, 'keys', 'show', 'carol', '--bech', 'x'])
    expect(missing.stderr).toBe('Error: carol.info: key not found\n')
  })
})

describe('sdkd genesis add-genesis-account', () => {
  test('behavior: funds a key or an address before the first start; --append tops up', async () => {
    const dir = await home()
    await initHome(dir)
    const bob = await runSdkd(['--home', dir, 'keys', 'add', 'bob', '--recover'], {
      input: `${ABANDON}\n`,
    })
    expect(bob.code).toBe(0)
    expect(
      (await runSdkd(['--home', dir, 'genesis', 'add-genesis-account', 'bob', '1000stake,5token']))
        .code,
    ).toBe(0)
    const again = await runSdkd([
      '--home',
      dir,
      'genesis',
      'add-genesis-account',
      'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq',
      '1stake',
    ])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      'Error: cannot add account at existing address sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq\n',
    )
    expect(
      (
        await runSdkd([
          '--home',
          dir,
          'genesis',
          'add-genesis-account',
          'bob',
          '1stake',
          '--append',
        ])
      ).code,
    ).toBe(0)
    const genesis = JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))
    expect(genesis.app_state.bank.balances).toEqual([
      {
        address: 'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq',
        coins: [
          { denom: 'stake', amount: '1001' },
          { denom: 'token', amount: '5' },
        ],
      },
    ])
    expect(genesis.app_state.auth.accounts).toHaveLength(1)
    const bad = await runSdkd(['--home', dir, 'genesis', 'add-genesis-account', 'nobody', '1stake'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe(
      'Error: failed to get address from keyring: nobody.info: key not found (and "nobody" is not a bech32 address)\n',
    )
    const coins = await runSdkd([
      '--home',
      dir,
      'genesis',
      'add-genesis-account',
      'bob',
      '10 $$',
      '--append',
    ])
    expect(coins.code).toBe(1)
    expect(coins.stderr).toBe(
      'Error: failed to parse coins: invalid decimal coin expression: 10 $$: invalid coins\n',
    )
    // The refused edits left the genesis as it was.
    expect(JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))).toEqual(genesis)

    // The genesis is valid: the node starts; after that, genesis edits are refused.
    const node = startSdkd([...rpcOnlyStart(dir), '--timeout-commit', '10ms'])
    cleanups.push(() => node.stop('SIGKILL'))
    await node.waitForLog((l) => l.msg === 'committed block')
    expect(await node.stop()).toEqual({ code: 0, signal: null })
    const late = await runSdkd([
      '--home',
      dir,
      'genesis',
      'add-genesis-account',
      'bob',
      '1stake',
      '--append',
    ])
    expect(late.code).toBe(1)
    expect(late.stderr).toContain('has already started (data/application.db exists)')
    // Nor may a new genesis replace the one its blocks were made from: init --overwrite and
    // collect-gentxs are refused too, and the home's files stay as they were.
    const files = async () =>
      Promise.all(
        ['genesis.json', 'app.toml', 'config.toml', 'client.toml'].map((f) =>
          readFile(join(dir, 'config', f), 'utf8'),
        ),
      )
    const before = await files()
    const reinit = await runSdkd(['--home', dir, 'init', 'again', '--overwrite'])
    expect(reinit.code).toBe(1)
    expect(reinit.stderr).toBe(
      `Error: the chain in ${dir} has already started (data/application.db exists): --overwrite would give it a genesis that does not match its data (reset it first: sdkd comet unsafe-reset-all)\n`,
    )
    const collect = await runSdkd(['--home', dir, 'genesis', 'collect-gentxs'])
    expect(collect.code).toBe(1)
    expect(collect.stderr).toContain(
      'has already started (data/application.db exists): a new genesis would not match its data',
    )
    expect(await files()).toEqual(before)
  })

  test('behavior: the devnet preset creates and funds ten well-known accounts: the same addresses in every home, recoverable from the printed mnemonics', async () => {
    const dir = await home()
    const first = await runSdkd(['--home', dir, 'init', 'dev', '--devnet'])
    expect(first.code).toBe(0)
    const printed = [
      ...first.stdout.matchAll(/- name: (\S+)\n {2}address: (\S+)\n {2}mnemonic: "([a-z ]+)"/g),
    ]
    expect(printed.map((m) => m[1])).toEqual([
      'validator',
      'alice',
      'bob',
      'account3',
      'account4',
      'account5',
      'account6',
      'account7',
      'account8',
      'account9',
    ])
    // Each printed mnemonic gives the printed address in an independent wallet (cosmjs).
    for (const [, , address, mnemonic] of printed) {
      const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic!, { prefix: 'sdk' })
      expect((await wallet.getAccounts())[0]!.address).toBe(address)
    }
    // The addresses the README lists.
    expect(printed.slice(0, 3).map((m) => m[2])).toEqual([
      'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk',
      'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn',
      'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34',
    ])
    const keys = JSON.parse(
      (await runSdkd(['--home', dir, 'keys', 'list', '--output', 'json'])).stdout,
    )
    const genesis = JSON.parse(await readFile(join(dir, 'config/genesis.json'), 'utf8'))
    // Every key funded in every genesis denom, plus the bonded pool holding the validator's self-delegation.
    expect(genesis.app_state.bank.balances.map((b: any) => b.address).sort()).toEqual(
      [...keys.map((k: any) => k.address), 'sdk1fl48vsnmsdzcv85q5d2q4z5ajdha8yu3qj9c7z'].sort(),
    )
    for (const k of keys)
      expect(
        genesis.app_state.bank.balances
          .find((b: any) => b.address === k.address)
          .coins.map((c: any) => c.denom),
      ).toEqual(['stake', 'token'])
    const validator = keys.find((k: any) => k.name === 'validator').address
    expect(genesis.app_state.staking.delegations).toEqual([
      expect.objectContaining({ delegator_address: validator }),
    ])
    expect(genesis.app_state.gov.params.voting_period).toBe('5s')

    // A second fresh home has the very same accounts; --accounts asks for more.
    const other = await home()
    const second = await runSdkd(['--home', other, 'init', 'dev', '--devnet', '--accounts', '12'])
    expect(second.code).toBe(0)
    const secondPrinted = [...second.stdout.matchAll(/- name: (\S+)\n {2}address: (\S+)/g)].map(
      (m) => [m[1], m[2]],
    )
    expect(secondPrinted.slice(0, 10)).toEqual(printed.map((m) => [m[1], m[2]]))
    expect(secondPrinted.slice(10).map((m) => m[0])).toEqual(['account10', 'account11'])
    const zero = await runSdkd([
      '--home',
      await home(),
      'init',
      'dev',
      '--devnet',
      '--accounts',
      '0',
    ])
    expect(zero.code).toBe(1)
    expect(zero.stderr).toContain(
      "Error: option '--accounts <n>' argument '0' is invalid. must be at least 1",
    )
  })
})
