import { cp } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Keyring } from '../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { toBase64 } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { pipelined } from '../helpers/pipelined.js'
import { withoutClocks } from '../helpers/raw-http.js'
import { boundPorts, fundedHome, getJson, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

// The REST broadcast route with its bodies parsed, decoded and verified on a worker thread (the
// default where a verify worker runs) against the same route on the node's thread alone
// (SDKD_VERIFY_WORKERS=0): two real nodes from copies of one home, the same raw requests in the
// same order; every answer must be the same bytes, but for the Date header.

const CHAIN_ID = 'ingress-e2e'
const WORKERS_LINE = 'broadcast bodies are parsed, decoded and verified on worker threads'
const PATH = '/sdk/tx/v1beta1/txs'
const registry = protoRegistry()

let dirs: string[] = []
let cleanups: (() => Promise<void>)[] = []
let alice: Awaited<ReturnType<Keyring['get']>>
let bob: Awaited<ReturnType<Keyring['get']>>

beforeAll(async () => {
  const home = await fundedHome(CHAIN_ID)
  ;({ alice, bob } = home)
  const copy = await tempDir()
  await cp(home.dir, copy.dir, { recursive: true })
  dirs = [home.dir, copy.dir]
  cleanups = [home.cleanup, copy.cleanup]
})

afterAll(async () => {
  for (const c of cleanups) await c()
})

/** A send from alice signed for `accountNumber` and `sequence`; `corrupt` flips a signature bit. */
function send(accountNumber: bigint, sequence: bigint, corrupt = false): string {
  let tx = createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: alice.address,
        to_address: bob.address,
        amount: [{ denom: 'stake', amount: String(sequence + 1n) }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 500n }], gasLimit: 200_000n },
  })
  tx = signTx(registry, tx, alice, { chainId: CHAIN_ID, accountNumber, sequence })
  if (corrupt) tx.signatures![0]![5]! ^= 1
  return toBase64(encodeTxRaw(registry, tx))
}

/** A raw POST of `body` to the broadcast route, kept alive for the next one. */
function post(body: string): string {
  return `POST ${PATH} HTTP/1.1\r\nhost: node\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
}

/** Alice's account number on a node. */
async function accountNumber(api: string): Promise<bigint> {
  const { body } = await getJson(`${api}/sdk/auth/v1beta1/accounts/${alice.address}`)
  return BigInt(body.account.account_number)
}

/** The answers of a node to the same rounds of requests, and whether it used the workers. */
async function answersOf(home: string, workers: string) {
  const node = startSdkd(
    [
      '--home',
      home,
      'start',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--api.enable',
      '--api.address',
      'tcp://127.0.0.1:0',
      '--grpc.enable=false',
      '--timeout-commit',
      '100ms',
    ],
    { env: { SDKD_VERIFY_WORKERS: workers, SDKD_SECP256K1: '' } },
  )
  try {
    const { apiPort } = await boundPorts(node, { api: true })
    await node.waitForLog((l) => l.msg === 'committed block')
    const api = `http://127.0.0.1:${apiPort}`
    const n = await accountNumber(api)
    const json = (tx_bytes: string, mode: unknown = 'BROADCAST_MODE_SYNC') =>
      post(JSON.stringify({ tx_bytes, mode }))
    const rounds = [
      // the first send of an account (its number not known yet off the node's thread), then a
      // pipelined burst in sequence order (verified off the node's thread), async mode among them
      [json(send(n, 0n))],
      Array.from({ length: 30 }, (_, i) => json(send(n, BigInt(i + 1)), i % 7 === 3 ? 3 : 2)),
      [
        // the same tx again (the cache), a bad signature, a signature for another account number,
        // a wrong sequence, bytes that are no tx, JSON that does not parse, an unknown mode
        json(send(n, 1n)),
        json(send(n, 31n, true)),
        json(send(n + 1n, 31n)),
        json(send(n, 40n)),
        json('AAEC'),
        post('{"tx_bytes":'),
        json(send(n, 31n), 'NO_SUCH_MODE'),
        json(send(n, 31n)),
      ],
    ]
    const answers: string[] = []
    for (const [i, round] of rounds.entries()) {
      answers.push(...(await pipelined(apiPort!, round)).map((a) => withoutClocks(a.raw)))
      // The first broadcast starts the workers: the rounds after it are theirs once they are ready.
      if (i === 0 && workers !== '0') await node.waitForLog((l) => l.msg === WORKERS_LINE)
    }
    const used = node.logs().some((l) => l.msg === WORKERS_LINE)
    return { answers, used }
  } finally {
    await node.stop('SIGTERM')
  }
}

describe('broadcast bodies checked on a worker thread', () => {
  test('behavior: every answer is the same bytes as the node thread alone gives, in arrival order', async () => {
    const off = await answersOf(dirs[0]!, '1')
    const on = await answersOf(dirs[1]!, '0')
    expect(off.used).toBe(true)
    expect(on.used).toBe(false)
    expect(off.answers).toEqual(on.answers)
    const bodies = off.answers.map((a) => a.slice(a.indexOf('\r\n\r\n') + 4))
    const codes = bodies.map((b) => JSON.parse(b).tx_response?.code ?? JSON.parse(b).code)
    // 31 sends accepted in order; then 19 (cache), 4, 4 (signatures), 32 (sequence), 2 (no tx),
    // 3 (the JSON's InvalidArgument), 3 (the mode's), and the last send accepted
    expect(codes).toEqual([...Array(31).fill(0), 19, 4, 4, 32, 2, 3, 3, 0])
    for (const i of [32, 33]) {
      expect(JSON.parse(bodies[i]!).tx_response.raw_log).toMatch(
        /^signature verification failed; please verify account number \(\d+\) and chain-id \(ingress-e2e\): \(unable to verify single signer signature\): unauthorized$/,
      )
    }
  })
})
