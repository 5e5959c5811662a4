import { Decimal } from '@cosmjs/math'
import { TextProposal } from 'cosmjs-types/cosmos/gov/v1beta1/gov'
import {
  QueryParamsRequest,
  QueryParamsResponse,
  QueryProposalRequest,
  QueryProposalResponse,
  QueryProposalsRequest,
  QueryVotesRequest,
  QueryVotesResponse,
} from 'cosmjs-types/cosmos/gov/v1beta1/query'
import { MsgSubmitProposal, MsgVoteWeighted } from 'cosmjs-types/cosmos/gov/v1beta1/tx'
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fromUtf8 } from '../../../../src/codec/bytes.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { abciQueryRoutes } from '../../../../src/server/rpc/abci-query.js'
import { createRpcApp } from '../../../../src/server/rpc/server.js'
import { createTxTestNode, testAccount } from '../../../helpers/tx-node.js'

/**
 * gov v1beta1 as unmodified clients meet it: messages encoded by cosmjs-types (upstream's field
 * numbers; brand sdk type URLs) go through CheckTx and a block; answers over `abci_query` decode with
 * cosmjs-types, and REST answers carry upstream's JSON.
 */
type T = Awaited<ReturnType<typeof createTxTestNode>>
let t: T
let rest: ReturnType<typeof createGateway>
let rpc: ReturnType<typeof createRpcApp>

const fee = [{ denom: 'stake', amount: 1n }]

/** Admits a tx and includes it in a block. */
async function include(bytes: Uint8Array) {
  expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
  await t.block()
}

async function abciQuery(path: string, data: Uint8Array) {
  const res = await rpc.request('/', {
    method: 'POST',
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'abci_query',
      params: { path, data: Buffer.from(data).toString('hex') },
    }),
  })
  const r = ((await res.json()) as any).result.response
  return { ...r, bytes: r.value ? Buffer.from(r.value, 'base64') : new Uint8Array() }
}

async function post(path: string, body: unknown) {
  const res = await rest.request(path, { method: 'POST', body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as any }
}

async function get(path: string) {
  const res = await rest.request(path)
  return { status: res.status, body: (await res.json()) as any }
}

beforeAll(async () => {
  // The tx node's alice and bob, alice with enough for a full deposit.
  t = await createTxTestNode({
    funded: [
      { account: testAccount(1), coins: '100000000stake' },
      { account: testAccount(2), coins: '1000000stake' },
    ],
  })
  rest = createGateway({ router: t.node.router })
  rpc = createRpcApp(abciQueryRoutes(t.node.router))
  await t.block()
})
afterAll(() => t.close())

describe('gov v1beta1 on the wire', () => {
  test('behavior: cosmjs-encoded v1beta1 messages are included; cosmjs-types decodes the answers', async () => {
    const content = {
      type_url: '/sdk.gov.v1beta1.TextProposal',
      value: TextProposal.encode({ title: 'Fund the docs', description: 'Signal only' }).finish(),
    }
    const submit = {
      type_url: '/sdk.gov.v1beta1.MsgSubmitProposal',
      value: MsgSubmitProposal.encode({
        content: { typeUrl: content.type_url, value: content.value },
        initialDeposit: [{ denom: 'stake', amount: '10000000' }],
        proposer: t.alice.address,
      }).finish(),
    }
    await include(t.signed(t.alice, [submit], { fee }))
    // cosmjs sends weights as atomics (Decimal with 18 digits).
    const atomics = (d: string) => Decimal.fromUserInput(d, 18).atomics
    const vote = {
      type_url: '/sdk.gov.v1beta1.MsgVoteWeighted',
      value: MsgVoteWeighted.encode({
        proposalId: 1n,
        voter: t.bob.address,
        options: [
          { option: 1, weight: atomics('0.7') },
          { option: 2, weight: atomics('0.3') },
        ],
      }).finish(),
    }
    await include(t.signed(t.bob, [vote], { fee }))

    const proposal = await abciQuery(
      '/sdk.gov.v1beta1.Query/Proposal',
      QueryProposalRequest.encode({ proposalId: 1n }).finish(),
    )
    expect(proposal.code).toBe(0)
    const p = QueryProposalResponse.decode(proposal.bytes).proposal
    expect(p.proposalId).toBe(1n)
    expect(p.status).toBe(2)
    expect(p.content?.typeUrl).toBe('/sdk.gov.v1beta1.TextProposal')
    expect(TextProposal.decode(p.content!.value)).toEqual({
      title: 'Fund the docs',
      description: 'Signal only',
    })
    expect(p.finalTallyResult).toEqual({ yes: '0', abstain: '0', no: '0', noWithVeto: '0' })
    expect(p.totalDeposit).toEqual([{ denom: 'stake', amount: '10000000' }])
    // The same proposal over REST: upstream's JSON, times as v1 has them.
    const v1 = (await get('/sdk/gov/v1/proposals/1')).body.proposal
    const json = await get('/sdk/gov/v1beta1/proposals/1')
    expect(json.status).toBe(200)
    expect(json.body).toEqual({
      proposal: {
        proposal_id: '1',
        content: {
          '@type': '/sdk.gov.v1beta1.TextProposal',
          title: 'Fund the docs',
          description: 'Signal only',
        },
        status: 'PROPOSAL_STATUS_VOTING_PERIOD',
        final_tally_result: { yes: '0', abstain: '0', no: '0', no_with_veto: '0' },
        submit_time: v1.submit_time,
        deposit_end_time: v1.deposit_end_time,
        total_deposit: [{ denom: 'stake', amount: '10000000' }],
        voting_start_time: v1.voting_start_time,
        voting_end_time: v1.voting_end_time,
      },
    })
    expect(p.votingEndTime.seconds).toBe(BigInt(Math.floor(Date.parse(v1.voting_end_time) / 1000)))

    // Votes: LegacyDec weights are atomics on the wire, decimal text in JSON.
    const votes = QueryVotesResponse.decode(
      (
        await abciQuery(
          '/sdk.gov.v1beta1.Query/Votes',
          QueryVotesRequest.encode({ proposalId: 1n }).finish(),
        )
      ).bytes,
    )
    expect(votes.votes).toEqual([
      {
        proposalId: 1n,
        voter: t.bob.address,
        option: 0,
        options: [
          { option: 1, weight: '700000000000000000' },
          { option: 2, weight: '300000000000000000' },
        ],
      },
    ])
    expect((await get('/sdk/gov/v1beta1/proposals/1/votes')).body.votes[0].options).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '0.700000000000000000' },
      { option: 'VOTE_OPTION_ABSTAIN', weight: '0.300000000000000000' },
    ])

    // Tally params: LegacyDec held as bytes, the text of the scaled integer.
    const params = QueryParamsResponse.decode(
      (
        await abciQuery(
          '/sdk.gov.v1beta1.Query/Params',
          QueryParamsRequest.encode({ paramsType: 'tallying' }).finish(),
        )
      ).bytes,
    )
    expect(fromUtf8(params.tallyParams.quorum)).toBe('334000000000000000')
    expect(fromUtf8(params.tallyParams.threshold)).toBe('500000000000000000')
    expect(fromUtf8(params.tallyParams.vetoThreshold)).toBe('334000000000000000')
    expect(params.votingParams.votingPeriod).toEqual({ seconds: 0n, nanos: 0 })
    expect(params.depositParams.minDeposit).toEqual([])
    expect((await get('/sdk/gov/v1beta1/params/tallying')).body.tally_params).toEqual({
      quorum: '0.334000000000000000',
      threshold: '0.500000000000000000',
      veto_threshold: '0.334000000000000000',
    })
  })

  test('error: a proposal v1beta1 cannot show is sdk code 29 over abci_query and REST', async () => {
    const metadataOnly = t.registry.packAny('/sdk.gov.v1.MsgSubmitProposal', {
      messages: [],
      initial_deposit: [{ denom: 'stake', amount: '100000' }],
      proposer: t.alice.address,
      metadata: 'ipfs://signal',
      title: 'Metadata only',
      summary: 'No messages',
    })
    await include(t.signed(t.alice, [metadataOnly], { fee, sequence: 1n }))
    const r = await abciQuery(
      '/sdk.gov.v1beta1.Query/Proposals',
      QueryProposalsRequest.encode({ proposalStatus: 0, voter: '', depositor: '' }).finish(),
    )
    expect(r).toMatchObject({
      code: 29,
      codespace: 'sdk',
      log: "can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one: invalid type",
      value: null,
    })
    expect(await get('/sdk/gov/v1beta1/proposals/2')).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "codespace sdk code 29: invalid type: can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one",
        details: [],
      },
    })
  })

  test('behavior: LegacyDec weights are decimal text in tx JSON and atomics in the tx bytes', async () => {
    const json = {
      body: {
        messages: [
          {
            '@type': '/sdk.gov.v1beta1.MsgVoteWeighted',
            proposal_id: '1',
            voter: t.bob.address,
            options: [
              { option: 'VOTE_OPTION_YES', weight: '0.7' },
              { option: 'VOTE_OPTION_NO', weight: '0.3' },
            ],
          },
        ],
      },
      auth_info: { fee: { gas_limit: '200000' } },
    }
    const encoded = await post('/sdk/tx/v1beta1/encode', { tx: json })
    expect(encoded.status).toBe(200)
    const raw = TxRaw.decode(Buffer.from(encoded.body.tx_bytes, 'base64'))
    const any = TxBody.decode(raw.bodyBytes).messages[0]!
    expect(MsgVoteWeighted.decode(any.value).options).toEqual([
      { option: 1, weight: '700000000000000000' },
      { option: 3, weight: '300000000000000000' },
    ])
    const decoded = await post('/sdk/tx/v1beta1/decode', { tx_bytes: encoded.body.tx_bytes })
    expect(decoded.body.tx.body.messages[0].options).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '0.700000000000000000' },
      { option: 'VOTE_OPTION_NO', weight: '0.300000000000000000' },
    ])
  })
})
