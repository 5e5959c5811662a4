import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, moduleAddress } from '../../src/codec/address.js'
import { LARGE_VALUE_BYTES } from '../../src/store/version-index.js'
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

  test('behavior: a community pool of 80 denoms, kept in the database, is read by the checks from the node after a revert; an edit that breaks its invariant still stops the node', async () => {
    const kept = await createDevnetHome('inv-worker-kept-e2e')
    try {
      // 80 IBC-style denoms in the community pool and the distribution account that holds it.
      const denoms = Array.from(
        { length: 80 },
        (_, i) => `ibc/${createHash('sha256').update(String(i)).digest('hex').toUpperCase()}`,
      ).sort()
      const file = join(kept.dir, 'config/genesis.json')
      const genesis = JSON.parse(await readFile(file, 'utf8'))
      genesis.app_state.distribution.fee_pool.community_pool = denoms.map((denom) => ({
        denom,
        amount: '7.000000000000000000',
      }))
      genesis.app_state.bank.balances.push({
        address: DISTRIBUTION,
        coins: denoms.map((denom) => ({ denom, amount: '7' })),
      })
      await writeFile(file, JSON.stringify(genesis, null, 2))

      const p = start(kept)
      const { rpcPort } = await boundPorts(p)
      await p.waitForLog((l) => l.msg === 'invariant worker ready')
      await call(rpcPort, 'dev_setMining', { mode: 'manual' })
      const snap = await call(rpcPort, 'dev_snapshot')
      await call(rpcPort, 'dev_mine', { blocks: 5 })
      // The copy starts again from the reverted state, the pool as a value the node keeps.
      await call(rpcPort, 'dev_revert', { id: snap.id })
      const again = await call(rpcPort, 'dev_mine', { blocks: 10 })
      expect(Number(again.height)).toBe(Number(snap.height) + 10)
      const pool = await call(rpcPort, 'abci_query', {
        path: '/sdk.distribution.v1beta1.Query/CommunityPool',
        data: '',
      })
      // What makes the pool a value the node keeps in its database.
      expect(Buffer.from(pool.response.value, 'base64').length).toBeGreaterThan(LARGE_VALUE_BYTES)
      expect(p.output()).not.toContain('the checking thread stopped')

      await breakAndStop(p, rpcPort)
      expect(p.output()).not.toContain('the checking thread stopped')
    } finally {
      await kept.cleanup()
    }
  }, 60_000)
})
