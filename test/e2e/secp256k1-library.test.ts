import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Keyring } from '../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { toBase64 } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { chooseSecp256k1, DEFAULT_SECP256K1 } from '../../src/tx/secp256k1.js'
import { pipelined } from '../helpers/pipelined.js'
import {
  boundPorts,
  fundedHome,
  getJson,
  runSdkd,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'

// Signature checks with libsecp256k1 (the default) and with node:crypto (SDKD_SECP256K1=node, or a
// binary that cannot load): the node says which at start-up, and verifies the same either way.

const CHAIN_ID = 'secp-e2e'
const FALLBACK_LINE =
  'libsecp256k1 (secp256k1) is not used: signatures are verified with OpenSSL (node:crypto), about six times slower'
const registry = protoRegistry()

// Where the binding does not load here, the node's default is node:crypto too: the default's check
// is skipped, with the reason, rather than fail on the fallback line it then logs.
const defaultLibrary = chooseSecp256k1(DEFAULT_SECP256K1)
const NO_LIBSECP256K1 =
  defaultLibrary.library === 'libsecp256k1'
    ? undefined
    : `the secp256k1 binding does not load: ${defaultLibrary.fallback}`
if (NO_LIBSECP256K1) console.warn(`a node's default libsecp256k1: skipped: ${NO_LIBSECP256K1}`)

let dir: string
let cleanup: () => Promise<void>
let alice: Awaited<ReturnType<Keyring['get']>>
let bob: Awaited<ReturnType<Keyring['get']>>

const nodeArgs = () => [
  '--home',
  dir,
  'start',
  '--rpc.laddr',
  'tcp://127.0.0.1:0',
  '--api.enable',
  '--api.address',
  'tcp://127.0.0.1:0',
  '--grpc.enable=false',
  '--timeout-commit',
  '100ms',
]

beforeAll(async () => {
  ;({ dir, cleanup, alice, bob } = await fundedHome(CHAIN_ID))
})

afterAll(async () => {
  await cleanup?.()
})

async function run(
  env: NodeJS.ProcessEnv,
  body: (node: SdkdProcess, api: string) => Promise<void>,
) {
  const node = startSdkd(nodeArgs(), { env })
  try {
    const ports = await boundPorts(node, { api: true })
    await node.waitForLog((l) => l.msg === 'committed block')
    await body(node, `http://127.0.0.1:${ports.apiPort}`)
  } finally {
    await node.stop('SIGTERM')
  }
}

/** A MsgSend from alice at her on-chain numbers; `corrupt` flips a bit of the signature. */
async function send(api: string, corrupt = false) {
  const { body } = await getJson(`${api}/sdk/auth/v1beta1/accounts/${alice.address}`)
  let tx = createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: alice.address,
        to_address: bob.address,
        amount: [{ denom: 'stake', amount: '7' }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 500n }], gasLimit: 200_000n },
  })
  tx = signTx(registry, tx, alice, {
    chainId: CHAIN_ID,
    accountNumber: BigInt(body.account.account_number),
    sequence: BigInt(body.account.sequence),
  })
  if (corrupt) tx.signatures![0]![5]! ^= 1
  const r = await getJson(`${api}/sdk/tx/v1beta1/txs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tx_bytes: toBase64(encodeTxRaw(registry, tx)),
      mode: 'BROADCAST_MODE_SYNC',
    }),
  })
  expect(r.status).toBe(200)
  return { response: r.body.tx_response, accountNumber: body.account.account_number as string }
}

/** Broadcasts a good and a bad send and checks what each gets, and that the good one is included. */
async function verifiesLikeUpstream(api: string) {
  const good = await send(api)
  expect(good.response).toMatchObject({ code: 0, raw_log: '' })
  const included = await waitFor(
    async () => {
      const r = await getJson(`${api}/sdk/tx/v1beta1/txs/${good.response.txhash}`)
      return r.status === 200 ? r.body.tx_response : undefined
    },
    20_000,
    'the good send',
  )
  expect(included.code).toBe(0)
  const bad = await send(api, true)
  expect(bad.response).toMatchObject({ code: 4, codespace: 'sdk' })
  expect(bad.response.raw_log).toBe(
    `signature verification failed; please verify account number (${bad.accountNumber}) and chain-id (${CHAIN_ID}): (unable to verify single signer signature): unauthorized`,
  )
}

/**
 * A burst of `n` sends from alice, sequences s, s+1, …, pipelined, in both sign modes; every CheckTx
 * answer, in order.
 */
async function burst(api: string, n: number) {
  const { body } = await getJson(`${api}/sdk/auth/v1beta1/accounts/${alice.address}`)
  const first = BigInt(body.account.sequence)
  const requests = Array.from({ length: n }, (_, i) => {
    let tx = createUnsignedTx({
      messages: [
        registry.packAny('/sdk.bank.v1beta1.MsgSend', {
          from_address: alice.address,
          to_address: bob.address,
          amount: [{ denom: 'stake', amount: String(i + 1) }],
        }),
      ],
      fee: { amount: [{ denom: 'stake', amount: 500n }], gasLimit: 200_000n },
    })
    // Every other tx signed in amino-json, which is verified in CheckTx, not ahead on the worker:
    // it must still wait for the tx before it.
    tx = signTx(
      registry,
      tx,
      alice,
      {
        chainId: CHAIN_ID,
        accountNumber: BigInt(body.account.account_number),
        sequence: first + BigInt(i),
      },
      { signMode: i % 2 === 1 ? 'amino-json' : 'direct' },
    )
    const json = JSON.stringify({
      tx_bytes: toBase64(encodeTxRaw(registry, tx)),
      mode: 'BROADCAST_MODE_SYNC',
    })
    return `POST /sdk/tx/v1beta1/txs HTTP/1.1\r\nhost: node\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  })
  const port = Number(new URL(api).port)
  return (await pipelined(port, requests)).map((a) => JSON.parse(a.body).tx_response)
}

describe('secp256k1 library of a node', () => {
  test('behavior: a burst of sequenced sends from one account passes CheckTx in arrival order and is included, with the verify worker (default) and without', async () => {
    for (const workers of ['', '0', '1']) {
      await run({ SDKD_SECP256K1: '', SDKD_VERIFY_WORKERS: workers }, async (_node, api) => {
        const answers = await burst(api, 40)
        expect(answers.map((a) => [a.code, a.raw_log])).toEqual(answers.map(() => [0, '']))
        const last = answers[answers.length - 1]
        const included = await waitFor(
          async () => {
            const r = await getJson(`${api}/sdk/tx/v1beta1/txs/${last.txhash}`)
            return r.status === 200 ? r.body.tx_response : undefined
          },
          20_000,
          'the last send of the burst',
        )
        expect(included.code).toBe(0)
      })
    }
  })

  test.skipIf(NO_LIBSECP256K1)(
    'behavior: by default libsecp256k1 verifies, and no fallback is logged; verify workers answer the same',
    async () => {
      for (const workers of ['', '1']) {
        await run({ SDKD_SECP256K1: '', SDKD_VERIFY_WORKERS: workers }, async (node, api) => {
          await verifiesLikeUpstream(api)
          expect(node.logs().filter((l) => l.msg === FALLBACK_LINE)).toEqual([])
        })
      }
    },
  )

  test('behavior: SDKD_SECP256K1=node verifies with node:crypto and says so once at start-up, as a warning', async () => {
    // with a verify worker too: it verifies with the same library
    await run({ SDKD_SECP256K1: 'node', SDKD_VERIFY_WORKERS: '1' }, async (node, api) => {
      await verifiesLikeUpstream(api)
      const lines = node.logs().filter((l) => l.msg === FALLBACK_LINE)
      expect(lines).toHaveLength(1)
      // pino's level 40 is warn
      expect(lines[0]).toMatchObject({ level: 40, reason: 'SDKD_SECP256K1=node' })
    })
  })

  test('error: a verify worker count that is not a whole number stops the node at start-up', async () => {
    const r = await runSdkd(nodeArgs(), { env: { SDKD_VERIFY_WORKERS: 'two' }, timeoutMs: 30_000 })
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('SDKD_VERIFY_WORKERS: invalid number of verify workers: two')
  })
})
