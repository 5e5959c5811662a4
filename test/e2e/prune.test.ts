import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import { getJson, LOOPBACK_PORTS, runSdkd, startSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd prune [pruning-method]`, as upstream's: with the node stopped, the state versions of the
 * heights up to the latest minus keep-recent are deleted; those heights no longer read, the kept
 * ones read as before, and the node starts again on the pruned home.
 */

const cleanups = cleanupAfterEach()

describe('sdkd prune (e2e)', () => {
  test('behavior: custom keep-recent prunes every height but the last ones; they read as before and the chain goes on; errors', async () => {
    const h = await createDevnetHome('prune-e2e')
    cleanups.push(h.cleanup)
    const prune = (...args: string[]) => runSdkd(['--home', h.dir, 'prune', ...args])
    let r = await prune()
    // Upstream prints the strategy as its constant's number (0: default) before it opens the store.
    expect([r.code, r.stdout, r.stderr]).toEqual([
      1,
      'get pruning options from command flags, strategy: 0, keep-recent: 362880\n',
      'Error: the database has no valid heights to prune, the latest height: 0\n',
    ])

    // Heights 1..29 (halt-height 30 stops before 30).
    const p = startSdkd([
      '--home',
      h.dir,
      'start',
      ...LOOPBACK_PORTS,
      '--grpc.enable=false',
      '--halt-height',
      '30',
      '--timeout-commit',
      '20ms',
    ])
    cleanups.push(async () => void (await p.stop('SIGKILL')))
    expect((await p.exited).code).toBe(0)
    const store = (height: number) =>
      runSdkd(['--home', h.dir, 'debug', 'store', 'bank', '--height', String(height)])
    const kept = (await store(25)).stdout
    expect(kept).not.toBe('')

    r = await prune('custom', '--pruning-keep-recent', '10')
    expect([r.code, r.stderr]).toEqual([0, ''])
    expect(r.stdout).toBe(
      'get pruning options from command flags, strategy: 3, keep-recent: 10\npruning heights up to 19\nsuccessfully pruned the application root multi stores\n',
    )
    expect((await store(19)).stderr).toBe(
      'Error: failed to load state at height 19; version does not exist (latest height: 29): invalid request\n',
    )
    expect((await store(20)).code).toBe(0)
    expect((await store(25)).stdout).toBe(kept)

    // The node opens the pruned home and goes on; past heights answer from 20 on.
    const node = await startDevnetNode(h, 'v2', '100ms')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const at = (height: number) =>
      getJson(`${node.api}/sdk/bank/v1beta1/supply`, {
        headers: { 'x-sdk-block-height': String(height) },
      })
    const twenty = await at(20)
    expect([twenty.status, twenty.headers.get('x-sdk-block-height')]).toEqual([200, '20'])
    const nineteen = await at(19)
    expect([nineteen.status, nineteen.body.message]).toEqual([
      400,
      expect.stringContaining('failed to load state at height 19; version does not exist'),
    ])
    r = await prune('everything')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/stop it first; nothing was pruned\n$/)
    await node.p.stop()

    r = await prune('custom', '--pruning-keep-recent', '1')
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: invalid custom pruning options: 'pruning-keep-recent' must not be less than 2. For the most aggressive pruning, select pruning = "everything"\n`,
    ])
    r = await prune('sometimes')
    expect([r.code, r.stderr]).toEqual([1, 'Error: unknown pruning strategy sometimes\n'])
    r = await prune('nothing')
    expect([r.code, r.stdout]).toEqual([
      0,
      'get pruning options from command flags, strategy: 2, keep-recent: 0\npruning strategy "nothing" keeps every height: nothing to prune\n',
    ])
  }, 90_000)
})
