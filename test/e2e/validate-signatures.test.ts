import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
  txOk,
} from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd tx validate-signatures` as upstream's: the signers, then each signature `[OK]` or
 * `[ERROR: …]` in order, on stdout; online each signature verified over the tx's sign bytes with its
 * signer's account on the chain; exit 1 with `signatures validation failed` when any check fails.
 */

const CHAIN = 'validate-sigs-e2e'
let home: DevnetHome
let node: RunningNode

beforeAll(async () => {
  home = await createDevnetHome(CHAIN)
  node = await startDevnetNode(home, 'v2')
}, 60_000)

afterAll(async () => {
  await node?.p.stop()
  await home?.cleanup()
})

function sdkd(args: string[], online = true) {
  return runSdkd(['--home', home.dir, ...args, ...(online ? ['--node', node.rpc] : [])])
}

async function ok(args: string[], online = true): Promise<string> {
  const r = await sdkd(args, online)
  expect(r.code, `sdkd ${args.join(' ')}: ${r.stderr}`).toBe(0)
  return r.stdout
}

const file = (name: string) => join(home.dir, name)

describe('sdkd tx validate-signatures (e2e)', () => {
  test('behavior: the signers and signatures of a signed, an unsigned, a wrongly signed and a multisig tx, offline and online', async () => {
    const alice = home.accounts.alice!.address
    const bob = home.accounts.bob!.address
    await writeFile(
      file('send.json'),
      await ok([
        'tx',
        'bank',
        'send',
        alice,
        bob,
        '1000stake',
        '--fees',
        '200stake',
        '--generate-only',
      ]),
    )

    // Unsigned: the signer is listed, no signature is: it fails.
    const unsigned = await sdkd(['tx', 'validate-signatures', file('send.json')])
    expect(unsigned.code).toBe(1)
    expect(unsigned.stdout).toBe(`Signers:\n  0: ${alice}\n\nSignatures:\n\n`)
    expect(unsigned.stderr).toContain('signatures validation failed')

    // Signed by its signer at the account's sequence: OK online (verified) and offline.
    await writeFile(
      file('signed.json'),
      await ok(['tx', 'sign', file('send.json'), '--from', 'alice']),
    )
    const expected = `Signers:\n  0: ${alice}\n\nSignatures:\n  0: ${alice}\t\t\t[OK]\n\n`
    for (const online of [true, false]) {
      const r = await sdkd(
        ['tx', 'validate-signatures', file('signed.json'), ...(online ? [] : ['--offline'])],
        online,
      )
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toBe(expected)
      expect(r.stderr).toBe('')
    }

    // Signed for another sequence: the signer matches (offline OK), the signature does not verify.
    await writeFile(
      file('stale.json'),
      await ok(
        [
          'tx',
          'sign',
          file('send.json'),
          '--from',
          'alice',
          '--offline',
          '-a',
          '0',
          '-s',
          '7',
          '--chain-id',
          CHAIN,
        ],
        false,
      ),
    )
    const stale = await sdkd(['tx', 'validate-signatures', file('stale.json')])
    expect(stale.code).toBe(1)
    expect(stale.stdout).toBe(`Signers:\n  0: ${alice}\n\nSignatures:\n`)
    expect(stale.stderr).toContain(
      'failed to verify signature: unable to verify single signer signature',
    )
    expect(stale.stderr).toContain('signatures validation failed')
    expect(
      (await sdkd(['tx', 'validate-signatures', file('stale.json'), '--offline'], false)).code,
    ).toBe(0)

    // Alice's tx whose signer info names Bob's key: the signature's address is not the signer's.
    const wrongKey = JSON.parse(await readFile(file('signed.json'), 'utf8'))
    wrongKey.auth_info.signer_infos[0].public_key = JSON.parse(
      await ok(['keys', 'show', 'bob', '-p'], false),
    )
    await writeFile(file('wrong-key.json'), JSON.stringify(wrongKey))
    for (const online of [true, false]) {
      const wrong = await sdkd(
        ['tx', 'validate-signatures', file('wrong-key.json'), ...(online ? [] : ['--offline'])],
        online,
      )
      expect(wrong.code).toBe(1)
      // Upstream verifies no signature after an unsound one: online prints the same.
      expect(wrong.stdout).toContain(
        `Signatures:\n  0: ${bob}\t\t\t[ERROR: signature does not match its respective signer]\n\n`,
      )
      expect(wrong.stderr).toContain('signatures validation failed')
    }

    // A 2-of-2 multisig account's tx: its one signature is the multisig key's, verified member by member.
    await ok(['keys', 'add', 'pair', '--multisig', 'alice,bob', '--multisig-threshold', '2'], false)
    const pair = (await ok(['keys', 'show', 'pair', '-a'], false)).trim()
    await txOk(home, node, ['bank', 'send', alice, pair, '1000000stake'], 'alice')
    await writeFile(
      file('pair.json'),
      await ok([
        'tx',
        'bank',
        'send',
        pair,
        bob,
        '1000stake',
        '--fees',
        '200stake',
        '--generate-only',
      ]),
    )
    for (const member of ['alice', 'bob'])
      await writeFile(
        file(`pair-${member}.json`),
        await ok(['tx', 'sign', file('pair.json'), '--from', member, '--multisig', 'pair']),
      )
    await writeFile(
      file('pair-signed.json'),
      await ok([
        'tx',
        'multi-sign',
        file('pair.json'),
        'pair',
        file('pair-alice.json'),
        file('pair-bob.json'),
      ]),
    )
    const multi = await sdkd(['tx', 'validate-signatures', file('pair-signed.json')])
    expect(multi.code, multi.stderr).toBe(0)
    expect(multi.stdout).toBe(`Signers:\n  0: ${pair}\n\nSignatures:\n  0: ${pair}\t\t\t[OK]\n\n`)
  }, 120_000)
})
