import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../../src/client/tx-builder.js'
import { type Bytes, toBase64 } from '../../../src/codec/bytes.js'
import { protoRegistry } from '../../../src/codec/proto.js'
import type { Node } from '../../../src/node/node.js'
import { missingFrom } from '../../helpers/docs.js'
import { BODY_TOO_LARGE_ANSWER } from '../../helpers/go-prechecks.js'
import { idleAfterAnswer } from '../../helpers/pipelined.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { createTestNode, initTestHome } from '../../helpers/test-node.js'
import { type TestAccount, testAccount } from '../../helpers/tx-node.js'

/**
 * Rows of docs/configuration.md ("Files", "Mempool and block limits") and docs/endpoints.md that only
 * a config file sets: each node here is made from a home whose app.toml / config.toml text was edited
 * the way an operator edits it, then served on real 127.0.0.1 ports and driven over HTTP (blocks only
 * through the dev API, so inclusion is deterministic). The pages must still name what is checked.
 */

const CHAIN_ID = 'readme-config'
const registry = protoRegistry()
const alice = testAccount(1)
const bob = testAccount(2)

/** Sets `key` in `[section]` ('' = the top of the file) of a TOML text; the key must be there. */
function setToml(text: string, section: string, key: string, value: string): string {
  const lines = text.split('\n')
  let current = ''
  for (let i = 0; i < lines.length; i++) {
    const header = /^\[([^\]]+)\]\s*$/.exec(lines[i]!)
    if (header) current = header[1]!
    else if (current === section && lines[i]!.startsWith(`${key} = `)) {
      lines[i] = `${key} = ${value}`
      return lines.join('\n')
    }
  }
  throw new Error(`no ${key} in [${section}]`)
}

type TomlEdits = [section: string, key: string, value: string][]

interface ConfiguredNode {
  node: Node
  rpc: string
  apiPort: number
  close(): Promise<void>
}

/** A node of a fresh home after editing its TOML files; RPC and REST on port 0, gRPC off, dev API on. */
async function startConfigured(
  name: string,
  edits: { app?: TomlEdits; config?: TomlEdits },
): Promise<ConfiguredNode> {
  const { dir: home, cleanup } = await tempDir(`sdkd-readme-config-${name}-`)
  const coins = [{ denom: 'stake', amount: '1000000' }]
  await initTestHome(home, {
    moniker: name,
    chainId: CHAIN_ID,
    accounts: [alice, bob].map((a) => ({ address: a.address, coins })),
  })
  const edit = async (file: string, more: TomlEdits) => {
    const path = join(home, 'config', file)
    let text = await readFile(path, 'utf8')
    for (const [section, key, value] of more) text = setToml(text, section, key, value)
    await writeFile(path, text)
  }
  await edit('app.toml', [
    ['api', 'enable', 'true'],
    ['api', 'swagger', 'true'],
    ['api', 'address', '"tcp://127.0.0.1:0"'],
    ['grpc', 'enable', 'false'],
    ['dev', 'enable', 'true'],
    ...(edits.app ?? []),
  ])
  await edit('config.toml', [
    ['rpc', 'laddr', '"tcp://127.0.0.1:0"'],
    ['consensus', 'timeout_commit', '"1h"'],
    ...(edits.config ?? []),
  ])
  const { node } = await createTestNode({ home, database: 'memory' })
  await node.start()
  const rpc = `http://${node.addresses.rpc}`
  await rpcCall(rpc, 'dev_setMining', { mode: 'manual' })
  return {
    node,
    rpc,
    apiPort: Number(/:(\d+)$/.exec(node.addresses.api!)![1]),
    async close() {
      await node.stop()
      await cleanup()
    },
  }
}

/** A JSON-RPC call; the whole reply. */
async function rpcCall(rpc: string, method: string, params: Record<string, unknown> = {}) {
  const res = await fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as {
    result?: any
    error?: { code: number; message: string; data?: string }
  }
}

/** A signed MsgSend of 1stake from `from` to `to`'s address. */
function send(from: TestAccount, to: TestAccount, sequence: bigint, memo = ''): Bytes {
  const msg = registry.packAny('/sdk.bank.v1beta1.MsgSend', {
    from_address: from.address,
    to_address: to.address,
    amount: [{ denom: 'stake', amount: '1' }],
  })
  const tx = signTx(
    registry,
    createUnsignedTx({ messages: [msg], fee: { amount: [], gasLimit: 200_000n }, memo }),
    from,
    { chainId: CHAIN_ID, accountNumber: from === alice ? 0n : 1n, sequence },
  )
  return encodeTxRaw(registry, tx)
}

const broadcast = (rpc: string, tx: Bytes) =>
  rpcCall(rpc, 'broadcast_tx_sync', { tx: toBase64(tx) })

/**
 * Asks for Swagger UI's biggest file six times in one pipelined write and reads nothing for
 * `pauseMs`: the responses (~10 MB) outgrow the socket buffers, so the server has to wait for the
 * reader. Resolves with the bytes received until the server closed the connection.
 */
function slowReader(port: number, pauseMs: number): Promise<{ bytes: number; head: string }> {
  const get = (last: boolean) =>
    `GET /swagger/swagger-ui-dist/swagger-ui-bundle.js HTTP/1.1\r\nHost: 127.0.0.1\r\n${last ? 'Connection: close\r\n' : ''}\r\n`
  return new Promise((resolve, reject) => {
    let bytes = 0
    let head = ''
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(get(false).repeat(5) + get(true))
      socket.pause()
      setTimeout(() => socket.resume(), pauseMs)
    })
    socket.on('data', (d: Buffer) => {
      if (bytes === 0) head = d.subarray(0, 512).toString('latin1')
      bytes += d.length
    })
    socket.on('close', () => resolve({ bytes, head }))
    socket.on('error', reject)
  })
}

/** Swagger UI's file the slow readers ask for. */
const BUNDLE = join(
  dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
  'swagger-ui-bundle.js',
)

// tx1 and tx2 are alice's first two sends, tx3 a send of bob's with a 200-character memo: the
// mempool's byte limit fits tx1 + tx2 but not tx1 + tx3.
const tx1 = send(alice, bob, 0n)
const tx2 = send(alice, bob, 1n)
const tx3 = send(bob, alice, 0n, 'm'.repeat(200))
const MAX_TXS_BYTES = tx1.length + tx2.length
const MAX_BODY_BYTES = 2000

let limited: ConfiguredNode
let unindexed: ConfiguredNode
let cut: Promise<{ bytes: number; head: string }>
let whole: Promise<{ bytes: number; head: string }>

beforeAll(async () => {
  ;[limited, unindexed] = await Promise.all([
    startConfigured('limited', {
      app: [
        ['', 'index-events', '["transfer.recipient"]'],
        ['api', 'rpc-write-timeout', '1'],
        ['mempool', 'max-txs', '1'],
      ],
      config: [
        ['rpc', 'max_body_bytes', String(MAX_BODY_BYTES)],
        ['rpc', 'max_header_bytes', '2000'],
        ['mempool', 'max_txs_bytes', String(MAX_TXS_BYTES)],
      ],
    }),
    startConfigured('unindexed', { config: [['tx_index', 'indexer', '"null"']] }),
  ])
  // The slow readers pause for 2 s: started now, they wait while the other tests run.
  cut = slowReader(limited.apiPort, 2000)
  whole = slowReader(unindexed.apiPort, 2000)
})

afterAll(async () => {
  await Promise.allSettled([cut, whole])
  await Promise.all([limited?.close(), unindexed?.close()])
})

describe('the pages name what these tests check', () => {
  test('behavior: docs/configuration.md has the fields and the refusals; docs/transactions.md and docs/endpoints.md the rest', () => {
    expect(
      missingFrom('docs/configuration.md', [
        '`[mempool] max-txs`',
        'more: code 1 `pool reached max tx capacity`',
        '`config.toml` `[mempool] size`, `max_tx_bytes`, `max_txs_bytes`',
        '`index-events`',
        '`[tx_index] indexer`',
        '`null` answers `transaction indexing is disabled`',
        '`[rpc] max_body_bytes`',
        "`[rpc] max_header_bytes` (1048576: the largest request line and headers; more\n  is Go's `431 Request Header Fields Too Large`",
        "| `[api] rpc-read-timeout` / `rpc-write-timeout` | `--api.rpc-read-timeout`, `--api.rpc-write-timeout` | seconds to read a request / write a response (0 = none); the read timeout is also how long a kept-alive connection waits for its next request, as upstream's server |",
      ]),
    ).toEqual([])
    expect(
      missingFrom('docs/transactions.md', [
        'CometBFT-level refusals: `mempool is full: number of txs N (max: M), total txs bytes B (max:',
      ]),
    ).toEqual([])
    expect(
      missingFrom('docs/endpoints.md', [
        '`-32600`, `error reading request body: http: request body too large`',
      ]),
    ).toEqual([])
  })
})

describe('config files → what a client sees', () => {
  test('behavior: app.toml [mempool] max-txs = 1: a second waiting tx gets code 1 "pool reached max tx capacity"; config.toml [mempool] max_txs_bytes refuses a tx that would pass the total', async () => {
    const { rpc } = limited
    expect((await broadcast(rpc, tx1)).result).toMatchObject({ code: 0 })
    // Within the byte limit, but the app's pool already holds max-txs txs.
    expect((await broadcast(rpc, tx2)).result).toMatchObject({
      code: 1,
      codespace: 'undefined',
      log: 'pool reached max tx capacity',
    })
    // Over the byte limit: CometBFT's refusal, before the app is asked.
    expect((await broadcast(rpc, tx3)).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: `mempool is full: number of txs 1 (max: 5000), total txs bytes ${tx1.length} (max: ${MAX_TXS_BYTES})`,
    })
    expect((await rpcCall(rpc, 'num_unconfirmed_txs')).result).toMatchObject({
      n_txs: '1',
      total_bytes: String(tx1.length),
    })
    // The limit counts waiting txs: once tx1 is in a block, tx2 is admitted.
    await rpcCall(rpc, 'dev_mine')
    expect((await broadcast(rpc, tx2)).result).toMatchObject({ code: 0 })
    await rpcCall(rpc, 'dev_mine')
  })

  test('behavior: app.toml index-events = ["transfer.recipient"]: only that attribute is searchable (and tx.height); the others are not indexed', async () => {
    const { rpc } = limited
    const search = async (query: string) =>
      (await rpcCall(rpc, 'tx_search', { query })).result as {
        txs: { tx_result: { events: { type: string; attributes: any[] }[] } }[]
        total_count: string
      }
    expect((await search(`transfer.recipient='${bob.address}'`)).total_count).toBe('2')
    expect((await search(`message.sender='${alice.address}'`)).total_count).toBe('0')
    expect((await search(`transfer.sender='${alice.address}'`)).total_count).toBe('0')
    const found = await search(`transfer.recipient='${bob.address}' AND tx.height=2`)
    expect(found.total_count).toBe('1')
    const indexed = found.txs[0]!.tx_result.events.flatMap((e) =>
      e.attributes.filter((a) => a.index).map((a) => `${e.type}.${a.key}`),
    )
    expect(indexed).toEqual(['transfer.recipient'])
  })

  test('error: config.toml [tx_index] indexer = "null" answers "transaction indexing is disabled"', async () => {
    const { rpc } = unindexed
    expect((await broadcast(rpc, tx1)).result).toMatchObject({ code: 0 })
    await rpcCall(rpc, 'dev_mine')
    expect((await rpcCall(rpc, 'tx_search', { query: 'tx.height=2' })).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'transaction indexing is disabled',
    })
    const hash = createHash('sha256').update(tx1).digest('base64')
    expect((await rpcCall(rpc, 'tx', { hash })).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'transaction indexing is disabled',
    })
    // /status says so, as CometBFT's node info does for a null indexer.
    expect((await rpcCall(rpc, 'status')).result.node_info.other.tx_index).toBe('off')
    expect((await rpcCall(limited.rpc, 'status')).result.node_info.other.tx_index).toBe('on')
    // The block still holds the tx: only the index is off.
    const block = (await rpcCall(rpc, 'block', { height: '2' })).result
    expect(block.block.data.txs).toEqual([toBase64(tx1)])
  })

  test('error: config.toml [rpc] max_body_bytes: a JSON-RPC body of that size is served, one byte more is refused', async () => {
    const { rpc } = limited
    const body = (size: number) => {
      const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'health', params: {} })
      return `${text.slice(0, -1)}${' '.repeat(size - text.length)}}`
    }
    const post = async (text: string) => {
      const res = await fetch(rpc, { method: 'POST', body: text })
      return { status: res.status, body: (await res.json()) as Record<string, any> }
    }
    expect(Buffer.byteLength(body(MAX_BODY_BYTES))).toBe(MAX_BODY_BYTES)
    expect(await post(body(MAX_BODY_BYTES))).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 1, result: {} },
    })
    // CometBFT's answer: HTTP 400, and no id (the request was never read).
    expect(await post(body(MAX_BODY_BYTES + 1))).toEqual({
      status: 400,
      body: BODY_TOO_LARGE_ANSWER,
    })
  })

  test("error: config.toml [rpc] max_header_bytes = 2000: a URI call within it (and Go's 4 KB of slop) is served, a longer one is Go's 431; the REST API keeps Go's 1 MiB", async () => {
    const uri = (n: number) => `${limited.rpc}/health?x=${'a'.repeat(n)}`
    const within = await fetch(uri(5000))
    expect(within.status).toBe(200)
    expect(await within.json()).toEqual({ jsonrpc: '2.0', id: -1, result: {} })
    const over = await idleAfterAnswer(
      Number(new URL(limited.rpc).port),
      `/health?x=${'a'.repeat(7000)}`,
      1000,
    )
    expect(over.open).toBe(false)
    expect(over.reply).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n431 Request Header Fields Too Large',
    )
    const rest = await fetch(
      `http://127.0.0.1:${limited.apiPort}/sdk/base/tendermint/v1beta1/node_info?x=${'a'.repeat(100_000)}`,
    )
    expect(rest.status).toBe(200)
  })

  test('behavior: app.toml [api] rpc-write-timeout = 1: a response the client has not taken within 1 s is cut off; 0 (the default) waits', async () => {
    const size = (await readFile(BUNDLE)).length
    const [slow, patient] = await Promise.all([cut, whole])
    expect(slow.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(slow.head).toContain(`Content-Length: ${size}\r\n`)
    // Six responses were asked for; the connection closed before they were all written.
    expect(slow.bytes).toBeGreaterThan(0)
    expect(slow.bytes).toBeLessThan(6 * size)
    expect(patient.bytes).toBeGreaterThan(6 * size)
  })
})
