import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DirectSecp256k1HdWallet, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 as sha256Noble } from '@noble/hashes/sha2.js'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import { keyFromMnemonic, verifySecp256k1 } from '../../src/client/keyring.js'
import { fromBase64Strict, toHexUpper } from '../../src/codec/bytes.js'
import { sha256 } from '../../src/codec/hash.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { signBytes } from '../../src/codec/sign-doc.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { ABANDON_MNEMONIC as ABANDON, recoverKey, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * The seed's three steps apart, with no node at all: generate an unsigned tx, sign it offline with
 * an explicit account number and sequence, encode/decode it. (Broadcasting is in client-tx.test.ts.)
 */

const registry = protoRegistry()
const cleanups = cleanupAfterEach()

async function homeWithKey(): Promise<{ home: string; dir: string; alice: string }> {
  const t = await tempDir('sdkd-client-offline-')
  cleanups.push(t.cleanup)
  const home = join(t.dir, 'home')
  return { home, dir: t.dir, alice: await recoverKey(home, 'alice', ABANDON) }
}

const BOB = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'

describe('sdkd tx: generate, sign and encode offline', () => {
  it('behavior: --generate-only prints the unsigned Tx JSON (upstream shape)', async () => {
    const { home, alice } = await homeWithKey()
    const r = await runSdkd([
      '--home',
      home,
      'tx',
      'bank',
      'send',
      'alice',
      BOB,
      '10stake',
      '--generate-only',
      '--offline',
      '--fees',
      '200stake',
      '--note',
      'hello',
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      body: {
        messages: [
          {
            '@type': '/sdk.bank.v1beta1.MsgSend',
            from_address: alice,
            to_address: BOB,
            amount: [{ denom: 'stake', amount: '10' }],
          },
        ],
        memo: 'hello',
        timeout_height: '0',
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [],
        fee: {
          amount: [{ denom: 'stake', amount: '200' }],
          gas_limit: '200000',
          payer: '',
          granter: '',
        },
        tip: null,
      },
      signatures: [],
    })
  })

  it('behavior: tx sign --offline signs over the SignDoc; encode/decode round trip the bytes', async () => {
    const { home, dir } = await homeWithKey()
    const gen = await runSdkd([
      '--home',
      home,
      'tx',
      'bank',
      'send',
      'alice',
      BOB,
      '5stake',
      '--generate-only',
    ])
    expect(gen.code).toBe(0)
    const unsignedFile = join(dir, 'unsigned.json')
    await writeFile(unsignedFile, gen.stdout)

    const signed = await runSdkd([
      '--home',
      home,
      'tx',
      'sign',
      unsignedFile,
      '--from',
      'alice',
      '--offline',
      '--chain-id',
      'offline-chain',
      '--account-number',
      '12',
      '--sequence',
      '3',
    ])
    expect(signed.stderr).toBe('')
    expect(signed.code).toBe(0)
    const tx = JSON.parse(signed.stdout)
    const key = keyFromMnemonic(ABANDON)
    expect(tx.auth_info.signer_infos).toEqual([
      {
        public_key: {
          '@type': '/sdk.crypto.secp256k1.PubKey',
          key: Buffer.from(key.pubKey).toString('base64'),
        },
        mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } },
        sequence: '3',
      },
    ])
    expect(tx.body).toEqual(JSON.parse(gen.stdout).body)

    const signedFile = join(dir, 'signed.json')
    await writeFile(signedFile, signed.stdout)
    const enc = await runSdkd(['--home', home, 'tx', 'encode', signedFile])
    expect(enc.code).toBe(0)
    expect(enc.stderr).toBe('')
    expect(enc.stdout).toMatch(/^[A-Za-z0-9+/]+=*\n$/)
    const bytes = fromBase64Strict(enc.stdout.trim())!
    const raw = registry.decode('sdk.tx.v1beta1.TxRaw', bytes)
    // The signature verifies over SignDoc{body_bytes, auth_info_bytes, chain id, account number}.
    const doc = signBytes(registry, {
      bodyBytes: raw.body_bytes,
      authInfoBytes: raw.auth_info_bytes,
      chainId: 'offline-chain',
      accountNumber: 12n,
    })
    expect(verifySecp256k1(key.pubKey, doc, raw.signatures[0])).toBe(true)
    const wrongNumber = signBytes(registry, {
      bodyBytes: raw.body_bytes,
      authInfoBytes: raw.auth_info_bytes,
      chainId: 'offline-chain',
      accountNumber: 13n,
    })
    expect(verifySecp256k1(key.pubKey, wrongNumber, raw.signatures[0])).toBe(false)

    const dec = await runSdkd(['--home', home, 'tx', 'decode', enc.stdout.trim()])
    expect(dec.code).toBe(0)
    expect(dec.stderr).toBe('')
    // The JSON without a newline after it, as upstream's decode prints the encoder's bytes.
    expect(dec.stdout).toBe(JSON.stringify(tx))
    const hex = await runSdkd(['--home', home, 'tx', 'decode', '--hex', toHexUpper(bytes)])
    expect(hex.stdout).toBe(JSON.stringify(tx))
    // `-o`, hidden as upstream's, is taken and changes nothing (the output is JSON either way).
    const text = await runSdkd(['--home', home, 'tx', 'decode', enc.stdout.trim(), '-o', 'text'])
    expect([text.code, text.stdout, text.stderr]).toEqual([0, JSON.stringify(tx), ''])
    const encJson = await runSdkd(['--home', home, 'tx', 'encode', signedFile, '--output', 'json'])
    expect([encJson.code, encJson.stdout, encJson.stderr]).toEqual([0, enc.stdout, ''])
    // The tx flags, as upstream's AddTxFlagsToCmd gives both: taken, and no node is asked.
    const txFlags = ['--node', 'tcp://127.0.0.1:1', '--chain-id', 'other', '--fees', '9stake', '-y']
    const encFlags = await runSdkd(['--home', home, 'tx', 'encode', signedFile, ...txFlags])
    expect([encFlags.code, encFlags.stdout, encFlags.stderr]).toEqual([0, enc.stdout, ''])
    const decFlags = await runSdkd(['--home', home, 'tx', 'decode', enc.stdout.trim(), ...txFlags])
    expect([decFlags.code, decFlags.stdout, decFlags.stderr]).toEqual([0, JSON.stringify(tx), ''])
    expect(toHexUpper(sha256(bytes))).toMatch(/^[0-9A-F]{64}$/)
  })

  it('behavior: tx sign reads stdin with "-" and writes --output-document', async () => {
    const { home, dir, alice } = await homeWithKey()
    const gen = await runSdkd([
      '--home',
      home,
      'tx',
      'bank',
      'send',
      'alice',
      BOB,
      '1stake',
      '--generate-only',
    ])
    expect(gen.code).toBe(0)
    const out = join(dir, 'signed.json')
    const sign = ['--home', home, 'tx', 'sign', '-', '--from', 'alice', '--offline']
    const numbers = ['--chain-id', 'c', '-a', '7', '-s', '2']
    const r = await runSdkd([...sign, ...numbers, '--output-document', out], {
      input: gen.stdout,
    })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('')
    // The document is what stdout would have carried (RFC 6979 signatures are deterministic) …
    const written = await readFile(out, 'utf8')
    const printed = await runSdkd([...sign, ...numbers], { input: gen.stdout })
    expect(printed.code).toBe(0)
    expect(written).toBe(printed.stdout)
    // … the tx read from stdin, signed by alice's key at the given sequence.
    const doc = JSON.parse(written)
    expect(doc.body).toEqual(JSON.parse(gen.stdout).body)
    const [account] = await (
      await DirectSecp256k1HdWallet.fromMnemonic(ABANDON, { prefix: 'sdk' })
    ).getAccounts()
    expect(account!.address).toBe(alice)

    // Checked independently of sdkd's signing code (cosmjs-types, cosmjs, noble): the TxRaw of the
    // document carries the generated MsgSend, and its signature verifies with alice's public key
    // over sha256 of SignDoc{body_bytes, auth_info_bytes, chain id, account number}.
    const enc = await runSdkd(['tx', 'encode', out])
    expect(enc.code).toBe(0)
    const raw = TxRaw.decode(Buffer.from(enc.stdout.trim(), 'base64'))
    const body = TxBody.decode(raw.bodyBytes)
    expect(body.messages.map((m) => m.typeUrl)).toEqual(['/sdk.bank.v1beta1.MsgSend'])
    expect(MsgSend.decode(body.messages[0]!.value)).toEqual({
      fromAddress: alice,
      toAddress: BOB,
      amount: [{ denom: 'stake', amount: '1' }],
    })
    const [signer] = AuthInfo.decode(raw.authInfoBytes).signerInfos
    expect(signer!.sequence).toBe(2n)
    expect(signer!.publicKey!.typeUrl).toBe('/sdk.crypto.secp256k1.PubKey')
    expect(PubKey.decode(signer!.publicKey!.value).key).toEqual(account!.pubkey)
    expect(raw.signatures).toHaveLength(1)
    const verifies = (chainId: string, accountNumber: number) =>
      secp256k1.verify(
        raw.signatures[0]!,
        sha256Noble(
          makeSignBytes(makeSignDoc(raw.bodyBytes, raw.authInfoBytes, chainId, accountNumber)),
        ),
        account!.pubkey,
        { prehash: false },
      )
    expect(verifies('c', 7)).toBe(true)
    expect(verifies('c', 8)).toBe(false)
    expect(verifies('d', 7)).toBe(false)
  })

  it('error: bad input is a clear error with exit code 1', async () => {
    const { home, dir } = await homeWithKey()
    const cases: [string[], RegExp][] = [
      [
        ['tx', 'bank', 'send', 'alice', 'sdk1nope', '1stake', '--generate-only'],
        /^Error: decoding bech32 failed/,
      ],
      [
        ['tx', 'bank', 'send', 'alice', BOB, '1 stake!', '--generate-only'],
        /^Error: invalid decimal coin expression: 1 stake!/,
      ],
      [
        ['tx', 'bank', 'send', 'alice', BOB, '0stake', '--generate-only'],
        /^Error: must send a positive amount: 0stake/,
      ],
      [
        ['tx', 'bank', 'send', 'carol', BOB, '1stake', '--generate-only'],
        /^Error: failed to convert address field to address: carol.info: key not found/,
      ],
      [
        ['tx', 'bank', 'send', 'alice', BOB, '1stake', '--generate-only', '--gas', 'lots'],
        /^Error: gas must be either integer or auto/,
      ],
      // Past a uint64 (upstream's ParseUint): refused, not wrapped into another gas limit.
      [
        ['tx', 'bank', 'send', 'alice', BOB, '1stake', '--generate-only', '--gas', `${2n ** 64n}`],
        /^Error: gas must be either integer or auto\n$/,
      ],
      [
        [
          'tx',
          'bank',
          'send',
          'alice',
          BOB,
          '1stake',
          '--generate-only',
          '--fees',
          '1stake',
          '--gas-prices',
          '0.1stake',
        ],
        /^Error: cannot provide both fees and gas prices/,
      ],
      [
        ['tx', 'bank', 'send', 'alice', BOB, '1stake', '--offline'],
        /^Error: --offline cannot broadcast/,
      ],
      [
        [
          'tx',
          'sign',
          join(dir, 'missing.json'),
          '--from',
          'alice',
          '--offline',
          '--chain-id',
          'c',
          '-a',
          '0',
          '-s',
          '0',
        ],
        /^Error: open .*missing\.json: no such file or directory/,
      ],
      [['tx', 'decode', 'not base64!'], /^Error: illegal base64 data/],
      [['tx', 'decode', 'CgUB'], /^Error: tx parse error/],
      [
        ['tx', 'gov', 'vote', 'x', 'yes', '--from', 'alice', '--generate-only'],
        /^Error: proposal-id x not a valid int, please input a valid proposal-id/,
      ],
      [
        ['tx', 'gov', 'vote', '1', 'maybe', '--from', 'alice', '--generate-only'],
        /^Error: 'maybe' is not a valid vote option/,
      ],
      [
        [
          'tx',
          'upgrade',
          'software-upgrade',
          'v2',
          '--from',
          'alice',
          '--generate-only',
          '--upgrade-height',
          '100',
          '--no-validate',
        ],
        /^Error: required flag\(s\) "title" not set/,
      ],
      [
        [
          'tx',
          'upgrade',
          'software-upgrade',
          'v2',
          '--from',
          'alice',
          '--generate-only',
          '--title',
          't',
          '--upgrade-height',
          '100',
        ],
        /^Error: plan info must not be blank/,
      ],
      [
        [
          'tx',
          'upgrade',
          'software-upgrade',
          'v2',
          '--from',
          'alice',
          '--generate-only',
          '--title',
          't',
          '--upgrade-info',
          '{"binaries":{"linux/amd64":"https://example.com/sdkd"}}',
          '--upgrade-height',
          '100',
        ],
        /^Error: invalid url "https:\/\/example.com\/sdkd" in binaries\[linux\/amd64\]: missing checksum query parameter/,
      ],
      [
        [
          'tx',
          'upgrade',
          'software-upgrade',
          'v2',
          '--from',
          'alice',
          '--generate-only',
          '--title',
          't',
          '--no-validate',
          '--deposit',
          'ten',
          '--upgrade-height',
          '100',
        ],
        /^Error: invalid deposit: /,
      ],
      [
        [
          'tx',
          'upgrade',
          'software-upgrade',
          'v2',
          '--from',
          'alice',
          '--generate-only',
          '--title',
          't',
          '--no-validate',
          '--authority',
          'cosmos1xyz',
          '--upgrade-height',
          '100',
        ],
        /^Error: invalid authority address: /,
      ],
      [
        [
          'tx',
          'upgrade',
          'software-upgrade',
          'v2',
          '--from',
          'alice',
          '--generate-only',
          '--title',
          't',
          '--no-validate',
        ],
        /^Error: required flag\(s\) "upgrade-height" not set\nRun 'sdkd tx upgrade software-upgrade --help' for usage\.\n$/,
      ],
    ]
    for (const [args, expected] of cases) {
      const r = await runSdkd(['--home', home, ...args])
      expect({ args, code: r.code }).toEqual({ args, code: 1 })
      expect(r.stderr).toMatch(expected)
      expect(r.stdout).toBe('')
    }
    const gen = await runSdkd([
      '--home',
      home,
      'tx',
      'bank',
      'send',
      'alice',
      BOB,
      '1stake',
      '--generate-only',
    ])
    expect(gen.code).toBe(0)
    const file = join(dir, 'unsigned.json')
    await writeFile(file, gen.stdout)
    const noSigner = await runSdkd(['--home', home, 'keys', 'add', 'bob', '--output', 'json'])
    expect(noSigner.code).toBe(0)
    const wrong = await runSdkd([
      '--home',
      home,
      'tx',
      'sign',
      file,
      '--from',
      'bob',
      '--offline',
      '--chain-id',
      'c',
      '-a',
      '0',
      '-s',
      '0',
    ])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/^Error: tx intended signer does not match the given signer: bob/)
    expect(wrong.stdout).toBe('')
    const noChain = await runSdkd([
      '--home',
      home,
      'tx',
      'sign',
      file,
      '--from',
      'alice',
      '--offline',
      '-a',
      '0',
      '-s',
      '0',
    ])
    expect(noChain.code).toBe(1)
    expect(noChain.stderr).toBe('Error: chain ID required but not specified\n')
    const unsignedBroadcast = await runSdkd([
      '--home',
      home,
      'tx',
      'broadcast',
      file,
      '--node',
      'tcp://127.0.0.1:1',
    ])
    // Sent as it is, as upstream's: here no node answers (the node's answer is in client-tx).
    expect(unsignedBroadcast.code).toBe(1)
    expect(unsignedBroadcast.stderr).toBe(
      'Error: post failed: Post "http://127.0.0.1:1": dial tcp 127.0.0.1:1: connect: connection refused\n',
    )
    expect(unsignedBroadcast.stdout).toBe('')
  })

  it('behavior: submit-proposal and software-upgrade build MsgSubmitProposal with the upstream fields', async () => {
    const { home, dir, alice } = await homeWithKey()
    const gov = 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x'
    const up = await runSdkd([
      '--home',
      home,
      'tx',
      'upgrade',
      'software-upgrade',
      'v2',
      '--from',
      'alice',
      '--generate-only',
      '--offline',
      '--title',
      'Upgrade to v2',
      '--summary',
      'new app version',
      '--deposit',
      '10000000stake',
      '--upgrade-height',
      '120',
      '--upgrade-info',
      '{"binaries":{"linux/amd64":"https://example.com/sdkd?checksum=sha256:aec070645fe53ee3b3763059376134f058cc337247c978add178b6ccdfb0019f"}}',
      '--no-validate',
    ])
    expect(up.stderr).toBe('')
    expect(up.code).toBe(0)
    const upMsg = JSON.parse(up.stdout).body.messages[0]
    expect(upMsg).toMatchObject({
      '@type': '/sdk.gov.v1.MsgSubmitProposal',
      messages: [
        {
          '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
          authority: gov,
          plan: { name: 'v2', height: '120', info: expect.stringContaining('"linux/amd64"') },
        },
      ],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: alice,
      metadata: '',
      title: 'Upgrade to v2',
      summary: 'new app version',
      expedited: false,
    })

    const proposal = join(dir, 'proposal.json')
    await writeFile(
      proposal,
      JSON.stringify({
        messages: [{ '@type': '/sdk.upgrade.v1beta1.MsgCancelUpgrade', authority: gov }],
        metadata: 'ipfs://cid',
        deposit: '5stake,1token',
        title: 'Cancel',
        summary: 'stop it',
        expedited: true,
      }),
    )
    const sub = await runSdkd([
      '--home',
      home,
      'tx',
      'gov',
      'submit-proposal',
      proposal,
      '--from',
      'alice',
      '--generate-only',
    ])
    expect(sub.stderr).toBe('')
    expect(sub.code).toBe(0)
    expect(JSON.parse(sub.stdout).body.messages[0]).toEqual({
      '@type': '/sdk.gov.v1.MsgSubmitProposal',
      messages: [{ '@type': '/sdk.upgrade.v1beta1.MsgCancelUpgrade', authority: gov }],
      initial_deposit: [
        { denom: 'stake', amount: '5' },
        { denom: 'token', amount: '1' },
      ],
      proposer: alice,
      metadata: 'ipfs://cid',
      title: 'Cancel',
      summary: 'stop it',
      expedited: true,
    })

    const vote = await runSdkd([
      '--home',
      home,
      'tx',
      'gov',
      'vote',
      '3',
      'no_with_veto',
      '--from',
      'alice',
      '--generate-only',
    ])
    expect(vote.stderr).toBe('')
    expect(vote.code).toBe(0)
    expect(JSON.parse(vote.stdout).body.messages[0]).toEqual({
      '@type': '/sdk.gov.v1.MsgVote',
      proposal_id: '3',
      voter: alice,
      option: 'VOTE_OPTION_NO_WITH_VETO',
      metadata: '',
    })
    const deposit = await runSdkd([
      '--home',
      home,
      'tx',
      'gov',
      'deposit',
      '3',
      '7stake',
      '--from',
      'alice',
      '--generate-only',
    ])
    expect(deposit.stderr).toBe('')
    expect(deposit.code).toBe(0)
    expect(JSON.parse(deposit.stdout).body.messages[0]).toEqual({
      '@type': '/sdk.gov.v1.MsgDeposit',
      proposal_id: '3',
      depositor: alice,
      amount: [{ denom: 'stake', amount: '7' }],
    })
    const cancel = await runSdkd([
      '--home',
      home,
      'tx',
      'upgrade',
      'cancel-software-upgrade',
      '--title',
      'c',
      '--from',
      'alice',
      '--generate-only',
      '--gas-prices',
      '0.0025stake',
      '--gas',
      '300000',
    ])
    expect(cancel.stderr).toBe('')
    expect(cancel.code).toBe(0)
    const cancelTx = JSON.parse(cancel.stdout)
    expect(cancelTx.body.messages[0].messages).toEqual([
      { '@type': '/sdk.upgrade.v1beta1.MsgCancelUpgrade', authority: gov },
    ])
    // Fees from gas prices: ⌈0.0025 × 300000⌉.
    expect(cancelTx.auth_info.fee).toEqual({
      amount: [{ denom: 'stake', amount: '750' }],
      gas_limit: '300000',
      payer: '',
      granter: '',
    })
  })
})
