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
 * Batches of txs and nested multisig keys through the CLI, with real `sdkd` processes on a devnet:
 * the walkthroughs of docs/commands.md ("Batches of txs", "Nested multisig keys") run as written —
 * three sends signed by `tx sign-batch` and broadcast line by line, three sends of a 2-of-3 account
 * signed by two members with `tx sign-batch --multisig` and combined by `tx multisign-batch`, a
 * 2-of-2 key with a 1-of-2 key as a member paying a send — then `--append`, offline signing, and
 * the refusals. The tests run in order: the later ones use the keys and files of the walkthroughs.
 */

const CHAIN = 'sign-batch-e2e'
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

async function refused(args: string[], text: string, online = true): Promise<void> {
  const r = await sdkd(args, online)
  expect(r.code, r.stdout).toBe(1)
  expect(r.stderr).toContain(text)
}

const file = (name: string) => join(work, name)
const address = async (name: string) => (await ok(['keys', 'show', name, '-a'], false)).trim()

const stakeOf = (address: string) => d.stakeOf(address)

async function accountOf(addr: string): Promise<{ account_number: string; sequence: string }> {
  return (await rest(node, `/sdk/auth/v1beta1/accounts/${addr}`)).account
}

/** The JSON documents of a file, one a line. */
async function lines(name: string): Promise<any[]> {
  const text = await readFile(file(name), 'utf8')
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l))
}

/** Runs the fenced `sh` block after a heading of docs/commands.md in the work folder; its stdout. */
async function runWalkthrough(heading: string): Promise<string> {
  return (await d.run(commandsBlock(heading))).stdout
}

/** The tx results of the hashes a walkthrough's broadcasts printed, in order. */
async function resultsOf(stdout: string): Promise<any[]> {
  const hashes = [...stdout.matchAll(/txhash: ([0-9A-F]{64})/g)].map((m) => m[1]!)
  return Promise.all(
    hashes.map(async (h) => (await rest(node, `/sdk/tx/v1beta1/txs/${h}`)).tx_response),
  )
}

/** The 33-byte key of `sdkd keys show <name> -p`. */
async function pubKeyOf(name: string): Promise<Uint8Array> {
  const { key } = JSON.parse(await ok(['keys', 'show', name, '-p'], false))
  return new Uint8Array(Buffer.from(key, 'base64'))
}

describe('sdkd tx sign-batch and tx multisign-batch', () => {
  test('behavior: the batch walkthrough of docs/commands.md, run as written, includes three sends of a key and three of a 2-of-3 account at consecutive sequences', async () => {
    const alice = home.accounts.alice!.address
    const bob = home.accounts.bob!.address
    const validator = home.accounts.validator!.address
    const aliceBefore = await accountOf(alice)
    const bobBefore = await stakeOf(bob)
    const validatorBefore = await stakeOf(validator)

    // A reader who followed the page has the multisig walkthrough's key already: the batch's own
    // 2-of-3 key must not be the same set of members (a keyring refuses it under a second name).
    await ok(
      ['keys', 'add', 'multi', '--multisig', 'alice,bob,account3', '--multisig-threshold', '2'],
      false,
    )
    const results = await resultsOf(await runWalkthrough('#### Batches of txs'))
    // Three sends, the funding send, three multisig sends: all included with code 0.
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0, 0])

    // One signed tx per line, the sequences consecutive from the account's.
    const signed = await lines('signed.json')
    const first = BigInt(aliceBefore.sequence)
    expect(signed.map((t) => t.auth_info.signer_infos[0].sequence)).toEqual(
      [0n, 1n, 2n].map((i) => String(first + i)),
    )
    expect(results.slice(0, 3).map((r) => r.tx.auth_info.signer_infos[0].sequence)).toEqual(
      signed.map((t) => t.auth_info.signer_infos[0].sequence),
    )
    expect(await stakeOf(bob)).toBe(bobBefore + 6000n)
    expect((await accountOf(alice)).sequence).toBe(String(first + 4n))

    // The multisig batch: a signature per line for each member, one combined tx per line.
    const team = await address('team')
    const aliceSigs = await lines('alice-sigs.json')
    expect(aliceSigs).toHaveLength(3)
    expect(aliceSigs.map((s) => s.signatures[0].sequence)).toEqual(['0', '1', '2'])
    expect(aliceSigs[0].signatures[0].data.single.mode).toBe('SIGN_MODE_LEGACY_AMINO_JSON')
    const combined = await lines('team-signed.json')
    expect(combined.map((t) => t.auth_info.signer_infos[0].sequence)).toEqual(['0', '1', '2'])
    for (const r of results.slice(4)) {
      const [info] = r.tx.auth_info.signer_infos
      expect(info.public_key['@type']).toBe('/sdk.crypto.multisig.LegacyAminoPubKey')
      expect(info.mode_info.multi.mode_infos).toHaveLength(2)
    }
    expect((await accountOf(team)).sequence).toBe('3')
    expect(await stakeOf(team)).toBe(1_000_000n - 6000n - 600n)
    expect(await stakeOf(validator)).toBe(validatorBefore + 6000n)
  }, 240_000)

  test('behavior: --append signs one tx of every message, gas and fees summed, memo from --note; offline it is the same tx', async () => {
    const bob = home.accounts.bob!.address
    const validator = home.accounts.validator!.address
    let batch = ''
    for (const [amount, fee] of [
      ['5stake', '100stake'],
      ['6stake', '200stake'],
    ])
      batch += await ok([
        'tx',
        'bank',
        'send',
        'bob',
        validator,
        amount!,
        '--fees',
        fee!,
        '--note',
        'dropped',
        '--generate-only',
      ])
    await writeFile(file('append.json'), batch)
    const online = await ok([
      'tx',
      'sign-batch',
      file('append.json'),
      '--from',
      'bob',
      '--append',
      '--note',
      'both',
    ])
    const account = await accountOf(bob)
    const offline = await ok(
      [
        'tx',
        'sign-batch',
        file('append.json'),
        '--from',
        'bob',
        '--append',
        '--note',
        'both',
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
    expect(online.trim().split('\n')).toHaveLength(1)
    const tx = JSON.parse(online)
    expect(tx.body.messages.map((m: any) => m.amount[0].amount)).toEqual(['5', '6'])
    expect(tx.body.memo).toBe('both')
    expect(tx.auth_info.fee).toMatchObject({
      amount: [{ denom: 'stake', amount: '300' }],
      gas_limit: '400000',
    })
    await writeFile(file('append-signed.json'), online)
    const res = JSON.parse(
      await ok(['tx', 'broadcast', file('append-signed.json'), '--wait', '-o', 'json']),
    )
    expect(res.code).toBe(0)
    expect(res.tx.body.messages).toHaveLength(2)
    expect((await accountOf(bob)).sequence).toBe(String(BigInt(account.sequence) + 1n))
  }, 60_000)

  test('error: an empty batch, a signature file shorter than the batch, stale signatures and a non-member are refused with exit 1', async () => {
    await writeFile(file('empty.json'), '')
    await refused(
      ['tx', 'sign-batch', file('empty.json'), '--from', 'alice'],
      `Error: no transaction in ${file('empty.json')}: a batch file holds one tx JSON per line`,
    )
    const short = (await readFile(file('bob-sigs.json'), 'utf8')).split('\n').slice(0, 2)
    await writeFile(file('short-sigs.json'), `${short.join('\n')}\n`)
    await refused(
      [
        'tx',
        'multisign-batch',
        file('team-batch.json'),
        'team',
        file('alice-sigs.json'),
        file('short-sigs.json'),
      ],
      `Error: signature file ${file('short-sigs.json')} holds 2 signatures for the 3 txs of ${file('team-batch.json')}`,
    )
    // The account is at sequence 3 now: the signatures made for 0, 1 and 2 no longer verify.
    await refused(
      [
        'tx',
        'multi-sign-batch',
        file('team-batch.json'),
        'team',
        file('alice-sigs.json'),
        file('bob-sigs.json'),
      ],
      "Error: couldn't verify signature: unable to verify single signer signature",
    )
    await refused(
      ['tx', 'sign-batch', file('team-batch.json'), '--from', 'validator', '--multisig', 'team'],
      'Error: signing key is not a part of multisig key',
    )
    await refused(
      ['tx', 'sign-batch', file('team-batch.json'), '--from', 'alice'],
      'Error: tx intended signer does not match the given signer: alice',
    )
    // Offline, the multisig batch combines for the sequences the members signed.
    const team = await accountOf(await address('team'))
    const replay = await ok(
      [
        'tx',
        'multisign-batch',
        file('team-batch.json'),
        'team',
        file('alice-sigs.json'),
        file('bob-sigs.json'),
        '--offline',
        '--chain-id',
        CHAIN,
        '-a',
        team.account_number,
        '-s',
        '0',
      ],
      false,
    )
    expect(replay).toBe(await readFile(file('team-signed.json'), 'utf8'))
  }, 60_000)
})

describe('nested multisig keys', () => {
  test('behavior: the nested walkthrough of docs/commands.md, run as written: cosmjs`s address, the nested pubkey JSON, and the tx included', async () => {
    const validator = home.accounts.validator!.address
    const validatorBefore = await stakeOf(validator)
    const results = await resultsOf(await runWalkthrough('#### Nested multisig keys'))
    expect(results.map((r) => r.code)).toEqual([0, 0])

    // The address is cosmjs's for a 2-of-2 key whose members are alice and a 1-of-2 key.
    const [alice, bob, account3] = await Promise.all(['alice', 'bob', 'account3'].map(pubKeyOf))
    const inner = createMultisigThresholdPubkey([bob!, account3!].map(encodeSecp256k1Pubkey), 1)
    const theirs = createMultisigThresholdPubkey(
      [encodeSecp256k1Pubkey(alice!), inner as unknown as ReturnType<typeof encodeSecp256k1Pubkey>],
      2,
    )
    const nested = await address('nested')
    expect(nested).toBe(pubkeyToAddress(theirs, 'sdk'))
    const key = (k: { value: any }) =>
      typeof k.value === 'string'
        ? { '@type': '/sdk.crypto.secp256k1.PubKey', key: k.value }
        : {
            '@type': '/sdk.crypto.multisig.LegacyAminoPubKey',
            threshold: Number(k.value.threshold),
            public_keys: k.value.pubkeys.map(key),
          }
    expect(JSON.parse(await ok(['keys', 'show', 'nested', '-p'], false))).toEqual(key(theirs))
    // The ephemeral key of `keys show` takes a multisig key too, in the order given.
    const ephemeral = createMultisigThresholdPubkey(
      [inner as unknown as ReturnType<typeof encodeSecp256k1Pubkey>, encodeSecp256k1Pubkey(alice!)],
      2,
      true,
    )
    expect(
      await ok(['keys', 'show', 'inner', 'alice', '--multisig-threshold', '2', '-a'], false),
    ).toBe(`${pubkeyToAddress(ephemeral, 'sdk')}\n`)

    // Included: the outer key's signer info, the inner key's multisignature nested in it.
    const [info] = results[1]!.tx.auth_info.signer_infos
    expect(info.public_key).toEqual(key(theirs))
    const modes = info.mode_info.multi.mode_infos
    expect(modes).toHaveLength(2)
    expect(modes.some((m: any) => m.multi?.mode_infos?.length === 1)).toBe(true)
    expect(await stakeOf(validator)).toBe(validatorBefore + 1000n)
    expect(await stakeOf(nested)).toBe(1_000_000n - 1000n - 200n)
  }, 120_000)
})
