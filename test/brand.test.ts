import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetMnemonic } from '../src/cli/devnet-preset.js'
import { runInit } from '../src/cli/init.js'
import { useBrand } from '../src/codec/brand.js'
import type { Node } from '../src/node/node.js'
import { DEFAULT_APP_VERSION } from '../src/versions/index.js'
import { BRAND_CHECKS, BRANDS, type BrandNode } from './helpers/brand-checks.js'
import { tempDir } from './helpers/temp-dir.js'
import { createTestNode } from './helpers/test-node.js'

/**
 * The same checks against an in-process devnet node of each brand: a home made by `init --devnet`
 * (with `--brand cosmos` for the second), its servers on port 0, blocks mined through the dev API.
 */

afterAll(() => {
  useBrand('sdk')
})

describe.each(['sdk', 'cosmos'] as const)('brand %s', (name) => {
  const x = BRANDS[name]
  let node: Node
  let target: BrandNode
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const dir = await tempDir(`sdkd-brand-${name}-`)
    cleanup = dir.cleanup
    const chainId = `brand-${name}`
    await runInit({ home: dir.dir, appVersion: DEFAULT_APP_VERSION }, 'node0', {
      chainId,
      devnet: true,
      accounts: 2,
      quiet: true,
      brand: name,
    })
    node = (
      await createTestNode({
        home: dir.dir,
        node: (n) => {
          n.rpc.laddr = 'tcp://127.0.0.1:0'
        },
        app: (a) => {
          a.api.address = 'tcp://127.0.0.1:0'
          a.grpc.enable = true
          a.grpc.address = '127.0.0.1:0'
        },
      })
    ).node
    const home = node.options.home
    expect(home.brand).toBe(name)
    node.producer.setMining({ mode: 'manual', intervalMs: home.node.consensus.timeoutCommitMs })
    await node.start()
    await node.producer.produceBlocks(2)
    target = {
      x,
      api: `http://${node.addresses.api}`,
      rpcPort: Number(/:(\d+)$/.exec(node.addresses.rpc!)![1]),
      grpc: node.addresses.grpc!,
      chainId,
      mnemonic: devnetMnemonic(1),
    }
  })

  afterAll(async () => {
    await node?.stop()
    await cleanup?.()
  })

  test.each(BRAND_CHECKS.map((c) => [c.name, c] as const))('%s', async (_name, check) => {
    await check.run(target)
  })
})
