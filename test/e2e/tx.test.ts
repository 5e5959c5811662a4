import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Keyring } from '../../src/client/keyring.js'
import {
  createUnsignedTx,
  encodeTxRaw,
  signTx,
  type TxObject,
} from '../../src/client/tx-builder.js'
import { toBase64 } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import {
  boundPorts,
  fundedHome,
  getJson,
  rpcHeight,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'

const CHAIN_ID = 'tx-e2e'
const registry = protoRegistry()

let dir: string
let cleanup: () => Promise<void>
let node: SdkdProcess
let api: string
let rpc: string
let rpcPort: number
let alice: Awaited<ReturnType<Keyring['get']>>
let bob: Awaited<ReturnType<Keyring['get']>>

async function rest(path: string, body?: unknown) {
  return getJson(`${api}${path}`, {
    ...(body !== undefined
      ? {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }
      : {}),
  })
}

async function rpcCall(method: string, params: Record<string, unknown>) {
  const { body } = await getJson(rpc, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
    headers: { 'content-type': 'application/json' },
  })
  return body
}

/** A MsgSend from alice signed with the keyring key at the account's on-chain numbers. */
async function aliceSend(
  amount: string,
  o: { sequence?: bigint; chainId?: string; memo?: string; edit?: (tx: TxObject) => TxObject } = {},
) {
  const { body } = await rest(`/sdk/auth/v1beta1/accounts/${alice.address}`)
  const account = body.account
  let tx = createUnsignedTx({
    messages: [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: alice.address,
        to_address: bob.address,
        amount: [{ denom: 'stake', amount }],
      }),
    ],
    fee: { amount: [{ denom: 'stake', amount: 500n }], gasLimit: 200_000n },
    ...(o.memo !== undefined ? { memo: o.memo } : {}),
  })
  tx = signTx(registry, tx, alice, {
    chainId: o.chainId ?? CHAIN_ID,
    accountNumber: BigInt(account.account_number),
    sequence: o.sequence ?? BigInt(account.sequence),
  })
  if (o.edit) tx = o.edit(tx)
  return encodeTxRaw(registry, tx)
}

async function balance(address: string): Promise<bigint> {
  const { body } = await rest(`/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`)
  return BigInt(body.balance.amount)
}

/** Waits until GetTx finds the tx; returns its TxResponse. */
function included(hash: string) {
  return waitFor(
    async () => {
      const { status, body } = await rest(`/sdk/tx/v1beta1/txs/${hash}`)
      return status === 200 ? body.tx_response : undefined
    },
    20_000,
    `tx ${hash}`,
  )
}

beforeAll(async () => {
  ;({ dir, cleanup, alice, bob } = await fundedHome(CHAIN_ID))
  // a small max tx size, to see the oversize refusal
  const configPath = join(dir, 'config', 'config.toml')
  const config = await readFile(configPath, 'utf8')
  await writeFile(configPath, config.replace(/^max_tx_bytes = \d+$/m, 'max_tx_bytes = 4096'))

  node = startSdkd([
    '--home',
    dir,
    'start',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
    '--dev.enable',
  ])
  const ports = await boundPorts(node, { api: true })
  rpcPort = ports.rpcPort
  rpc = `http://127.0.0.1:${rpcPort}`
  api = `http://127.0.0.1:${ports.apiPort}`
  await node.waitForLog((l) => l.msg === 'committed block')
  // A block as soon as a tx is admitted, none without one: inclusion never waits on a timer.
  expect((await rpcCall('dev_setMining', { mode: 'instant' })).result.mode).toBe('instant')
})

afterAll(async () => {
  await node?.stop('SIGTERM')
  await cleanup?.()
})

describe('transactions against a running sdkd', () => {
  test('behavior: a MsgSend signed with the keyring, broadcast over REST, is included and moves coins', async () => {
    const before = await balance(alice.address)
    const bytes = await aliceSend('12345')
    const r = await rest('/sdk/tx/v1beta1/txs', {
      tx_bytes: toBase64(bytes),
      mode: 'BROADCAST_MODE_SYNC',
    })
    expect(r.status).toBe(200)
    expect(r.body.tx_response).toMatchObject({ code: 0, height: '0', raw_log: '' })
    const hash = r.body.tx_response.txhash as string
    const res = await included(hash)
    expect(res).toMatchObject({ code: 0, txhash: hash, gas_wanted: '200000' })
    expect(await balance(alice.address)).toBe(before - 12345n - 500n)
    expect(await balance(bob.address)).toBe(12345n)

    // found by sender (REST) and by hash (RPC tx_search), as cosmjs looks txs up
    const q = encodeURIComponent(`message.sender='${alice.address}'`)
    const byEvent = await rest(`/sdk/tx/v1beta1/txs?query=${q}`)
    expect(byEvent.body.tx_responses.map((t: { txhash: string }) => t.txhash)).toContain(hash)
    const search = await rpcCall('tx_search', { query: `tx.hash='${hash}'`, prove: false })
    expect(search.result.total_count).toBe('1')
    expect(search.result.txs[0]).toMatchObject({ hash, height: res.height, index: 0 })

    // bob's account exists now (created on first receipt)
    const account = await rest(`/sdk/auth/v1beta1/accounts/${bob.address}`)
    expect(account.status).toBe(200)
    expect(account.body.account.pub_key).toBeNull()
  })

  test('behavior: broadcast_tx_sync over RPC, then the pubkey and sequence are on the account', async () => {
    const bytes = await aliceSend('1')
    const r = await rpcCall('broadcast_tx_sync', { tx: toBase64(bytes) })
    expect(r.result).toMatchObject({ code: 0, data: '', log: '', codespace: '' })
    const res = await included(r.result.hash)
    expect(res.code).toBe(0)
    const { body } = await rest(`/sdk/auth/v1beta1/accounts/${alice.address}`)
    expect(body.account.sequence).toBe('2')
    expect(body.account.pub_key).toEqual({
      '@type': '/sdk.crypto.secp256k1.PubKey',
      key: toBase64(alice.pubKey),
    })
  })

  test('error: bad txs get their codes, nothing of them is committed, blocks keep coming', async () => {
    const aliceBefore = await balance(alice.address)
    const heightBefore = (await rpcHeight(rpcPort))!
    const codeOf = async (bytes: Uint8Array) =>
      (await rest('/sdk/tx/v1beta1/txs', { tx_bytes: toBase64(bytes), mode: 2 })).body.tx_response

    expect(await codeOf(Uint8Array.of(1, 2, 3))).toMatchObject({ code: 2, codespace: 'sdk' })
    const wrongChain = await codeOf(await aliceSend('1', { chainId: 'other' }))
    expect(wrongChain).toMatchObject({ code: 4 })
    expect(wrongChain.raw_log).toContain(`chain-id (${CHAIN_ID})`)
    expect(await codeOf(await aliceSend('1', { sequence: 99n }))).toMatchObject({
      code: 32,
      raw_log: 'account sequence mismatch, expected 2, got 99: incorrect account sequence',
    })
    const unknownType = await aliceSend('1', {
      edit: (tx) => ({
        ...tx,
        body: {
          ...tx.body,
          messages: [{ type_url: '/sdk.bank.v1beta1.MsgNope', value: new Uint8Array() }],
        },
      }),
    })
    expect(await codeOf(unknownType)).toMatchObject({
      code: 2,
      raw_log: 'unable to resolve type URL /sdk.bank.v1beta1.MsgNope: tx parse error',
    })
    const oversize = await aliceSend('1', { memo: 'x'.repeat(5000) })
    expect(await codeOf(oversize)).toMatchObject({ code: 21, codespace: 'sdk', raw_log: '' })
    const rpcOversize = await rpcCall('broadcast_tx_sync', { tx: toBase64(oversize) })
    expect(rpcOversize.error.data).toBe(
      `Tx too large. Max size is 4096, but got ${oversize.length}`,
    )
    // Refused txs never reach a block: with instant mining, none was made for them.
    expect(await rpcHeight(rpcPort)).toBe(heightBefore)
    expect(await balance(alice.address)).toBe(aliceBefore)
    expect((await rpcCall('num_unconfirmed_txs', {})).result.n_txs).toBe('0')

    // An overdrawing send passes CheckTx (messages do not run there), is included and fails in
    // its block: only its fee is taken.
    const overdraw = await codeOf(await aliceSend('999999999999'))
    expect(overdraw).toMatchObject({ code: 0 })
    const res = await included(overdraw.txhash)
    expect(res.code).toBe(5)
    expect(res.raw_log).toMatch(
      /^failed to execute message; message index: 0: spendable balance \d+stake is smaller than 999999999999stake: insufficient funds$/,
    )
    expect(Number(res.height)).toBe(heightBefore + 1)
    expect(await balance(alice.address)).toBe(aliceBefore - 500n)
    const failed = await rpcCall('tx_search', {
      query: `message.sender='${alice.address}' AND tx.height>${heightBefore}`,
    })
    expect(failed.result.txs).toHaveLength(1)
    expect(failed.result.txs[0]).toMatchObject({
      hash: overdraw.txhash,
      tx_result: { code: 5, log: res.raw_log },
    })

    // Blocks keep coming: the node is up and makes the next one, and a good tx is included.
    expect(node.child.exitCode).toBeNull()
    expect((await rpcCall('dev_mine', { blocks: 1 })).result.height).toBe(String(heightBefore + 2))
    const next = await rest('/sdk/tx/v1beta1/txs', {
      tx_bytes: toBase64(await aliceSend('1')),
      mode: 'BROADCAST_MODE_SYNC',
    })
    expect(next.body.tx_response.code).toBe(0)
    expect((await included(next.body.tx_response.txhash)).code).toBe(0)
  })
})
