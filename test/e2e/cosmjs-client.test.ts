import {
  DirectSecp256k1HdWallet,
  type EncodeObject,
  makeAuthInfoBytes,
  makeSignDoc,
  Registry,
} from '@cosmjs/proto-signing'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { VoteOption } from 'cosmjs-types/cosmos/gov/v1/gov'
import { MsgSubmitProposal, MsgVote } from 'cosmjs-types/cosmos/gov/v1/tx'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx'
import { describe, expect, test } from 'vitest'
import { createNodeClient } from '../../src/client/node-client.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  GOV_ADDRESS,
  heightOf,
  type RunningNode,
  rest,
  startDevnetNode,
} from '../helpers/devnet.js'
import { waitFor } from '../helpers/sdkd.js'

/**
 * A real client: cosmjs signs offline (SIGN_MODE_DIRECT) with a registry of the `sdk` type URLs —
 * the upstream generated types, whose field numbers sdkd keeps — and talks to sdkd over REST only.
 * The chain is driven through the dev API (instant mining, time travel), not the wall clock.
 */

const cleanups = cleanupAfterEach()

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
    200_000,
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
    const home = await createDevnetHome('cosmjs-e2e', {}, 'v1')
    cleanups.push(home.cleanup)
    const node = await startDevnetNode(home, 'v1')
    cleanups.push(() => node.p.stop('SIGKILL'))
    const dev = createNodeClient({ url: node.rpc })
    // A block as soon as a tx is admitted, none without one.
    await dev.call('dev_setMining', { mode: 'instant' })

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
})
