import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { encodeSecp256k1Pubkey, Secp256k1HdWallet } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet, decodeTxRaw, Registry } from '@cosmjs/proto-signing'
import {
  calculateFee,
  type DeliverTxResponse,
  defaultRegistryTypes,
  GasPrice,
  QueryClient,
  SigningStargateClient,
  StargateClient,
  setupAuthExtension,
  setupBankExtension,
  setupGovExtension,
  setupTxExtension,
} from '@cosmjs/stargate'
import { Comet38Client, type comet38, WebsocketClient } from '@cosmjs/tendermint-rpc'
import { bech32 } from '@scure/base'
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { MsgSubmitProposal } from 'cosmjs-types/cosmos/gov/v1/tx'
import { ProposalStatus, VoteOption } from 'cosmjs-types/cosmos/gov/v1beta1/gov'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx'
import { beforeAll, describe, expect, test } from 'vitest'
import { createTestAminoTypes } from '../helpers/amino-converters.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  rpcCall,
  rpcHeight,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Unmodified cosmjs against `sdkd devnet --brand cosmos`, as an app would use it: the package's
 * clients with their defaults, configured only through their options (a gas price, a quicker poll,
 * and, for gov v1 and x/upgrade, which cosmjs has no amino converters for, the app's converters and
 * the cosmjs-types generated types). Expected values come from the README's devnet accounts and
 * genesis, the home's own files and the references, never from sdkd's code. Instant mining makes a
 * block as soon as a tx is admitted and none otherwise, so heights stay still between txs.
 */

const cleanups = cleanupAfterAll()
const CHAIN_ID = 'cosmjs-e2e'

/** The README's devnet accounts (brand sdk addresses) and mnemonics. */
const README_ACCOUNTS = {
  validator: {
    sdk: 'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk',
    mnemonic:
      'door apart cool melody kingdom cereal tongue column all spy venture office middle tiger theory muscle avoid great smile latin journey space caution dragon',
  },
  alice: {
    sdk: 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn',
    mnemonic:
      'gap around muffin visual plastic catalog limb beef oyster captain emotion rookie absent soup cake vendor reveal hill fan ivory merit art evidence inch',
  },
  bob: {
    sdk: 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34',
    mnemonic:
      'valve box devote frame arrive police track roof top lake stadium saddle what wheat exact height bundle fossil chaos strike wagon garage dismiss imitate',
  },
  account3: { sdk: 'sdk17eq9kkgz907t7qvhuv4kn3dtzss0z4y8vqkyw2' },
  account4: {
    sdk: 'sdk1gulr43yp4ftgz2nd2a6cl84cnskk57f7vcgfsa',
    mnemonic:
      'viable lobster mimic grunt wing crunch oxygen rely must silk joy page sleep present pink retreat chief grass afraid tourist salt foil alley blossom',
  },
} as const
const ACCOUNTS = 5

/** The same bytes under the `cosmos` prefix (@scure/base, not sdkd's codec). */
const cosmos = (sdkAddress: string) =>
  bech32.encode('cosmos', bech32.decode(sdkAddress as `${string}1${string}`).words)

const VALIDATOR = cosmos(README_ACCOUNTS.validator.sdk)
const ALICE = cosmos(README_ACCOUNTS.alice.sdk)
const BOB = cosmos(README_ACCOUNTS.bob.sdk)
const ACCOUNT3 = cosmos(README_ACCOUNTS.account3.sdk)
const ACCOUNT4 = cosmos(README_ACCOUNTS.account4.sdk)
/** The gov module account (reference: SHA-256("gov")[0:20] in bech32 `cosmos`). */
const GOV = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn'
/** README: every devnet account holds these; the validator's 10000000stake bond comes on top. */
const GENESIS_BALANCES = [
  { denom: 'stake', amount: '100000000000000' },
  { denom: 'token', amount: '1000000000' },
]
const GO_ZERO_TIME = { seconds: -62_135_596_800n, nanos: 0 }
const GAS_PRICE = GasPrice.fromString('0.025stake')

let p: SdkdProcess
let home: string
let rpcPort: number
let rpc: string
let client: StargateClient
/** The txs the tests send, for the later tests that read them back. */
const sent: {
  direct?: DeliverTxResponse
  amino?: DeliverTxResponse
  proposal?: DeliverTxResponse
} = {}

beforeAll(async () => {
  const dir = await tempDir('sdkd-cosmjs-e2e-')
  cleanups.push(dir.cleanup)
  home = join(dir.dir, 'home')
  p = startSdkd([
    '--home',
    home,
    'devnet',
    '--brand',
    'cosmos',
    '--chain-id',
    CHAIN_ID,
    '--accounts',
    String(ACCOUNTS),
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable=false',
    '--grpc.enable=false',
  ])
  cleanups.push(() => p.stop())
  ;({ rpcPort } = await boundPorts(p))
  await p.waitForLog((l) => l.msg === 'committed block')
  const mining = await rpcCall(rpcPort, 'dev_setMining', { mode: 'instant' })
  expect(mining.result.mode).toBe('instant')
  rpc = `http://127.0.0.1:${rpcPort}`
  client = await StargateClient.connect(rpc)
  cleanups.push(() => client.disconnect())
})

/** Upper-case hex, as CometBFT writes hashes and addresses. */
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase()
/** A tx's hash: sha256 of its bytes. */
const txHash = (tx: Uint8Array) => hex(createHash('sha256').update(tx).digest())

/** The JSON of a file of the home, as `sdkd devnet` wrote it. */
async function homeFile(path: string): Promise<any> {
  return JSON.parse(await readFile(join(home, path), 'utf8'))
}

/** Coins `a` minus coins `b`, per denom, as strings (balances are far beyond 2^53). */
function moved(
  before: readonly { denom: string; amount: string }[],
  after: readonly { denom: string; amount: string }[],
) {
  const of = (cs: readonly { denom: string; amount: string }[], d: string) =>
    BigInt(cs.find((c) => c.denom === d)?.amount ?? '0')
  return Object.fromEntries(
    [...new Set([...before, ...after].map((c) => c.denom))].map((d) => [
      d,
      (of(after, d) - of(before, d)).toString(),
    ]),
  )
}

describe('unmodified cosmjs against sdkd devnet --brand cosmos (e2e)', () => {
  test('behavior: StargateClient reads the chain id, height, accounts and balances of the README devnet accounts', async () => {
    expect(await client.getChainId()).toBe(CHAIN_ID)
    expect(await client.getHeight()).toBe(await rpcHeight(rpcPort))

    // The genesis lists validator, alice, bob, … each with account_number 0: numbered in order.
    const accounts = (await homeFile('config/genesis.json')).app_state.auth.accounts
    expect(accounts.map((a: { address: string }) => a.address).slice(0, 3)).toEqual([
      VALIDATOR,
      ALICE,
      BOB,
    ])
    expect(await client.getAccount(ACCOUNT3)).toEqual({
      address: ACCOUNT3,
      pubkey: null,
      accountNumber: 3n,
      sequence: 0,
    })
    // An address the chain never saw: cosmjs maps the NotFound query error to null.
    expect(
      await client.getAccount(bech32.encode('cosmos', bech32.toWords(new Uint8Array(20)))),
    ).toBeNull()

    expect(await client.getBalance(ACCOUNT3, 'stake')).toEqual(GENESIS_BALANCES[0])
    expect(await client.getBalance(ACCOUNT3, 'nothing')).toEqual({ denom: 'nothing', amount: '0' })
    expect(await client.getAllBalances(ACCOUNT3)).toEqual(GENESIS_BALANCES)
  })

  test("behavior: SigningStargateClient with a DirectSecp256k1HdWallet sends tokens with fee 'auto' (Simulate), code 0; the balances move; getTx and searchTx find it", async () => {
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(README_ACCOUNTS.alice.mnemonic, {
      prefix: 'cosmos',
    })
    const [key] = await wallet.getAccounts()
    expect(key!.address).toBe(ALICE)
    const signing = await SigningStargateClient.connectWithSigner(rpc, wallet, {
      gasPrice: GAS_PRICE,
      broadcastPollIntervalMs: 50,
    })
    cleanups.push(() => signing.disconnect())
    const aliceBefore = await client.getAllBalances(ALICE)
    const bobBefore = await client.getAllBalances(BOB)
    // What Simulate estimates for this send (the same state, msgs and memo as sendTokens's own call).
    const simulated = await signing.simulate(
      ALICE,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: {
            fromAddress: ALICE,
            toAddress: BOB,
            amount: [{ denom: 'token', amount: '1000' }],
          },
        },
      ],
      'direct',
    )

    const res = await signing.sendTokens(
      ALICE,
      BOB,
      [{ denom: 'token', amount: '1000' }],
      'auto',
      'direct',
    )
    sent.direct = res
    expect(res.rawLog).toBe('')
    expect(res.code).toBe(0)
    // 'auto' = ceil(simulated gas × 1.4) at 0.025stake per gas (reference §5). Simulation runs
    // with an empty fee, so the real tx also pays for moving its fee, within the 1.4 margin.
    const fee = calculateFee(Math.ceil(simulated * 1.4), GAS_PRICE)
    expect(res.gasWanted).toBe(BigInt(Math.ceil(simulated * 1.4)))
    expect(res.gasUsed).toBeGreaterThan(BigInt(simulated))
    expect(res.gasUsed).toBeLessThan(res.gasWanted)
    expect(moved(aliceBefore, await client.getAllBalances(ALICE))).toEqual({
      stake: `-${fee.amount[0]!.amount}`,
      token: '-1000',
    })
    expect(moved(bobBefore, await client.getAllBalances(BOB))).toEqual({
      stake: '0',
      token: '1000',
    })
    expect(await client.getAccount(ALICE)).toMatchObject({ sequence: 1 })

    const indexed = await client.getTx(res.transactionHash)
    expect(indexed).toMatchObject({ hash: res.transactionHash, height: res.height, code: 0 })
    expect(txHash(indexed!.tx)).toBe(res.transactionHash)
    const tx = decodeTxRaw(indexed!.tx)
    expect(tx.body.memo).toBe('direct')
    expect(tx.body.messages[0]!.typeUrl).toBe('/cosmos.bank.v1beta1.MsgSend')
    expect(MsgSend.decode(tx.body.messages[0]!.value)).toEqual({
      fromAddress: ALICE,
      toAddress: BOB,
      amount: [{ denom: 'token', amount: '1000' }],
    })
    expect(tx.authInfo.signerInfos[0]!.modeInfo?.single?.mode).toBe(SignMode.SIGN_MODE_DIRECT)
    expect(tx.authInfo.fee!.amount).toEqual(fee.amount)
    expect(await client.getTx('00'.repeat(32))).toBeNull()

    const bySender = await client.searchTx([{ key: 'message.sender', value: ALICE }])
    expect(bySender.map((t) => t.hash)).toEqual([res.transactionHash])
    const byHeight = await client.searchTx(`tx.height=${res.height}`)
    expect(byHeight.map((t) => t.hash)).toEqual([res.transactionHash])
  })

  test('behavior: SigningStargateClient with an amino Secp256k1HdWallet sends tokens and submits a gov v1 proposal carrying MsgSoftwareUpgrade, both SIGN_MODE_LEGACY_AMINO_JSON, code 0', async () => {
    const wallet = await Secp256k1HdWallet.fromMnemonic(README_ACCOUNTS.bob.mnemonic, {
      prefix: 'cosmos',
    })
    expect((await wallet.getAccounts())[0]!.address).toBe(BOB)
    // Configuration only: cosmjs's default types plus the gov v1 / upgrade ones it lacks.
    const registry = new Registry([
      ...defaultRegistryTypes,
      ['/cosmos.gov.v1.MsgSubmitProposal', MsgSubmitProposal],
      ['/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade', MsgSoftwareUpgrade],
    ])
    const signing = await SigningStargateClient.connectWithSigner(rpc, wallet, {
      registry,
      aminoTypes: createTestAminoTypes(),
      gasPrice: GAS_PRICE,
      broadcastPollIntervalMs: 50,
    })
    cleanups.push(() => signing.disconnect())

    const before = await client.getAllBalances(ACCOUNT4)
    const send = await signing.sendTokens(
      BOB,
      ACCOUNT4,
      [{ denom: 'token', amount: '77' }],
      'auto',
      'amino',
    )
    sent.amino = send
    expect(send.rawLog).toBe('')
    expect(send.code).toBe(0)
    expect(moved(before, await client.getAllBalances(ACCOUNT4))).toEqual({
      stake: '0',
      token: '77',
    })

    const planHeight = BigInt((await client.getHeight()) + 1000)
    const proposal = await signing.signAndBroadcast(
      BOB,
      [
        {
          typeUrl: '/cosmos.gov.v1.MsgSubmitProposal',
          value: MsgSubmitProposal.fromPartial({
            messages: [
              registry.encodeAsAny({
                typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
                value: MsgSoftwareUpgrade.fromPartial({
                  authority: GOV,
                  plan: { name: 'v3', height: planHeight, info: 'amino', time: GO_ZERO_TIME },
                }),
              }),
            ],
            initialDeposit: [{ denom: 'stake', amount: '10000000' }],
            proposer: BOB,
            title: 'Upgrade to v3',
            summary: 'signed in amino JSON by cosmjs',
          }),
        },
      ],
      { amount: [{ denom: 'stake', amount: '5000' }], gas: '400000' },
    )
    sent.proposal = proposal
    expect(proposal.rawLog).toBe('')
    expect(proposal.code).toBe(0)
    const submitted = proposal.events
      .filter((e) => e.type === 'submit_proposal')
      .flatMap((e) => e.attributes)
    expect(submitted).toContainEqual({ key: 'proposal_id', value: '1' })
    expect(submitted).toContainEqual({
      key: 'proposal_messages',
      value: ',/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
    })

    for (const res of [send, proposal]) {
      const tx = decodeTxRaw((await client.getTx(res.transactionHash))!.tx)
      expect(tx.authInfo.signerInfos[0]!.modeInfo?.single?.mode).toBe(
        SignMode.SIGN_MODE_LEGACY_AMINO_JSON,
      )
    }
  })

  test('behavior: a gov v1beta1 MsgVote (cosmjs defaults, amino) passes the proposal; QueryClient with the bank, auth, gov (v1beta1) and tx extensions reads it all', async () => {
    const proposal = sent.proposal!
    // The validator (all the voting power) votes yes through cosmjs's default gov v1beta1 MsgVote,
    // amino-signed; a block 5 s later (the devnet voting period) tallies it.
    const validator = await SigningStargateClient.connectWithSigner(
      rpc,
      await Secp256k1HdWallet.fromMnemonic(README_ACCOUNTS.validator.mnemonic, {
        prefix: 'cosmos',
      }),
      { broadcastPollIntervalMs: 50 },
    )
    cleanups.push(() => validator.disconnect())
    const vote = await validator.signAndBroadcast(
      VALIDATOR,
      [
        {
          typeUrl: '/cosmos.gov.v1beta1.MsgVote',
          value: { proposalId: 1n, voter: VALIDATOR, option: VoteOption.VOTE_OPTION_YES },
        },
      ],
      { amount: [], gas: '200000' },
    )
    expect(vote.rawLog).toBe('')
    expect(vote.code).toBe(0)
    await rpcCall(rpcPort, 'dev_increaseTime', { seconds: 5 })
    await devMine(rpcPort, 1)

    const comet = await Comet38Client.connect(rpc)
    cleanups.push(() => comet.disconnect())
    const q = QueryClient.withExtensions(
      comet,
      setupBankExtension,
      setupAuthExtension,
      setupGovExtension,
      setupTxExtension,
    )

    expect(await q.bank.balance(ACCOUNT3, 'token')).toEqual(GENESIS_BALANCES[1])
    expect(await q.bank.allBalances(ACCOUNT3)).toEqual(GENESIS_BALANCES)
    // Supply: every account's genesis coins plus the validator's bond, plus what x/mint minted in
    // each block (its `mint` events); fees and deposits only move.
    const latest = Number((await rpcCall(rpcPort, 'status')).result.sync_info.latest_block_height)
    let minted = 0n
    for (let h = 1; h <= latest; h++) {
      const events = (await rpcCall(rpcPort, 'block_results', { height: String(h) })).result
        .finalize_block_events as { type: string; attributes: { key: string; value: string }[] }[]
      const mint = events.find((e) => e.type === 'mint')!
      minted += BigInt(mint.attributes.find((a) => a.key === 'amount')!.value)
    }
    expect(minted > 0n).toBe(true)
    expect(await q.bank.totalSupply()).toMatchObject({
      supply: [
        {
          denom: 'stake',
          amount: (BigInt(ACCOUNTS) * 100000000000000n + 10000000n + minted).toString(),
        },
        { denom: 'token', amount: (BigInt(ACCOUNTS) * 1000000000n).toString() },
      ],
    })

    const account = await q.auth.account(ALICE)
    expect(account!.typeUrl).toBe('/cosmos.auth.v1beta1.BaseAccount')
    const base = BaseAccount.decode(account!.value)
    expect(base).toMatchObject({ address: ALICE, accountNumber: 1n, sequence: 1n })
    const aliceKey = (
      await (
        await DirectSecp256k1HdWallet.fromMnemonic(README_ACCOUNTS.alice.mnemonic, {
          prefix: 'cosmos',
        })
      ).getAccounts()
    )[0]!.pubkey
    expect(base.pubKey!.typeUrl).toBe('/cosmos.crypto.secp256k1.PubKey')
    expect(PubKey.decode(base.pubKey!.value).key).toEqual(aliceKey)

    // gov v1beta1: the one-message v1 proposal shows its message as the content.
    const { proposals } = await q.gov.proposals(ProposalStatus.PROPOSAL_STATUS_PASSED, '', '')
    expect(proposals.map((x) => x.proposalId)).toEqual([1n])
    const { proposal: shown } = await q.gov.proposal(1)
    expect(shown).toEqual(proposals[0])
    expect(shown.status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED)
    expect(shown.content!.typeUrl).toBe('/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade')
    expect(MsgSoftwareUpgrade.decode(shown.content!.value)).toEqual({
      authority: GOV,
      plan: {
        name: 'v3',
        time: { seconds: GO_ZERO_TIME.seconds, nanos: 0 },
        height: expect.any(BigInt),
        info: 'amino',
        upgradedClientState: undefined,
      },
    })
    expect(shown.totalDeposit).toEqual([{ denom: 'stake', amount: '10000000' }])
    const yes = { yes: '10000000', abstain: '0', no: '0', noWithVeto: '0' }
    expect(shown.finalTallyResult).toEqual(yes)
    expect((await q.gov.tally(1)).tally).toEqual(yes)
    await expect(q.gov.proposal(2)).rejects.toThrow(
      "rpc error: code = NotFound desc = proposal 2 doesn't exist: key not found",
    )

    // Params as in docs/governance.md's devnet table; LegacyDec bytes are the value × 10^18 in decimal.
    expect((await q.gov.params('voting')).votingParams.votingPeriod).toEqual({
      seconds: 5n,
      nanos: 0,
    })
    expect((await q.gov.params('deposit')).depositParams).toEqual({
      minDeposit: [{ denom: 'stake', amount: '10000000' }],
      maxDepositPeriod: { seconds: 10n, nanos: 0 },
    })
    const text = (b: Uint8Array) => Buffer.from(b).toString()
    const { tallyParams } = await q.gov.params('tallying')
    expect(
      [tallyParams.quorum, tallyParams.threshold, tallyParams.vetoThreshold].map(text),
    ).toEqual(['334000000000000000', '500000000000000000', '334000000000000000'])

    const got = await q.tx.getTx(proposal.transactionHash)
    expect(got.txResponse).toMatchObject({
      txhash: proposal.transactionHash,
      height: BigInt(proposal.height),
      code: 0,
    })
    expect(got.tx!.body!.messages[0]!.typeUrl).toBe('/cosmos.gov.v1.MsgSubmitProposal')

    // Simulate, as cosmjs's 'auto' fee calls it: alice, whose sequence is 1 after her send.
    const registry = new Registry(defaultRegistryTypes)
    const msg = registry.encodeAsAny({
      typeUrl: '/cosmos.bank.v1beta1.MsgSend',
      value: MsgSend.fromPartial({
        fromAddress: ALICE,
        toAddress: BOB,
        amount: [{ denom: 'token', amount: '1' }],
      }),
    })
    const pubkey = encodeSecp256k1Pubkey(aliceKey)
    const simulated = await q.tx.simulate([msg], '', pubkey, 1)
    expect(simulated.gasInfo!.gasWanted).toBe(18446744073709551615n)
    expect(simulated.gasInfo!.gasUsed).toBeGreaterThan(0n)
    expect(simulated.result!.msgResponses.map((r) => r.typeUrl)).toEqual([
      '/cosmos.bank.v1beta1.MsgSendResponse',
    ])
    // Simulate still checks the sequence (reference §5).
    await expect(q.tx.simulate([msg], '', pubkey, 0)).rejects.toThrow(
      'account sequence mismatch, expected 1, got 0: incorrect account sequence',
    )
  })

  test('behavior: Comet38Client reads status, block, block results, commit, validators, genesis and tx_search', async () => {
    const comet = await Comet38Client.connect(rpc)
    cleanups.push(() => comet.disconnect())
    const tx = sent.direct!
    const height = await rpcHeight(rpcPort)

    const status = await comet.status()
    expect(status.nodeInfo.network).toBe(CHAIN_ID)
    expect(status.nodeInfo.version).toMatch(/^0\.38\./)
    expect(status.syncInfo.latestBlockHeight).toBe(height)
    const key = await homeFile('config/priv_validator_key.json')
    expect(hex(status.validatorInfo.address)).toBe(key.address)
    expect(status.validatorInfo.votingPower).toBe(10n)

    const { block, blockId } = await comet.block(tx.height)
    expect(block.header.chainId).toBe(CHAIN_ID)
    expect(block.header.height).toBe(tx.height)
    expect(block.txs.map((t) => txHash(t))).toEqual([tx.transactionHash])
    expect((await comet.block()).block.header.height).toBe(height)

    const results = await comet.blockResults(tx.height)
    expect(results.height).toBe(tx.height)
    expect(results.results.map((r) => [r.code, r.gasUsed, r.gasWanted])).toEqual([
      [0, tx.gasUsed, tx.gasWanted],
    ])

    const commit = await comet.commit(tx.height)
    expect(commit.canonical).toBe(true)
    expect(commit.header.height).toBe(tx.height)
    expect(commit.commit.blockId.hash).toEqual(blockId.hash)
    expect(commit.commit.signatures.map((s) => hex(s.validatorAddress!))).toEqual([key.address])

    const validators = await comet.validatorsAll(tx.height)
    expect(validators.total).toBe(1)
    expect(validators.validators.map((v) => [hex(v.address), v.votingPower])).toEqual([
      [key.address, 10n],
    ])
    expect(Buffer.from(validators.validators[0]!.pubkey!.data).toString('base64')).toBe(
      key.pub_key.value,
    )

    const genesis = await comet.genesis()
    const file = await homeFile('config/genesis.json')
    expect(genesis.chainId).toBe(CHAIN_ID)
    expect(genesis.appState).toEqual(file.app_state)

    const search = await comet.txSearch({ query: `message.sender='${ALICE}'` })
    expect(search.totalCount).toBe(1)
    expect(search.txs.map((t) => [hex(t.hash), t.height, t.result.code])).toEqual([
      [tx.transactionHash, tx.height, 0],
    ])
    const all = await comet.txSearchAll({ query: `tx.height>=1`, order_by: 'asc' })
    expect(all.txs.map((t) => hex(t.hash)).slice(0, 3)).toEqual([
      tx.transactionHash,
      sent.amino!.transactionHash,
      sent.proposal!.transactionHash,
    ])
  })

  test('behavior: Comet38Client over the websocket receives live NewBlock events and a sent tx on subscribeTx', async () => {
    const errors: unknown[] = []
    const ws = await Comet38Client.create(
      new WebsocketClient(`ws://127.0.0.1:${rpcPort}`, (err) => errors.push(err)),
    )
    cleanups.push(() => ws.disconnect())
    const heads: comet38.NewBlockEvent[] = []
    const txs: comet38.TxEvent[] = []
    // Tx first: the socket answers requests in order, so once a NewBlock event arrives, both are on.
    const txSub = ws
      .subscribeTx(`message.sender='${ACCOUNT4}'`)
      .subscribe({ next: (e) => txs.push(e), error: (e) => errors.push(e) })
    const blockSub = ws
      .subscribeNewBlock()
      .subscribe({ next: (e) => heads.push(e), error: (e) => errors.push(e) })
    cleanups.push(() => {
      txSub.unsubscribe()
      blockSub.unsubscribe()
    })
    await waitFor(
      async () => {
        await devMine(rpcPort, 1)
        return heads.length > 0 ? true : undefined
      },
      10_000,
      'a NewBlock event',
    )
    const top = await devMine(rpcPort, 3)
    await waitFor(async () => (heads.at(-1)?.header.height === top ? true : undefined), 10_000)
    const heights = heads.map((e) => e.header.height)
    expect(heights).toEqual(heights.map((_, i) => heights[0]! + i))
    expect(heads.at(-1)!.header.chainId).toBe(CHAIN_ID)

    // account4 sends (direct signing, a fixed fee): its tx arrives on the subscription, and only it.
    const sender = await SigningStargateClient.connectWithSigner(
      rpc,
      await DirectSecp256k1HdWallet.fromMnemonic(README_ACCOUNTS.account4.mnemonic, {
        prefix: 'cosmos',
      }),
      { broadcastPollIntervalMs: 50 },
    )
    cleanups.push(() => sender.disconnect())
    expect(txs).toEqual([])
    const res = await sender.sendTokens(ACCOUNT4, BOB, [{ denom: 'token', amount: '7' }], {
      amount: [],
      gas: '200000',
    })
    expect(res.code).toBe(0)
    const [event] = await waitFor(async () => (txs.length > 0 ? txs : undefined), 10_000)
    expect(txs).toHaveLength(1)
    expect(hex(event!.hash)).toBe(res.transactionHash)
    expect(event!.height).toBe(res.height)
    expect(event!.result.code).toBe(0)
    expect(event!.result.gasUsed).toBe(res.gasUsed)
    expect(
      event!.result.events
        .filter((e) => e.type === 'message')
        .flatMap((e) => e.attributes)
        .filter((a) => a.key === 'sender')
        .map((a) => a.value),
    ).toContain(ACCOUNT4)
    await waitFor(
      async () => (heads.at(-1)?.header.height === res.height ? true : undefined),
      10_000,
    )
    expect(heads.at(-1)!.txs.map((t) => txHash(t))).toEqual([res.transactionHash])
    expect(errors).toEqual([])
  })
})
