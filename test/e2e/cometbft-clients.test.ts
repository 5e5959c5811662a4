import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import {
  type DeliverTxResponse,
  GasPrice,
  QueryClient,
  SigningStargateClient,
  StargateClient,
  setupGovExtension,
  setupStakingExtension,
} from '@cosmjs/stargate'
import { Comet38Client, type comet38, WebsocketClient } from '@cosmjs/tendermint-rpc'
import * as grpc from '@grpc/grpc-js'
import { bech32 } from '@scure/base'
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { ProposalStatus, TextProposal, VoteOption } from 'cosmjs-types/cosmos/gov/v1beta1/gov'
import {
  BroadcastMode,
  BroadcastTxRequest,
  BroadcastTxResponse,
  GetTxRequest,
  GetTxResponse,
} from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  COMETBFT,
  type CometNode,
  cometHeightAtLeast,
  configureCometHome,
  startCometNode,
} from '../helpers/comet-node.js'
import { runSdkd, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Unmodified clients against one validator under a real CometBFT (`sdkd start --consensus
 * cometbft`): cosmjs talks to CometBFT's RPC and websocket (blocks, the mempool, tx look-ups), the
 * app answers ABCI queries through it; sdkd serves REST and gRPC at any committed height, and its
 * broadcast and tx look-up routes reach CometBFT. Expected values come from the README's devnet
 * accounts, the amounts the test sends and CometBFT's own answers, never from sdkd's code.
 */

const cleanups = cleanupAfterAll()
const CHAIN_ID = 'cometbft-clients'

/** The README's devnet accounts (brand sdk addresses) and mnemonics. */
const README = {
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
} as const

/** The same bytes under another prefix (@scure/base, not sdkd's codec). */
const rebech = (prefix: string, address: string) =>
  bech32.encode(prefix, bech32.decode(address as `${string}1${string}`).words)

const VALIDATOR = rebech('cosmos', README.validator.sdk)
const ALICE = rebech('cosmos', README.alice.sdk)
const BOB = rebech('cosmos', README.bob.sdk)
const VALOPER = rebech('cosmosvaloper', README.validator.sdk)
const GAS_PRICE = GasPrice.fromString('0.025stake')
const HEIGHT_HEADER = 'x-cosmos-block-height'

let node: CometNode
let grpcAddress: string
let rpc: string
let client: StargateClient
let send: DeliverTxResponse

/** Upper-case hex SHA-256 of tx bytes: the tx hash. */
const txHash = (tx: Uint8Array) => createHash('sha256').update(tx).digest('hex').toUpperCase()

async function wallet(mnemonic: string) {
  return DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: 'cosmos' })
}

async function signer(mnemonic: string) {
  const s = await SigningStargateClient.connectWithSigner(rpc, await wallet(mnemonic), {
    gasPrice: GAS_PRICE,
    broadcastPollIntervalMs: 100,
  })
  cleanups.push(() => s.disconnect())
  return s
}

/** GET on sdkd's REST server: status, the height header and the JSON body. */
async function rest(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${node.api}${path}`, { headers })
  return {
    status: res.status,
    height: res.headers.get(HEIGHT_HEADER),
    body: (await res.json()) as any,
  }
}

/** One unary call to sdkd's gRPC with request metadata: the response and the height header of the answer. */
function grpcUnary<Res>(
  method: string,
  request: Uint8Array,
  decode: (bytes: Uint8Array) => Res,
  metadata: Record<string, string> = {},
): Promise<{ response: Res; height: string }> {
  const c = new grpc.Client(grpcAddress, grpc.credentials.createInsecure())
  return new Promise((resolve, reject) => {
    const md = new grpc.Metadata()
    for (const [k, v] of Object.entries(metadata)) md.set(k, v)
    let answeredAt = ''
    const call = c.makeUnaryRequest(
      method,
      (r: Uint8Array) => Buffer.from(r),
      (b: Buffer) => decode(b),
      request,
      md,
      (err, res) => {
        c.close()
        if (err) reject(err)
        else resolve({ response: res!, height: answeredAt })
      },
    )
    call.on('metadata', (m) => {
      answeredAt = String(m.get(HEIGHT_HEADER)[0] ?? '')
    })
  })
}

/** bank Query/Balance over sdkd's gRPC at `height` (metadata header), with the height it answered at. */
async function grpcBalance(address: string, denom: string, height: number) {
  const { response, height: at } = await grpcUnary(
    '/cosmos.bank.v1beta1.Query/Balance',
    QueryBalanceRequest.encode({ address, denom }).finish(),
    (b) => QueryBalanceResponse.decode(b),
    { [HEIGHT_HEADER]: String(height) },
  )
  return { amount: response.balance!.amount, height: at }
}

describe.skipIf(!COMETBFT.path)('unmodified clients against sdkd under CometBFT (e2e)', () => {
  beforeAll(async () => {
    const dir = await tempDir('sdkd-cometbft-clients-')
    cleanups.push(dir.cleanup)
    const home = join(dir.dir, 'home')
    const init = await runSdkd([
      '--home',
      home,
      'init',
      'n1',
      '--devnet',
      '--brand',
      'cosmos',
      '--chain-id',
      CHAIN_ID,
      '--accounts',
      '3',
    ])
    expect(init.code, init.stderr).toBe(0)
    const { rpcPort } = await configureCometHome(home, { timeoutCommit: '200ms' })
    node = await startCometNode(home, rpcPort, [
      '--grpc.enable=true',
      '--grpc.address',
      '127.0.0.1:0',
    ])
    cleanups.push(() => node.p.stop())
    const line = await node.p.waitForLog((l) => l.msg === 'serving gRPC')
    grpcAddress = String(line.address)
    await cometHeightAtLeast(rpcPort, 2)
    rpc = `http://127.0.0.1:${rpcPort}`
    client = await StargateClient.connect(rpc)
    cleanups.push(() => client.disconnect())
  }, 90_000)

  test("behavior: SigningStargateClient sends tokens with fee 'auto' through CometBFT (code 0); getTx finds it; sdkd's REST and gRPC answer the balance before and after at past heights", async () => {
    expect(await client.getChainId()).toBe(CHAIN_ID)
    const alice = await signer(README.alice.mnemonic)
    const bobBefore = await client.getBalance(BOB, 'token')
    send = await alice.sendTokens(ALICE, BOB, [{ denom: 'token', amount: '1234' }], 'auto', 'hi')
    expect(send.rawLog).toBe('')
    expect(send.code).toBe(0)
    expect(BigInt((await client.getBalance(BOB, 'token')).amount)).toBe(
      BigInt(bobBefore.amount) + 1234n,
    )
    const found = await client.getTx(send.transactionHash)
    expect(found).toMatchObject({ hash: send.transactionHash, height: send.height, code: 0 })

    const h = send.height
    const before = await rest(`/cosmos/bank/v1beta1/balances/${BOB}/by_denom?denom=token`, {
      [HEIGHT_HEADER]: String(h - 1),
    })
    const after = await rest(`/cosmos/bank/v1beta1/balances/${BOB}/by_denom?denom=token`, {
      [HEIGHT_HEADER]: String(h),
    })
    expect([before.status, before.height, before.body.balance.amount]).toEqual([
      200,
      String(h - 1),
      bobBefore.amount,
    ])
    expect([after.status, after.height, BigInt(after.body.balance.amount)]).toEqual([
      200,
      String(h),
      BigInt(bobBefore.amount) + 1234n,
    ])
    expect(await grpcBalance(BOB, 'token', h - 1)).toEqual({
      amount: bobBefore.amount,
      height: String(h - 1),
    })
    expect(await grpcBalance(BOB, 'token', h)).toEqual({
      amount: (BigInt(bobBefore.amount) + 1234n).toString(),
      height: String(h),
    })

    // sdkd's REST tx look-up and search answer from CometBFT's index.
    const byHash = await rest(`/cosmos/tx/v1beta1/txs/${send.transactionHash}`)
    expect(byHash.status).toBe(200)
    expect(byHash.body.tx_response).toMatchObject({
      height: String(h),
      txhash: send.transactionHash,
      code: 0,
      gas_used: String(send.gasUsed),
      gas_wanted: String(send.gasWanted),
    })
    expect(byHash.body.tx.body.memo).toBe('hi')
    expect(byHash.body.tx_response.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    const search = await rest(
      `/cosmos/tx/v1beta1/txs?query=${encodeURIComponent(`tx.height=${h}`)}`,
    )
    expect(search.body.tx_responses.map((r: any) => r.txhash)).toEqual([send.transactionHash])
    expect(search.body.total).toBe('1')
    const missing = await rest(`/cosmos/tx/v1beta1/txs/${'AB'.repeat(32)}`)
    expect([missing.status, missing.body.message]).toEqual([
      404,
      `tx not found: ${'AB'.repeat(32)}`,
    ])
  })

  test('behavior: delegateTokens bonds through CometBFT (code 0): the delegation and the validator show it', async () => {
    const bob = await signer(README.bob.mnemonic)
    const q = QueryClient.withExtensions(await Comet38Client.connect(rpc), setupStakingExtension)
    const { validator: before } = await q.staking.validator(VALOPER)
    const res = await bob.delegateTokens(
      BOB,
      VALOPER,
      { denom: 'stake', amount: '5000000' },
      'auto',
    )
    expect(res.rawLog).toBe('')
    expect(res.code).toBe(0)
    const { delegationResponse } = await q.staking.delegation(BOB, VALOPER)
    expect(delegationResponse!.balance).toEqual({ denom: 'stake', amount: '5000000' })
    const { validator } = await q.staking.validator(VALOPER)
    expect(BigInt(validator!.tokens)).toBe(BigInt(before!.tokens) + 5_000_000n)
  })

  test('behavior: a gov proposal submitted and voted yes through CometBFT passes after its voting period', async () => {
    const alice = await signer(README.alice.mnemonic)
    const submit = await alice.signAndBroadcast(
      ALICE,
      [
        {
          typeUrl: '/cosmos.gov.v1beta1.MsgSubmitProposal',
          value: {
            content: {
              typeUrl: '/cosmos.gov.v1beta1.TextProposal',
              value: TextProposal.encode({ title: 'engine', description: 'on CometBFT' }).finish(),
            },
            initialDeposit: [{ denom: 'stake', amount: '10000000' }],
            proposer: ALICE,
          },
        },
      ],
      'auto',
    )
    expect(submit.rawLog).toBe('')
    expect(submit.code).toBe(0)
    const id = submit.events
      .find((e) => e.type === 'submit_proposal')!
      .attributes.find((a) => a.key === 'proposal_id')!.value
    const validator = await signer(README.validator.mnemonic)
    const vote = await validator.signAndBroadcast(
      VALIDATOR,
      [
        {
          typeUrl: '/cosmos.gov.v1beta1.MsgVote',
          value: { proposalId: BigInt(id), voter: VALIDATOR, option: VoteOption.VOTE_OPTION_YES },
        },
      ],
      'auto',
    )
    expect(vote.code).toBe(0)
    const q = QueryClient.withExtensions(await Comet38Client.connect(rpc), setupGovExtension)
    const { vote: recorded } = await q.gov.vote(id, VALIDATOR)
    expect(recorded.options.map((o) => o.option)).toEqual([VoteOption.VOTE_OPTION_YES])
    // The devnet's voting period is 5 s.
    const status = await waitFor(
      async () => {
        const { proposal } = await q.gov.proposal(id)
        return proposal.status === ProposalStatus.PROPOSAL_STATUS_PASSED
          ? proposal.status
          : undefined
      },
      20_000,
      'the proposal to pass',
    )
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED)
  })

  test("behavior: Comet38Client over CometBFT's websocket receives NewBlock events of consecutive heights", async () => {
    const errors: unknown[] = []
    const ws = await Comet38Client.create(
      new WebsocketClient(rpc.replace('http://', 'ws://'), (err) => errors.push(err)),
    )
    cleanups.push(() => ws.disconnect())
    const heads: comet38.NewBlockEvent[] = []
    const sub = ws
      .subscribeNewBlock()
      .subscribe({ next: (e) => heads.push(e), error: (e) => errors.push(e) })
    cleanups.push(() => sub.unsubscribe())
    await waitFor(
      async () => (heads.length >= 3 ? true : undefined),
      20_000,
      'three NewBlock events',
    )
    expect(errors).toEqual([])
    expect(heads[0]!.header.chainId).toBe(CHAIN_ID)
    expect(heads[1]!.header.height).toBe(heads[0]!.header.height + 1)
    expect(heads[2]!.header.height).toBe(heads[1]!.header.height + 1)
  })

  test('behavior: POST /cosmos/tx/v1beta1/txs reaches CometBFT: the tx lands in a block and the REST look-up answers it; sent again, CometBFT refuses it as already in its cache (code 19)', async () => {
    const alice = await signer(README.alice.mnemonic)
    const msg = {
      typeUrl: '/cosmos.bank.v1beta1.MsgSend',
      value: MsgSend.fromPartial({
        fromAddress: ALICE,
        toAddress: BOB,
        amount: [{ denom: 'token', amount: '77' }],
      }),
    }
    const signed = await alice.sign(
      ALICE,
      [msg],
      { amount: [{ denom: 'stake', amount: '5000' }], gas: '200000' },
      'rest',
    )
    const bytes = TxRaw.encode(signed).finish()
    const post = () =>
      fetch(`${node.api}/cosmos/tx/v1beta1/txs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tx_bytes: Buffer.from(bytes).toString('base64'),
          mode: 'BROADCAST_MODE_SYNC',
        }),
      })
    const res = await post()
    const body = (await res.json()) as any
    expect(res.status).toBe(200)
    expect(body.tx_response).toMatchObject({ code: 0, txhash: txHash(bytes), height: '0' })

    const landed = await waitFor(
      async () => {
        const r = await rest(`/cosmos/tx/v1beta1/txs/${txHash(bytes)}`)
        return r.status === 200 ? r.body : undefined
      },
      20_000,
      'the REST look-up of the broadcast tx',
    )
    expect(landed.tx_response.code).toBe(0)
    expect(landed.tx.body.memo).toBe('rest')
    const height = Number(landed.tx_response.height)
    // CometBFT's own block at that height holds these very bytes.
    const block = await (await fetch(`${rpc}/block?height=${height}`)).json()
    expect((block as any).result.block.data.txs).toContain(Buffer.from(bytes).toString('base64'))
    // sdkd's block route answers the same block from CometBFT.
    const viaRest = await rest(`/cosmos/base/tendermint/v1beta1/blocks/${height}`)
    expect(viaRest.body.block.data.txs).toContain(Buffer.from(bytes).toString('base64'))
    expect(viaRest.body.block.header.chain_id).toBe(CHAIN_ID)

    const again = (await (await post()).json()) as any
    expect(again.tx_response).toMatchObject({ code: 19, txhash: txHash(bytes) })
  })

  test('behavior: gRPC Service/BroadcastTx reaches CometBFT too, and gRPC Service/GetTx answers the tx once it is in a block', async () => {
    const bob = await signer(README.bob.mnemonic)
    const signed = await bob.sign(
      BOB,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: MsgSend.fromPartial({
            fromAddress: BOB,
            toAddress: ALICE,
            amount: [{ denom: 'token', amount: '5' }],
          }),
        },
      ],
      { amount: [{ denom: 'stake', amount: '5000' }], gas: '200000' },
      'grpc',
    )
    const bytes = TxRaw.encode(signed).finish()
    const { response } = await grpcUnary(
      '/cosmos.tx.v1beta1.Service/BroadcastTx',
      BroadcastTxRequest.encode({
        txBytes: bytes,
        mode: BroadcastMode.BROADCAST_MODE_SYNC,
      }).finish(),
      (b) => BroadcastTxResponse.decode(b),
    )
    expect(response.txResponse).toMatchObject({ code: 0, txhash: txHash(bytes) })
    const got = await waitFor(
      async () => {
        try {
          return (
            await grpcUnary(
              '/cosmos.tx.v1beta1.Service/GetTx',
              GetTxRequest.encode({ hash: txHash(bytes) }).finish(),
              (b) => GetTxResponse.decode(b),
            )
          ).response
        } catch {
          return undefined
        }
      },
      20_000,
      'gRPC GetTx of the broadcast tx',
    )
    expect(got.txResponse!.code).toBe(0)
    expect(got.tx!.body!.memo).toBe('grpc')
    expect(got.txResponse!.height).toBeGreaterThan(0n)
  })

  test("behavior: the node service's node info, syncing and latest block are CometBFT's", async () => {
    const status = ((await (await fetch(`${rpc}/status`)).json()) as any).result
    const info = await rest('/cosmos/base/tendermint/v1beta1/node_info')
    expect(info.body.default_node_info).toMatchObject({
      default_node_id: status.node_info.id,
      network: CHAIN_ID,
      version: status.node_info.version,
      listen_addr: status.node_info.listen_addr,
    })
    expect(info.body.application_version.app_name).toBe('sdkd')
    expect((await rest('/cosmos/base/tendermint/v1beta1/syncing')).body).toEqual({ syncing: false })
    const latest = await rest('/cosmos/base/tendermint/v1beta1/blocks/latest')
    expect(Number(latest.body.block.header.height)).toBeGreaterThanOrEqual(
      Number(status.sync_info.latest_block_height),
    )
    expect(latest.body.sdk_block.header.proposer_address).toMatch(/^cosmosvalcons1/)
  })

  test("behavior: the dashboard serves its state pages at the app's height and a tx's page; for blocks it points to CometBFT", async () => {
    const overview = await fetch(`${node.api}/`)
    const page = await overview.text()
    expect(overview.status).toBe(200)
    expect(page).toContain('<title>Overview · cometbft-clients · sdkd</title>')
    const note =
      'This node&#39;s blocks are CometBFT&#39;s (sdkd start --consensus cometbft): the explorer lists none. Ask CometBFT&#39;s RPC (/block?height=H) or the REST routes /cosmos/base/tendermint/v1beta1/blocks/H and /cosmos/tx/v1beta1/txs/HASH.'
    expect(page).toContain(note)
    expect(page).toMatch(/data-testid="height">\d+</)
    const validators = await fetch(`${node.api}/dashboard/validators`)
    expect(validators.status).toBe(200)
    expect(await validators.text()).toContain(VALOPER)
    const tx = await fetch(`${node.api}/dashboard/txs/${send.transactionHash}`)
    expect(tx.status).toBe(200)
    expect(await tx.text()).toContain(send.transactionHash)
    const block = await fetch(`${node.api}/dashboard/blocks/${send.height}`)
    expect(block.status).toBe(404)
    expect(await block.text()).toContain(note)
  })

  test('error: sdkd dev mine against CometBFT is refused: the dev API is not available on this node', async () => {
    const r = await runSdkd(['dev', 'mine', '--node', rpc])
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain(
      'the dev API is not available on this node: its blocks come from CometBFT (sdkd start --consensus cometbft)',
    )
  })
})
