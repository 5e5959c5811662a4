import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import { toHexUpper } from '../../src/codec/bytes.js'
import { consensusAddress } from '../../src/config/validator-key.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
  txOk,
} from '../helpers/devnet.js'
import { getJson, waitFor } from '../helpers/sdkd.js'

/**
 * A block whose EndBlock changes a validator's power (a delegation), as CometBFT v0.38 shows it:
 * `/block_results`' `validator_updates`, the NewBlock event's `result_finalize_block` (with the
 * consensus params the app returns from every block), and the ValidatorSetUpdates event after the
 * block's Tx events. The shapes are those a real CometBFT serves for the same app under
 * `--consensus cometbft`. A real devnet process, restarted to show the updates are kept.
 */

let devnet: DevnetHome
let node: RunningNode
/** The validator's consensus public key (`/validators`). */
let pubKey: string
let operator: string

type Frame = any

beforeAll(async () => {
  devnet = await createDevnetHome('vals-rpc')
  node = await startDevnetNode(devnet, 'v2')
  operator = addressToBech32(bech32ToAddress(devnet.accounts.validator!.address), 'sdkvaloper')
  const vals = await getJson(`http://127.0.0.1:${node.rpcPort}/validators`)
  pubKey = vals.body.result.validators[0].pub_key.value
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
})

async function blockResults(height: number | string): Promise<Frame> {
  const r = await getJson(`http://127.0.0.1:${node.rpcPort}/block_results?height=${height}`)
  expect(r.status).toBe(200)
  return r.body.result
}

describe('validator updates over the RPC', () => {
  test('behavior: a delegation changes the power: block_results, NewBlock and ValidatorSetUpdates show the update; the block before shows null; a restart keeps it', async () => {
    const frames: Frame[] = []
    const ws = new WebSocket(`ws://127.0.0.1:${node.rpcPort}/websocket`)
    ws.on('message', (d) => frames.push(JSON.parse(String(d))))
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    for (const [id, query] of [
      ['nb', "tm.event='NewBlock'"],
      ['tx', "tm.event='Tx'"],
      ['vsu', "tm.event='ValidatorSetUpdates'"],
    ])
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscribe', params: { query } }))
    await waitFor(async () => (frames.length >= 3 ? true : undefined), 10_000, 'subscriptions')

    // 10 stake of power (10,000,000 bonded) and 5 more delegated: power 15.
    const res = await txOk(devnet, node, ['staking', 'delegate', operator, '5000000stake'], 'alice')
    const height = Number(res.height)
    const expected = [
      {
        pub_key: {
          Sum: { type: 'tendermint.crypto.PublicKey_Ed25519', value: { ed25519: pubKey } },
        },
        power: '15',
      },
    ]
    const results = await blockResults(height)
    expect(Object.keys(results)).toEqual([
      'height',
      'txs_results',
      'finalize_block_events',
      'validator_updates',
      'consensus_param_updates',
      'app_hash',
    ])
    expect(results.validator_updates).toEqual(expected)
    expect((await blockResults(height - 1)).validator_updates).toBeNull()
    // BeginBlock's events (x/mint's provision first) end with upstream's indexed `mode` attribute.
    const mint = results.finalize_block_events.find((e: Frame) => e.type === 'mint')
    expect(mint.attributes.at(-1)).toEqual({ key: 'mode', value: 'BeginBlock', index: true })
    expect(
      results.finalize_block_events.every(
        (e: Frame) =>
          e.attributes.at(-1).key === 'mode' && e.attributes.at(-1).value === 'BeginBlock',
      ),
    ).toBe(true)

    const ofHeight = (f: Frame) => f.result?.data?.value
    const newBlock = await waitFor(
      async () =>
        frames.find((f) => f.id === 'nb' && ofHeight(f)?.block?.header?.height === String(height)),
      10_000,
      'the NewBlock event',
    )
    const finalize = newBlock.result.data.value.result_finalize_block
    expect(Object.keys(finalize)).toEqual([
      'events',
      'tx_results',
      'validator_updates',
      'consensus_param_updates',
      'app_hash',
    ])
    expect(finalize.validator_updates).toEqual(expected)
    expect(finalize.consensus_param_updates).toEqual(results.consensus_param_updates)
    // A block without updates (the one before: the tx took longer than a block to send): null,
    // and the params still there.
    const before = frames.find(
      (f) => f.id === 'nb' && ofHeight(f)?.block?.header?.height === String(height - 1),
    )
    expect(before.result.data.value.result_finalize_block.validator_updates).toBeNull()
    expect(before.result.data.value.result_finalize_block.consensus_param_updates).toEqual(
      results.consensus_param_updates,
    )

    const vsu = await waitFor(
      async () => frames.find((f) => f.id === 'vsu' && f.result?.data),
      10_000,
      'the ValidatorSetUpdates event',
    )
    const address = toHexUpper(consensusAddress(Buffer.from(pubKey, 'base64')))
    expect(vsu.result).toEqual({
      query: "tm.event='ValidatorSetUpdates'",
      data: {
        type: 'tendermint/event/ValidatorSetUpdates',
        value: {
          validator_updates: [
            {
              address,
              pub_key: { type: 'tendermint/PubKeyEd25519', value: pubKey },
              voting_power: '15',
              proposer_priority: '0',
            },
          ],
        },
      },
      events: { 'tm.event': ['ValidatorSetUpdates'] },
    })
    // Published after the block's Tx events, as CometBFT's fireEvents does; once.
    const txAt = frames.findIndex(
      (f) => f.id === 'tx' && ofHeight(f)?.TxResult?.height === String(height),
    )
    expect(txAt).toBeGreaterThanOrEqual(0)
    expect(frames.indexOf(vsu)).toBeGreaterThan(txAt)
    expect(frames.filter((f) => f.id === 'vsu' && f.result?.data)).toHaveLength(1)
    ws.terminate()

    // From the block store after a restart.
    await node.p.stop()
    node = await startDevnetNode(devnet, 'v2')
    expect((await blockResults(height)).validator_updates).toEqual(expected)
  })
})
