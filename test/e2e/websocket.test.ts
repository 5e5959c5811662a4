import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { defaultAppState } from '../../src/cli/init.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { type Bytes, toBase64 } from '../../src/codec/bytes.js'
import { sha256 } from '../../src/codec/hash.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { initHome, loadHome } from '../../src/config/home.js'
import { createLogger } from '../../src/logger.js'
import type { Node, NodeOptions } from '../../src/node/node.js'
import type { WebsocketTimings } from '../../src/server/rpc/websocket-connection.js'
import { waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { createTestNode, initTestHome } from '../helpers/test-node.js'
import { type TestAccount, testAccount } from '../helpers/tx-node.js'

/**
 * `/websocket` as CometBFT v0.38 serves it (reference: cometbft-rpc-websocket-metrics.md §3–§5): a real
 * node in this process, its RPC on 127.0.0.1 port 0, driven by `ws` clients and by cosmjs's
 * Comet38Client. Blocks come only from the dev API (`dev_mine`, manual mining), so every event is
 * the consequence of a call the test made.
 */

const CHAIN_ID = 'ws-test'
const registry = protoRegistry()
const alice = testAccount(1)
const bob = testAccount(2)

/** A JSON-RPC frame as received (checked field by field). */
type Frame = any

/** A websocket client that keeps every frame it receives. */
class Client {
  readonly frames: Frame[] = []
  closed: { code: number } | undefined
  private nextId = 1

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data))))
    ws.on('close', (code) => {
      this.closed = { code }
    })
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<Client> {
    const ws = new WebSocket(url, options)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new Client(ws)
  }

  /** Sends a request; resolves with its answer (the first frame with its id and no `result.query`). */
  async call(method: string, params: unknown = {}, id: number | string = this.nextId++) {
    const from = this.frames.length
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return this.waitFrame((f) => f.id === id && f.result?.query === undefined, from)
  }

  /** The first frame from index `from` on that satisfies `ok`. */
  waitFrame(ok: (f: Frame) => boolean, from = 0, timeoutMs = 20_000): Promise<Frame> {
    return waitFor(async () => this.frames.slice(from).find(ok), timeoutMs, 'a frame')
  }

  /** Events (frames carrying `result.query`) received for subscription `id`. */
  events(id: number | string): Frame[] {
    return this.frames.filter((f) => f.id === id && f.result?.query !== undefined)
  }

  close(): void {
    this.ws.terminate()
  }
}

/** Replaces `key = …` in config.toml's `[rpc]` (or another section) text. */
function setKey(text: string, section: string, key: string, value: string): string {
  const start = text.indexOf(`\n[${section}]`)
  const at = text.indexOf(`\n${key} = `, start)
  if (start < 0 || at < 0) throw new Error(`no ${key} in [${section}]`)
  const end = text.indexOf('\n', at + 1)
  return `${text.slice(0, at)}\n${key} = ${value}${text.slice(end)}`
}

interface TestNode {
  node: Node
  rpc: string
  ws: string
  close(): Promise<void>
}

/** A node of a fresh home (alice and bob funded), RPC on port 0, dev API on, manual mining. */
async function startNode(
  config: [section: string, key: string, value: string][],
  options: Partial<Pick<NodeOptions, 'websocketTimings' | 'logger'>> = {},
): Promise<TestNode> {
  const { dir: home, cleanup } = await tempDir('sdkd-ws-')
  const coins = [{ denom: 'stake', amount: '1000000' }]
  await initTestHome(home, {
    moniker: 'ws0',
    chainId: CHAIN_ID,
    accounts: [alice, bob].map((a) => ({ address: a.address, coins })),
  })
  const edit = async (file: string, edits: [string, string, string][]) => {
    const path = join(home, 'config', file)
    let text = await readFile(path, 'utf8')
    for (const [section, key, value] of edits) text = setKey(text, section, key, value)
    await writeFile(path, text)
  }
  await edit('app.toml', [
    ['api', 'enable', 'false'],
    ['grpc', 'enable', 'false'],
    ['dev', 'enable', 'true'],
  ])
  await edit('config.toml', [
    ['rpc', 'laddr', '"tcp://127.0.0.1:0"'],
    ['consensus', 'timeout_commit', '"1h"'],
    ...config,
  ])
  const { node } = await createTestNode({ home, database: 'memory', ...options })
  node.producer.setMining({ mode: 'manual', intervalMs: 0 })
  await node.start()
  // Height 1 first: clients such as cosmjs refuse a status without a block.
  await node.dev!.mine(1, 0)
  return {
    node,
    rpc: `http://${node.addresses.rpc}`,
    ws: `ws://${node.addresses.rpc}/websocket`,
    async close() {
      await node.stop()
      await cleanup()
    },
  }
}

/** A JSON-RPC POST; the whole reply. */
async function post(rpc: string, method: string, params: unknown = {}) {
  const res = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as Frame
}

/** A signed MsgSend of `amount` from `from` to `to`. */
function send(from: TestAccount, to: TestAccount, sequence: bigint, amount = '1'): Bytes {
  const msg = registry.packAny('/sdk.bank.v1beta1.MsgSend', {
    from_address: from.address,
    to_address: to.address,
    amount: [{ denom: 'stake', amount }],
  })
  const tx = signTx(
    registry,
    createUnsignedTx({ messages: [msg], fee: { amount: [], gasLimit: 200_000n } }),
    from,
    { chainId: CHAIN_ID, accountNumber: from === alice ? 0n : 1n, sequence },
  )
  return encodeTxRaw(registry, tx)
}

const upperHex = (b: Bytes) => Buffer.from(b).toString('hex').toUpperCase()

describe('/websocket: JSON-RPC, subscriptions and events', () => {
  let t: TestNode
  const clients: Client[] = []
  const open = async (options?: WebSocket.ClientOptions) => {
    const c = await Client.open(t.ws, options)
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    t = await startNode([['rpc', 'max_subscription_clients', '3']], {
      websocketTimings: { pingPeriodMs: 250, readWaitMs: 2500 },
    })
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await t?.close()
  })

  test('behavior: a NewBlock subscription delivers 50 consecutive blocks in order, none lost, each a response with the subscribe id, the query and the events map', async () => {
    const c = await open()
    const query = "tm.event = 'NewBlock'"
    expect(await c.call('subscribe', { query }, 7)).toEqual({ jsonrpc: '2.0', id: 7, result: {} })
    const from = (await c.call('status')).result.sync_info.latest_block_height
    const mined = await c.call('dev_mine', { blocks: 50 })
    expect(mined.error).toBeUndefined()
    await waitFor(async () => (c.events(7).length >= 50 ? true : undefined), 20_000, '50 events')
    const events = c.events(7)
    expect(events).toHaveLength(50)
    expect(events.map((e) => Number(e.result.data.value.block.header.height))).toEqual(
      Array.from({ length: 50 }, (_, i) => Number(from) + 1 + i),
    )
    for (const e of events) {
      expect(e.jsonrpc).toBe('2.0')
      expect(e.result.query).toBe(query)
      expect(e.result.data.type).toBe('tendermint/event/NewBlock')
      // The map holds the block's events too: x/mint's provision in each block's BeginBlock.
      expect(e.result.events).toMatchObject({ 'tm.event': ['NewBlock'] })
      expect(e.result.events['mint.amount']).toHaveLength(1)
      expect(Object.keys(e.result.data.value)).toEqual([
        'block',
        'block_id',
        'result_finalize_block',
      ])
      expect(Object.keys(e.result.data.value.block)).toEqual([
        'header',
        'data',
        'evidence',
        'last_commit',
      ])
      expect(e.result.data.value.block.data).toEqual({ txs: [] })
      expect(e.result.data.value.block_id.parts.total).toBe(1)
      // A block without txs: its events are x/mint's (BeginBlock), no tx results; validator_updates
      // is the one null kept; the consensus params the app returns from every block.
      expect(Object.keys(e.result.data.value.result_finalize_block)).toEqual([
        'events',
        'validator_updates',
        'consensus_param_updates',
        'app_hash',
      ])
      // BeginBlock's events: x/mint's provision, then x/distribution's move of the fee collector's
      // coins (this chain's validator is not a staking one: no `rewards`).
      const types = e.result.data.value.result_finalize_block.events.map(
        (x: { type: string }) => x.type,
      )
      expect(types.slice(-5)).toEqual([
        'mint',
        'coin_spent',
        'coin_received',
        'transfer',
        'message',
      ])
      expect(e.result.data.value.result_finalize_block.validator_updates).toBeNull()
      expect(e.result.data.value.result_finalize_block.app_hash).toMatch(/^[A-Za-z0-9+/]+=*$/)
    }
    // The event's block is the block the RPC serves at that height (asked over the same socket).
    const last = events.at(-1).result.data.value
    const block = await c.call('block', { height: last.block.header.height })
    expect(block.result).toEqual({ block_id: last.block_id, block: last.block })
    // The next block's header carries this block's app hash (FinalizeBlock's app_hash).
    const next = await c.call('dev_mine', { blocks: 1 })
    expect(next.error).toBeUndefined()
    const after = await c.waitFrame((f) => f.id === 7 && f.result?.data?.value?.block, 0)
    expect(after).toBeDefined()
    const following = c.events(7).at(-1).result.data.value.block.header
    expect(Buffer.from(following.app_hash, 'hex').toString('base64')).toBe(
      last.result_finalize_block.app_hash,
    )
    await c.call('unsubscribe_all')
  })

  test("behavior: tm.event='Tx' AND message.sender='…' delivers the sent tx as TxResult {height, tx, result}, with tx.hash, tx.height and every attribute in the events map", async () => {
    const c = await open()
    const other = await open()
    const q = `tm.event='Tx' AND message.sender='${alice.address}'`
    expect((await c.call('subscribe', { query: q }, 'tx-sub')).result).toEqual({})
    // Someone else's txs do not match.
    expect(
      (
        await other.call('subscribe', {
          query: `tm.event='Tx' AND message.sender='${bob.address}'`,
        })
      ).result,
    ).toEqual({})
    const tx = send(alice, bob, 0n, '7')
    const sent = await c.call('broadcast_tx_sync', { tx: toBase64(tx) })
    expect(sent.result).toMatchObject({ code: 0, hash: upperHex(sha256(tx)) })
    await c.call('dev_mine', { blocks: 1 })
    const event = await c.waitFrame((f) => f.id === 'tx-sub' && f.result?.query !== undefined)
    const height = (await c.call('status')).result.sync_info.latest_block_height
    expect(event.result.query).toBe(q)
    expect(event.result.data.type).toBe('tendermint/event/Tx')
    const txResult = event.result.data.value.TxResult
    // The first tx of its block: index 0 is left out (omitempty), as are zero result fields.
    expect(Object.keys(txResult)).toEqual(['height', 'tx', 'result'])
    expect(txResult.height).toBe(height)
    expect(txResult.tx).toBe(toBase64(tx))
    expect(txResult.result.code).toBeUndefined()
    expect(txResult.result.gas_wanted).toBe('200000')
    expect(txResult.result.gas_used).toMatch(/^[1-9]\d*$/)
    const transfer = txResult.result.events.find(
      (e: Frame) =>
        e.type === 'transfer' &&
        e.attributes.some((a: Frame) => a.key === 'recipient' && a.value === bob.address),
    )
    expect(transfer.attributes).toContainEqual({ key: 'amount', value: '7stake', index: true })
    const map = event.result.events
    expect(map['tm.event']).toEqual(['Tx'])
    expect(map['tx.hash']).toEqual([upperHex(sha256(tx))])
    expect(map['tx.height']).toEqual([height])
    expect(map['message.sender']).toContain(alice.address)
    expect(map['transfer.recipient']).toContain(bob.address)
    expect(map['transfer.amount']).toContain('7stake')
    expect(other.events(1)).toEqual([])
    // A second tx in one block is index 1; `tx.height>N` and CONTAINS match it too.
    expect(
      (
        await c.call(
          'subscribe',
          { query: `tm.event='Tx' AND tx.height>${height} AND transfer.amount CONTAINS '8'` },
          'later',
        )
      ).result,
    ).toEqual({})
    await c.call('broadcast_tx_sync', { tx: toBase64(send(bob, alice, 0n, '1')) })
    const second = send(alice, bob, 1n, '8')
    await c.call('broadcast_tx_sync', { tx: toBase64(second) })
    await c.call('dev_mine', { blocks: 1 })
    const later = await c.waitFrame((f) => f.id === 'later' && f.result?.query !== undefined)
    expect(later.result.data.value.TxResult.index).toBe(1)
    expect(later.result.data.value.TxResult.tx).toBe(toBase64(second))
    expect(later.result.events['tx.height']).toEqual([String(Number(height) + 1)])
    await waitFor(async () => (other.events(1).length === 1 ? true : undefined))
    await c.call('unsubscribe_all')
    await other.call('unsubscribe_all')
  })

  test('behavior: NewBlockHeader carries {header}; NewBlockEvents {height, events, num_txs} with the block events in its map', async () => {
    const c = await open()
    expect((await c.call('subscribe', { query: "tm.event='NewBlockHeader'" }, 1)).result).toEqual(
      {},
    )
    expect(
      (
        await c.call(
          'subscribe',
          { query: `tm.event='NewBlockEvents' AND transfer.recipient='${bob.address}'` },
          2,
        )
      ).result,
    ).toEqual({})
    expect((await c.call('subscribe', { query: "tm.event='NewBlockEvents'" }, 3)).result).toEqual(
      {},
    )
    // A dev transfer is made in the block itself: its events are the block's (FinalizeBlock's).
    const funded = await c.call('dev_fund', {
      address: bob.address,
      coins: '5stake',
      from: alice.address,
    })
    expect(funded.error).toBeUndefined()
    const height = funded.result.height
    const header = await c.waitFrame((f) => f.id === 1 && f.result?.query !== undefined)
    expect(header.result.data.type).toBe('tendermint/event/NewBlockHeader')
    expect(Object.keys(header.result.data.value)).toEqual(['header'])
    expect(header.result.data.value.header.height).toBe(height)
    expect(header.result.events).toEqual({ 'tm.event': ['NewBlockHeader'] })
    const block = await c.call('block', { height })
    expect(header.result.data.value.header).toEqual(block.result.block.header)

    const events = await c.waitFrame((f) => f.id === 2 && f.result?.query !== undefined)
    expect(events.result.data.type).toBe('tendermint/event/NewBlockEvents')
    expect(Object.keys(events.result.data.value)).toEqual(['height', 'events', 'num_txs'])
    expect(events.result.data.value.height).toBe(height)
    expect(events.result.data.value.num_txs).toBe('0')
    expect(events.result.data.value.events).toContainEqual({
      type: 'transfer',
      attributes: [
        { key: 'recipient', value: bob.address, index: true },
        { key: 'sender', value: alice.address, index: true },
        { key: 'amount', value: '5stake', index: true },
      ],
    })
    expect(events.result.events['tm.event']).toEqual(['NewBlockEvents'])
    // x/mint's transfer to the fee collector and x/distribution's from it to its own account
    // (BeginBlock) come first, then the dev transfer.
    expect(events.result.events['transfer.recipient']).toEqual([
      'sdk17xpfvakm2amg962yls6f84z3kell8c5l9s0hvg',
      'sdk1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8jkgtw2',
      bob.address,
    ])
    expect(events.result.events['block.height']).toBeUndefined()
    // A block without txs: only x/mint's and x/distribution's BeginBlock events, and only the
    // unconditional subscription hears of it.
    await c.call('dev_mine', { blocks: 1 })
    const empty = await c.waitFrame(
      (f) => f.id === 3 && f.result?.data?.value?.height === String(Number(height) + 1),
    )
    expect(empty.result.data.value).toMatchObject({
      height: String(Number(height) + 1),
      num_txs: '0',
    })
    expect(empty.result.data.value.events.at(-5).type).toBe('mint')
    expect(empty.result.events).toMatchObject({ 'tm.event': ['NewBlockEvents'] })
    expect(c.events(2)).toHaveLength(1)
    await c.call('unsubscribe_all')
  })

  test('behavior: unsubscribe (by the normalized query) stops one subscription, unsubscribe_all the rest; then both answer "subscription not found"', async () => {
    const c = await open()
    expect((await c.call('subscribe', { query: "tm.event='NewBlock'" }, 'a')).result).toEqual({})
    expect((await c.call('subscribe', { query: "tm.event='NewBlockHeader'" }, 'b')).result).toEqual(
      {},
    )
    expect((await c.call('subscribe', { query: "tm.event='NewBlockEvents'" }, 'c')).result).toEqual(
      {},
    )
    // The same query with other spacing is the same subscription.
    expect((await c.call('unsubscribe', { query: "tm.event = 'NewBlock'" }, 'u')).result).toEqual(
      {},
    )
    await c.call('dev_mine', { blocks: 1 })
    await c.waitFrame((f) => f.id === 'b' && f.result?.query !== undefined)
    await c.waitFrame((f) => f.id === 'c' && f.result?.query !== undefined)
    expect(c.events('a')).toEqual([])
    expect(await c.call('unsubscribe_all', {}, 'all')).toEqual({
      jsonrpc: '2.0',
      id: 'all',
      result: {},
    })
    const before = c.frames.length
    await c.call('dev_mine', { blocks: 1 })
    // Ask something after the block: every event would have come before this answer.
    await c.call('health')
    expect(c.frames.slice(before).filter((f) => f.result?.query !== undefined)).toEqual([])
    expect(await c.call('unsubscribe', { query: "tm.event='NewBlock'" }, 9)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32603, message: 'Internal error', data: 'subscription not found' },
    })
    expect(await c.call('unsubscribe_all', {}, 10)).toEqual({
      jsonrpc: '2.0',
      id: 10,
      error: { code: -32603, message: 'Internal error', data: 'subscription not found' },
    })
  })

  test('error: subscribe refusals as CometBFT: already subscribed, max_subscriptions_per_client 5, maximum query length, parse errors, max_subscription_clients (config.toml 3)', async () => {
    const c = await open()
    const refusal = async (query: string) => (await c.call('subscribe', { query })).error
    expect((await c.call('subscribe', { query: "tm.event='Tx'" })).result).toEqual({})
    expect(await refusal("tm.event = 'Tx'")).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'already subscribed',
    })
    expect(await refusal('')).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'failed to parse query: offset 0: EOF',
    })
    expect((await refusal("tm.event='Tx' OR tx.height=1")).data).toBe(
      'failed to parse query: offset 14: got tag, want 6',
    )
    expect(await refusal(`a.b='${'x'.repeat(510)}'`)).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'maximum query length exceeded',
    })
    for (const q of ['a.b EXISTS', 'a.c EXISTS', 'a.d EXISTS', 'a.e EXISTS'])
      expect((await c.call('subscribe', { query: q })).result).toEqual({})
    expect(await refusal('a.f EXISTS')).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'max_subscriptions_per_client 5 reached',
    })
    // Three clients hold subscriptions (config.toml max_subscription_clients = 3): a fourth is refused.
    const second = await open()
    const third = await open()
    const fourth = await open()
    expect((await second.call('subscribe', { query: 'a.b EXISTS' })).result).toEqual({})
    expect((await third.call('subscribe', { query: 'a.b EXISTS' })).result).toEqual({})
    expect((await fourth.call('subscribe', { query: 'a.b EXISTS' })).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'max_subscription_clients 3 reached',
    })
    // A client that goes away frees its place.
    third.close()
    await waitFor(async () => {
      const r = await fourth.call('subscribe', { query: 'a.b EXISTS' })
      return r.result ? true : undefined
    })
    await c.call('unsubscribe_all')
    await second.call('unsubscribe_all')
    await fourth.call('unsubscribe_all')
  })

  test('error: the socket speaks CometBFT JSON-RPC: unknown method -32601, bad params -32603, a batch or bad JSON -32700 without id, an id-less request unanswered; subscribe over HTTP is -32601', async () => {
    const c = await open()
    expect(await c.call('no_such_method', {}, 3)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found' },
    })
    expect(await c.call('block', { height: 5 }, 4)).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32603,
        message: 'Internal error',
        data: expect.stringContaining('error converting json params to arguments:'),
      },
    })
    const raw = async (text: string) => {
      const from = c.frames.length
      c.ws.send(text)
      return c.waitFrame(() => true, from)
    }
    const batch = await raw('[{"jsonrpc":"2.0","id":1,"method":"health"}]')
    expect(batch).not.toHaveProperty('id')
    expect(batch.error).toMatchObject({
      code: -32700,
      message: 'Parse error. Invalid JSON',
      data: expect.stringMatching(/^error unmarshaling request: json: cannot unmarshal array/),
    })
    // A frame is read as Go's json.Decoder reads a stream: a value cut short is `unexpected EOF`,
    // no value at all `EOF`, and what follows the first value is not read.
    const broken = await raw('{"jsonrpc":"2.0",')
    expect(broken).not.toHaveProperty('id')
    expect(broken.error).toEqual({
      code: -32700,
      message: 'Parse error. Invalid JSON',
      data: 'error unmarshaling request: unexpected EOF',
    })
    expect((await raw(' ')).error.data).toBe('error unmarshaling request: EOF')
    expect(await raw('{"jsonrpc":"2.0","id":"after","method":"health"} xyz')).toEqual({
      jsonrpc: '2.0',
      id: 'after',
      result: {},
    })
    // null is a request without an id: a notification, not answered; the next frame's answer is next.
    const before = c.frames.length
    c.ws.send('null')
    c.ws.send('{"jsonrpc":"2.0","id":"after-null","method":"health"}')
    expect(await c.waitFrame(() => true, before)).toEqual({
      jsonrpc: '2.0',
      id: 'after-null',
      result: {},
    })
    expect((await raw('{"jsonrpc":"2.0","id":true,"method":"health"}')).error).toEqual({
      code: -32700,
      message: 'Parse error. Invalid JSON',
      data: 'error unmarshaling request: json-rpc ID (true) is of unknown type (bool)',
    })
    // Methods named after what every object inherits are no routes, over the websocket too.
    for (const method of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(await c.call(method, {}, method)).toEqual({
        jsonrpc: '2.0',
        id: method,
        error: { code: -32601, message: 'Method not found' },
      })
    // A notification (no id) is not answered: the next frame answers the request after it.
    const from = c.frames.length
    c.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'health', params: {} }))
    expect(await c.call('health', {}, 'after')).toEqual({ jsonrpc: '2.0', id: 'after', result: {} })
    expect(c.frames.slice(from)).toHaveLength(1)
    // A float id is truncated, as CometBFT's int ids.
    c.ws.send(JSON.stringify({ jsonrpc: '2.0', id: 12.7, method: 'health' }))
    expect(await c.waitFrame((f) => f.id === 12, from)).toEqual({
      jsonrpc: '2.0',
      id: 12,
      result: {},
    })
    expect(await post(t.rpc, 'subscribe', { query: "tm.event='NewBlock'" })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    })
    const plain = await fetch(`${t.rpc}/websocket`)
    expect(plain.status).toBe(400)
    expect(await plain.text()).toBe('Bad Request\n')
  })

  test('error: no params key, to a method taking arguments (block, tx_search, subscribe, unsubscribe), is Go’s recovered panic: id -1, `WSJSONRPC: …`; the socket reads on', async () => {
    const c = await open()
    const texts: string[] = []
    c.ws.on('message', (data) => texts.push(String(data)))
    // CometBFT v0.38.26's frame, byte for byte.
    const panic =
      '{"jsonrpc":"2.0","id":-1,"error":{"code":-32603,"message":"Internal error","data":"WSJSONRPC: reflect: Call with too few input arguments"}}'
    for (const method of ['block', 'tx_search', 'subscribe', 'unsubscribe'])
      c.ws.send(`{"jsonrpc":"2.0","id":7,"method":"${method}"}`)
    c.ws.send('{"jsonrpc":"2.0","id":8,"method":"health"}')
    c.ws.send('{"jsonrpc":"2.0","id":9,"method":"unsubscribe_all"}')
    c.ws.send('{"jsonrpc":"2.0","id":10,"method":"block","params":null}')
    await waitFor(async () => (texts.length >= 7 ? true : undefined), 20_000, 'seven answers')
    expect(texts.slice(0, 6)).toEqual([
      panic,
      panic,
      panic,
      panic,
      '{"jsonrpc":"2.0","id":8,"result":{}}',
      '{"jsonrpc":"2.0","id":9,"error":{"code":-32603,"message":"Internal error","data":"subscription not found"}}',
    ])
    expect(JSON.parse(texts[6]!)).toMatchObject({ id: 10, result: { block: expect.any(Object) } })
  })

  test('behavior: every RPC method answers over the socket with the request id, as it does over HTTP POST', async () => {
    const c = await open()
    const page = await (await fetch(`${t.rpc}/`)).text()
    const methods = [...page.matchAll(/href="\/\/[^/"]+\/([a-z_A-Z]+)\?/g)].map((m) => m[1]!)
    expect(methods).toEqual(expect.arrayContaining(['status', 'block', 'abci_info', 'tx_search']))
    // Those that change the chain are exercised by the other tests, and so are the socket's own
    // (subscribe, unsubscribe, unsubscribe_all: over HTTP, `Method not found`).
    const readOnly = methods.filter(
      (m) =>
        !/^(dev_|advance_|broadcast_|cause_|set_signing|subscribe|unsubscribe)/.test(m) &&
        m !== 'check_tx',
    )
    let id = 1000
    for (const method of readOnly) {
      id++
      const overHttp = await post(t.rpc, method)
      const overSocket = await c.call(method, {}, id)
      expect(overSocket.id, method).toBe(id)
      if (overHttp.error) {
        const code = overHttp.error.code === -32602 ? -32603 : overHttp.error.code
        expect(overSocket.error, method).toEqual({
          ...overHttp.error,
          code,
          ...(code !== overHttp.error.code ? { message: 'Internal error' } : {}),
        })
      } else expect(overSocket.result, method).toEqual(overHttp.result)
    }
  })

  test('error: a frame of max_body_bytes is read; one byte more closes the connection with 1009', async () => {
    const c = await open()
    const request = '{"jsonrpc":"2.0","id":"big","method":"health"}'
    // config.toml [rpc] max_body_bytes is 1000000 here (the default).
    c.ws.send(' '.repeat(1_000_000 - request.length) + request)
    expect(await c.waitFrame((f) => f.id === 'big')).toEqual({
      jsonrpc: '2.0',
      id: 'big',
      result: {},
    })
    c.ws.send(' '.repeat(1_000_001 - request.length) + request)
    await waitFor(async () => c.closed, 10_000, 'the connection closed')
    expect(c.closed?.code).toBe(1009)
  })

  test('behavior: keep-alive: the server pings, a client that answers stays, one that never answers is closed after the read wait; client pings get pongs', async () => {
    const answering = await open()
    const silent = await open({ autoPong: false })
    let pings = 0
    answering.ws.on('ping', () => pings++)
    await waitFor(async () => (pings >= 2 ? true : undefined), 10_000, 'two pings')
    const pong = new Promise<void>((resolve) => answering.ws.once('pong', () => resolve()))
    answering.ws.ping()
    await pong
    await waitFor(async () => silent.closed, 10_000, 'the silent client closed')
    expect(silent.closed?.code).toBe(1006)
    expect(answering.closed).toBeUndefined()
    expect((await answering.call('health')).result).toEqual({})
  })

  test('behavior: cosmjs Comet38Client over ws:// — status, subscribeNewBlock, subscribeNewBlockHeader and subscribeTx receive live events', async () => {
    const client = await Comet38Client.connect(`ws://${t.node.addresses.rpc}`)
    try {
      const status = await client.status()
      expect(status.nodeInfo.network).toBe(CHAIN_ID)
      const blocks: number[] = []
      const headers: number[] = []
      const headerSub = client.subscribeNewBlockHeader().subscribe({
        next: (h) => void headers.push(h.height),
        error: (err) => {
          throw err
        },
      })
      const blockSub = client.subscribeNewBlock().subscribe({
        next: (e) => void blocks.push(e.header.height),
        error: (err) => {
          throw err
        },
      })
      const txs: { height: number; hash: string; code: number }[] = []
      const txSub = client.subscribeTx(`message.sender='${alice.address}'`).subscribe({
        next: (e) =>
          void txs.push({
            height: e.height,
            hash: Buffer.from(e.hash).toString('hex').toUpperCase(),
            code: e.result.code,
          }),
        error: (err) => {
          throw err
        },
      })
      // The socket answers in request order: once this later request is answered, the
      // subscriptions are in place.
      const start = (await client.status()).syncInfo.latestBlockHeight
      const tx = send(alice, bob, 2n, '3')
      const r = await client.broadcastTxSync({ tx })
      expect(r.code).toBe(0)
      await post(t.rpc, 'dev_mine', { blocks: 3 })
      await waitFor(async () =>
        blocks.length >= 3 && headers.length >= 3 && txs.length >= 1 ? true : undefined,
      )
      expect(blocks.slice(-3)).toEqual([start + 1, start + 2, start + 3])
      expect(headers.slice(-3)).toEqual([start + 1, start + 2, start + 3])
      expect(txs).toEqual([{ height: start + 1, hash: upperHex(sha256(tx)), code: 0 }])
      blockSub.unsubscribe()
      headerSub.unsubscribe()
      txSub.unsubscribe()
    } finally {
      client.disconnect()
    }
  })
})

describe('/websocket: a client that does not read', () => {
  test('behavior: a subscriber that never reads is dropped (its buffers fill, its connection goes after the write wait) while blocks go on and a reading subscriber misses none', async () => {
    // The node's log, as an operator reads it.
    const log: { msg: string; remote?: string }[] = []
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void log.push(JSON.parse(line)) } as never,
    })
    const t = await startNode([['rpc', 'max_subscription_clients', '2']], {
      websocketTimings: { writeWaitMs: 1000 },
      logger,
    })
    const clients: Client[] = []
    let stopped = false
    try {
      const slow = await Client.open(t.ws)
      const healthy = await Client.open(t.ws)
      clients.push(slow, healthy)
      const socket = (
        slow.ws as unknown as { _socket: { pause(): void; resume(): void; localPort: number } }
      )._socket
      const slowRemote = `127.0.0.1:${socket.localPort}`
      // It holds five subscriptions (as an app following blocks and txs would), so its buffers
      // fill within a few hundred blocks.
      const queries = [
        "tm.event='NewBlock'",
        "tm.event CONTAINS 'NewBlock'",
        "tm.event CONTAINS 'Block'",
        "tm.event CONTAINS 'New'",
        'tm.event EXISTS',
      ]
      for (const [i, query] of queries.entries())
        expect((await slow.call('subscribe', { query }, i + 1)).result).toEqual({})
      expect((await healthy.call('subscribe', { query: "tm.event='NewBlock'" }, 1)).result).toEqual(
        {},
      )
      const first = Number((await healthy.call('status')).result.sync_info.latest_block_height) + 1
      // The slow client stops reading: the kernel's buffers fill, then its write queue, then its
      // subscription's buffer.
      socket.pause()
      const probe = await Client.open(t.ws)
      clients.push(probe)
      const full = await probe.call('subscribe', { query: "tm.event='NewBlockHeader'" })
      expect(full.error.data).toBe('max_subscription_clients 2 reached')
      // Blocks go on; once the slow subscriber is dropped its place is free.
      await waitFor(
        async () => {
          expect((await post(t.rpc, 'dev_mine', { blocks: 50 })).error).toBeUndefined()
          const r = await probe.call('subscribe', { query: "tm.event='NewBlockHeader'" })
          return r.result ? true : undefined
        },
        60_000,
        'the slow subscriber dropped',
      )
      // Its writes cannot get out: the connection goes once the write wait has passed.
      await waitFor(
        async () =>
          log.some((l) => l.msg === 'websocket connection closed' && l.remote === slowRemote)
            ? true
            : undefined,
        10_000,
        'the slow connection closed',
      )
      expect(log).toContainEqual(
        expect.objectContaining({
          msg: 'Failed to write response: write deadline passed',
          remote: slowRemote,
        }),
      )
      const dropAt = Number((await post(t.rpc, 'status')).result.sync_info.latest_block_height)
      expect((await post(t.rpc, 'dev_mine', { blocks: 20 })).error).toBeUndefined()
      const last = dropAt + 20
      await waitFor(
        async () =>
          healthy.events(1).at(-1)?.result.data.value.block.header.height === String(last)
            ? true
            : undefined,
        30_000,
        'the reading subscriber at the last height',
      )
      const heights = healthy.events(1).map((e) => Number(e.result.data.value.block.header.height))
      expect(heights).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i))
      // Reading again, the slow client finds an unbroken run from the first block, then the end.
      socket.resume()
      await waitFor(async () => slow.closed, 30_000, 'the close seen by the slow client')
      expect(slow.closed?.code).toBe(1006)
      const got = slow.events(1).map((e) => Number(e.result.data.value.block.header.height))
      expect(got.length).toBeGreaterThan(0)
      expect(got.length).toBeLessThan(last - first + 1)
      expect(got).toEqual(Array.from({ length: got.length }, (_, i) => first + i))
      // The node stops: every subscription is canceled with CometBFT's reason, the socket closes.
      const before = healthy.frames.length
      await t.close()
      stopped = true
      expect(healthy.frames.slice(before)).toEqual([
        {
          jsonrpc: '2.0',
          id: 1,
          error: {
            code: -32000,
            message: 'Server error',
            data: 'subscription was canceled (reason: CometBFT exited)',
          },
        },
      ])
      await waitFor(async () => healthy.closed, 10_000, 'the healthy connection closed')
      expect(healthy.closed?.code).toBe(1001)
    } finally {
      for (const c of clients) c.close()
      if (!stopped) await t.close()
    }
  })
})

describe('/websocket: a client that stops reading, then reads again', () => {
  /**
   * Starts a node whose one subscription place (max_subscription_clients = 1) a client takes and
   * then stops reading; mines until that subscription is gone (a probe can subscribe), then reads
   * again. Resolves with that client's frames once `last` arrives, and the probe's answer.
   */
  async function stopThenRead(
    config: [string, string, string][],
    timings: Partial<WebsocketTimings>,
    batch: number,
  ) {
    const t = await startNode([['rpc', 'max_subscription_clients', '1'], ...config], {
      websocketTimings: { pingPeriodMs: 120_000, readWaitMs: 120_000, ...timings },
    })
    const clients: Client[] = []
    try {
      const slow = await Client.open(t.ws)
      const probe = await Client.open(t.ws)
      clients.push(slow, probe)
      expect((await slow.call('subscribe', { query: "tm.event='NewBlock'" }, 1)).result).toEqual({})
      const first = Number((await slow.call('status')).result.sync_info.latest_block_height) + 1
      const socket = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket
      socket.pause()
      await waitFor(
        async () => {
          expect((await post(t.rpc, 'dev_mine', { blocks: batch })).error).toBeUndefined()
          const r = await probe.call('subscribe', { query: "tm.event='NewBlockHeader'" })
          if (r.error) expect(r.error.data).toBe('max_subscription_clients 1 reached')
          return r.result ? true : undefined
        },
        60_000,
        'the stopped subscriber canceled',
      )
      socket.resume()
      const canceled = await slow.waitFrame((f) => f.id === 1 && f.error !== undefined)
      // The connection stays: the client still gets answers.
      expect((await slow.call('health', {}, 'still')).result).toEqual({})
      expect(slow.closed).toBeUndefined()
      const heights = slow.events(1).map((e) => Number(e.result.data.value.block.header.height))
      return { canceled, heights, first, after: slow.frames.indexOf(canceled), slow }
    } finally {
      for (const c of clients) c.close()
      await t.close()
    }
  }

  test('behavior: a subscription whose buffer overflows is canceled with the out-of-capacity error frame, which the client gets once it reads again, after the events already queued', async () => {
    const r = await stopThenRead(
      [
        ['rpc', 'experimental_subscription_buffer_size', '100'],
        ['rpc', 'experimental_websocket_write_buffer_size', '100'],
      ],
      { writeWaitMs: 120_000, slowClientWaitMs: 120_000 },
      100,
    )
    expect(r.canceled).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: 'Server error',
        data: 'subscription was canceled (reason: internal subscription event buffer is out of capacity)',
      },
    })
    // An unbroken run of events from the first block, then the cancel frame, then nothing more.
    expect(r.heights.length).toBeGreaterThan(0)
    expect(r.heights).toEqual(Array.from({ length: r.heights.length }, (_, i) => r.first + i))
    expect(r.slow.frames.slice(r.after + 1).filter((f) => f.id === 1)).toEqual([])
  })

  test('behavior: experimental_close_on_slow_client = true ends a subscription whose event waited too long for room with `reason: slow client`; the connection stays', async () => {
    const r = await stopThenRead(
      [
        ['rpc', 'experimental_close_on_slow_client', 'true'],
        ['rpc', 'experimental_subscription_buffer_size', '1000'],
        ['rpc', 'experimental_websocket_write_buffer_size', '1000'],
      ],
      { writeWaitMs: 120_000, slowClientWaitMs: 300 },
      100,
    )
    expect(r.canceled).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: 'Server error',
        data: 'subscription was canceled (reason: slow client)',
      },
    })
    expect(r.heights).toEqual(Array.from({ length: r.heights.length }, (_, i) => r.first + i))
    expect(r.slow.frames.slice(r.after + 1).filter((f) => f.id === 1)).toEqual([])
  })
})

describe('config.toml [rpc] subscription fields', () => {
  test('error: experimental_subscription_buffer_size below 100, or a write buffer smaller than it, is refused as CometBFT refuses it', async () => {
    const { dir: home, cleanup } = await tempDir('sdkd-ws-config-')
    try {
      await initHome({ home, moniker: 'c', chainId: 'c-1', appState: defaultAppState() })
      const path = join(home, 'config', 'config.toml')
      const text = await readFile(path, 'utf8')
      expect(text).toContain('\nmax_subscription_clients = 100\n')
      expect(text).toContain('\nmax_subscriptions_per_client = 5\n')
      expect(text).toContain('\nexperimental_subscription_buffer_size = 200\n')
      expect(text).toContain('\nexperimental_websocket_write_buffer_size = 200\n')
      expect(text).toContain('\nexperimental_close_on_slow_client = false\n')
      await writeFile(path, setKey(text, 'rpc', 'experimental_subscription_buffer_size', '99'))
      await expect(loadHome(home)).rejects.toThrow(
        'experimental_subscription_buffer_size must be >= 100',
      )
      await writeFile(
        path,
        setKey(
          setKey(text, 'rpc', 'experimental_subscription_buffer_size', '300'),
          'rpc',
          'experimental_websocket_write_buffer_size',
          '250',
        ),
      )
      await expect(loadHome(home)).rejects.toThrow(
        'experimental_websocket_write_buffer_size must be >= experimental_subscription_buffer_size (300)',
      )
    } finally {
      await cleanup()
    }
  })
})
