import * as grpc from '@grpc/grpc-js'
import protobuf from 'protobufjs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { keyFromMnemonic } from '../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import { grpcServices } from '../helpers/grpc-services.js'
import {
  boundPorts,
  getJson,
  LOOPBACK_PORTS,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { seededRandom } from '../helpers/seeded-random.js'

/**
 * A bounded, seeded fuzz of the running node's wire surfaces, on loopback: JSON-RPC (POST, URI GET,
 * batches), the websocket, gRPC, tx bytes (REST and RPC broadcast) and the dev API, against one real
 * `sdkd` devnet process. Each surface draws its cases from its own generator seeded from the run's
 * seed (printed; `SDKD_FUZZ_SEED=N` replays a run), so a failing case can be replayed and its input
 * is printed with the answer that broke an invariant. Invariants: the node stays up and keeps making
 * blocks, logs no stack trace, answers with the HTTP status and error code upstream (CometBFT,
 * grpc-go) would for that input, and never reports a JavaScript fault as its answer.
 */

const SEED = process.env.SDKD_FUZZ_SEED
  ? Number(process.env.SDKD_FUZZ_SEED) >>> 0
  : Math.floor(Math.random() * 2 ** 32)

/** Cases per surface: enough to cover each generator's branches, small enough for about a minute. */
const CASES = Number(process.env.SDKD_FUZZ_CASES ?? 300)

/** Seeded draws (`seededRandom`): a seed replays a run. */
function prng(seed: number) {
  const next = seededRandom(seed)
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256))
  return { next, int, pick, bytes }
}
type Rng = ReturnType<typeof prng>

/** A generator per surface, so one surface's cases do not depend on how many another drew. */
const rngFor = (surface: number) => prng((SEED + Math.imul(surface, 0x9e3779b9)) >>> 0)

/** Names a JavaScript object answers for itself: a method table must not. */
const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
  'prototype',
]

/** The RPC routes (docs/endpoints.md) with their argument names, dev API aside. */
const ROUTES: Record<string, string[]> = {
  health: [],
  status: [],
  net_info: [],
  abci_info: [],
  genesis: [],
  genesis_chunked: ['chunk'],
  block: ['height'],
  block_by_hash: ['hash'],
  header: ['height'],
  header_by_hash: ['hash'],
  commit: ['height'],
  blockchain: ['minHeight', 'maxHeight'],
  block_results: ['height'],
  block_search: ['query', 'page', 'per_page', 'order_by'],
  validators: ['height', 'page', 'per_page'],
  consensus_params: ['height'],
  consensus_state: [],
  dump_consensus_state: [],
  broadcast_evidence: ['evidence'],
  broadcast_tx_sync: ['tx'],
  broadcast_tx_async: ['tx'],
  check_tx: ['tx'],
  tx: ['hash', 'prove'],
  tx_search: ['query', 'prove', 'page', 'per_page', 'order_by'],
  unconfirmed_txs: ['limit'],
  num_unconfirmed_txs: [],
  abci_query: ['path', 'data', 'height', 'prove'],
  subscribe: ['query'],
  unsubscribe: ['query'],
  unsubscribe_all: [],
}

/** Text values that probe decoders: numbers out of range, wrong shapes, odd characters. */
const EDGE_TEXTS = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1',
  '1.5',
  '1e20',
  '0x',
  '0x0',
  '0xzz',
  'abc',
  'null',
  'true',
  '"quoted"',
  '9'.repeat(80),
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '2147483648',
  'NaN',
  'Infinity',
  '\u0000',
  '\ud800',
  'é😀',
  "tx.height=1 AND a='",
  'tx.height > 1',
  "message.sender='x' OR",
  '/sdk.bank.v1beta1.Query/Balance',
  '/store/bank/key',
  '/app/simulate',
  '/../../etc',
  'AAAA',
  '////',
  '%',
  'a'.repeat(600),
  '__proto__',
  'constructor',
  'toString',
]

/** A route's argument names; a name not of the table (`constructor` included) has none. */
const argsOf = (method: unknown): string[] =>
  typeof method === 'string' && Object.hasOwn(ROUTES, method) ? ROUTES[method]! : []

/** A JSON value of any type, biased to the ones decoders meet. */
function jsonValue(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 1 ? 6 : 9)) {
    case 0:
    case 1:
      return r.pick(EDGE_TEXTS)
    case 2:
      return r.pick([0, -1, 1, 1.5, 1e20, -1e308, 2 ** 53 + 2, 2147483648, 4294967296, 12])
    case 3:
      return r.pick([true, false, null])
    case 4:
      return Buffer.from(r.bytes(r.int(40))).toString('base64')
    case 5:
      return Buffer.from(r.bytes(r.int(40))).toString('hex')
    case 6:
      return Array.from({ length: r.int(4) }, () => jsonValue(r, depth + 1))
    case 7:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [
          r.pick(['a', '__proto__', 'constructor', 'height', 'query']),
          jsonValue(r, depth + 1),
        ]),
      )
    default:
      return String(r.int(1000))
  }
}

/** A message of a protobuf type with random field values (addresses, ids, paging out of range …). */
function protoValue(r: Rng, type: protobuf.Type, depth = 0): Record<string, unknown> {
  const one = (f: protobuf.Field): unknown => {
    f.resolve()
    if (f.resolvedType instanceof protobuf.Type)
      return depth < 2 ? protoValue(r, f.resolvedType, depth + 1) : {}
    if (f.resolvedType instanceof protobuf.Enum) return r.pick([0, 1, 2, 3, 99, -1])
    switch (f.type) {
      case 'string':
        return r.pick([...EDGE_TEXTS, 'sdk1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqt3hj6c', 'stake'])
      case 'bytes':
        return r.bytes(r.int(40))
      case 'bool':
        return r.int(2) === 0
      case 'int64':
      case 'sint64':
      case 'sfixed64':
        return r.pick(['0', '1', '-1', '9223372036854775807', '-9223372036854775808', '12'])
      case 'uint64':
      case 'fixed64':
        return r.pick(['0', '1', '18446744073709551615', '9223372036854775808', '12'])
      default:
        return r.pick([0, 1, -1, 2147483647, 12])
    }
  }
  const o: Record<string, unknown> = {}
  for (const f of type.fieldsArray) {
    if (r.int(3) === 0) continue
    o[f.name] = f.repeated ? Array.from({ length: r.int(3) }, () => one(f)) : one(f)
  }
  return o
}

/** Params for a method: by name (some known, some not), positional, a scalar, or none. */
function paramsFor(r: Rng, names: readonly string[]): unknown {
  switch (r.int(6)) {
    case 0:
      return undefined
    case 1:
      return Array.from({ length: r.int(names.length + 2) }, () => jsonValue(r))
    case 2:
      return jsonValue(r)
    default: {
      const o: Record<string, unknown> = {}
      for (const n of names) if (r.int(3) > 0) o[n] = jsonValue(r)
      if (r.int(4) === 0) o[r.pick(['extra', '__proto__', 'constructor'])] = jsonValue(r)
      return o
    }
  }
}

/** CometBFT's answer to a call without params to a route that takes arguments (HTTP 500). */
const CALL_PANIC =
  '{"jsonrpc":"2.0","id":-1,"error":{"code":-32603,"message":"Internal error","data":"reflect: Call with too few input arguments"}}'

/** A request id: mostly valid (a number or a string), sometimes a type CometBFT refuses. */
function idFor(r: Rng): unknown {
  return r.pick([1, 7, 'x', 'id-9', 0, -3, 2.7, true, {}, [], 'constructor'])
}

/** Data texts of a JavaScript fault, which must never be the node's answer to a client. */
const JS_FAULT =
  /Cannot read|Cannot convert|is not a function|is not iterable|is not defined|undefined|TypeError|RangeError|SyntaxError|ReferenceError|Invalid array length|Maximum call stack|Unexpected token|Unexpected end of JSON|\[object Object\]|BigInt/

/** Texts of an argument that does not decode, which CometBFT answers with -32602, not -32603. */
const PARAMS_TEXT =
  /^error converting (json|http) params|invalid 64-bit integer encoding|cannot unmarshal/

/** Answers seen per surface, printed after it: what the cases reached, not only that they passed. */
const tallies = new Map<string, Map<string, number>>()
function tally(surface: string, what: string): void {
  const t = tallies.get(surface) ?? new Map<string, number>()
  t.set(what, (t.get(what) ?? 0) + 1)
  tallies.set(surface, t)
}

/** The JSON-RPC error codes CometBFT answers with. */
const RPC_CODES = new Set([-32700, -32600, -32601, -32602, -32603])

/** The node under test, its ports, and what the cases found. */
interface Node {
  p: SdkdProcess
  rpc: string
  api: string
  grpc: string
  ws: string
}

const failures: string[] = []
const show = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v)
  return s === undefined ? String(v) : s.length > 300 ? `${s.slice(0, 300)}…` : s
}
/** Records a broken invariant with the case's input and the answer. */
function fail(surface: string, input: unknown, problem: string, answer: unknown): void {
  failures.push(`${surface}: ${problem}\n  input: ${show(input)}\n  answer: ${show(answer)}`)
}

/** Percent-encodes text; a lone surrogate (no UTF-8 form) goes as the bytes a Go client would send. */
function uriEncode(v: string): string {
  try {
    return encodeURIComponent(v)
  } catch {
    return `${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`
  }
}

/** POSTs a raw body to the RPC root; the status and the parsed body (or its text). */
const post = (node: Node, body: string) =>
  getJson(`${node.rpc}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })

/** GETs a raw path of the RPC server. */
const get = (node: Node, path: string) => getJson(`${node.rpc}${path}`)

/** A JSON-RPC call over POST that must succeed; its result. */
async function call(node: Node, method: string, params: object = {}): Promise<any> {
  const r = await post(node, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))
  if (r.status !== 200 || r.body.error) throw new Error(`${method}: ${r.status} ${r.text}`)
  return r.body.result
}

async function height(node: Node): Promise<number> {
  return Number((await call(node, 'status')).sync_info.latest_block_height)
}

/** Checks one JSON-RPC answer object's shape and code; returns its error code, if any. */
function checkAnswer(
  surface: string,
  input: unknown,
  a: any,
  method?: unknown,
): number | undefined {
  if (typeof a !== 'object' || a === null || a.jsonrpc !== '2.0') {
    fail(surface, input, 'not a JSON-RPC answer', a)
    return undefined
  }
  if (!a.error) {
    tally(surface, 'rpc result')
    if (typeof method === 'string' && PROTOTYPE_NAMES.includes(method))
      fail(surface, input, 'a prototype property answered as a method', a)
    return undefined
  }
  const { code, data } = a.error
  if (!RPC_CODES.has(code)) fail(surface, input, `error code ${code} is not one of CometBFT's`, a)
  if (typeof data === 'string' && JS_FAULT.test(data))
    fail(surface, input, 'a JavaScript fault as the answer', a)
  // On the websocket CometBFT itself answers these with -32603 (docs/endpoints.md, Websocket).
  if (
    code === -32603 &&
    surface !== 'websocket' &&
    typeof data === 'string' &&
    PARAMS_TEXT.test(data)
  )
    fail(surface, input, 'a params decoding failure as -32603 (CometBFT: -32602)', a)
  tally(surface, `rpc ${code}`)
  if (typeof method === 'string' && PROTOTYPE_NAMES.includes(method) && code !== -32601)
    fail(surface, input, 'a prototype property is not -32601 Method not found', a)
  return code
}

/** Starts the devnet node with gRPC on, blocks every 200 ms. */
async function startNode(home: DevnetHome): Promise<Node> {
  const p = startSdkd([
    '--home',
    home.dir,
    'start',
    ...LOOPBACK_PORTS,
    '--grpc.address',
    '127.0.0.1:0',
    '--instrumentation.prometheus=false',
    '--timeout-commit',
    '200ms',
  ])
  const ports = await boundPorts(p, { api: true, grpc: true })
  await p.waitForLog((l) => l.msg === 'committed block')
  return {
    p,
    rpc: `http://127.0.0.1:${ports.rpcPort}`,
    api: `http://127.0.0.1:${ports.apiPort}`,
    grpc: `127.0.0.1:${ports.grpcPort}`,
    ws: `ws://127.0.0.1:${ports.rpcPort}/websocket`,
  }
}

describe('wire fuzz', () => {
  let home: DevnetHome
  let node: Node
  let startHeight = 0
  const registry = protoRegistry()

  beforeAll(async () => {
    console.log(
      `wire fuzz SDKD_FUZZ_SEED=${SEED}, ${CASES} cases per surface (replay: SDKD_FUZZ_SEED=${SEED} npx vitest run test/e2e/wire-fuzz.test.ts)`,
    )
    home = await createDevnetHome('fuzz-e2e')
    node = await startNode(home)
    startHeight = await height(node)
  }, 60_000)

  afterAll(async () => {
    await node?.p.stop('SIGKILL')
    await home?.cleanup()
  })

  /** After each surface: the node is up and still making blocks; the failures so far are none. */
  async function assertHealthy(surface: string, before: number): Promise<void> {
    const seen = [...(tallies.get(surface) ?? new Map<string, number>())]
    console.log(`${surface}: ${seen.map(([k, n]) => `${k} ×${n}`).join(', ')}`)
    expect(node.p.child.exitCode, `${surface}: the node exited`).toBeNull()
    const after = await waitFor(
      async () => {
        const h = await height(node)
        return h > before ? h : undefined
      },
      10_000,
      `${surface}: a new block`,
    )
    expect(after).toBeGreaterThan(before)
    // Each surface reports its own cases: taken out here, so the next surface starts clean.
    expect(failures.splice(0), `SDKD_FUZZ_SEED=${SEED}`).toEqual([])
  }

  test('behavior: JSON-RPC over POST, single requests and raw bodies', async () => {
    const r = rngFor(1)
    const before = await height(node)
    const methods = [...Object.keys(ROUTES), ...PROTOTYPE_NAMES, 'nope', 'dev_nope', 'Status', '']
    for (let i = 0; i < CASES; i++) {
      const method = r.int(10) === 0 ? jsonValue(r) : r.pick(methods)
      const names = argsOf(method)
      const req: Record<string, unknown> = { jsonrpc: r.int(8) === 0 ? '1.0' : '2.0', method }
      const params = paramsFor(r, names)
      if (params !== undefined) req.params = params
      const id = r.int(10) === 0 ? undefined : idFor(r)
      if (id !== undefined) req.id = id
      let body = JSON.stringify(req)
      // A share of the bodies are mutated text: cut short, a byte changed, or not JSON at all.
      const mutation = r.int(8)
      if (mutation === 0) body = body.slice(0, r.int(body.length))
      else if (mutation === 1) {
        const at = r.int(body.length)
        body =
          body.slice(0, at) + r.pick(['{', '"', ',', ']', '\\', '\u0000', 'x']) + body.slice(at + 1)
      }
      const a = await post(node, body)
      // What the node read, when the body parses: a mutation may have changed the id or method.
      const sent = (() => {
        try {
          return JSON.parse(body) as unknown
        } catch {
          return undefined
        }
      })() as any
      if (a.status === 500) {
        // CometBFT answers 500 over POST only for a body it cannot parse (or an id of a bad type),
        // and with Go's panic for a call without params to a route that takes arguments.
        const panics =
          typeof sent === 'object' &&
          sent !== null &&
          !('params' in sent) &&
          (typeof sent.id === 'number' || typeof sent.id === 'string') &&
          !['subscribe', 'unsubscribe'].includes(sent.method) &&
          argsOf(sent.method).length > 0
        if (panics ? a.text !== CALL_PANIC : a.body?.error?.code !== -32700)
          fail('POST', body, 'HTTP 500 that is neither -32700 nor the reflect.Call panic', a.text)
        else tally('POST', panics ? 'HTTP 500 reflect.Call panic' : 'HTTP 500 -32700')
        continue
      }
      if (a.status !== 200) {
        fail('POST', body, `HTTP ${a.status}`, a.text)
        continue
      }
      if (body === '') {
        // No body is a browser's request: CometBFT's HTML list of the endpoints.
        if (!a.text.startsWith('<html><body><br>Available endpoints:'))
          fail('POST', body, 'no body, and no list of the endpoints', a.text)
        else tally('POST', 'endpoints page')
        continue
      }
      if (a.text === '') {
        // A notification (no id, or null) is not answered; anything else is.
        if (
          sent &&
          typeof sent === 'object' &&
          !Array.isArray(sent) &&
          sent.id !== undefined &&
          sent.id !== null
        )
          fail('POST', body, 'no answer to a request with an id', a.text)
        continue
      }
      if (Array.isArray(a.body)) {
        for (const x of a.body) checkAnswer('POST', body, x)
        continue
      }
      checkAnswer('POST', body, a.body, sent?.method)
    }
    await assertHealthy('POST', before)
  }, 60_000)

  test('behavior: JSON-RPC methods named after JavaScript prototype properties are -32601 Method not found', async () => {
    for (const method of PROTOTYPE_NAMES) {
      const a = await post(node, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }))
      expect([method, a.status, a.body.error]).toEqual([
        method,
        200,
        { code: -32601, message: 'Method not found' },
      ])
      const u = await get(node, `/${method}`)
      expect([method, u.status]).toEqual([method, 404])
    }
  })

  test('behavior: URI GET calls with random arguments', async () => {
    const r = rngFor(2)
    const before = await height(node)
    const methods = [...Object.keys(ROUTES), ...PROTOTYPE_NAMES, 'nope']
    for (let i = 0; i < CASES; i++) {
      const method = r.pick(methods)
      const names = [...argsOf(method), 'extra']
      const query = names
        .filter(() => r.int(3) > 0)
        .map((n) => {
          const v = r.pick([
            () => r.pick(EDGE_TEXTS),
            () => JSON.stringify(r.pick(EDGE_TEXTS)),
            () => `0x${Buffer.from(r.bytes(r.int(20))).toString('hex')}`,
            () => String(r.int(100)),
          ])()
          return `${n}=${r.int(6) === 0 ? v : uriEncode(v)}`
        })
        .join('&')
      const path = `/${method}${query ? `?${query}` : ''}`
      let a: Awaited<ReturnType<typeof get>>
      try {
        a = await get(node, path)
      } catch (err) {
        // fetch itself refuses some raw paths (a lone `%` is still sent; bad URLs throw here).
        if (err instanceof TypeError && /Invalid URL/.test(String(err.message))) continue
        throw err
      }
      tally('URI', `HTTP ${a.status}`)
      const known =
        Object.hasOwn(ROUTES, method) &&
        !['subscribe', 'unsubscribe', 'unsubscribe_all'].includes(method)
      if (!known) {
        if (a.status !== 404) fail('URI', path, `HTTP ${a.status} for an unknown route`, a.text)
        continue
      }
      if (a.status === 200) {
        checkAnswer('URI', path, a.body)
        if (a.body?.error) fail('URI', path, 'an error with HTTP 200 (CometBFT: 500)', a.text)
      } else if (a.status === 500) {
        const code = checkAnswer('URI', path, a.body)
        if (code === undefined) fail('URI', path, 'HTTP 500 without a JSON-RPC error', a.text)
      } else fail('URI', path, `HTTP ${a.status}`, a.text)
    }
    await assertHealthy('URI', before)
  }, 60_000)

  test('behavior: batches of requests', async () => {
    const r = rngFor(3)
    const before = await height(node)
    for (let i = 0; i < CASES / 2; i++) {
      const n = r.int(14)
      const batch = Array.from({ length: n }, () => {
        const method = r.pick([...Object.keys(ROUTES), ...PROTOTYPE_NAMES])
        const req: Record<string, unknown> = {
          jsonrpc: '2.0',
          method,
          params: paramsFor(r, argsOf(method)) ?? {},
        }
        if (r.int(5) > 0) req.id = r.pick([1, 2, 'a', 'b'])
        return r.int(12) === 0 ? jsonValue(r) : req
      })
      const body = JSON.stringify(batch)
      const a = await post(node, body)
      if (a.status === 500) {
        if (a.body?.error?.code !== -32700)
          fail('batch', body, 'HTTP 500 that is not -32700', a.text)
        continue
      }
      if (a.status !== 200) fail('batch', body, `HTTP ${a.status}`, a.text)
      else if (a.text !== '') {
        for (const x of Array.isArray(a.body) ? a.body : [a.body]) checkAnswer('batch', body, x)
        if (n > 10 && a.body?.error?.code !== -32600)
          fail('batch', body, 'a batch over the limit is not -32600', a.text)
      }
    }
    await assertHealthy('batch', before)
  }, 60_000)

  test('behavior: the websocket answers every frame and stays open', async () => {
    const r = rngFor(4)
    const before = await height(node)
    const ws = new WebSocket(node.ws)
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    const received: any[] = []
    let closed = false
    // Resolved by the answer to the sentinel call, or the socket's close.
    let sentinel: { id: string; done: () => void } | undefined
    ws.on('message', (m) => {
      let x: any
      try {
        x = JSON.parse(String(m))
      } catch {
        x = String(m)
      }
      received.push(x)
      if (sentinel && x?.id === sentinel.id) sentinel.done()
    })
    ws.on('close', () => {
      closed = true
      sentinel?.done()
    })
    const methods = [...Object.keys(ROUTES), ...PROTOTYPE_NAMES, 'nope']
    try {
      for (let i = 0; i < CASES && !closed; i++) {
        const method = r.pick(methods)
        let frame = JSON.stringify({
          jsonrpc: '2.0',
          id: r.int(6) === 0 ? idFor(r) : `f${i}`,
          method,
          params: paramsFor(r, argsOf(method)) ?? {},
        })
        if (r.int(6) === 0) frame = frame.slice(0, r.int(frame.length))
        else if (r.int(10) === 0) frame = JSON.stringify([JSON.parse(frame)])
        const from = received.length
        // A health call after each frame: its answer means every answer to the frame has come.
        const answered = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no websocket answer to ${frame}`)),
            10_000,
          )
          sentinel = {
            id: `sentinel-${i}`,
            done: () => {
              clearTimeout(timer)
              resolve()
            },
          }
        })
        ws.send(frame)
        ws.send(
          JSON.stringify({ jsonrpc: '2.0', id: `sentinel-${i}`, method: 'health', params: {} }),
        )
        await answered
        for (const x of received.slice(from)) {
          if (x?.id === `sentinel-${i}`) continue
          // Events of a subscription a case made are not answers to check.
          if (x?.result?.query !== undefined && x?.result?.data !== undefined) continue
          checkAnswer('websocket', frame, x)
        }
      }
      if (closed) fail('websocket', '', 'the server closed the socket', received.slice(-3))
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 'end', method: 'unsubscribe_all', params: {} }))
    } finally {
      ws.close()
    }
    await assertHealthy('websocket', before)
  }, 60_000)

  test('behavior: gRPC calls with random and mutated request bytes', async () => {
    const r = rngFor(5)
    const before = await height(node)
    const served = new Set(grpcServices('sdk'))
    const byPath = new Map<string, protobuf.Type>(
      registry
        .services()
        .filter((s) => served.has(s.fullName.replace(/^\./, '')) && !/reflection/.test(s.fullName))
        .flatMap((s) =>
          s.methodsArray.map((m) => {
            m.resolve()
            return [`/${s.fullName.replace(/^\./, '')}/${m.name}`, m.resolvedRequestType!]
          }),
        ),
    )
    const methods = [...byPath.keys()]
    expect(methods.length).toBeGreaterThan(30)
    const client = new grpc.Client(node.grpc, grpc.credentials.createInsecure())
    const unary = (path: string, payload: Buffer) =>
      new Promise<{ code: number; details: string }>((resolve) => {
        client.makeUnaryRequest(
          path,
          (b: Buffer) => b,
          (b: Buffer) => b,
          payload,
          { deadline: Date.now() + 10_000 },
          (err) => resolve({ code: err?.code ?? 0, details: err?.details ?? '' }),
        )
      })
    try {
      for (let i = 0; i < CASES; i++) {
        const unknown = r.int(8) === 0
        const path = unknown
          ? r.pick([
              `/sdk.bank.v1beta1.Query/${r.pick(PROTOTYPE_NAMES)}`,
              `/${r.pick(PROTOTYPE_NAMES)}/Balance`,
              '/sdk.bank.v1beta1.Query/Nope',
              '/nope.Service/Method',
            ])
          : r.pick(methods)
        const payload = Buffer.from(
          r.pick([
            () => r.bytes(r.int(64)),
            () => new Uint8Array(),
            // A field 1 string of edge text: an address, a denom, a hash or an id to most requests.
            () => {
              const text = Buffer.from(r.pick(EDGE_TEXTS))
              return Uint8Array.from([0x0a, text.length & 0x7f, ...text.subarray(0, 127)])
            },
            // A varint field 1 of a huge value: heights, ids.
            () =>
              Uint8Array.from([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
            // The method's own request with random field values: reaches the handler's checks.
            () => {
              const type = byPath.get(path)
              return type ? type.encode(type.fromObject(protoValue(r, type))).finish() : r.bytes(8)
            },
            () => {
              const type = byPath.get(path)
              return type ? type.encode(type.fromObject(protoValue(r, type))).finish() : r.bytes(8)
            },
          ])(),
        )
        const a = await unary(path, payload)
        const input = `${path} ${payload.toString('hex')}`
        tally('gRPC', grpc.status[a.code]!)
        if (a.code === grpc.status.INTERNAL || a.code === grpc.status.UNKNOWN)
          fail('gRPC', input, `status ${grpc.status[a.code]}`, a.details)
        else if (unknown && a.code !== grpc.status.UNIMPLEMENTED)
          fail('gRPC', input, 'an unknown method is not UNIMPLEMENTED', `${a.code} ${a.details}`)
        if (JS_FAULT.test(a.details))
          fail('gRPC', input, 'a JavaScript fault as the answer', a.details)
      }
    } finally {
      client.close()
    }
    await assertHealthy('gRPC', before)
  }, 60_000)

  /** The validator's key and account, to sign txs the node would otherwise take. */
  async function validatorSigner() {
    const { address, mnemonic } = home.accounts.validator!
    const key = keyFromMnemonic(mnemonic)
    // A tx an earlier case got into the mempool moves the sequence once its block commits: read
    // the account after that, not before. The account query and the check state must then agree
    // on the sequence (a simulation of a tx signed with it, which keeps nothing, passes; a
    // `check_tx` would keep its sequence bump until the next block, as CometBFT's); a sequence
    // still moving is read again, and said, so that a disagreement that lasts fails here.
    let mismatches = 0
    const signer = await waitFor(
      async () => {
        if ((await call(node, 'num_unconfirmed_txs')).total !== '0') return undefined
        const res = await fetch(`${node.api}/sdk/auth/v1beta1/accounts/${address}`)
        const { account } = (await res.json()) as any
        const s = {
          address,
          key,
          accountNumber: BigInt(account.account_number),
          sequence: BigInt(account.sequence),
        }
        const probe = signedSend(s, '1', 'sequence probe')
        const simulated = await fetch(`${node.api}/sdk/tx/v1beta1/simulate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tx_bytes: Buffer.from(probe).toString('base64') }),
        })
        if (simulated.status === 200) return s
        mismatches++
        console.log(
          `sequence ${s.sequence} read over REST; simulate: ${simulated.status} ${await simulated.text()}`,
        )
        return undefined
      },
      10_000,
      'the account query and the check state agreeing on the sequence',
    )
    if (mismatches > 0) console.log(`the sequence agreed after ${mismatches} reads`)
    return signer
  }

  /** A signed MsgSend from the validator of `amount` (any text) stake. */
  function signedSend(
    s: Awaited<ReturnType<typeof validatorSigner>>,
    amount: string,
    memo = '',
  ): Uint8Array {
    const msg = registry.packAny('/sdk.bank.v1beta1.MsgSend', {
      from_address: s.address,
      to_address: home.accounts.validator!.address,
      amount: [{ denom: 'stake', amount }],
    })
    const t = createUnsignedTx({ messages: [msg], fee: { amount: [], gasLimit: 200_000n }, memo })
    return encodeTxRaw(
      registry,
      signTx(registry, t, s.key, {
        chainId: home.chainId,
        accountNumber: s.accountNumber,
        sequence: s.sequence,
      }),
    )
  }

  test('behavior: random and mutated tx bytes over REST and RPC broadcast', async () => {
    const r = rngFor(6)
    const before = await height(node)
    const s = await validatorSigner()
    const valid = signedSend(s, '1', 'fuzz')
    for (let i = 0; i < CASES; i++) {
      let bytes: Uint8Array
      switch (r.int(4)) {
        case 0:
          bytes = r.bytes(r.int(200))
          break
        case 1:
          bytes = valid.subarray(0, r.int(valid.length))
          break
        default: {
          bytes = Uint8Array.from(valid)
          for (let k = 1 + r.int(4); k > 0; k--) bytes[r.int(bytes.length)] = r.int(256)
        }
      }
      const b64 = Buffer.from(bytes).toString('base64')
      if (r.int(2) === 0) {
        // Mostly a well-formed request; a share with the body's fields of other shapes or absent.
        const odd = r.int(5) === 0
        const body: Record<string, unknown> = {
          tx_bytes: odd ? r.pick([b64, '!!', '', 12, null, {}, [b64]]) : b64,
          mode: r.pick(
            odd
              ? ['BROADCAST_MODE_BLOCK', 'X', -1, 99, 2.5, null, '', '__proto__']
              : ['BROADCAST_MODE_SYNC', 'BROADCAST_MODE_ASYNC', 2],
          ),
        }
        if (odd && r.int(3) === 0) delete body[r.pick(['tx_bytes', 'mode'])]
        let raw = JSON.stringify(body)
        if (odd && r.int(6) === 0) raw = raw.slice(0, r.int(raw.length))
        const res = await fetch(`${node.api}/sdk/tx/v1beta1/txs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: raw,
        })
        const text = await res.text()
        tally('tx bytes', `REST ${res.status}${/"code":\s*(\d+)/.exec(text)?.[0] ?? ''}`)
        if (res.status >= 500) fail('REST broadcast', raw, `HTTP ${res.status}`, text)
        // The texts only: a codespace is `undefined` by upstream's own name for no codespace.
        let said = text
        try {
          const j = JSON.parse(text)
          said = `${j.tx_response?.raw_log ?? ''} ${j.message ?? ''}`
        } catch {
          // not JSON: the whole text is what was said
        }
        if (JS_FAULT.test(said))
          fail('REST broadcast', raw, 'a JavaScript fault as the answer', text)
      } else {
        const method = r.pick(['broadcast_tx_sync', 'check_tx', 'broadcast_tx_async'])
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { tx: b64 } })
        const a = await post(node, body)
        if (a.status !== 200) fail('RPC broadcast', body, `HTTP ${a.status}`, a.text)
        else checkAnswer('tx bytes', body, a.body)
        if (a.body?.result) tally('tx bytes', `RPC code ${a.body.result.code}`)
        // Code 1 is what an error without a registered code becomes. Upstream has a few on purpose
        // (`missing fee`, codespace `undefined`); a JavaScript fault must never be one.
        if (a.body?.result?.code === 1 && JS_FAULT.test(a.body.result.log))
          fail('RPC broadcast', body, 'a JavaScript fault as a code 1 log', a.text)
        if (JS_FAULT.test(JSON.stringify(a.body?.result?.log ?? '')))
          fail('RPC broadcast', body, 'a JavaScript fault as the log', a.text)
      }
    }
    await assertHealthy('tx bytes', before)
  }, 60_000)

  test('error: MsgSend amounts "abc" and 80 digits are code 2 tx parse error; "-1" decodes and fails in its block', async () => {
    const s = await validatorSigner()
    const sync = async (bytes: Uint8Array) =>
      call(node, 'broadcast_tx_sync', { tx: Buffer.from(bytes).toString('base64') })
    const word = await sync(signedSend(s, 'abc'))
    expect([word.code, word.log]).toEqual([
      2,
      'math/big: cannot unmarshal "abc" into a *big.Int: tx parse error',
    ])
    const huge = await sync(signedSend(s, '9'.repeat(80)))
    expect([huge.code, huge.log]).toEqual([
      2,
      'integer out of range; got: 266, max: 256: tx parse error',
    ])
    const rest = await fetch(`${node.api}/sdk/tx/v1beta1/txs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tx_bytes: Buffer.from(signedSend(s, '1.5')).toString('base64'),
        mode: 'BROADCAST_MODE_SYNC',
      }),
    })
    expect(rest.status).toBe(200)
    const { tx_response } = (await rest.json()) as any
    expect([tx_response.code, tx_response.raw_log]).toEqual([
      2,
      'math/big: cannot unmarshal "1.5" into a *big.Int: tx parse error',
    ])
    // A negative amount decodes (big.Int reads it); the bank refuses it when the tx runs.
    const negative = await sync(signedSend(s, '-1'))
    expect(negative.code).toBe(0)
    const included = await waitFor(
      async () => {
        const a = await post(
          node,
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tx',
            params: { hash: Buffer.from(negative.hash, 'hex').toString('base64') },
          }),
        )
        return a.body.result
      },
      10_000,
      'the negative-amount tx in a block',
    )
    expect(included.tx_result.code).not.toBe(0)
    expect(included.tx_result.log).not.toContain('tx parse error')
  }, 30_000)

  test("error: a REST body that is not JSON is 400 with the Go decoder's text, not JavaScript's", async () => {
    const send = async (body: string) => {
      const res = await fetch(`${node.api}/sdk/tx/v1beta1/txs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      return [res.status, await res.json()]
    }
    expect(await send('{"tx_bytes":')).toEqual([
      400,
      { code: 3, message: 'unexpected EOF', details: [] },
    ])
    // Cut short inside a literal is the same for the decoder.
    expect(await send('{"tx_bytes":nu')).toEqual([
      400,
      { code: 3, message: 'unexpected EOF', details: [] },
    ])
    expect(await send('{x}')).toEqual([
      400,
      {
        code: 3,
        message: "invalid character 'x' looking for beginning of object key string",
        details: [],
      },
    ])
  })

  test("error: JSON nested past Go's 10,000 levels is refused as Go refuses it; 9,990 levels are decoded", async () => {
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    const tooDeep = {
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'Parse error. Invalid JSON',
        data: "error unmarshaling request: invalid character '[' exceeded max depth",
      },
    }
    for (const body of ['['.repeat(200_000), nest(10_001), `{"id":1,"params":${nest(20_000)}}`]) {
      const a = await post(node, body)
      expect([a.status, a.body]).toEqual([500, tooDeep])
    }
    // Within the limit the argument is decoded, and refused with its raw text quoted.
    const deep = await post(
      node,
      `{"jsonrpc":"2.0","id":1,"method":"block","params":{"height":${nest(9_990)}}}`,
    )
    expect([deep.status, deep.body.error.code]).toEqual([200, -32602])
    expect(deep.body.error.data).toBe(
      `error converting json params to arguments: invalid 64-bit integer encoding "${nest(9_990)}", expected string`,
    )
    const ws = new WebSocket(node.ws)
    try {
      await new Promise((resolve, reject) => {
        ws.once('open', resolve)
        ws.once('error', reject)
      })
      const answer = new Promise<any>((resolve) =>
        ws.once('message', (m) => resolve(JSON.parse(String(m)))),
      )
      ws.send('{"a":'.repeat(50_000))
      expect(await answer).toEqual({
        ...tooDeep,
        error: {
          ...tooDeep.error,
          data: "error unmarshaling request: invalid character '{' exceeded max depth",
        },
      })
    } finally {
      ws.close()
    }
    const rest = await fetch(`${node.api}/sdk/tx/v1beta1/txs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"tx_bytes":${'['.repeat(200_000)}`,
    })
    expect([rest.status, await rest.json()]).toEqual([
      400,
      { code: 3, message: "invalid character '[' exceeded max depth", details: [] },
    ])
    expect(await height(node)).toBeGreaterThan(0)
  })

  test('error: dev API edge values are -32602 Invalid params and change nothing', async () => {
    const statusBefore = await call(node, 'dev_status')
    const cases: [string, Record<string, unknown>][] = [
      ['dev_setMining', { mode: 'interval', interval: 2147483648 }],
      ['dev_setMining', { mode: 'interval', interval: 1e20 }],
      ['dev_setMining', { mode: 'interval', interval: '100000000000ms' }],
      ['dev_setMining', { mode: 'interval', interval: -1 }],
      ['dev_setMining', { mode: 'sometimes' }],
      ['dev_setMining', { mode: '__proto__' }],
      ['dev_setMining', { mode: 'interval', interval: '' }],
      ['dev_mine', { blocks: 100000000 }],
      ['dev_mine', { blocks: '' }],
      ['dev_mine', { blocks: -1 }],
      ['dev_mine', { blocks: 1.5 }],
      ['dev_mine', { blocks: 'abc' }],
      ['dev_mine', { blocks: 1, interval_ms: 1e20 }],
      ['dev_mineTo', { height: '9'.repeat(30) }],
      ['advance_blocks', { num_blocks: 100000000 }],
      ['advance_blocks', { num_blocks: '' }],
      ['dev_increaseTime', { seconds: 253402300799 }],
      ['dev_increaseTime', { seconds: -5 }],
      ['dev_increaseTime', { seconds: 'abc' }],
      ['dev_increaseTime', { seconds: '' }],
      ['advance_time', { duration_in_seconds: '' }],
      ['advance_time', { duration_in_seconds: 1e20 }],
      ['dev_setNextBlockTime', { time: 'yesterday' }],
      ['dev_setNextBlockTime', { time: '10000-01-01T00:00:00Z' }],
      ['dev_setNextBlockTime', { time: '2000-01-01T00:00:00Z' }],
      ['dev_setBalance', { address: 'sdk1nope', coins: '5stake' }],
      [
        'dev_setBalance',
        { address: 'cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a', coins: '5stake' },
      ],
      ['dev_setBalance', { address: home.accounts.validator!.address, coins: 'abc' }],
      ['dev_fund', { address: '', coins: '5stake' }],
      ['dev_fund', { address: home.accounts.validator!.address, coins: '5stake', from: 'x' }],
    ]
    for (const [method, params] of cases) {
      const a = await post(node, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))
      expect([method, params, a.status, a.body.error?.code, a.body.error?.message]).toEqual([
        method,
        params,
        200,
        -32602,
        'Invalid params',
      ])
      // The message names the parameter and what it got, never a JavaScript word for nothing.
      expect(a.body.error.data).not.toMatch(JS_FAULT)
    }
    // A mode not given is named as such (it once read `got undefined`).
    const noMode = await post(
      node,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'dev_setMining', params: { mode: '' } }),
    )
    expect(noMode.body.error.data).toBe('mode is required: interval, instant or manual')
    const statusAfter = await call(node, 'dev_status')
    expect(statusAfter.mining).toEqual(statusBefore.mining)
    expect(statusAfter.clock.offset_seconds).toBe(statusBefore.clock.offset_seconds)
  }, 30_000)

  test('behavior: dev API methods with random malformed params', async () => {
    const r = rngFor(7)
    const before = await height(node)
    // Values no dev parameter takes; the valid calls are in dev-api.test.ts, and a valid random one
    // could stop the chain (manual mining, a clock at the year 9999, ten million blocks).
    const badCount = () =>
      r.pick(['', 'abc', '-1', -1, 0.5, '1e3x', 1e20, '9'.repeat(30), true, [], {}, '0x', ' '])
    // An interval takes fractions of a millisecond (rounded), so 0.5 is not a bad one.
    const badInterval = () =>
      r.pick(['', 'abc', '-1', -1, '1e3x', 1e20, '9'.repeat(30), true, [], {}, '0x', ' ', '5h'])
    // Time jumps take fractions of a second; counts do not.
    const badSeconds = () =>
      r.pick(['', 'abc', '-1', -1, '1e3x', 1e20, '9'.repeat(30), true, [], {}, '0x', ' '])
    const badText = () => r.pick(['', 'abc', '\u0000', '__proto__', 'sdk1', 1, true, [], {}, null])
    const shapes: Record<string, () => Record<string, unknown>> = {
      dev_mine: () => ({ blocks: badCount() }),
      dev_mineTo: () => ({ height: badCount() }),
      dev_setMining: () =>
        r.pick([{ mode: badText() }, { mode: 'interval', interval: badInterval() }]),
      dev_increaseTime: () => ({ seconds: badSeconds() }),
      dev_setNextBlockTime: () => ({ time: r.pick([...EDGE_TEXTS.slice(0, 20), 1, true, [], {}]) }),
      dev_setBalance: () =>
        r.pick([
          { address: badText(), coins: '1stake' },
          { address: home.accounts.validator!.address, coins: badText() },
        ]),
      dev_fund: () =>
        r.pick([
          { address: badText(), coins: '1stake' },
          { address: home.accounts.validator!.address, coins: badText() },
          // An empty or null `from` is not given (the validator pays), as the dev API reads it.
          {
            address: home.accounts.validator!.address,
            coins: '1stake',
            from: r.pick(['abc', 1, [], {}]),
          },
        ]),
      advance_blocks: () => ({ num_blocks: badCount() }),
      advance_time: () => ({ duration_in_seconds: badSeconds() }),
      set_signing_status: () =>
        r.pick([
          { private_key_address: badText(), status: r.pick(['up', 'down']) },
          { private_key_address: '00'.repeat(20), status: badText() },
        ]),
      dev_endVotingPeriod: () => ({
        proposal_id: r.pick(['', 'abc', '-1', '1.5', '99999999', ' 1', true, [], {}, null]),
      }),
      dev_lightClientAttack: () =>
        r.pick([
          { validator: badText(), type: 'Lunatic' },
          { validator: '0', type: badText() },
        ]),
      cause_double_sign: () => ({ private_key_address: badText() }),
      dev_impersonate: () => ({ address: badText() }),
      dev_stopImpersonating: () => ({ address: badText() }),
      dev_autoImpersonate: () => ({ enabled: r.pick(['', 'yes', 2, [], {}, null, 'on']) }),
      cause_light_client_attack: () =>
        r.pick([
          { private_key_address: badText(), misbehaviour_type: 'Lunatic' },
          { private_key_address: '00'.repeat(20), misbehaviour_type: badText() },
        ]),
    }
    const methods = Object.keys(shapes)
    for (let i = 0; i < CASES / 2; i++) {
      const method = r.pick(methods)
      const params = shapes[method]!()
      const body = JSON.stringify({ jsonrpc: '2.0', id: i, method, params })
      const a = await post(node, body)
      if (a.status !== 200) fail('dev API', body, `HTTP ${a.status}`, a.text)
      else if (a.body?.error?.code !== -32602)
        fail('dev API', body, 'not -32602 Invalid params', a.text)
      else checkAnswer('dev API', body, a.body)
    }
    // Whatever a case did to the mining mode, blocks come every 200 ms again.
    await call(node, 'dev_setMining', { mode: 'interval', interval: '200ms' })
    await assertHealthy('dev API', before)
  }, 60_000)

  test('behavior: after the fuzz the node is up, has made blocks, and logged no stack trace', async () => {
    await assertHealthy('end', startHeight)
    const output = node.p.output()
    const stackLines = output.split('\n').filter((l) => /^\s+at |"stack":|\\n\s+at /.test(l))
    expect(stackLines.slice(0, 5), `SDKD_FUZZ_SEED=${SEED}`).toEqual([])
    const errors = node.p.logs().filter((l) => Number(l.level) >= 50)
    expect(errors.slice(0, 5), `SDKD_FUZZ_SEED=${SEED}`).toEqual([])
  })
})
