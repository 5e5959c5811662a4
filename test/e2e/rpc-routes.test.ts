import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Comet38Client, HttpClient } from '@cosmjs/tendermint-rpc'
import { ed25519 } from '@noble/curves/ed25519.js'
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseCoins } from '../../src/codec/coins.js'
import { idleAfterAnswer } from '../helpers/pipelined.js'
import { createTxTestNode } from '../helpers/tx-node.js'

/**
 * The CometBFT v0.38 RPC of an in-process node (its real HTTP server on port 0, every route as the
 * node wires them), checked against the reference (cometbft-rpc-websocket-metrics.md §1–§2, §4.4):
 * exact keys, int64 as strings, hex vs base64, upstream error texts, URI and JSON-RPC forms. Expected
 * values come from the home's files (priv_validator_key.json, genesis.json), from other routes, or
 * are recomputed here (hashes, signatures, merkle proofs).
 */

let t: Awaited<ReturnType<typeof createTxTestNode>>
let url: string
let privKey: { address: string; pub_key: { type: string; value: string } }
let genesisFile: any
/** Heights: H2 holds three txs, H3 a dev_fund transfer (block events only). */
const H2 = 2
const H3 = 3
const txs: Uint8Array[] = []
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64')
const sha256 = (...parts: Uint8Array[]) => {
  const h = createHash('sha256')
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}
const hashHex = (tx: Uint8Array) => Buffer.from(sha256(tx)).toString('hex').toUpperCase()

/** A JSON-RPC POST; the whole reply. */
async function call(method: string, params: unknown = {}): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(res.status, method).toBe(200)
  return res.json()
}

/** A successful call's result. */
async function result(method: string, params: unknown = {}): Promise<any> {
  const reply = await call(method, params)
  if (!('result' in reply)) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
  return reply.result
}

/** A route error's data (JSON-RPC: -32603 Internal error, HTTP 200). */
async function routeError(method: string, params: unknown = {}): Promise<string> {
  const reply = await call(method, params)
  expect(reply.error, JSON.stringify(reply.result)).toMatchObject({
    code: -32603,
    message: 'Internal error',
  })
  return reply.error.data
}

/** A URI GET: status and body. */
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`)
  return { status: res.status, body: await res.json() }
}

const latest = () => t.node.blocks.latest!.block.header.height

beforeAll(async () => {
  t = await createTxTestNode({
    node: (n) => {
      n.rpc.laddr = 'tcp://127.0.0.1:0'
    },
    app: (a) => {
      a.grpc.enable = false
      a.api.enable = false
      a.dev.enable = true
    },
  })
  t.node.producer.setMining({ mode: 'manual', intervalMs: 0 })
  await t.node.start()
  url = `http://${t.node.addresses.rpc}`
  privKey = JSON.parse(await readFile(join(t.home, 'config/priv_validator_key.json'), 'utf8'))
  genesisFile = JSON.parse(await readFile(join(t.home, 'config/genesis.json'), 'utf8'))

  await t.block() // 1: empty
  txs.push(t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '5stake')]))
  txs.push(t.signed(t.bob, [t.msgSend(t.bob, t.alice.address, '7stake')]))
  txs.push(t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1token')], { sequence: 1n }))
  for (const tx of txs) expect((await result('broadcast_tx_sync', { tx: b64(tx) })).code).toBe(0)
  expect((await t.block()).block.header.height).toBe(H2)
  // 3: a bank send in the block itself (dev_fund): block-level events.
  expect(await t.node.dev!.fund(t.bob.address, parseCoins('3stake'), t.alice.address)).toBe(H3)
  await t.block() // 4: empty
})

afterAll(async () => {
  await t?.close()
})

describe('connections', () => {
  test("behavior: a kept-alive connection waits CometBFT's 10 s read timeout for its next request (Keep-Alive: timeout=10), not Node's 5 s", async () => {
    // Past Node's own keep-alive timeout (5 s), well before CometBFT's (10 s).
    const { reply, open } = await idleAfterAnswer(Number(new URL(url).port), '/health', 6_500)
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Keep-Alive: timeout=10\r\n/)
    expect(reply.endsWith('{"jsonrpc":"2.0","id":-1,"result":{}}')).toBe(true)
    expect(open).toBe(true)
  })

  test('behavior: a body of notifications only is an empty 200 with Content-Length: 0, as CometBFT writes it (not chunked)', async () => {
    const res = await fetch(url, { method: 'POST', body: '[{"jsonrpc":"2.0","method":"health"}]' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe('0')
    expect(res.headers.get('transfer-encoding')).toBeNull()
    expect(await res.text()).toBe('')
  })
})

describe('JSON-RPC without a params key', () => {
  /** A raw POST: status and body text. */
  const postRaw = async (body: string) => {
    const res = await fetch(url, { method: 'POST', body })
    return { status: res.status, text: await res.text() }
  }
  // CometBFT v0.38.26's answer, byte for byte.
  const panic =
    '{"jsonrpc":"2.0","id":-1,"error":{"code":-32603,"message":"Internal error","data":"reflect: Call with too few input arguments"}}'

  test('error: a method taking arguments is Go’s reflect.Call panic (HTTP 500, id -1), a batch holding one too; one without arguments answers', async () => {
    const taking = [
      'block',
      'validators',
      'tx_search',
      'block_search',
      'abci_query',
      'unconfirmed_txs',
      'genesis_chunked',
      'broadcast_tx_sync',
      'check_tx',
      'tx',
    ]
    for (const method of taking) {
      expect(await postRaw(`{"jsonrpc":"2.0","id":1,"method":"${method}"}`), method).toEqual({
        status: 500,
        text: panic,
      })
    }
    for (const method of ['status', 'health', 'net_info', 'num_unconfirmed_txs', 'genesis']) {
      const reply = await postRaw(`{"jsonrpc":"2.0","id":1,"method":"${method}"}`)
      expect(reply.status, method).toBe(200)
      expect(JSON.parse(reply.text), method).toHaveProperty('result')
    }
    expect(await postRaw('{"jsonrpc":"2.0","id":1,"method":"health"}')).toEqual({
      status: 200,
      text: '{"jsonrpc":"2.0","id":1,"result":{}}',
    })
    // params null and {} are "no arguments given", as before.
    for (const params of ['null', '{}']) {
      const reply = await postRaw(`{"jsonrpc":"2.0","id":1,"method":"block","params":${params}}`)
      expect(reply.status).toBe(200)
      expect(JSON.parse(reply.text).result.block.header.height).toBe(String(latest()))
    }
    expect(
      await postRaw(
        '[{"jsonrpc":"2.0","id":1,"method":"health"},{"jsonrpc":"2.0","id":2,"method":"validators"}]',
      ),
    ).toEqual({ status: 500, text: panic })
  })
})

describe('validators, consensus_params, genesis', () => {
  test('behavior: validators lists the genesis validator (priv_validator_key.json) at the next height', async () => {
    const r = await result('validators')
    expect(r).toEqual({
      block_height: String(latest() + 1),
      validators: [
        {
          address: privKey.address,
          pub_key: { type: 'tendermint/PubKeyEd25519', value: privKey.pub_key.value },
          voting_power: '10',
          proposer_priority: '0',
        },
      ],
      count: '1',
      total: '1',
    })
    expect(Object.keys(r)).toEqual(['block_height', 'validators', 'count', 'total'])
    // Paging: page 1 of one; per_page out of bounds is clamped, never an error.
    expect(
      (await result('validators', { height: '1', page: '1', per_page: '0' })).block_height,
    ).toBe('1')
    const uri = await get('/validators?height=2&page=1&per_page=1000')
    expect(uri.body.result).toEqual({ ...r, block_height: '2' })
  })

  test('error: validators: page, heights and a bare number, with upstream texts', async () => {
    const next = latest() + 1
    expect(await routeError('validators', { page: '2' })).toBe(
      'page should be within [1, 1] range, given 2',
    )
    expect(await routeError('validators', { height: String(next + 1) })).toBe(
      `height ${next + 1} must be less than or equal to the current blockchain height ${next}`,
    )
    expect(await routeError('validators', { height: '0' })).toBe(
      'height must be greater than 0, but got 0',
    )
    // Numbers past 2^53 are echoed whole, as Go's int64 prints them.
    expect(await routeError('validators', { height: '9223372036854775807' })).toBe(
      `height 9223372036854775807 must be less than or equal to the current blockchain height ${next}`,
    )
    expect(await routeError('validators', { height: '-9223372036854775808' })).toBe(
      'height must be greater than 0, but got -9223372036854775808',
    )
    expect(await routeError('validators', { page: '9007199254740993' })).toBe(
      'page should be within [1, 1] range, given 9007199254740993',
    )
    expect(await call('validators', { height: 5 })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message: 'Invalid params',
        data: 'error converting json params to arguments: invalid 64-bit integer encoding "5", expected string',
      },
    })
  })

  test('behavior: consensus_params: the default params (reference §2.3) at the next height', async () => {
    const params = {
      block: { max_bytes: '22020096', max_gas: '-1' },
      evidence: {
        max_age_num_blocks: '100000',
        max_age_duration: '172800000000000',
        max_bytes: '1048576',
      },
      validator: { pub_key_types: ['ed25519'] },
      version: { app: '0' },
      abci: { vote_extensions_enable_height: '0' },
    }
    expect(await result('consensus_params')).toEqual({
      block_height: String(latest() + 1),
      consensus_params: params,
    })
    expect((await get('/consensus_params?height=1')).body.result).toEqual({
      block_height: '1',
      consensus_params: params,
    })
  })

  test('behavior: genesis serves genesis.json as CometBFT’s GenesisDoc', async () => {
    const { genesis } = await result('genesis')
    expect(Object.keys(genesis)).toEqual([
      'genesis_time',
      'chain_id',
      'initial_height',
      'consensus_params',
      'validators',
      'app_hash',
      'app_state',
    ])
    const v = genesisFile.consensus.validators[0]
    expect(genesis).toEqual({
      genesis_time: genesisFile.genesis_time,
      chain_id: 'tx-test',
      initial_height: '1',
      consensus_params: (await result('consensus_params')).consensus_params,
      validators: [
        {
          address: privKey.address,
          pub_key: { type: 'tendermint/PubKeyEd25519', value: privKey.pub_key.value },
          power: v.power,
          name: v.name,
        },
      ],
      app_hash: '',
      app_state: genesisFile.app_state,
    })
  })

  test('behavior: genesis_chunked: one chunk holding the base64 of the genesis JSON', async () => {
    const r = await result('genesis_chunked', { chunk: '0' })
    expect(Object.keys(r)).toEqual(['chunk', 'total', 'data'])
    expect(r).toMatchObject({ chunk: '0', total: '1' })
    const doc = JSON.parse(Buffer.from(r.data, 'base64').toString('utf8'))
    expect(doc).toEqual((await result('genesis')).genesis)
    expect((await get('/genesis_chunked')).body.result).toEqual(r)
    expect(await routeError('genesis_chunked', { chunk: '1' })).toBe(
      'there are 0 chunks, 1 is invalid',
    )
    expect(await routeError('genesis_chunked', { chunk: '18446744073709551615' })).toBe(
      'there are 0 chunks, 18446744073709551615 is invalid',
    )
    expect((await get('/genesis_chunked?chunk=-1')).body.error.data).toBe(
      'error converting http params to arguments: json: cannot unmarshal number -1 into Go value of type uint',
    )
  })
})

describe('blocks, headers, commits', () => {
  test('behavior: header and header_by_hash answer the block route’s header; unknown → null', async () => {
    const block = await result('block', { height: String(H2) })
    const header = await result('header', { height: String(H2) })
    expect(header).toEqual({ header: block.block.header })
    expect(await result('header_by_hash', { hash: block.block_id.hash.toLowerCase() })).toEqual(
      header,
    )
    expect((await get(`/header_by_hash?hash=0x${block.block_id.hash}`)).body.result).toEqual(header)
    expect(await result('header_by_hash', { hash: '00'.repeat(32) })).toEqual({ header: null })
    expect((await result('header')).header.height).toBe(String(latest()))
    expect(await routeError('header', { height: String(latest() + 1) })).toBe(
      `height ${latest() + 1} must be less than or equal to the current blockchain height ${latest()}`,
    )
  })

  test('behavior: block_by_hash (base64 in JSON-RPC, 0x in the URI) answers the block; unknown → empty id, null block', async () => {
    const block = await result('block', { height: String(H2) })
    const hash = Buffer.from(block.block_id.hash, 'hex')
    expect(await result('block_by_hash', { hash: b64(hash) })).toEqual(block)
    expect((await get(`/block_by_hash?hash=0x${block.block_id.hash}`)).body.result).toEqual(block)
    expect(await result('block_by_hash', { hash: b64(new Uint8Array(32)) })).toEqual({
      block_id: { hash: '', parts: { total: 0, hash: '' } },
      block: null,
    })
    // The block's txs hash to its data_hash's leaves; the header hash is its id.
    expect(block.block.data.txs).toEqual(txs.map(b64))
  })

  test('behavior: commit of a past height is the next block’s last_commit (canonical); the latest is signed, not canonical', async () => {
    const block = await result('block', { height: String(H2) })
    const next = await result('block', { height: String(H2 + 1) })
    const past = await result('commit', { height: String(H2) })
    expect(past).toEqual({
      signed_header: { header: block.block.header, commit: next.block.last_commit },
      canonical: true,
    })
    expect(past.signed_header.commit.block_id).toEqual(block.block_id)

    const top = await result('commit')
    const head = await result('block')
    expect(Object.keys(top)).toEqual(['signed_header', 'canonical'])
    expect(top.canonical).toBe(false)
    expect(top.signed_header.header).toEqual(head.block.header)
    const c = top.signed_header.commit
    expect(c).toMatchObject({ height: String(latest()), round: 0, block_id: head.block_id })
    expect(c.signatures).toHaveLength(1)
    expect(c.signatures[0]).toMatchObject({ block_id_flag: 2, validator_address: privKey.address })
    // Both signatures verify under the validator's key (CometBFT's canonical precommit).
    for (const commit of [c, past.signed_header.commit]) {
      const sig = commit.signatures[0]
      expect(
        ed25519.verify(
          Buffer.from(sig.signature, 'base64'),
          voteSignBytes('tx-test', commit.height, commit.block_id, sig.timestamp),
          Buffer.from(privKey.pub_key.value, 'base64'),
        ),
      ).toBe(true)
    }
  })

  test('behavior: blockchain: newest first, at most 20, min/max as upstream; errors', async () => {
    const r = await result('blockchain', { minHeight: '2', maxHeight: '3' })
    expect(r.last_height).toBe(String(latest()))
    expect(r.block_metas.map((m: any) => m.header.height)).toEqual(['3', '2'])
    expect(Object.keys(r.block_metas[0])).toEqual(['block_id', 'block_size', 'header', 'num_txs'])
    const b2 = await result('block', { height: '2' })
    expect(r.block_metas[1]).toMatchObject({
      block_id: b2.block_id,
      header: b2.block.header,
      num_txs: '3',
    })
    expect(
      (await get('/blockchain?minHeight=3&maxHeight=99')).body.result.block_metas,
    ).toHaveLength(latest() - 2)
    expect(await routeError('blockchain', { minHeight: '3', maxHeight: '2' })).toBe(
      "min height 3 can't be greater than max height 2",
    )
    expect(await routeError('blockchain', { minHeight: '-1' })).toBe('heights must be non-negative')
    expect(await routeError('blockchain', { minHeight: '9223372036854775807' })).toBe(
      `min height 9223372036854775807 can't be greater than max height ${latest()}`,
    )
  })

  test('behavior: block_results: full tx results, base64 app hash, the app’s consensus params', async () => {
    const r = await result('block_results', { height: String(H2) })
    expect(Object.keys(r)).toEqual([
      'height',
      'txs_results',
      'finalize_block_events',
      'validator_updates',
      'consensus_param_updates',
      'app_hash',
    ])
    const next = await result('block', { height: String(H2 + 1) })
    // The app hash after H2 is H2+1's header app_hash (hex there, base64 here).
    expect(r.app_hash).toBe(b64(Buffer.from(next.block.header.app_hash, 'hex')))
    // The block's own events, in BeginBlock: x/mint's provision to the fee collector, then
    // x/distribution's move of the fee collector's coins to its account.
    const types = r.finalize_block_events.map((e: { type: string }) => e.type)
    expect(types.slice(-5)).toEqual(['mint', 'coin_spent', 'coin_received', 'transfer', 'message'])
    expect(r).toMatchObject({
      height: String(H2),
      validator_updates: null,
      // SDK v0.50 returns its params from every FinalizeBlock; CometBFT prints the proto (omitempty).
      consensus_param_updates: {
        block: { max_bytes: '22020096', max_gas: '-1' },
        evidence: {
          max_age_num_blocks: '100000',
          max_age_duration: '172800000000000',
          max_bytes: '1048576',
        },
        validator: { pub_key_types: ['ed25519'] },
        version: {},
        abci: {},
      },
    })
    expect(r.txs_results).toHaveLength(3)
    // jsonpb with EmitDefaults: every field, zeros included.
    expect(Object.keys(r.txs_results[0])).toEqual([
      'code',
      'data',
      'log',
      'info',
      'gas_wanted',
      'gas_used',
      'events',
      'codespace',
    ])
    expect(r.txs_results[0]).toMatchObject({
      code: 0,
      log: '',
      info: '',
      codespace: '',
      gas_wanted: '200000',
    })
    for (const e of r.txs_results[0].events)
      for (const a of e.attributes) expect(Object.keys(a)).toEqual(['key', 'value', 'index'])
    // A block with no txs: null results; the dev_fund block's events are block-level.
    expect((await result('block_results', { height: '1' })).txs_results).toBeNull()
    const fund = await result('block_results', { height: String(H3) })
    expect(fund.finalize_block_events.map((e: any) => e.type)).toContain('transfer')
  })

  test('behavior: net_info, consensus_state and dump_consensus_state of a lone validator', async () => {
    expect(await result('net_info')).toEqual({
      listening: true,
      listeners: ['Listener(@)'],
      n_peers: '0',
      peers: [],
    })
    const simple = (await result('consensus_state')).round_state
    expect(simple['height/round/step']).toBe(`${latest() + 1}/0/1`)
    expect(simple.proposer).toEqual({ address: privKey.address, index: 0 })
    const dump = await result('dump_consensus_state')
    expect(Object.keys(dump)).toEqual(['round_state', 'peers'])
    expect(dump.peers).toEqual([])
    expect(dump.round_state).toMatchObject({
      height: String(latest() + 1),
      round: 0,
      step: 1,
      proposal: null,
      locked_round: -1,
      valid_round: -1,
      votes: simple.height_vote_set,
      triggered_timeout_precommit: false,
    })
    expect(dump.round_state.validators.validators[0].address).toBe(privKey.address)
    expect(dump.round_state.last_commit.votes_bit_array).toBe('BA{1:x} 10/10 = 1.00')
  })

  test('error: broadcast_evidence: none given, or evidence the simulated consensus does not take (the dev API makes it)', async () => {
    expect(await routeError('broadcast_evidence')).toBe('no evidence was provided')
    expect(
      await routeError('broadcast_evidence', {
        evidence: { type: 'tendermint/DuplicateVoteEvidence', value: {} },
      }),
    ).toBe(
      "failed to add evidence: sdkd's simulated consensus keeps no evidence pool: make a validator double-sign with dev_doubleSign, or attack a light client with dev_lightClientAttack",
    )
    expect(
      (await call('broadcast_evidence', { evidence: { type: 'x', value: {} } })).error,
    ).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: 'error converting json params to arguments: unknown type "x"',
    })
    // A null value is a value (libs/json decodes null into the type's zero), an absent one is not.
    expect(
      await routeError('broadcast_evidence', {
        evidence: { type: 'tendermint/LightClientAttackEvidence', value: null },
      }),
    ).toMatch(/^failed to add evidence: /)
    expect(
      (await call('broadcast_evidence', { evidence: { type: 'tendermint/DuplicateVoteEvidence' } }))
        .error,
    ).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: 'error converting json params to arguments: interface value cannot be empty',
    })
  })
})

describe('txs: tx with proofs, tx_search, block_search, check_tx, the mempool', () => {
  test('behavior: tx?prove=true gives a merkle proof that verifies against the header’s data_hash', async () => {
    const header = (await result('header', { height: String(H2) })).header
    for (const [i, tx] of txs.entries()) {
      const r = await result('tx', { hash: b64(sha256(tx)), prove: true })
      expect(Object.keys(r)).toEqual(['hash', 'height', 'index', 'tx_result', 'tx', 'proof'])
      expect(r).toMatchObject({ hash: hashHex(tx), height: String(H2), index: i, tx: b64(tx) })
      expect(r.proof).toMatchObject({
        root_hash: header.data_hash,
        data: b64(tx),
        proof: { total: '3', index: String(i) },
      })
      const leaf = sha256(Uint8Array.of(0), sha256(tx))
      expect(r.proof.proof.leaf_hash).toBe(b64(leaf))
      const aunts = r.proof.proof.aunts.map((a: string) => new Uint8Array(Buffer.from(a, 'base64')))
      expect(
        Buffer.from(rootFromAunts(i, 3, leaf, aunts))
          .toString('hex')
          .toUpperCase(),
      ).toBe(header.data_hash)
    }
    // Without prove: no proof key.
    expect(Object.keys(await result('tx', { hash: b64(sha256(txs[0]!)) }))).not.toContain('proof')
  })

  test('behavior: tx_search: conditions hold within ONE event (since CometBFT 0.34.26)', async () => {
    const found = async (query: string) =>
      (await result('tx_search', { query })).txs.map((x: any) => x.hash)
    const [a, b] = [t.alice.address, t.bob.address]
    // sender and recipient are attributes of the same transfer event.
    expect(await found(`transfer.sender='${a}' AND transfer.recipient='${b}'`)).toEqual([
      hashHex(txs[0]!),
      hashHex(txs[2]!),
    ])
    // message.sender is in the message event, transfer.recipient in the transfer event: no tx.
    expect(await found(`message.sender='${a}' AND transfer.recipient='${b}'`)).toEqual([])
    expect(
      await found(`message.sender='${b}' AND message.action='/sdk.bank.v1beta1.MsgSend'`),
    ).toEqual([hashHex(txs[1]!)])
    // tx.height filters, whatever the event.
    expect(await found(`transfer.recipient='${b}' AND tx.height=${H2}`)).toHaveLength(2)
    expect(await found(`transfer.recipient='${b}' AND tx.height>${H2}`)).toEqual([])
  })

  test('error: tx_search: a query over 512 characters, a bad order', async () => {
    const q = (n: number) => `a.b='${'x'.repeat(n - 6)}'`
    expect(q(512)).toHaveLength(512)
    expect((await result('tx_search', { query: q(512) })).total_count).toBe('0')
    expect(await routeError('tx_search', { query: q(513) })).toBe('maximum query length exceeded')
    expect(await routeError('tx_search', { query: 'tx.height>0', order_by: 'up' })).toBe(
      'expected order_by to be either `asc` or `desc` or empty',
    )
  })

  test('error: tx_search and block_search: a query that does not parse, in CometBFT’s words (the AND it wants printed as Go prints it, 6)', async () => {
    const cases: [string, string][] = [
      ['tx.height=17 OR tx.height=18', 'offset 13: got tag, want 6'],
      ['tx.height=1e1', 'offset 11: got tag, want 6'],
      ['tx.height >= 0x10', 'offset 14: got tag, want 6'],
      ['tx.height>', 'offset 10: EOF'],
      ["tx.height>'5'", 'offset 10: got string, wanted number, timestamp or datestamp'],
    ]
    for (const method of ['tx_search', 'block_search']) {
      for (const [query, data] of cases) {
        const res = await fetch(url, {
          method: 'POST',
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { query } }),
        })
        expect([res.status, await res.text()], `${method} ${query}`).toEqual([
          200,
          `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error","data":"${data}"}}`,
        ])
      }
    }
  })

  test('behavior: block_search: block.height ranges, block events within one event, newest first', async () => {
    const heights = async (params: Record<string, string>) => {
      const r = await result('block_search', params)
      expect(Object.keys(r)).toEqual(['blocks', 'total_count'])
      return r.blocks.map((x: any) => Number(x.block.header.height))
    }
    expect(await heights({ query: 'block.height>=2 AND block.height<=3' })).toEqual([3, 2])
    expect(
      await heights({ query: 'block.height>=2 AND block.height<=3', order_by: 'asc' }),
    ).toEqual([2, 3])
    expect(await heights({ query: 'block.height=2' })).toEqual([2])
    const [a, b] = [t.alice.address, t.bob.address]
    expect(
      await heights({ query: `transfer.sender='${a}' AND transfer.recipient='${b}'` }),
    ).toEqual([H3])
    expect(
      await heights({ query: `coin_spent.spender='${a}' AND transfer.recipient='${b}'` }),
    ).toEqual([])
    // Tx events are not block events.
    expect(await heights({ query: `message.action='/sdk.bank.v1beta1.MsgSend'` })).toEqual([])
    const r = await result('block_search', { query: 'block.height=2' })
    expect(r.blocks[0]).toEqual(await result('block', { height: '2' }))
    expect(await routeError('block_search', { query: 'block.height>0', page: '2' })).toBe(
      'page should be within [1, 1] range, given 2',
    )
    // A page past 2^53 is echoed whole, as Go's int prints it (tx_search's too).
    expect(
      await routeError('block_search', { query: 'block.height>0', page: '9223372036854775807' }),
    ).toBe('page should be within [1, 1] range, given 9223372036854775807')
    expect(
      await routeError('tx_search', { query: 'tx.height>0', page: '-9223372036854775808' }),
    ).toBe('page should be within [1, 1] range, given -9223372036854775808')
  })

  test('error: byte arguments are refused naming CometBFT’s Go type (types.Tx for tx, []uint8 for a hash); a JSON array of byte values is bytes', async () => {
    const raw = async (body: unknown) => {
      const res = await fetch(url, { method: 'POST', body: JSON.stringify(body) })
      return [res.status, await res.text()]
    }
    const invalid = (id: number, where: string, data: string) =>
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Invalid params","data":"error converting ${where} params to arguments: json: cannot unmarshal ${data}"}}`
    expect(
      await raw({ jsonrpc: '2.0', id: 1, method: 'broadcast_tx_sync', params: { tx: 1 } }),
    ).toEqual([200, invalid(1, 'json', 'number into Go value of type types.Tx')])
    expect(await raw({ jsonrpc: '2.0', id: 1, method: 'tx', params: { hash: 1 } })).toEqual([
      200,
      invalid(1, 'json', 'number into Go value of type []uint8'),
    ])
    expect(
      await raw({ jsonrpc: '2.0', id: 1, method: 'check_tx', params: { tx: [256, 1] } }),
    ).toEqual([200, invalid(1, 'json', 'number 256 into Go value of type uint8')])
    const uri = async (path: string) => {
      const res = await fetch(`${url}${path}`)
      return [res.status, await res.text()]
    }
    expect(await uri('/check_tx?tx=true')).toEqual([
      500,
      invalid(-1, 'http', 'bool into Go value of type types.Tx'),
    ])
    expect(await uri('/broadcast_tx_sync?tx=1')).toEqual([
      500,
      invalid(-1, 'http', 'number into Go value of type types.Tx'),
    ])
    expect(await uri('/block_by_hash?hash=%7B%7D')).toEqual([
      500,
      invalid(-1, 'http', 'object into Go value of type []uint8'),
    ])
    // [1] is the byte 0x01, as base64 "AQ==" (not a tx: refused by the app, the same either way).
    const asArray = await result('check_tx', { tx: [1] })
    expect(asArray).toEqual(await result('check_tx', { tx: 'AQ==' }))
    expect(asArray.code).not.toBe(0)
    expect((await get('/check_tx?tx=%5B1%5D')).body.result).toEqual(asArray)
    expect(await routeError('tx', { hash: [1, 2] })).toBe('tx (0102) not found')
  })

  test('behavior: check_tx answers the flat CheckTx result on the check state (its sequence bump holds until the next block); the mempool routes list waiting txs', async () => {
    expect(await result('num_unconfirmed_txs')).toEqual({
      n_txs: '0',
      total: '0',
      total_bytes: '0',
      txs: null,
    })
    expect((await result('unconfirmed_txs')).txs).toEqual([])
    const tx = t.signed(t.bob, [t.msgSend(t.bob, t.alice.address, '1stake')], { sequence: 1n })
    const checked = await result('check_tx', { tx: b64(tx) })
    expect(Object.keys(checked)).toEqual([
      'code',
      'data',
      'log',
      'info',
      'gas_wanted',
      'gas_used',
      'events',
      'codespace',
    ])
    expect(checked).toMatchObject({ code: 0, data: null, gas_wanted: '200000' })
    expect((await result('num_unconfirmed_txs')).n_txs).toBe('0')
    // check_tx ran on the check state, as CometBFT's: its sequence bump stays until the next block.
    const sync = async () => {
      const res = await fetch(url, {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'broadcast_tx_sync',
          params: { tx: b64(tx) },
        }),
      })
      return res.text()
    }
    expect(await sync()).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"code":32,"data":"","log":"account sequence mismatch, expected 2, got 1: incorrect account sequence","codespace":"sdk","hash":"${hashHex(tx)}"}}`,
    )
    expect((await result('num_unconfirmed_txs')).n_txs).toBe('0')
    await t.block()
    expect(await sync()).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"code":0,"data":"","log":"","codespace":"","hash":"${hashHex(tx)}"}}`,
    )
    expect(await result('num_unconfirmed_txs')).toEqual({
      n_txs: '1',
      total: '1',
      total_bytes: String(tx.length),
      txs: null,
    })
    expect(await result('unconfirmed_txs', { limit: '1' })).toEqual({
      n_txs: '1',
      total: '1',
      total_bytes: String(tx.length),
      txs: [b64(tx)],
    })
    await t.block()
    expect((await result('num_unconfirmed_txs')).n_txs).toBe('0')
  })

  test('behavior: blockchain returns at most 20 metas', async () => {
    await t.node.producer.produceBlocks(20)
    const r = await result('blockchain')
    const top = latest()
    expect(r.block_metas.map((m: any) => Number(m.header.height))).toEqual(
      Array.from({ length: 20 }, (_, i) => top - i),
    )
    const low = await result('blockchain', { minHeight: '1', maxHeight: '25' })
    expect(low.block_metas.map((m: any) => Number(m.header.height))).toEqual(
      Array.from({ length: 20 }, (_, i) => 25 - i),
    )
  })
})

describe('cosmjs Comet38Client (unmodified) parses every answer', () => {
  test('behavior: status, block, blockResults, commit, validatorsAll, genesis, blockchain, abciInfo', async () => {
    const client = await Comet38Client.create(new HttpClient(url))
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase()
    const status = await client.status()
    expect(status.nodeInfo.network).toBe('tx-test')
    expect(status.syncInfo.latestBlockHeight).toBe(latest())
    expect(hex(status.validatorInfo.address)).toBe(privKey.address)

    const head = await result('header', { height: String(H2) })
    const block = await client.block(H2)
    expect(block.block.txs.map(b64)).toEqual(txs.map(b64))
    expect(hex(block.block.header.appHash)).toBe(head.header.app_hash)
    const results = await client.blockResults(H2)
    expect(results.results.map((r) => [r.code, r.gasWanted])).toEqual([
      [0, 200000n],
      [0, 200000n],
      [0, 200000n],
    ])
    expect(results.consensusUpdates?.block?.maxBytes).toBe(22020096)
    const commit = await client.commit(H2)
    expect(commit.canonical).toBe(true)
    expect(hex(commit.commit.blockId.hash)).toBe(hex(block.blockId.hash))
    expect((await client.commit()).canonical).toBe(false)

    const validators = await client.validatorsAll()
    expect(validators.total).toBe(1)
    expect(b64(validators.validators[0]!.pubkey!.data)).toBe(privKey.pub_key.value)
    const genesis = await client.genesis()
    expect(genesis.chainId).toBe('tx-test')
    expect(hex(genesis.validators[0]!.address)).toBe(privKey.address)
    expect(genesis.consensusParams.block?.maxBytes).toBe(22020096)

    const chain = await client.blockchain(1, 3)
    expect(chain.blockMetas.map((m) => m.header.height)).toEqual([3, 2, 1])
    const info = await client.abciInfo()
    expect(info.lastBlockHeight).toBe(latest())
    client.disconnect()
  })

  test('behavior: txSearch, tx, blockSearch, abciQuery, numUnconfirmedTxs, broadcastTxSync', async () => {
    const client = await Comet38Client.create(new HttpClient(url))
    const hash = sha256(txs[1]!)
    const search = await client.txSearch({ query: `tx.hash='${hashHex(txs[1]!)}'`, prove: true })
    expect(search.totalCount).toBe(1)
    expect(search.txs[0]).toMatchObject({ height: H2, index: 1, hash })
    expect(search.txs[0]!.proof?.proof.total).toBe(3)
    expect((await client.tx({ hash })).index).toBe(1)
    const blocks = await client.blockSearch({ query: 'block.height=2' })
    expect(blocks.blocks.map((b) => b.block.header.height)).toEqual([2])

    const balance = await client.abciQuery({
      path: '/sdk.bank.v1beta1.Query/Balance',
      data: QueryBalanceRequest.encode({ address: t.alice.address, denom: 'stake' }).finish(),
    })
    expect(balance.code).toBe(0)
    expect(balance.height).toBe(latest())
    expect(BigInt(QueryBalanceResponse.decode(balance.value).balance!.amount)).toBe(
      await t.balance(t.alice.addressBytes),
    )

    expect((await client.numUnconfirmedTxs()).total).toBe(0)
    const tx = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '2stake')], { sequence: 2n })
    const sent = await client.broadcastTxSync({ tx })
    expect(sent.code).toBe(0)
    expect(sent.hash).toEqual(sha256(tx))
    expect((await client.numUnconfirmedTxs()).total).toBe(1)
    await t.block()
    client.disconnect()
  })
})

/** CometBFT's vote sign bytes (a length-prefixed CanonicalVote), written out here by hand. */
function voteSignBytes(
  chainId: string,
  height: string,
  blockId: { hash: string; parts: { total: number; hash: string } },
  timestamp: string,
): Uint8Array {
  const varint = (n: bigint) => {
    const out: number[] = []
    while (n > 0x7fn) {
      out.push(Number(n & 0x7fn) | 0x80)
      n >>= 7n
    }
    out.push(Number(n))
    return out
  }
  const bytesField = (field: number, b: number[] | Uint8Array) => [
    (field << 3) | 2,
    ...varint(BigInt(b.length)),
    ...b,
  ]
  const sfixed64 = (field: number, n: bigint) => {
    const b = Buffer.alloc(8)
    b.writeBigInt64LE(n)
    return [(field << 3) | 1, ...b]
  }
  const ms = Date.parse(timestamp)
  const frac = /\.(\d+)Z$/.exec(timestamp)?.[1] ?? ''
  const seconds = BigInt(Math.floor(ms / 1000))
  const nanos = BigInt(Number(frac.padEnd(9, '0') || '0'))
  const parts = [
    ...[1 << 3, ...varint(BigInt(blockId.parts.total))],
    ...bytesField(2, Buffer.from(blockId.parts.hash, 'hex')),
  ]
  const vote = [
    ...[1 << 3, 2], // SIGNED_MSG_TYPE_PRECOMMIT
    ...sfixed64(2, BigInt(height)),
    ...bytesField(4, [...bytesField(1, Buffer.from(blockId.hash, 'hex')), ...bytesField(2, parts)]),
    ...bytesField(5, [
      ...[1 << 3, ...varint(seconds)],
      ...(nanos > 0n ? [2 << 3, ...varint(nanos)] : []),
    ]),
    ...bytesField(6, Buffer.from(chainId, 'utf8')),
  ]
  return Uint8Array.from([...varint(BigInt(vote.length)), ...vote])
}

/** CometBFT's computeHashFromAunts: the root a leaf and its aunts give. */
function rootFromAunts(
  index: number,
  total: number,
  leaf: Uint8Array,
  aunts: Uint8Array[],
): Uint8Array {
  if (total === 1) {
    expect(aunts).toEqual([])
    return leaf
  }
  let k = 1
  while (k * 2 < total) k *= 2
  const last = aunts.at(-1)!
  const rest = aunts.slice(0, -1)
  return index < k
    ? sha256(Uint8Array.of(1), rootFromAunts(index, k, leaf, rest), last)
    : sha256(Uint8Array.of(1), last, rootFromAunts(index - k, total - k, leaf, rest))
}
