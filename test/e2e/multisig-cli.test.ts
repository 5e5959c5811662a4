import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  createMultisigThresholdPubkey,
  encodeSecp256k1Pubkey,
  pubkeyToAddress,
} from '@cosmjs/amino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevnetHome, type RunningNode, rest } from '../helpers/devnet.js'
import {
  commandsBlock,
  startWalkthroughDevnet,
  type WalkthroughDevnet,
} from '../helpers/docs-walkthrough.js'

/**
 * Multisig accounts through the CLI with real `sdkd` processes on a devnet: the walkthrough of
 * docs/commands.md ("Multisig accounts") run as written — a 2-of-3 key of three devnet keys, funded,
 * a send generated from it, signed by two members with `tx sign --multisig`, combined with
 * `tx multisign` and broadcast — the multisig address checked against cosmjs, and a multisign with
 * one signature refused by the node. The tests run in order: the later ones use the key the
 * walkthrough adds.
 */

const CHAIN = 'multisig-e2e'
let d: WalkthroughDevnet
let home: DevnetHome
let node: RunningNode
let work: string

beforeAll(async () => {
  d = await startWalkthroughDevnet(CHAIN)
  ;({ home, node, work } = d)
}, 60_000)

afterAll(async () => {
  await d?.close()
})

const sdkd = (args: string[], online = true) => d.sdkd(args, online)
const ok = (args: string[], online = true) => d.ok(args, online)
const stakeOf = (address: string) => d.stakeOf(address)

/** The 33-byte key of `sdkd keys show <name> -p`. */
async function pubKeyOf(name: string): Promise<Uint8Array> {
  const { key } = JSON.parse(await ok(['keys', 'show', name, '-p'], false))
  return new Uint8Array(Buffer.from(key, 'base64'))
}

describe('sdkd multisig accounts', () => {
  test('behavior: the walkthrough of docs/commands.md, run as written, moves the coins of a 2-of-3 account', async () => {
    const block = commandsBlock('### Multisig accounts')
    expect(block).toContain('sdkd tx multisign unsigned.json multi alice.json bob.json')
    const validator = home.accounts.validator!.address
    const before = await stakeOf(validator)

    const r = await d.run(block, 120_000)

    // The multisig address is cosmjs's, of the three keys sorted by address.
    const multi = (await ok(['keys', 'show', 'multi', '-a'], false)).trim()
    const keys = await Promise.all(['alice', 'bob', 'account3'].map(pubKeyOf))
    const theirs = createMultisigThresholdPubkey(keys.map(encodeSecp256k1Pubkey), 2)
    expect(multi).toBe(pubkeyToAddress(theirs, 'sdk'))
    const shown = JSON.parse(await ok(['keys', 'show', 'multi', '-o', 'json'], false))
    expect(shown).toMatchObject({ name: 'multi', type: 'multi', address: multi })
    expect(JSON.parse(shown.pubkey)).toEqual({
      '@type': '/sdk.crypto.multisig.LegacyAminoPubKey',
      threshold: 2,
      public_keys: theirs.value.pubkeys.map((p) => ({
        '@type': '/sdk.crypto.secp256k1.PubKey',
        key: p.value,
      })),
    })

    // The files of the walkthrough: the unsigned tx from the multisig, each member's signature.
    const unsigned = JSON.parse(await readFile(join(work, 'unsigned.json'), 'utf8'))
    expect(unsigned.body.messages[0].from_address).toBe(multi)
    const aliceSig = JSON.parse(await readFile(join(work, 'alice.json'), 'utf8'))
    expect(aliceSig.signatures).toHaveLength(1)
    expect(aliceSig.signatures[0].data.single.mode).toBe('SIGN_MODE_LEGACY_AMINO_JSON')
    expect(aliceSig.signatures[0].public_key.key).toBe(Buffer.from(keys[0]!).toString('base64'))

    // Included with code 0: one signer info, the multisig key, two of three bits set.
    // The last command's hash (the funding send prints one before it).
    const hash = [...r.stdout.matchAll(/txhash: ([0-9A-F]{64})/g)].at(-1)?.[1]
    expect(hash, r.stdout).toBeDefined()
    const { tx_response: res } = await rest(node, `/sdk/tx/v1beta1/txs/${hash}`)
    expect(res.code).toBe(0)
    const [info] = res.tx.auth_info.signer_infos
    expect(info.public_key['@type']).toBe('/sdk.crypto.multisig.LegacyAminoPubKey')
    expect(info.mode_info.multi.mode_infos).toHaveLength(2)
    expect(res.tx.auth_info.signer_infos).toHaveLength(1)
    // 1000000 funded, 1000 sent and 200 fees paid; the validator got the 1000.
    expect(await stakeOf(multi)).toBe(1_000_000n - 1_000n - 200n)
    expect(await stakeOf(validator)).toBe(before + 1_000n)
  }, 180_000)

  test('error: one signature of two is combined, as upstream, and refused by the node; offline combining gives the same tx', async () => {
    const multi = (await ok(['keys', 'show', 'multi', '-a'], false)).trim()
    const bob = home.accounts.bob!.address
    const file = (name: string) => join(work, name)
    await writeFile(
      file('one.json'),
      await ok([
        'tx',
        'bank',
        'send',
        'multi',
        bob,
        '5stake',
        '--fees',
        '200stake',
        '--generate-only',
      ]),
    )
    await ok([
      'tx',
      'sign',
      file('one.json'),
      '--from',
      'account3',
      '--multisig',
      multi,
      '--output-document',
      file('account3.json'),
    ])
    const online = await ok(['tx', 'multisign', file('one.json'), 'multi', file('account3.json')])
    // Offline, with the account's numbers given, the same signed tx.
    const { account } = await rest(node, `/sdk/auth/v1beta1/accounts/${multi}`)
    const offline = await ok(
      [
        'tx',
        'multi-sign',
        file('one.json'),
        'multi',
        file('account3.json'),
        '--offline',
        '--chain-id',
        CHAIN,
        '-a',
        account.account_number,
        '-s',
        account.sequence,
      ],
      false,
    )
    expect(offline).toBe(online)
    await writeFile(file('one-signed.json'), online)
    const r = await sdkd(['tx', 'broadcast', file('one-signed.json'), '-o', 'json'])
    expect(r.code, r.stderr).toBe(0)
    const res = JSON.parse(r.stdout)
    expect(res.code).toBe(4)
    expect(res.raw_log).toMatch(/signature verification failed/)
    // Nothing moved: the account's sequence is where it was.
    const after = await rest(node, `/sdk/auth/v1beta1/accounts/${multi}`)
    expect(after.account.sequence).toBe(account.sequence)
  }, 60_000)

  test('error: members that are not keys or thresholds out of range, a non-member signer, and a multisig key signing alone are refused', async () => {
    const refused = async (args: string[], online: boolean, text: string) => {
      const r = await sdkd(args, online)
      expect(r.code, r.stdout).toBe(1)
      expect(r.stderr).toContain(text)
    }
    await refused(
      ['keys', 'add', 'm2', '--multisig', 'alice,bob', '--multisig-threshold', '3'],
      false,
      'Error: threshold k of n multisignature: 2 < 3',
    )
    await refused(
      ['keys', 'add', 'm2', '--multisig', 'alice,nobody', '--multisig-threshold', '1'],
      false,
      'Error: nobody.info: key not found',
    )
    await refused(
      ['keys', 'show', 'alice', 'bob', '--multisig-threshold', '0'],
      false,
      'Error: threshold must be a positive integer',
    )
    await refused(
      ['tx', 'sign', join(work, 'one.json'), '--from', 'validator', '--multisig', 'multi'],
      true,
      'Error: signing key is not a part of multisig key',
    )
    await refused(
      ['tx', 'bank', 'send', 'multi', home.accounts.bob!.address, '1stake', '--yes'],
      true,
      'Error: cannot sign with offline keys: multi is a multisig key',
    )
    // The ephemeral multisig key of `keys show`: the keys in the order given, stored nowhere.
    const keys = await Promise.all(['bob', 'alice'].map(pubKeyOf))
    const shown = await ok(
      ['keys', 'show', 'bob', 'alice', '--multisig-threshold', '2', '-a'],
      false,
    )
    const theirs = createMultisigThresholdPubkey(keys.map(encodeSecp256k1Pubkey), 2, true)
    expect(shown).toBe(`${pubkeyToAddress(theirs, 'sdk')}\n`)
    expect(await ok(['keys', 'list', '-n'], false)).not.toContain('m2')
  }, 60_000)
})
