import { describe, expect, test } from 'vitest'
import { protoRegistry } from '../codec/proto.js'
import { createNodeServiceHandlers } from './query/node-service.js'
import { createQueryRouter } from './query/router.js'
import { createGateway } from './rest/gateway.js'
import { coreRoutes } from './rpc/core-routes.js'
import { createRpcApp } from './rpc/server.js'

/** Node facts both surfaces report; no block committed yet. */
const facts = {
  chainId: 'info-test',
  moniker: 'node7',
  nodeId: 'ab'.repeat(20),
  p2pListenAddr: 'tcp://0.0.0.0:26656',
  rpcListenAddr: 'tcp://127.0.0.1:26657',
  txIndex: 'on' as const,
  blocks: {
    latest: undefined,
    base: 0,
    get: async () => undefined,
    earliest: async () => undefined,
  },
  validatorSet: async () => undefined,
}

/** The RPC app of a node with these facts (and `changed`), its validator and ABCI info fixed. */
function rpcApp(changed: { txIndex?: 'on' | 'off' } = {}) {
  return createRpcApp(
    coreRoutes({
      ...facts,
      ...changed,
      validator: { address: new Uint8Array(20).fill(1), pubKey: new Uint8Array(32), power: 10n },
      abciInfo: async () => ({
        data: 'sdkd',
        version: '0.1.0',
        appVersion: 3n,
        lastBlockHeight: 0,
        lastBlockAppHash: new Uint8Array(),
      }),
    }),
  )
}

describe('node info', () => {
  test('behavior: /status reports the CometBFT node info with the protocol version', async () => {
    const app = rpcApp()
    const body = (await (await app.request('/status')).json()) as { result: { node_info: unknown } }
    expect(JSON.stringify(body.result.node_info)).toBe(
      JSON.stringify({
        protocol_version: { p2p: '8', block: '11', app: '3' },
        id: facts.nodeId,
        listen_addr: facts.p2pListenAddr,
        network: facts.chainId,
        version: '0.38.12',
        channels: '40202122233038606100',
        moniker: facts.moniker,
        other: { tx_index: 'on', rpc_address: facts.rpcListenAddr },
      }),
    )
  })

  test('behavior: a node whose tx indexer is null reports tx_index off, as CometBFT does', async () => {
    const app = rpcApp({ txIndex: 'off' })
    const body = (await (await app.request('/status')).json()) as {
      result: { node_info: { other: unknown } }
    }
    expect(body.result.node_info.other).toEqual({
      tx_index: 'off',
      rpc_address: facts.rpcListenAddr,
    })
  })

  test('behavior: GetNodeInfo over REST reports the same facts in the proto shape', async () => {
    const router = createQueryRouter({
      registry: protoRegistry(),
      chain: {
        latestBlockHeight: () => 1,
        checkReadable: () => undefined,
        view: (height) => ({
          height,
          store: () => ({
            get: async () => undefined,
            has: async () => false,
            async *iterate() {},
          }),
          hasStore: () => false,
          storeNames: () => [],
        }),
      },
      handlers: new Map(),
      nodeHandlers: createNodeServiceHandlers(),
      node: { ...facts, version: '0.1.0', appVersion: 'v1', protocolVersion: async () => 3n },
    })
    const res = await createGateway({ router }).request('/sdk/base/tendermint/v1beta1/node_info')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(
      JSON.stringify({
        default_node_info: {
          protocol_version: { p2p: '8', block: '11', app: '3' },
          default_node_id: facts.nodeId,
          listen_addr: facts.p2pListenAddr,
          network: facts.chainId,
          version: '0.38.12',
          channels: Buffer.from('40202122233038606100', 'hex').toString('base64'),
          moniker: facts.moniker,
          other: { tx_index: 'on', rpc_address: facts.rpcListenAddr },
        },
        application_version: {
          name: 'sdkd',
          app_name: 'sdkd',
          version: '0.1.0',
          git_commit: '',
          build_tags: 'app-version=v1',
          go_version: `node ${process.version}`,
          build_deps: [],
          sdk_version: 'v0.50',
        },
      }),
    )
  })
})
