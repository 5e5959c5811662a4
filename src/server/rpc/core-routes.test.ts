import { describe, expect, test } from 'vitest'
import type { StoredBlock } from '../../store/block-store.js'
import { uriArgs } from './args.js'
import { coreRoutes, type RpcNode } from './core-routes.js'

/** A stored block of `height`, as much of one as `/status` reads. */
function stored(height: number): StoredBlock {
  const bytes = new Uint8Array(32).fill(height)
  return {
    block: {
      blockId: { hash: bytes, parts: { total: 1, hash: bytes } },
      header: { height, appHash: bytes, time: BigInt(height) * 1_000_000_000n },
    },
  } as unknown as StoredBlock
}

describe('status', () => {
  test('behavior: a block committed (and the blocks below the window pruned) while the earliest is read: the pair answered is of one moment', async () => {
    // 30 blocks kept: 19–48 at first; height 49 commits, and 19 goes, during the earliest's read.
    let latest = stored(48)
    let base = 19
    let commitsDuringRead = 1
    const node = {
      blocks: {
        get latest() {
          return latest
        },
        async earliest() {
          await Promise.resolve()
          if (commitsDuringRead-- > 0) {
            latest = stored(49)
            base = 20
          }
          return stored(base)
        },
      },
      abciInfo: async () => ({ appVersion: 0n }),
      validator: { address: new Uint8Array(20), pubKey: new Uint8Array(32), power: 10n },
      nodeId: 'id',
      p2pListenAddr: 'tcp://0.0.0.0:26656',
      chainId: 'c',
      moniker: 'm',
      rpcListenAddr: 'tcp://127.0.0.1:26657',
    } as unknown as RpcNode
    const status = (await coreRoutes(node).status!.handler(uriArgs({}), {
      remoteAddress: undefined,
    })) as { sync_info: { latest_block_height: string; earliest_block_height: string } }
    expect([status.sync_info.latest_block_height, status.sync_info.earliest_block_height]).toEqual([
      '49',
      '20',
    ])
  })
})
