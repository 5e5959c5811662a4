import { afterEach, describe, expect, test } from 'vitest'
import { runInit } from '../../../src/cli/init.js'
import { QuorumStallError } from '../../../src/errors.js'
import { createLogger } from '../../../src/logger.js'
import type { Node } from '../../../src/node/node.js'
import { openStream } from '../../helpers/dashboard-stream.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { createTestNode } from '../../helpers/test-node.js'
import { LogCapture } from '../../helpers/upgrade-chain.js'

/**
 * A devnet of 4 validators of power 10, in process: validator 0 is silenced (30 of 40 still sign),
 * then validator 1 double-signs and is jailed. Two heights later the set is the other three, whose
 * signers hold 20 of 30: no more than 2/3, so CometBFT could commit no block. The node makes none
 * (and does not halt) until the silenced validator signs again.
 */
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function devnet(): Promise<{ node: Node; logs: LogCapture }> {
  const home = await tempDir('sdkd-stall-')
  cleanups.push(() => home.cleanup())
  await runInit({ home: home.dir, appVersion: 'v1' }, 'node0', {
    devnet: true,
    validators: 4,
    quiet: true,
    chainId: 'stall-devnet',
  })
  const logs = new LogCapture()
  const logger = createLogger({ level: 'info', destination: logs.stream() })
  // Served on loopback port 0 when started (the RPC alone: the devnet's other servers off).
  const { node } = await createTestNode({
    home: home.dir,
    logger,
    node: (n) => {
      n.rpc.laddr = 'tcp://127.0.0.1:0'
      n.instrumentation.prometheus = false
    },
    app: (a) => {
      a.api.enable = false
      a.grpc.enable = false
    },
  })
  cleanups.push(() => node.stop())
  return { node, logs }
}

/** Silences validator 0, makes validator 1 double-sign at the latest height; returns that height. */
async function silenceAndJail(node: Node): Promise<{ silenced: string; jailedAt: number }> {
  const dev = node.dev!
  await dev.mine(3, 1000)
  const off = await dev.setSigningStatus('0', false)
  expect(off).toMatchObject({ power: 10n, signing: false })
  await dev.doubleSign('1', undefined)
  // The evidence is in the next block: validator 1 is jailed there; the set without it is the
  // set two heights later.
  await dev.mine(1, 1000)
  return { silenced: off.address, jailedAt: node.producer.height }
}

describe('a height the validators signing cannot commit', () => {
  test('behavior: dev_mine makes the blocks before it, then fails naming the height and the power; nothing more is made while it lasts; once the silenced validator signs again, blocks go on', async () => {
    const { node } = await devnet()
    const { silenced, jailedAt } = await silenceAndJail(node)
    const stalled = jailedAt + 2
    const mined = node.dev!.mine(10, 1000)
    await expect(mined).rejects.toThrow(QuorumStallError)
    await expect(mined).rejects.toThrow(
      `height ${stalled} cannot be committed: the validators signing hold 20 of 30 voting power, not more than 2/3 (10 silenced with dev_setSigningStatus, 0 of validators whose keys this node does not hold); no block is made until more sign`,
    )
    expect(node.producer.height).toBe(stalled - 1)
    await expect(node.dev!.mine(1, 1000)).rejects.toThrow(QuorumStallError)
    expect(node.producer.height).toBe(stalled - 1)
    expect((await node.dev!.status()).stalled).toMatchObject({ height: stalled })

    await node.dev!.setSigningStatus(silenced, true)
    expect(await node.dev!.mine(3, 1000)).toBe(stalled + 2)
    expect((await node.dev!.status()).stalled).toBeUndefined()
    // The commit of the stalled height lists the three of its set, all signing.
    const next = (await node.blocks.get(stalled + 1))!
    expect(next.block.lastCommit.signatures.map((s) => s.blockIdFlag)).toEqual([2, 2, 2])
  })

  test('behavior: the block loop waits at that height, warning once, dev_status and the dashboard show it stalled; once the validator signs again blocks go on and neither says so', async () => {
    const { node, logs } = await devnet()
    const { silenced, jailedAt } = await silenceAndJail(node)
    const stalled = jailedAt + 2
    node.producer.setMining({ mode: 'manual', intervalMs: 10 })
    await node.start()
    // The overview's live stream, open before the stall: no block comes, yet it is told.
    const app = node.restApp()
    const stream = await openStream(app, '/dashboard/events?page=overview')
    expect((await stream.next())['chain-status']).not.toContain('data-testid="stalled"')
    /** The next overview update whose chain status does (or does not) say it is stalled. */
    const statusWhere = async (saysStalled: boolean) => {
      for (;;) {
        const status = (await stream.next())['chain-status']
        if (status !== undefined && status.includes('data-testid="stalled"') === saysStalled)
          return status
      }
    }
    const told = statusWhere(true)
    node.producer.setMining({ mode: 'interval', intervalMs: 10 })
    const status = async () => {
      const res = await fetch(`http://${node.addresses.rpc}`, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'dev_status', params: {} }),
      })
      return ((await res.json()) as any).result
    }
    // The loop tries the height every 500 ms at least: three tries.
    await new Promise((r) => setTimeout(r, 1600))
    expect(node.producer.height).toBe(stalled - 1)
    const warnings = logs.lines.filter((l) => String(l.msg).startsWith(`height ${stalled} cannot`))
    expect(warnings.map((l) => [l.level, l.height])).toEqual([[40, stalled]])
    expect((await status()).stalled).toEqual({
      height: String(stalled),
      reason: warnings[0]!.msg,
    })
    const escaped = (text: string) => text.replace(/'/g, '&#39;')
    expect(await told).toContain(`No block: ${escaped(warnings[0]!.msg)}`)
    const page = await (await app.request('/dashboard')).text()
    expect(page).toContain(`data-testid="stalled">No block: ${escaped(warnings[0]!.msg)}`)
    const cleared = statusWhere(false)
    await node.dev!.setSigningStatus(silenced, true)
    const deadline = Date.now() + 10_000
    while (node.producer.height < stalled + 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    expect(node.producer.height).toBeGreaterThanOrEqual(stalled + 2)
    expect(await status()).not.toHaveProperty('stalled')
    await cleared
    await stream.reader.cancel()
  })
})
