import { encodeSecp256k1Pubkey } from '@cosmjs/amino'
import {
  DirectSecp256k1HdWallet,
  decodeTxRaw,
  type EncodeObject,
  makeAuthInfoBytes,
  makeSignDoc,
  type OfflineDirectSigner,
  Registry,
} from '@cosmjs/proto-signing'
import { type Account, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { VoteOption } from 'cosmjs-types/cosmos/gov/v1/gov'
import { MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/gov/v1/tx'
import { AuthInfo, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx'
import type { Any } from 'cosmjs-types/google/protobuf/any'
import { beforeAll, describe, expect, test } from 'vitest'
import { createNodeClient } from '../../src/client/node-client.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  GOV_ADDRESS,
  heightOf,
  type RunningNode,
  rest,
  startDevnetNode,
} from '../helpers/devnet.js'
import { waitFor } from '../helpers/sdkd.js'

/**
 * A real client against a brand sdk node: cosmjs signs offline (SIGN_MODE_DIRECT) with a registry of
 * the `sdk` type URLs — the upstream generated types, whose field numbers sdkd keeps — and talks to
 * sdkd over REST; then cosmjs's own clients, configured for the brand. (Unmodified cosmjs against
 * brand cosmos: cosmjs-unmodified.test.ts.) The chain is driven through the dev API (instant
 * mining, time travel), not the wall clock.
 */

const cleanups = cleanupAfterAll()
let home: DevnetHome
let node: RunningNode
let dev: ReturnType<typeof createNodeClient>

beforeAll(async () => {
  home = await createDevnetHome('cosmjs-e2e', {}, 'v1')
  cleanups.push(home.cleanup)
  node = await startDevnetNode(home, 'v1')
  cleanups.push(() => node.p.stop('SIGKILL'))
  dev = createNodeClient({ url: node.rpc })
  // A block as soon as a tx is admitted, none without one.
  await dev.call('dev_setMining', { mode: 'instant' })
})

/** 0001-01-01T00:00:00Z, the only plan time upstream accepts. */
const GO_ZERO_TIME = { seconds: -62_135_596_800n, nanos: 0 }

/** The upstream message types under sdkd's type URLs. */
const registry = new Registry([
  ['/sdk.gov.v1.MsgSubmitProposal', MsgSubmitProposal],
  ['/sdk.gov.v1.MsgVote', MsgVote],
  ['/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', MsgSoftwareUpgrade],
])

/** Signs `messages` offline for `account` and returns the TxRaw bytes. */
async function signOffline(
  wallet: DirectSecp256k1HdWallet,
  chainId: string,
  account: { address: string; pubkey: Uint8Array; accountNumber: bigint; sequence: bigint },
  messages: EncodeObject[],
): Promise<Uint8Array> {
  const bodyBytes = registry.encodeTxBody({ messages, memo: 'signed by cosmjs' })
  // cosmjs would name the key /cosmos.crypto.secp256k1.PubKey; the bytes are the same type.
  const pubkey = {
    typeUrl: '/sdk.crypto.secp256k1.PubKey',
    value: PubKey.encode({ key: account.pubkey }).finish(),
  }
  const authInfoBytes = makeAuthInfoBytes(
    [{ pubkey, sequence: account.sequence }],
    [],
    // Gas as upstream: two proposals in one tx take more than 200,000 (each byte of a stored
    // proposal costs 90 on top of its store accesses).
    600_000,
    undefined,
    undefined,
  )
  const signDoc = makeSignDoc(bodyBytes, authInfoBytes, chainId, Number(account.accountNumber))
  const { signature, signed } = await wallet.signDirect(account.address, signDoc)
  return TxRaw.encode({
    bodyBytes: signed.bodyBytes,
    authInfoBytes: signed.authInfoBytes,
    signatures: [Buffer.from(signature.signature, 'base64')],
  }).finish()
}

/** README, "Devnet accounts". */
const ALICE = 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn'
const BOB = 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34'
const GENESIS_BALANCES = [
  { denom: 'stake', amount: '100000000000000' },
  { denom: 'token', amount: '1000000000' },
]

/**
 * cosmjs's query extensions name upstream's services (`/cosmos.auth.v1beta1.Query/Account`); brand
 * sdk serves them as `sdk.*`, so the client's CometClient renames the ABCI query path.
 */
function withSdkQueryPaths(comet: Comet38Client): Comet38Client {
  return new Proxy(comet, {
    get(target, prop) {
      if (prop === 'abciQuery')
        return (params: Parameters<Comet38Client['abciQuery']>[0]) =>
          target.abciQuery({ ...params, path: params.path.replace(/^\/cosmos\./, '/sdk.') })
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** cosmjs's `accountParser` option for brand sdk's BaseAccount (its key under the sdk type URL). */
function sdkAccountParser(any: Any): Account {
  if (any.typeUrl !== '/sdk.auth.v1beta1.BaseAccount')
    throw new Error(`Unsupported type: '${any.typeUrl}'`)
  const account = BaseAccount.decode(any.value)
  return {
    address: account.address,
    pubkey: account.pubKey ? encodeSecp256k1Pubkey(PubKey.decode(account.pubKey.value).key) : null,
    accountNumber: account.accountNumber,
    sequence: Number(account.sequence),
  }
}

/**
 * cosmjs writes the signer's key as `/cosmos.crypto.secp256k1.PubKey` in AuthInfo; brand sdk names
 * the same bytes `/sdk.crypto.secp256k1.PubKey`. The signer signs the AuthInfo with that name, and
 * cosmjs broadcasts what was signed.
 */
function withSdkKeyType(wallet: OfflineDirectSigner): OfflineDirectSigner {
  return {
    getAccounts: () => wallet.getAccounts(),
    signDirect: (address, doc) => {
      const authInfo = AuthInfo.decode(doc.authInfoBytes)
      for (const info of authInfo.signerInfos)
        if (info.publicKey) info.publicKey.typeUrl = '/sdk.crypto.secp256k1.PubKey'
      return wallet.signDirect(address, {
        ...doc,
        authInfoBytes: AuthInfo.encode(authInfo).finish(),
      })
    },
  }
}

/** POST /sdk/tx/v1beta1/txs in sync mode; then waits until the tx is in a block. */
async function broadcast(node: RunningNode, txBytes: Uint8Array): Promise<Record<string, any>> {
  const res = await fetch(`${node.api}/sdk/tx/v1beta1/txs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tx_bytes: Buffer.from(txBytes).toString('base64'),
      mode: 'BROADCAST_MODE_SYNC',
    }),
  })
  expect(res.status).toBe(200)
  const { tx_response } = (await res.json()) as { tx_response: Record<string, any> }
  expect(tx_response.raw_log).toBe('')
  expect(tx_response.code).toBe(0)
  return waitFor(
    async () => {
      const r = await fetch(`${node.api}/sdk/tx/v1beta1/txs/${tx_response.txhash}`)
      if (r.status !== 200) return undefined
      return ((await r.json()) as { tx_response: Record<string, any> }).tx_response
    },
    20_000,
    `tx ${tx_response.txhash} to be included`,
  )
}

describe('a cosmjs client (e2e)', () => {
  test('behavior: signs a MsgSubmitProposal carrying MsgSoftwareUpgrade offline, broadcasts it over REST, votes, and sees the plan in CurrentPlan', async () => {
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(home.accounts.validator!.mnemonic, {
      prefix: 'sdk',
    })
    const [key] = await wallet.getAccounts()
    expect(key!.address).toBe(home.accounts.validator!.address)
    const { account } = await rest(node, `/sdk/auth/v1beta1/accounts/${key!.address}`)
    const signer = {
      address: key!.address,
      pubkey: key!.pubkey,
      accountNumber: BigInt(account.account_number),
      sequence: BigInt(account.sequence),
    }

    const height = BigInt((await heightOf(node)) + 10_000)
    const proposal = (plan: {
      name: string
      height: bigint
      info: string
      time?: typeof GO_ZERO_TIME
    }) => ({
      typeUrl: '/sdk.gov.v1.MsgSubmitProposal',
      value: MsgSubmitProposal.fromPartial({
        messages: [
          registry.encodeAsAny({
            typeUrl: '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
            value: MsgSoftwareUpgrade.fromPartial({ authority: GOV_ADDRESS, plan }),
          }),
        ],
        initialDeposit: [{ denom: 'stake', amount: '10000000' }],
        proposer: key!.address,
        title: 'Upgrade to v2',
        summary: 'Submitted by cosmjs',
      }),
    })
    // Two proposals in one tx: the first with Go's zero time as the plan time, as upstream wants;
    // the second leaves cosmjs-types' default, an empty Timestamp (1970-01-01), which upstream
    // refuses at execution as a time-based upgrade.
    const included = await broadcast(
      node,
      await signOffline(wallet, home.chainId, signer, [
        proposal({ name: 'v2', time: GO_ZERO_TIME, height, info: 'from cosmjs' }),
        proposal({ name: 'v2', height: height + 1n, info: 'epoch time' }),
      ]),
    )
    expect(included.code).toBe(0)
    const ids = included.events
      .filter(
        (e: { type: string; attributes: { key: string }[] }) =>
          e.type === 'submit_proposal' && e.attributes.some((a) => a.key === 'proposal_id'),
      )
      .map(
        (e: { attributes: { key: string; value: string }[] }) =>
          e.attributes.find((a) => a.key === 'proposal_id')!.value,
      )
    expect(ids).toEqual(['1', '2'])

    await broadcast(
      node,
      await signOffline(
        wallet,
        home.chainId,
        { ...signer, sequence: signer.sequence + 1n },
        ids.map((id: string) => ({
          typeUrl: '/sdk.gov.v1.MsgVote',
          value: MsgVote.fromPartial({
            proposalId: BigInt(id),
            voter: key!.address,
            option: VoteOption.VOTE_OPTION_YES,
          }),
        })),
      ),
    )

    const proposalOf = async (id: string) =>
      (await rest(node, `/sdk/gov/v1/proposals/${id}`)).proposal
    for (const id of ids)
      expect((await proposalOf(id)).status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    // The voting period (5 s on the devnet) ends by block time: the next block, mined now, is 5 s
    // after the vote's, so past both proposals' voting end.
    await dev.call('dev_increaseTime', { seconds: 5 })
    await dev.call('dev_mine', { blocks: 1 })
    const first = await proposalOf('1')
    expect(first.status).toBe('PROPOSAL_STATUS_PASSED')
    const second = await proposalOf('2')
    expect(second.status).toBe('PROPOSAL_STATUS_FAILED')
    expect(second.failed_reason).toBe(
      'time-based upgrades have been deprecated in the SDK: invalid request',
    )
    expect(await rest(node, '/sdk/upgrade/v1beta1/current_plan')).toEqual({
      plan: {
        name: 'v2',
        time: '0001-01-01T00:00:00Z',
        height: height.toString(),
        info: 'from cosmjs',
        upgraded_client_state: null,
      },
    })
  }, 120_000)

  test('behavior: cosmjs configured for brand sdk (registry, account parser, prefix sdk; query paths and key type renamed at its edges) reads accounts and balances, sends with direct signing, finds the tx', async () => {
    const url = `http://127.0.0.1:${node.rpcPort}`
    // Unconfigured, cosmjs reads the chain over CometBFT RPC but its queries name cosmos.* services.
    const plain = await StargateClient.connect(url)
    cleanups.push(() => plain.disconnect())
    expect(await plain.getChainId()).toBe('cosmjs-e2e')
    await expect(plain.getAllBalances(ALICE)).rejects.toThrow(
      'Query failed with (6): unknown query path: unknown request',
    )

    const comet = withSdkQueryPaths(await Comet38Client.connect(url))
    const client = await StargateClient.create(comet, { accountParser: sdkAccountParser })
    cleanups.push(() => client.disconnect())
    expect(await client.getHeight()).toBe(await heightOf(node))
    expect(await client.getAccount(ALICE)).toEqual({
      address: ALICE,
      pubkey: null,
      accountNumber: 1n,
      sequence: 0,
    })
    expect(await client.getAllBalances(ALICE)).toEqual(GENESIS_BALANCES)

    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(home.accounts.alice!.mnemonic, {
      prefix: 'sdk',
    })
    const [key] = await wallet.getAccounts()
    expect(key!.address).toBe(ALICE)
    const registry = new Registry([['/sdk.bank.v1beta1.MsgSend', MsgSend]])
    const signing = await SigningStargateClient.createWithSigner(comet, withSdkKeyType(wallet), {
      registry,
      accountParser: sdkAccountParser,
      broadcastPollIntervalMs: 50,
    })
    const send = {
      typeUrl: '/sdk.bank.v1beta1.MsgSend',
      value: MsgSend.fromPartial({
        fromAddress: ALICE,
        toAddress: BOB,
        amount: [{ denom: 'token', amount: '1000' }],
      }),
    }
    const bobBefore = await client.getBalance(BOB, 'token')
    const res = await signing.signAndBroadcast(
      ALICE,
      [send],
      { amount: [{ denom: 'stake', amount: '2000' }], gas: '200000' },
      'brand sdk',
    )
    expect(res.rawLog).toBe('')
    expect(res.code).toBe(0)
    expect(await client.getAllBalances(ALICE)).toEqual([
      { denom: 'stake', amount: '99999999998000' },
      { denom: 'token', amount: '999999000' },
    ])
    expect(BigInt((await client.getBalance(BOB, 'token')).amount) - BigInt(bobBefore.amount)).toBe(
      1000n,
    )
    expect(await client.getAccount(ALICE)).toEqual({
      address: ALICE,
      pubkey: encodeSecp256k1Pubkey(key!.pubkey),
      accountNumber: 1n,
      sequence: 1,
    })

    const indexed = await client.getTx(res.transactionHash)
    expect(indexed).toMatchObject({ height: res.height, code: 0 })
    const tx = decodeTxRaw(indexed!.tx)
    expect(tx.body.memo).toBe('brand sdk')
    expect(tx.body.messages.map((m) => [m.typeUrl, registry.decode(m)])).toEqual([
      [send.typeUrl, send.value],
    ])
    expect(tx.authInfo.signerInfos[0]!.publicKey!.typeUrl).toBe('/sdk.crypto.secp256k1.PubKey')
    const found = await client.searchTx([{ key: 'message.sender', value: ALICE }])
    expect(found.map((t) => t.hash)).toEqual([res.transactionHash])
  })
})
