import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  createMultisigThresholdPubkey,
  encodeSecp256k1Pubkey,
  type MultisigThresholdPubkey,
  makeCosmoshubPath,
  pubkeyToAddress,
  Secp256k1HdWallet,
} from '@cosmjs/amino'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import {
  BroadcastTxError,
  type MsgSendEncodeObject,
  makeMultisignedTxBytes,
  SigningStargateClient,
  StargateClient,
  type StdFee,
} from '@cosmjs/stargate'
import { bech32 } from '@scure/base'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { type SdkdProcess, startCosmosDevnet } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * A multisig account driven by unmodified cosmjs against `sdkd devnet --brand cosmos`, the way
 * cosmjs's own multisignature test does it: a 2-of-3 key of three fresh members, funded by a devnet
 * account; two members sign a bank send offline in SIGN_MODE_LEGACY_AMINO_JSON
 * (`SigningStargateClient.offline`), `makeMultisignedTxBytes` puts the tx together, any client
 * broadcasts it. Expected values come from cosmjs (the key, its address, its JSON), the README's
 * devnet accounts and the amounts the test sends, and upstream's texts, never from sdkd's code.
 */

const cleanups = cleanupAfterAll()
const CHAIN_ID = 'multisig-e2e'

// cosmjs 0.39's fromBech32 asks @scure/base 2.4 for no length limit (Infinity), which it refuses;
// makeMultisignedTx reads its signers' prefix with it. The function it calls (the module export)
// gets the limit the other tests pass for long addresses, so cosmjs's own code runs unchanged.
{
  const require = createRequire(import.meta.url)
  const bech32Module = require(join(dirname(require.resolve('@cosmjs/encoding')), 'bech32.js'))
  const fromBech32 = bech32Module.fromBech32 as (address: string, limit?: number) => unknown
  bech32Module.fromBech32 = (address: string, limit = 90) => fromBech32(address, limit)
}

/** The README's devnet accounts (brand sdk addresses) and alice's mnemonic. */
const README = {
  alice: {
    sdk: 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn',
    mnemonic:
      'gap around muffin visual plastic catalog limb beef oyster captain emotion rookie absent soup cake vendor reveal hill fan ivory merit art evidence inch',
  },
  bob: { sdk: 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34' },
} as const

const cosmos = (sdkAddress: string) =>
  bech32.encode('cosmos', bech32.decode(sdkAddress as `${string}1${string}`).words)
const ALICE = cosmos(README.alice.sdk)
const BOB = cosmos(README.bob.sdk)
/** Fixed fees, so the balance arithmetic is exact. */
const FEE: StdFee = { amount: [{ denom: 'stake', amount: '5000' }], gas: '200000' }
const FUNDING = 1_000_000n
const SENT = 1000n

let p: SdkdProcess
let rpc: string
let apiPort: number
let client: StargateClient
/** The members: three keys nobody funded (alice's mnemonic on other account paths). */
let members: {
  wallet: Secp256k1HdWallet
  address: string
  pubkey: ReturnType<typeof encodeSecp256k1Pubkey>
}[]
let multisigPubkey: MultisigThresholdPubkey
let multisigAddress: string

beforeAll(async () => {
  const dir = await tempDir('sdkd-multisig-e2e-')
  cleanups.push(dir.cleanup)
  const devnet = await startCosmosDevnet(join(dir.dir, 'home'), CHAIN_ID)
  p = devnet.p
  cleanups.push(() => p.stop())
  apiPort = devnet.apiPort!
  rpc = devnet.rpc
  client = await StargateClient.connect(rpc)
  cleanups.push(() => client.disconnect())
  members = await Promise.all(
    [1, 2, 3].map(async (i) => {
      const wallet = await Secp256k1HdWallet.fromMnemonic(README.alice.mnemonic, {
        hdPaths: [makeCosmoshubPath(i)],
        prefix: 'cosmos',
      })
      const [account] = await wallet.getAccounts()
      return { wallet, address: account!.address, pubkey: encodeSecp256k1Pubkey(account!.pubkey) }
    }),
  )
  multisigPubkey = createMultisigThresholdPubkey(
    members.map((m) => m.pubkey),
    2,
  )
  multisigAddress = pubkeyToAddress(multisigPubkey, 'cosmos')
})

/** The REST gateway's JSON of a path. */
async function rest(path: string): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${apiPort}${path}`)
  expect(res.status).toBe(200)
  return res.json()
}

async function stake(address: string): Promise<bigint> {
  return BigInt((await client.getBalance(address, 'stake')).amount)
}

/**
 * A send of `SENT` stake from the multisig to bob, signed offline in amino JSON by the members at
 * `signerIndexes` for the multisig's current account number and sequence, put together by cosmjs.
 */
async function multisignedSend(signerIndexes: number[]): Promise<Uint8Array> {
  const account = await client.getAccount(multisigAddress)
  const signerData = {
    accountNumber: account!.accountNumber,
    sequence: account!.sequence,
    chainId: await client.getChainId(),
  }
  const msg: MsgSendEncodeObject = {
    typeUrl: '/cosmos.bank.v1beta1.MsgSend',
    value: {
      fromAddress: multisigAddress,
      toAddress: BOB,
      amount: [{ denom: 'stake', amount: SENT.toString() }],
    },
  }
  const signatures = new Map<string, Uint8Array>()
  let bodyBytes: Uint8Array | undefined
  for (const i of signerIndexes) {
    const signing = await SigningStargateClient.offline(members[i]!.wallet)
    const signed = await signing.sign(members[i]!.address, [msg], FEE, 'two of three', signerData)
    bodyBytes = signed.bodyBytes
    signatures.set(members[i]!.address, signed.signatures[0]!)
  }
  return makeMultisignedTxBytes(multisigPubkey, signerData.sequence, FEE, bodyBytes!, signatures)
}

describe('a 2-of-3 multisig account through unmodified cosmjs (e2e, brand cosmos)', () => {
  test('behavior: funded by alice, two members sign amino-json offline, the assembled tx is included (code 0) and moves the coins', async () => {
    const alice = await DirectSecp256k1HdWallet.fromMnemonic(README.alice.mnemonic, {
      prefix: 'cosmos',
    })
    const signer = await SigningStargateClient.connectWithSigner(rpc, alice, {
      broadcastPollIntervalMs: 100,
    })
    cleanups.push(() => signer.disconnect())
    const funding = await signer.sendTokens(
      ALICE,
      multisigAddress,
      [{ denom: 'stake', amount: FUNDING.toString() }],
      FEE,
    )
    expect(funding.code).toBe(0)
    expect(await stake(multisigAddress)).toBe(FUNDING)
    // Before it signs, the account has no key.
    expect((await client.getAccount(multisigAddress))?.pubkey).toBeNull()

    const bobBefore = await stake(BOB)
    const result = await client.broadcastTx(await multisignedSend([0, 2]), 30_000, 100)
    expect({ code: result.code, log: result.rawLog ?? '' }).toEqual({ code: 0, log: '' })
    expect(await stake(multisigAddress)).toBe(FUNDING - SENT - 5000n)
    expect(await stake(BOB)).toBe(bobBefore + SENT)
    // The tx as the node keeps it: the multisig key and the members' bit array.
    const { tx } = await rest(`/cosmos/tx/v1beta1/txs/${result.transactionHash}`)
    expect(tx.auth_info.signer_infos[0].public_key['@type']).toBe(
      '/cosmos.crypto.multisig.LegacyAminoPubKey',
    )
    expect(tx.auth_info.signer_infos[0].mode_info.multi.mode_infos).toEqual([
      { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' } },
      { single: { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' } },
    ])
  })

  test('behavior: the account now holds its LegacyAminoPubKey (threshold 2, the three members) at sequence 1, on the REST auth route and through cosmjs', async () => {
    const { account } = await rest(`/cosmos/auth/v1beta1/accounts/${multisigAddress}`)
    expect(account.sequence).toBe('1')
    expect(account.pub_key).toEqual({
      '@type': '/cosmos.crypto.multisig.LegacyAminoPubKey',
      threshold: 2,
      // in the key's order (cosmjs sorts the members by address)
      public_keys: multisigPubkey.value.pubkeys.map((k) => ({
        '@type': '/cosmos.crypto.secp256k1.PubKey',
        key: k.value,
      })),
    })
    const viaCosmjs = await client.getAccount(multisigAddress)
    expect(viaCosmjs?.pubkey).toEqual(multisigPubkey)
    expect(viaCosmjs?.sequence).toBe(1)
  })

  test('error: a tx with one member`s signature is refused at CheckTx: unauthorized (4), upstream`s text for amino signers; nothing moves', async () => {
    const account = await client.getAccount(multisigAddress)
    const before = await stake(multisigAddress)
    const oneSignature = await multisignedSend([1])
    const refused = await client.broadcastTx(oneSignature).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(BroadcastTxError)
    const { code, codespace, log } = refused as BroadcastTxError
    const expected = {
      code: 4,
      codespace: 'sdk',
      log: `signature verification failed; please verify account number (${account!.accountNumber}), sequence (1) and chain-id (${CHAIN_ID}): unauthorized`,
    }
    expect({ code, codespace, log }).toEqual(expected)
    // The same through the REST broadcast route (whose ingress hands a multisig tx to the node).
    const res = await fetch(`http://127.0.0.1:${apiPort}/cosmos/tx/v1beta1/txs`, {
      method: 'POST',
      body: JSON.stringify({
        tx_bytes: Buffer.from(oneSignature).toString('base64'),
        mode: 'BROADCAST_MODE_SYNC',
      }),
    })
    const { tx_response } = (await res.json()) as {
      tx_response: { code: number; codespace: string; raw_log: string }
    }
    expect({
      code: tx_response.code,
      codespace: tx_response.codespace,
      log: tx_response.raw_log,
    }).toEqual(expected)
    expect(await stake(multisigAddress)).toBe(before)
    expect((await client.getAccount(multisigAddress))?.sequence).toBe(1)
  })
})
