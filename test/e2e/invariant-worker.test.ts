import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, moduleAddress } from '../../src/codec/address.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import { boundPorts, LOOPBACK_PORTS, rpcCall, startSdkd } from '../helpers/sdkd.js'

/**
 * A devnet asserts the invariants after every block on its invariant worker (`[runtime]
 * invariant-worker`, on by default), on a copy of the state the node keeps up to date: through a
 * dev snapshot and revert (the copy starts again from the reverted state), and up to the height
 * that breaks one, which is not committed, as when the node's thread checked them.
 */

const DISTRIBUTION = addressToBech32(moduleAddress('distribution'))

function start(home: DevnetHome, env: NodeJS.ProcessEnv = {}) {
  return startSdkd(
    ['--home', home.dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false', '--api.enable=false'],
    { env: { SDKD_LOG_LEVEL: 'debug', ...env } },
  )
}

async function call(port: number, method: string, params: Record<string, unknown> = {}) {
  const reply = await rpcCall(port, method, params)
  if (reply.error) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
  return reply.result
}

/** Coins no record accounts for appear in the distribution account: the node refuses, exit 1. */
async function breakAndStop(p: ReturnType<typeof start>, port: number) {
  const reply = await rpcCall(port, 'dev_setBalance', {
    address: DISTRIBUTION,
    coins: '999999999999999stake',
  })
  expect(reply.error.data).toContain(
    'invariant broken: distribution: ModuleAccount coins invariant',
  )
  // Upstream's x/crisis panic names the tx that would halt the chain.
  expect(reply.error.data).toContain(
    '\n\n\tCRITICAL please submit the following transaction:\n\t\t tx crisis invariant-broken distribution module-account',
  )
  expect((await p.exited).code).toBe(1)
}

describe('the invariant worker', () => {
  let home: DevnetHome

  beforeAll(async () => {
    home = await createDevnetHome('inv-worker-e2e')
  }, 60_000)
  afterAll(async () => {
    await home?.cleanup()
  })

  test('behavior: checks every mined block across a dev snapshot and revert; an edit that breaks one stops the node (exit 1) with the message, the blocks before it committed', async () => {
    const p = start(home)
    const { rpcPort } = await boundPorts(p)
    await p.waitForLog((l) => l.msg === 'invariant worker ready')
    await call(rpcPort, 'dev_setMining', { mode: 'manual' })
    const snap = await call(rpcPort, 'dev_snapshot')
    const first = await call(rpcPort, 'dev_mine', { blocks: 40 })
    expect(Number(first.height)).toBe(Number(snap.height) + 40)
    await call(rpcPort, 'dev_revert', { id: snap.id })
    const again = await call(rpcPort, 'dev_mine', { blocks: 40 })
    expect(Number(again.height)).toBe(Number(snap.height) + 40)
    const before = Number(again.height)

    await breakAndStop(p, rpcPort)
    const broken = p.logs().find((l) => l.msg === 'invariant broken')
    expect(broken).toMatchObject({ module: 'distribution', route: 'module-account' })
    expect(p.output()).not.toContain('the checking thread stopped')

    // The refused block is not on disk: a start continues from the block before it.
    const next = start(home)
    try {
      const started = await next.waitForLog((l) => l.msg === 'node started')
      expect(Number(started.height)).toBe(before)
    } finally {
      await next.stop()
    }
  }, 60_000)

  test('behavior: SDKD_INVARIANT_WORKER=0 checks them on the node’s thread: no worker, the same refusal', async () => {
    const p = start(home, { SDKD_INVARIANT_WORKER: '0' })
    const { rpcPort } = await boundPorts(p)
    await call(rpcPort, 'dev_setMining', { mode: 'manual' })
    await call(rpcPort, 'dev_mine', { blocks: 5 })
    await breakAndStop(p, rpcPort)
    expect(p.logs().some((l) => l.msg === 'invariant worker ready')).toBe(false)
  }, 60_000)
})
