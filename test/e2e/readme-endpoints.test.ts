import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type KeyRecord, Keyring } from '../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { createGateway } from '../../src/server/rest/gateway.js'
import { createRpcApp } from '../../src/server/rpc/server.js'
import { txRoutes } from '../../src/server/rpc/tx-routes.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { codeSpans, docText, missingFrom } from '../helpers/docs.js'
import { boundPorts, getJson, runSdkd, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { createTxTestNode } from '../helpers/tx-node.js'

/**
 * Rows of docs/endpoints.md (the RPC and REST endpoints), against one real devnet process (`sdkd init
 * --devnet`, then `sdkd start` on port 0; blocks only on `dev_mine`), plus the rows about the gateway
 * or a route alone, in process. Expected values come from docs/endpoints.md and the CometBFT / SDK
 * references; the first tests check that the page lists every route and path the node serves and
 * still says what the others check.
 */

// README.md, "Devnet accounts".
const ALICE = 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn'
const BOB = 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34'
const ACCOUNT3 = 'sdk17eq9kkgz907t7qvhuv4kn3dtzss0z4y8vqkyw2'
const VALIDATOR = 'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk'
/** The devnet's chain id (docs/commands.md: `sdk-devnet-1` with `--devnet`). */
const CHAIN_ID = 'sdk-devnet-1'
/** A constitution the test puts into the genesis. */
const CONSTITUTION = 'Every documented row has a test that catches what it names.'

const registry = protoRegistry()
const cleanups = cleanupAfterAll()

let home: string
let genesis: any
/** `node_id` as `sdkd init` printed it. */
let nodeId: string
let rpcUrl: string
let api: string

/** A signer with the account numbers the test keeps track of. */
interface Signer {
  key: KeyRecord
  accountNumber: bigint
  sequence: bigint
}
const signers: Record<string, Signer> = {}

/** Upper-case hex sha256 of the tx bytes (docs/transactions.md: the tx hash). */
const hashOf = (tx: Uint8Array) => createHash('sha256').update(tx).digest('hex').toUpperCase()
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const hexToB64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64')

/** A JSON-RPC 2.0 call: the whole reply. */
async function rpc(method: string, params: Record<string, unknown> = {}): Promise<any> {
  const { body } = await getJson(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return body
}

/** A successful JSON-RPC call's result. */
async function result(method: string, params: Record<string, unknown> = {}): Promise<any> {
  const reply = await rpc(method, params)
  if (!reply.result) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
  return reply.result
}

/** Mines one block now (`dev_mine`); its height. */
async function mine(): Promise<number> {
  return Number((await result('dev_mine', { blocks: 1 })).height)
}

/** MsgSends from one signer in one tx (fee 200stake, gas 200000), at its next sequence. */
function sends(from: string, to: [string, string][], o: { sequence?: bigint } = {}): Uint8Array {
  const s = signers[from]!
  let tx = createUnsignedTx({
    messages: to.map(([address, amount]) =>
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: s.key.address,
        to_address: address,
        amount: [{ denom: amount.replace(/^\d+/, ''), amount: /^\d+/.exec(amount)![0] }],
      }),
    ),
    fee: { amount: [{ denom: 'stake', amount: 200n }], gasLimit: 200_000n },
  })
  tx = signTx(registry, tx, s.key, {
    chainId: CHAIN_ID,
    accountNumber: s.accountNumber,
    sequence: o.sequence ?? s.sequence,
  })
  return encodeTxRaw(registry, tx)
}

/** broadcast_tx_sync that CheckTx must accept; the signer's sequence moves on. */
async function admit(from: string, tx: Uint8Array): Promise<string> {
  const r = await result('broadcast_tx_sync', { tx: b64(tx) })
  expect(r, 'CheckTx').toMatchObject({ code: 0 })
  signers[from]!.sequence++
  return r.hash
}

beforeAll(async () => {
  const t = await tempDir('sdkd-endpoints-')
  cleanups.push(t.cleanup)
  home = t.dir
  const init = await runSdkd(['--home', home, 'init', 'node0', '--devnet'])
  expect(init.code, init.stderr).toBe(0)
  nodeId = init.stderr
    .split('\n')
    .filter((l) => l.includes('"node_id"'))
    .map((l) => JSON.parse(l).node_id as string)[0]!
  const genesisPath = join(home, 'config/genesis.json')
  genesis = JSON.parse(await readFile(genesisPath, 'utf8'))
  genesis.app_state.gov.constitution = CONSTITUTION
  await writeFile(genesisPath, JSON.stringify(genesis, null, 2))

  const node = startSdkd([
    '--home',
    home,
    'start',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
  ])
  cleanups.push(() => node.stop())
  const ports = await boundPorts(node, { api: true })
  rpcUrl = `http://127.0.0.1:${ports.rpcPort}`
  api = `http://127.0.0.1:${ports.apiPort}`
  await node.waitForLog((l) => l.msg === 'committed block')
  expect((await result('dev_setMining', { mode: 'manual' })).mode).toBe('manual')

  const keyring = Keyring.open(home)
  for (const name of ['alice', 'bob', 'account5']) {
    const key = await keyring.get(name)
    const { body } = await getJson(`${api}/sdk/auth/v1beta1/accounts/${key.address}`)
    signers[name] = {
      key,
      accountNumber: BigInt(body.account.account_number),
      sequence: BigInt(body.account.sequence),
    }
  }
})

/**
 * The search data set, at heights A < B < C (nothing before A: a fresh devnet has no txs):
 * A: tx1 alice → bob 100token;
 * B: tx2 alice → account3 250token, tx3 bob → alice 999999999999token (fails in the block: code 5,
 *    only the ante handler's events, so no `message.action`);
 * C: tx4 alice → bob 1token and → account3 2token (two messages: msg_index 0 and 1).
 */
const tx: Record<'tx1' | 'tx2' | 'tx3' | 'tx4', string> = { tx1: '', tx2: '', tx3: '', tx4: '' }
let A = 0
let B = 0
let C = 0
/** tx name by hash. */
const names = () => Object.fromEntries(Object.entries(tx).map(([name, hash]) => [hash, name]))

/** tx_search through JSON-RPC: the tx names found, in order, and total_count. */
async function search(query: string, params: Record<string, unknown> = {}) {
  const r = await result('tx_search', { query, ...params })
  return {
    txs: r.txs.map((t: { hash: string }) => names()[t.hash] ?? t.hash),
    total: r.total_count,
  }
}

/** tx_search's JSON-RPC error data. */
async function searchError(query: string, params: Record<string, unknown> = {}) {
  const reply = await rpc('tx_search', { query, ...params })
  expect(reply.error, JSON.stringify(reply.result)).toMatchObject({
    code: -32603,
    message: 'Internal error',
  })
  return reply.error.data as string
}

describe('docs/endpoints.md: what the node serves, and what these tests check', () => {
  test('behavior: every route the RPC lists at / is named on the page', async () => {
    const index = await (await fetch(`${rpcUrl}/`)).text()
    const routes = [...index.matchAll(/href="\/\/[^/"]+\/(\w+)\?/g)].map((m) => m[1]!)
    expect(routes).toContain('dev_mine')
    expect(routes.length).toBeGreaterThan(30)
    const named = new Set(codeSpans(docText('docs/endpoints.md')))
    expect(routes.filter((r) => !named.has(r))).toEqual([])
  })

  test('behavior: every path of the node OpenAPI document is written out in full on the page (POST ones as POST)', async () => {
    const { body } = await getJson(`${api}/swagger/swagger.json`)
    const text = docText('docs/endpoints.md')
    const literal = (s: string) => s.replace(/[{}?[\].*+^$|()\\/]/g, '\\$&')
    // A path ends where its code span does, or where a query string or an optional part starts.
    const written = (method: string, path: string) =>
      new RegExp(
        `${method === 'get' ? '' : `${method.toUpperCase()} `}${literal(path)}[\`?[ ]`,
      ).test(text)
    const operations = Object.entries(body.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => [method, path] as const),
    )
    expect(operations.length).toBeGreaterThan(40)
    expect(operations.filter(([m, p]) => !written(m, p)).map(([m, p]) => `${m} ${p}`)).toEqual([])
  })

  test('behavior: the page still says what the tests below check', () => {
    expect(
      missingFrom('docs/endpoints.md', [
        '`page should be within [1, N] range, given P`',
        'Results are in (height, index) order (`desc` reverses)',
        '`tx (<HASH>) not found`',
        '`timed out waiting for tx to be included in a block`',
        '| `broadcast_tx_async` | `tx` | the same with only `hash` meaningful |',
        "| `check_tx` | `tx` | CheckTx's answer (flat): the app's CheckTx on the mempool's check state",
        'after a passing `check_tx`, broadcasting the same tx fails with code 32',
        '`node_info` (`network` = chain id, `version` 0.38.12)',
        'ASYNC only the hash',
        '`GET /sdk/gov/v1/constitution`',
        '`/swagger/swagger.yaml`',
        '`Access-Control-Allow-Origin: *`',
      ]),
    ).toEqual([])
  })
})

describe('tx_search and GetTxsEvent: the query language on txs at known heights', () => {
  beforeAll(async () => {
    tx.tx1 = await admit('alice', sends('alice', [[BOB, '100token']]))
    A = await mine()
    tx.tx2 = await admit('alice', sends('alice', [[ACCOUNT3, '250token']]))
    tx.tx3 = await admit('bob', sends('bob', [[ALICE, '999999999999token']]))
    B = await mine()
    tx.tx4 = await admit(
      'alice',
      sends('alice', [
        [BOB, '1token'],
        [ACCOUNT3, '2token'],
      ]),
    )
    C = await mine()
    expect([B, C]).toEqual([A + 1, A + 2])
  })

  test('behavior: = < <= > >= on tx.height select the txs of those heights', async () => {
    expect(await search(`tx.height=${B}`)).toEqual({ txs: ['tx2', 'tx3'], total: '2' })
    expect(await search(`tx.height<${B}`)).toEqual({ txs: ['tx1'], total: '1' })
    expect(await search(`tx.height<=${B}`)).toEqual({ txs: ['tx1', 'tx2', 'tx3'], total: '3' })
    expect(await search(`tx.height>${A} AND tx.height<=${C}`)).toEqual({
      txs: ['tx2', 'tx3', 'tx4'],
      total: '3',
    })
    expect(await search(`tx.height>=${C} AND tx.height<=${C}`)).toEqual({
      txs: ['tx4'],
      total: '1',
    })
    // Each item is CometBFT's ResultTx.
    const r = await result('tx_search', { query: `tx.height=${A}` })
    expect(Object.keys(r)).toEqual(['txs', 'total_count'])
    expect(r.txs[0]).toMatchObject({ hash: tx.tx1, height: String(A), index: 0 })
    expect(Object.keys(r.txs[0])).toEqual(['hash', 'height', 'index', 'tx_result', 'tx'])
  })

  test('behavior: =, CONTAINS and EXISTS on event attributes, joined by AND', async () => {
    const upTo = ` AND tx.height<=${C}`
    expect(await search(`transfer.recipient='${BOB}'${upTo}`)).toEqual({
      txs: ['tx1', 'tx4'],
      total: '2',
    })
    // Conditions hold within one event: sender and recipient of the same transfer event…
    expect(
      await search(`transfer.sender='${ALICE}' AND transfer.recipient='${ACCOUNT3}'${upTo}`),
    ).toEqual({ txs: ['tx2', 'tx4'], total: '2' })
    // …while message.sender (message event) and transfer.recipient (transfer event) never meet.
    expect(
      await search(`message.sender='${ALICE}' AND transfer.recipient='${ACCOUNT3}'${upTo}`),
    ).toEqual({ txs: [], total: '0' })
    expect(await search(`coin_received.amount CONTAINS '250'${upTo}`)).toEqual({
      txs: ['tx2'],
      total: '1',
    })
    // The fee transfer's message{sender} is in every tx; message.action only where messages ran.
    expect(await search(`message.sender EXISTS${upTo}`)).toEqual({
      txs: ['tx1', 'tx2', 'tx3', 'tx4'],
      total: '4',
    })
    expect(await search(`message.action EXISTS${upTo}`)).toEqual({
      txs: ['tx1', 'tx2', 'tx4'],
      total: '3',
    })
    // tx.hash takes the hash in either case.
    expect(await search(`tx.hash='${tx.tx3.toLowerCase()}'`)).toEqual({ txs: ['tx3'], total: '1' })
  })

  test('behavior: number ranges compare values that are numbers as a whole (kv indexer)', async () => {
    const upTo = ` AND tx.height<=${C}`
    expect(await search('message.msg_index=1')).toEqual({ txs: ['tx4'], total: '1' })
    expect(await search(`message.msg_index>0${upTo}`)).toEqual({ txs: ['tx4'], total: '1' })
    expect(await search(`message.msg_index>=1${upTo}`)).toEqual({ txs: ['tx4'], total: '1' })
    expect(await search(`message.msg_index<1${upTo}`)).toEqual({
      txs: ['tx1', 'tx2', 'tx4'],
      total: '3',
    })
    expect(await search(`message.msg_index<=0${upTo}`)).toEqual({
      txs: ['tx1', 'tx2', 'tx4'],
      total: '3',
    })
    // `100token` is not a number: a range never matches it.
    expect(await search(`transfer.amount>=1${upTo}`)).toEqual({ txs: [], total: '0' })
  })

  test('behavior: DATE and TIME operands are accepted; a range over them matches nothing (kv indexer)', async () => {
    expect(await search('message.msg_index<DATE 2030-01-02')).toEqual({ txs: [], total: '0' })
    expect(await search('message.msg_index<=TIME 2030-01-02T03:04:05Z')).toEqual({
      txs: [],
      total: '0',
    })
    expect(await search('tx.height<DATE 2999-12-31')).toEqual({ txs: [], total: '0' })
  })

  test('behavior: (height, index) order, desc reversed; 1-based pages of per_page; total_count counts every match', async () => {
    const all = `message.sender EXISTS AND tx.height<=${C}`
    expect(await search(all, { order_by: 'asc' })).toEqual({
      txs: ['tx1', 'tx2', 'tx3', 'tx4'],
      total: '4',
    })
    expect(await search(all, { order_by: 'desc' })).toEqual({
      txs: ['tx4', 'tx3', 'tx2', 'tx1'],
      total: '4',
    })
    expect(await search(all, { page: '2', per_page: '2' })).toEqual({
      txs: ['tx3', 'tx4'],
      total: '4',
    })
    expect(await search(all, { page: '2', per_page: '3', order_by: 'desc' })).toEqual({
      txs: ['tx1'],
      total: '4',
    })
    // per_page below 1 is the default (30), above 100 is 100: no error either way.
    expect((await search(all, { per_page: '0' })).txs).toHaveLength(4)
    expect((await search(all, { per_page: '1000' })).txs).toHaveLength(4)
    // The URI form of docs/endpoints.md: quoted strings, bare numbers.
    const q = encodeURIComponent(`"tx.height>=${B} AND tx.height<=${C}"`)
    const uri = await getJson(`${rpcUrl}/tx_search?query=${q}&page=1&per_page=2&order_by="desc"`)
    expect(uri.body.result.txs.map((t: { hash: string }) => names()[t.hash])).toEqual([
      'tx4',
      'tx3',
    ])
    expect(uri.body.result.total_count).toBe('3')
  })

  test('behavior: 30 per page by default, at most 100', async () => {
    // 101 txs in one block D.
    const hashes: string[] = []
    for (let i = 0; i < 101; i++) {
      hashes.push(await admit('account5', sends('account5', [[ACCOUNT3, '1token']])))
    }
    const D = await mine()
    const page = async (params: Record<string, unknown>) => {
      const r = await result('tx_search', { query: `tx.height=${D}`, ...params })
      expect(r.total_count).toBe('101')
      return r.txs.map((t: { hash: string; index: number }) => {
        expect(t.hash).toBe(hashes[t.index])
        return t.index
      })
    }
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i)
    expect(await page({})).toEqual(range(0, 29))
    expect(await page({ page: '4' })).toEqual(range(90, 100))
    expect(await page({ per_page: '1000' })).toEqual(range(0, 99))
    expect(await page({ per_page: '100', page: '2' })).toEqual([100])
    expect(await searchError(`tx.height=${D}`, { page: '5' })).toBe(
      'page should be within [1, 4] range, given 5',
    )
  })

  test("error: bad queries, pages and orders get CometBFT's messages as JSON-RPC errors (-32603)", async () => {
    const all = `message.sender EXISTS AND tx.height<=${C}`
    expect(await searchError(all, { page: '3', per_page: '2' })).toBe(
      'page should be within [1, 2] range, given 3',
    )
    expect(await searchError(all, { page: '0' })).toBe(
      'page should be within [1, 1] range, given 0',
    )
    expect(await searchError('tx.height=999999', { page: '2' })).toBe(
      'page should be within [1, 1] range, given 2',
    )
    expect(await searchError(all, { order_by: 'up' })).toBe(
      'expected order_by to be either `asc` or `desc` or empty',
    )
    expect(await searchError('')).toBe('offset 0: EOF')
    expect(await searchError("tx.height'5'")).toBe(
      'offset 9: got string, wanted <= operator, >= operator, < operator, > operator, = operator, CONTAINS operator or EXISTS operator',
    )
    expect(await searchError('tx.height>=DATE 3100-01-01')).toBe(
      'offset 11: datestamp year 3100 out of range',
    )
  })

  test('behavior: GET /sdk/tx/v1beta1/txs (GetTxsEvent) pages with page, limit and order_by', async () => {
    const q = encodeURIComponent(`message.sender EXISTS AND tx.height<=${C}`)
    const { status, body } = await getJson(
      `${api}/sdk/tx/v1beta1/txs?query=${q}&page=2&limit=2&order_by=ORDER_BY_DESC`,
    )
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['txs', 'tx_responses', 'pagination', 'total'])
    expect(body.tx_responses.map((r: { txhash: string }) => names()[r.txhash])).toEqual([
      'tx2',
      'tx1',
    ])
    expect(body).toMatchObject({ pagination: null, total: '4' })
    expect(body.tx_responses.map((r: { height: string }) => r.height)).toEqual([
      String(B),
      String(A),
    ])
  })
})

describe('RPC: broadcast_tx_async, check_tx, block_results, abci_info, status', () => {
  test('behavior: broadcast_tx_async answers the hash only; the tx is in the next block', async () => {
    const t = sends('alice', [[BOB, '3token']])
    expect(await result('broadcast_tx_async', { tx: b64(t) })).toEqual({
      code: 0,
      data: '',
      log: '',
      codespace: '',
      hash: hashOf(t),
    })
    signers.alice!.sequence++
    expect((await result('unconfirmed_txs', {})).txs).toEqual([b64(t)])
    const height = await mine()
    expect(await result('tx', { hash: hexToB64(hashOf(t)) })).toMatchObject({
      hash: hashOf(t),
      height: String(height),
      index: 0,
      tx: b64(t),
    })
  })

  test('behavior: broadcast_tx_async of a tx CheckTx refuses still answers code 0 and the hash; the tx never lands', async () => {
    const stale = sends('alice', [[BOB, '3token']], { sequence: 0n })
    expect(await result('broadcast_tx_async', { tx: b64(stale) })).toEqual({
      code: 0,
      data: '',
      log: '',
      codespace: '',
      hash: hashOf(stale),
    })
    expect((await result('num_unconfirmed_txs')).n_txs).toBe('0')
    await mine()
    expect((await rpc('tx', { hash: hexToB64(hashOf(stale)) })).error.data).toBe(
      `tx (${hashOf(stale)}) not found`,
    )
  })

  test('behavior: check_tx answers CheckTx on the check state without admitting the tx: its sequence bump holds until the next block', async () => {
    const seq = signers.alice!.sequence
    const t = sends('alice', [[BOB, '4token']])
    const checked = await result('check_tx', { tx: b64(t) })
    expect(checked.code).toBe(0) // route results print every field (jsonpb), zeros included
    expect(checked.gas_wanted).toBe('200000')
    expect((await result('num_unconfirmed_txs')).n_txs).toBe('0')
    // Not admitted, but run on the check state, as CometBFT runs it: the sequence it bumped holds,
    // so the same tx broadcast now meets the next sequence.
    expect(await result('broadcast_tx_sync', { tx: b64(t) })).toEqual({
      code: 32,
      data: '',
      log: `account sequence mismatch, expected ${seq + 1n}, got ${seq}: incorrect account sequence`,
      codespace: 'sdk',
      hash: hashOf(t),
    })
    expect((await result('num_unconfirmed_txs')).n_txs).toBe('0')
    // A block starts the check state afresh: the same tx is accepted.
    await mine()
    expect(await result('broadcast_tx_sync', { tx: b64(t) })).toMatchObject({
      code: 0,
      hash: hashOf(t),
    })
    signers.alice!.sequence++
    await mine()
    const stale = sends('alice', [[BOB, '4token']], { sequence: 0n })
    expect(await result('check_tx', { tx: b64(stale) })).toMatchObject({
      code: 32,
      log: `account sequence mismatch, expected ${seq + 1n}, got 0: incorrect account sequence`,
      codespace: 'sdk',
    })
  })

  test('behavior: block_results: the txs results (code, log, gas, events), null for empty lists, the app hash after the block', async () => {
    const r = await result('block_results', { height: String(B) })
    expect(Object.keys(r)).toEqual([
      'height',
      'txs_results',
      'finalize_block_events',
      'validator_updates',
      'consensus_param_updates',
      'app_hash',
    ])
    expect(r).toMatchObject({
      height: String(B),
      validator_updates: null,
      // An SDK v0.50 app returns its consensus params from every block (zero fields omitted).
      consensus_param_updates: {
        block: genesis.consensus.params.block,
        evidence: genesis.consensus.params.evidence,
        validator: genesis.consensus.params.validator,
        version: {},
        abci: {},
      },
    })
    // The block's BeginBlock events: x/mint's provision to the fee collector (bank's events, then
    // `mint`), then x/distribution's move of the fee collector's coins to its account and its
    // allocation to the one validator (`commission`, `rewards`); nothing else happens outside the
    // txs in this block.
    expect(r.finalize_block_events.map((e: { type: string }) => e.type)).toEqual([
      'coin_received',
      'coinbase',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'mint',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'commission',
      'rewards',
    ])
    expect(r.txs_results).toHaveLength(2)
    const [ok, failed] = r.txs_results
    expect(ok.code).toBe(0)
    expect(ok.gas_wanted).toBe('200000')
    expect(failed).toMatchObject({
      code: 5,
      codespace: 'sdk',
      gas_wanted: '200000',
      // bob: 1000000000token from the genesis plus tx1's 100token
      log: 'failed to execute message; message index: 0: spendable balance 1000000100token is smaller than 999999999999token: insufficient funds',
    })
    // The same results as the tx route reports for each tx.
    expect((await result('tx', { hash: hexToB64(tx.tx3) })).tx_result).toEqual(failed)
    // The app hash after block B is the next header's (base64 here, hex in the header).
    const next = await result('block', { height: String(B + 1) })
    expect(r.app_hash).toBe(hexToB64(next.block.header.app_hash))
    // A block without txs: null results.
    expect((await result('block_results', { height: '1' })).txs_results).toBeNull()
  })

  test('behavior: status and abci_info describe the devnet node and its latest block', async () => {
    await admit('alice', sends('alice', [[BOB, '5token']]))
    const H = await mine()
    const status = await result('status')
    const { block, block_id: blockId } = await result('block', { height: String(H) })
    const first = await result('block', { height: '1' })
    const after = (await result('block_results', { height: String(H) })).app_hash
    const v = genesis.consensus.validators[0]
    expect(status).toEqual({
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: genesis.consensus.params.version.app },
        id: nodeId,
        listen_addr: 'tcp://0.0.0.0:26656',
        network: CHAIN_ID,
        version: '0.38.12',
        channels: '40202122233038606100',
        moniker: 'node0',
        other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:0' },
      },
      sync_info: {
        latest_block_hash: blockId.hash,
        // the latest header's app hash: the state before that block's txs
        latest_app_hash: block.header.app_hash,
        latest_block_height: String(H),
        latest_block_time: block.header.time,
        earliest_block_hash: first.block_id.hash,
        earliest_app_hash: first.block.header.app_hash,
        earliest_block_height: '1',
        // docs/ARCHITECTURE.md: block 1 has the genesis time
        earliest_block_time: genesis.genesis_time,
        catching_up: false,
      },
      validator_info: {
        address: v.address,
        pub_key: { type: 'tendermint/PubKeyEd25519', value: v.pub_key.value },
        // docs/governance.md: 10000000stake bonded, consensus power 10
        voting_power: '10',
      },
    })
    expect(hexToB64(status.sync_info.latest_app_hash)).not.toBe(after)

    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'))
    // A fresh chain's app version is 0: omitted, as CometBFT omits zeros.
    expect(await result('abci_info')).toEqual({
      response: {
        data: 'sdkd',
        version: pkg.version,
        last_block_height: String(H),
        last_block_app_hash: after,
      },
    })
  })
})

describe('REST: gov constitution, staking, BROADCAST_MODE_ASYNC', () => {
  test('behavior: GET /sdk/gov/v1/constitution answers the genesis constitution', async () => {
    expect(await getJson(`${api}/sdk/gov/v1/constitution`)).toMatchObject({
      status: 200,
      body: { constitution: CONSTITUTION },
    })
  })

  test('behavior: staking validators (all, by status, one) and params answer the genesis staking state', async () => {
    const [validator] = genesis.app_state.staking.validators
    // docs/governance.md: the validator key's account has the same bytes as the operator address.
    const operator = addressToBech32(bech32ToAddress(VALIDATOR), 'sdkvaloper')
    expect(validator).toMatchObject({
      operator_address: operator,
      status: 'BOND_STATUS_BONDED',
      tokens: '10000000',
      consensus_pubkey: {
        '@type': '/sdk.crypto.ed25519.PubKey',
        key: genesis.consensus.validators[0].pub_key.value,
      },
    })
    const all = { validators: [validator], pagination: { next_key: null, total: '1' } }
    const none = { validators: [], pagination: { next_key: null, total: '0' } }
    for (const [path, body] of [
      ['/sdk/staking/v1beta1/validators', all],
      ['/sdk/staking/v1beta1/validators?status=BOND_STATUS_BONDED', all],
      ['/sdk/staking/v1beta1/validators?status=BOND_STATUS_UNBONDED', none],
      [`/sdk/staking/v1beta1/validators/${operator}`, { validator }],
      ['/sdk/staking/v1beta1/params', { params: genesis.app_state.staking.params }],
    ] as const) {
      expect(await getJson(`${api}${path}`), path).toMatchObject({ status: 200, body })
    }
    expect(genesis.app_state.staking.params.bond_denom).toBe('stake')
  })

  test('behavior: POST /sdk/tx/v1beta1/txs in BROADCAST_MODE_ASYNC answers only the hash, without height headers; the tx is then included', async () => {
    const t = sends('alice', [[BOB, '6token']])
    const r = await getJson(`${api}/sdk/tx/v1beta1/txs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tx_bytes: b64(t), mode: 'BROADCAST_MODE_ASYNC' }),
    })
    signers.alice!.sequence++
    expect(r.status).toBe(200)
    expect(r.headers.get('x-sdk-block-height')).toBeNull()
    expect(r.headers.get('grpc-metadata-x-sdk-block-height')).toBeNull()
    expect(r.body).toEqual({
      tx_response: {
        height: '0',
        txhash: hashOf(t),
        codespace: '',
        code: 0,
        data: '',
        raw_log: '',
        logs: [],
        info: '',
        gas_wanted: '0',
        gas_used: '0',
        tx: null,
        timestamp: '',
        events: [],
      },
    })
    const height = await mine()
    const got = await getJson(`${api}/sdk/tx/v1beta1/txs/${hashOf(t)}`)
    expect(got.body.tx_response).toMatchObject({
      height: String(height),
      txhash: hashOf(t),
      code: 0,
    })
  })
})

describe('REST: Swagger and CORS of the devnet preset (both on)', () => {
  test('behavior: /swagger/ (trailing slash) is the UI; /swagger/swagger.yaml is the OpenAPI document; /swagger/index.html is redirected to the UI as Go’s file server does', async () => {
    const page = await fetch(`${api}/swagger/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toBe(await (await fetch(`${api}/swagger`)).text())
    const yaml = await fetch(`${api}/swagger/swagger.yaml`)
    expect(yaml.status).toBe(200)
    // JSON is YAML: the same document as swagger.json.
    const doc = JSON.parse(await yaml.text())
    expect(doc).toEqual((await getJson(`${api}/swagger/swagger.json`)).body)
    expect(doc.swagger).toBe('2.0')
    // Go's http.FileServer sends index.html to its directory, the query kept.
    for (const [path, location] of [
      ['/swagger/index.html', './'],
      ['/swagger/index.html?x=1&y', './?x=1&y'],
    ]) {
      const index = await fetch(`${api}${path}`, { redirect: 'manual' })
      expect([index.status, index.headers.get('location'), await index.text()]).toEqual([
        301,
        location,
        '',
      ])
    }
    const followed = await fetch(`${api}/swagger/index.html`)
    expect([followed.url, await followed.text()]).toEqual([
      `${api}/swagger/`,
      await (await fetch(`${api}/swagger/`)).text(),
    ])
  })

  test('behavior: CORS: every origin, the height headers exposed; preflights granted, refused (403, 405) or bad (400) as docs/endpoints.md says', async () => {
    const path = `${api}/sdk/bank/v1beta1/params`
    const cors = (h: Headers) =>
      [...h.keys()].filter((k) => k.startsWith('access-control')).sort((a, b) => (a < b ? -1 : 1))

    const simple = await fetch(path, { headers: { origin: 'http://wallet.test' } })
    expect(simple.status).toBe(200)
    expect(simple.headers.get('access-control-allow-origin')).toBe('*')
    expect(
      simple.headers
        .get('access-control-expose-headers')
        ?.split(',')
        .map((h) => h.trim().toLowerCase())
        .sort(),
    ).toEqual(['grpc-metadata-x-sdk-block-height', 'x-sdk-block-height'])
    // No Origin: no CORS processing.
    expect(cors((await fetch(path)).headers)).toEqual([])

    const preflight = (headers: Record<string, string>) =>
      fetch(path, { method: 'OPTIONS', headers: { origin: 'http://wallet.test', ...headers } })
    const allowed =
      'Accept, Accept-Language, Content-Language, Origin, Content-Type, x-sdk-block-height'
    for (const method of ['GET', 'HEAD', 'POST']) {
      const r = await preflight({
        'access-control-request-method': method,
        'access-control-request-headers': allowed,
      })
      expect(r.status, method).toBe(200)
      expect(r.headers.get('access-control-allow-origin')).toBe('*')
    }
    expect(
      (
        await preflight({
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'content-type, x-secret',
        })
      ).status,
    ).toBe(403)
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      expect((await preflight({ 'access-control-request-method': method })).status, method).toBe(
        405,
      )
    }
    expect((await preflight({})).status).toBe(400)
    // An OPTIONS without Origin is no preflight: an empty 200, no CORS headers.
    const bare = await fetch(path, { method: 'OPTIONS' })
    expect(bare.status).toBe(200)
    expect(await bare.text()).toBe('')
    expect(cors(bare.headers)).toEqual([])
  })
})

describe('in process: CORS and Swagger off (the defaults), the broadcast_tx_commit timeout', () => {
  let t: Awaited<ReturnType<typeof createTxTestNode>>
  beforeAll(async () => {
    t = await createTxTestNode()
    await t.block()
  })
  afterAll(() => t?.close())

  test('behavior: with CORS off every OPTIONS is 405, with or without Origin, and no answer carries Access-Control headers', async () => {
    const gw = createGateway({ router: t.node.router })
    for (const headers of [
      {},
      { origin: 'http://wallet.test', 'access-control-request-method': 'GET' },
    ] as Record<string, string>[]) {
      const r = await gw.request('/sdk/bank/v1beta1/params', { method: 'OPTIONS', headers })
      expect(r.status).toBe(405)
      expect(await r.json()).toEqual({ code: 12, message: 'Method Not Allowed', details: [] })
      expect([...r.headers.keys()].filter((k) => k.startsWith('access-control'))).toEqual([])
    }
  })

  test('behavior: with swagger off /swagger/ and /swagger/swagger.yaml are 404', async () => {
    const gw = createGateway({ router: t.node.router })
    for (const path of ['/swagger/', '/swagger/swagger.yaml', '/swagger/swagger.json']) {
      const r = await gw.request(path)
      expect(r.status, path).toBe(404)
      expect(await r.json()).toEqual({ code: 5, message: 'Not Found', details: [] })
    }
  })

  test('error: broadcast_tx_commit gives up after 10 s: timed out waiting for tx to be included in a block', async () => {
    // The route's own defaults (CometBFT's timeout_broadcast_tx_commit, 10s); no block comes here.
    const app = createRpcApp(
      txRoutes({ mempool: t.tx.mempool, blocks: t.node.blocks, producer: t.node.producer }),
    )
    const signed = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      fee: [{ denom: 'stake', amount: 1n }],
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let answered = false
      const reply = Promise.resolve(
        app.request('/', {
          method: 'POST',
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'broadcast_tx_commit',
            params: { tx: b64(signed) },
          }),
        }),
      )
        .then((r) => r.json())
        .finally(() => {
          answered = true
        })
      // The tx passes CheckTx (signature checked on a worker thread), then the route arms its timer.
      const deadline = Date.now() + 10_000
      while (vi.getTimerCount() === 0 && !answered && Date.now() < deadline) {
        await new Promise((r) => setImmediate(r))
      }
      expect(answered).toBe(false)
      expect(vi.getTimerCount()).toBe(1)
      expect(t.tx.mempool.size).toBe(1)
      await vi.advanceTimersByTimeAsync(9_999)
      expect(answered).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await reply).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32603,
          message: 'Internal error',
          data: 'timed out waiting for tx to be included in a block',
        },
      })
    } finally {
      vi.useRealTimers()
    }
  })
})
