import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Keyring } from '../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { toBase64 } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
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
  if (corrupt) tx.signatures[0]![5]! ^= 1
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

describe('secp256k1 library of a node', () => {
  test('behavior: by default libsecp256k1 verifies, and no fallback is logged; verify workers answer the same', async () => {
    for (const workers of ['', '1']) {
      await run({ SDKD_SECP256K1: '', SDKD_VERIFY_WORKERS: workers }, async (node, api) => {
        await verifiesLikeUpstream(api)
        expect(node.logs().filter((l) => l.msg === FALLBACK_LINE)).toEqual([])
      })
    }
  })

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
