import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  getJson,
  runSdkd,
  SDKD_BIN,
  type SdkdProcess,
  startProcess,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { freeTestnetBase, testnetPortsAt } from '../helpers/testnet-ports.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * Four validators of power 100 on real consensus: `sdkd testnet init-files` homes, run by `sdkd
 * testnet start` (each node an `sdkd start --consensus cometbft` with its own `cometbft`), on free
 * loopback ports. CometBFT's RPC of each node is the source of heights and hashes.
 */

const cleanups = cleanupAfterAll()
const cometbft = requireUpstreamTool('cometbft', 'sdkd testnet start')

const NODES = [0, 1, 2, 3]
let out = ''
let base = 0
/** The highest height the first network reached before it was stopped. */
let stoppedAt = 0
const rpc = (i: number) => testnetPortsAt(base, i).rpc
const homeOf = (i: number) => join(out, `node${i}`, 'sdkd')

/** `sdkd testnet start` with the given arguments, every node running the tools' cometbft. */
function testnetStart(args: string[]): SdkdProcess {
  const p = startProcess(
    process.execPath,
    [SDKD_BIN, '--log_format', 'json', 'testnet', 'start', '--output-dir', out, ...args],
    { env: { SDKD_COMETBFT_BIN: cometbft.path! } },
  )
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

async function status(i: number): Promise<{ height: number; appHash: string } | undefined> {
  try {
    const { body } = await getJson(`http://127.0.0.1:${rpc(i)}/status`)
    const s = body.result.sync_info
    return { height: Number(s.latest_block_height), appHash: s.latest_app_hash }
  } catch {
    return undefined
  }
}

async function height(i: number): Promise<number> {
  return (await status(i))?.height ?? 0
}

/** Waits until every node in `nodes` is past `min`; the heights. */
async function allPast(nodes: number[], min: number, timeoutMs = 40_000): Promise<number[]> {
  return waitFor(
    async () => {
      const hs = await Promise.all(nodes.map(height))
      return hs.every((h) => h > min) ? hs : undefined
    },
    timeoutMs,
    `nodes ${nodes.join(',')} past height ${min}`,
  )
}

/** Block H's header app hash as node i serves it (hex, upper case as CometBFT writes it). */
async function headerAppHash(i: number, h: number): Promise<string> {
  const { body } = await getJson(`http://127.0.0.1:${rpc(i)}/block?height=${h}`)
  return body.result.block.header.app_hash
}

/** The app's own Info answer, through node i's CometBFT (`/abci_info`): its height and app hash in hex. */
async function abciInfo(i: number): Promise<{ height: number; appHash: string }> {
  const { body } = await getJson(`http://127.0.0.1:${rpc(i)}/abci_info`)
  const r = body.result.response
  return {
    height: Number(r.last_block_height),
    appHash: Buffer.from(r.last_block_app_hash, 'base64').toString('hex').toUpperCase(),
  }
}

/** Every node in `nodes` serves the same app hash in the header of each height of `heights`. */
async function expectSameAppHashes(nodes: number[], heights: number[]): Promise<void> {
  for (const h of heights) {
    const hashes = await Promise.all(nodes.map((i) => headerAppHash(i, h)))
    expect(hashes[0], `app hash at ${h}`).toMatch(/^[0-9A-F]{64}$/)
    expect(new Set(hashes).size, `app hashes at ${h}: ${hashes.join(' ')}`).toBe(1)
  }
}

/** The pid of the `sdkd start` child of a runner that runs node i. */
function nodePid(runner: SdkdProcess, i: number): number {
  const ps = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(runner.child.pid)], {
    encoding: 'utf8',
  })
  const line = ps.split('\n').find((l) => l.includes(` --home ${homeOf(i)} `))
  if (!line) throw new Error(`no sdkd start of node${i} under the runner:\n${ps}`)
  return Number(line.trim().split(/\s+/)[0])
}

describe.skipIf(!cometbft.path)(
  `sdkd testnet start: four validators on cometbft ${cometbft.version ?? ''}`,
  () => {
    beforeAll(async () => {
      const t = await tempDir('sdkd-testnet-start-')
      cleanups.push(t.cleanup)
      out = join(t.dir, 'net')
      base = await freeTestnetBase(NODES.length, cleanups)
      const r = await runSdkd([
        'testnet',
        'init-files',
        '--validators',
        '4',
        '--output-dir',
        out,
        '--chain-id',
        'testnet-start-1',
        '--starting-port',
        String(base),
      ])
      expect(r.code, r.stderr).toBe(0)
    })

    test('behavior: all four under one runner: heights pass 5 on every node with one app hash per height (headers and the app’s Info agree), output prefixed per node; SIGTERM stops all four, exit 0', async () => {
      const net = testnetStart([])
      await allPast(NODES, 5, 60_000).catch((err: Error) => {
        throw new Error(`${err.message}\n--- output\n${net.output().slice(-6000)}`)
      })
      await expectSameAppHashes(NODES, [2, 3, 4, 5])
      // The app's Info (its committed height and hash) matches the next header on every node.
      for (const i of NODES) {
        const info = await abciInfo(i)
        expect(info.height).toBeGreaterThanOrEqual(5)
        await allPast([0], info.height)
        expect(info.appHash).toBe(await headerAppHash(0, info.height + 1))
      }
      const lines = net.output().split('\n')
      for (const i of NODES) expect(lines.some((l) => l.startsWith(`node${i} | `))).toBe(true)

      stoppedAt = Math.max(...(await Promise.all(NODES.map(height))))
      net.child.kill('SIGTERM')
      const end = await net.exited
      expect(end.code, net.output().slice(-4000)).toBe(0)
      expect(net.output()).toContain('received SIGTERM: stopping node0, node1, node2, node3\n')
      for (const i of NODES) expect(net.output()).toContain(`node${i} exited with code 0\n`)
      for (const i of NODES) expect(await status(i)).toBeUndefined()
    }, 120_000)

    test('behavior: liveness: one of four stopped → blocks continue; two stopped → the chain stalls; one back → it resumes and the returning node catches up to the same app hash', async () => {
      const pair = testnetStart(['--nodes', '0,1'])
      let node2 = testnetStart(['--nodes', '2'])
      const node3 = testnetStart(['--nodes', '3'])
      // The nodes come back from their own data (the handshake) and go on from where they stopped.
      const resumed = await allPast(NODES, stoppedAt, 60_000)
      expect(pair.output()).toMatch(/^node0 \| /m)
      expect(pair.output()).toMatch(/^node1 \| /m)
      expect(pair.output()).not.toMatch(/^node2 \| /m)

      // One validator (a quarter of the power) down: the other three still commit.
      node3.child.kill('SIGTERM')
      expect((await node3.exited).code).toBe(0)
      expect(node3.output()).toContain('node3 exited with code 0\n')
      const h3 = Math.max(...resumed)
      await allPast([0, 1, 2], h3 + 2)

      // Two down: half the power, less than the 2/3 quorum: no block commits.
      node2.child.kill('SIGTERM')
      expect((await node2.exited).code).toBe(0)
      await new Promise((r) => setTimeout(r, 1500))
      const stalled = await Promise.all([0, 1].map(height))
      // A tx sent meanwhile passes CheckTx and waits in the mempool: no block holds it.
      const to = (
        await runSdkd([
          'keys',
          'show',
          'node1',
          '-a',
          '--home',
          homeOf(1),
          '--keyring-backend',
          'test',
        ])
      ).stdout.trim()
      const sent = await runSdkd([
        '--home',
        homeOf(0),
        'tx',
        'bank',
        'send',
        'node0',
        to,
        '7stake',
        '--keyring-backend',
        'test',
        '--chain-id',
        'testnet-start-1',
        '--fees',
        '10stake',
        '--node',
        `tcp://127.0.0.1:${rpc(0)}`,
        '--yes',
        '-o',
        'json',
      ])
      expect(sent.code, sent.stderr).toBe(0)
      const { txhash, code } = JSON.parse(sent.stdout)
      expect(code).toBe(0)
      await new Promise((r) => setTimeout(r, 8000))
      expect(await Promise.all([0, 1].map(height))).toEqual(stalled)
      const pending = await getJson(`http://127.0.0.1:${rpc(0)}/tx?hash=0x${txhash}`)
      expect(pending.body.error?.data ?? '').toContain('not found')

      // Node 2 back: three of four again; the chain resumes, and node 2 catches up.
      node2 = testnetStart(['--nodes', '2'])
      const top = Math.max(...stalled)
      await allPast([0, 1, 2], top + 2)
      await expectSameAppHashes([0, 1, 2], [top - 1, top, top + 1, top + 2])
      // The waiting tx is in a block after the stall, once, with code 0: nothing lost, no fork.
      const included = await waitFor(
        async () => {
          const { body } = await getJson(`http://127.0.0.1:${rpc(2)}/tx?hash=0x${txhash}`)
          return body.result
        },
        30_000,
        'the tx sent during the stall in a block',
      )
      expect(Number(included.height)).toBeGreaterThan(top)
      expect(included.tx_result.code).toBe(0)
      const found = await getJson(
        `http://127.0.0.1:${rpc(0)}/tx_search?query=${encodeURIComponent(`"tx.hash='${txhash}'"`)}`,
      )
      expect(found.body.result.total_count).toBe('1')
      // Node 2's own app (its Info through its CometBFT) holds the network's state at its height.
      const caughtUp = await abciInfo(2)
      expect(caughtUp.height).toBeGreaterThanOrEqual(top + 1)
      await allPast([0], caughtUp.height)
      expect(caughtUp.appHash).toBe(await headerAppHash(0, caughtUp.height + 1))

      // A node that dies on its own ends its runner: the other node of the pair is stopped.
      process.kill(nodePid(pair, 1), 'SIGKILL')
      const end = await pair.exited
      expect(end.code).toBe(1)
      expect(pair.output()).toContain(
        'node1 exited with code 137 (killed by SIGKILL)\nstopping node0\n',
      )
      expect(pair.output()).toContain('node0 exited with code 0\n')
      node2.child.kill('SIGTERM')
      expect((await node2.exited).code).toBe(0)
    }, 150_000)
  },
)

describe('sdkd testnet start: refusals', () => {
  test('error: no homes in the directory, a --nodes index without a home, a bad --nodes list', async () => {
    const t = await tempDir('sdkd-testnet-none-')
    cleanups.push(t.cleanup)
    let r = await runSdkd(['testnet', 'start', '--output-dir', t.dir])
    expect(r.stderr).toContain(
      `Error: no node homes in ${t.dir} (node<i>/sdkd/config/config.toml): run sdkd testnet init-files --output-dir ${t.dir} first`,
    )
    expect(r.code).toBe(1)
    r = await runSdkd(['testnet', 'start', '--output-dir', t.dir, '--nodes', '0,2'])
    expect(r.stderr).toContain(
      `Error: node0: ${join(t.dir, 'node0', 'sdkd')} is not a node home (no config/config.toml): run sdkd testnet init-files --output-dir ${t.dir} first, or leave it out of --nodes`,
    )
    expect(r.code).toBe(1)
    for (const [list, why] of [
      ['0,x', 'expected node indexes, comma-separated, such as 0,1,2,3'],
      ['1,1', 'node 1 is named twice'],
    ]) {
      r = await runSdkd(['testnet', 'start', '--output-dir', t.dir, '--nodes', list!])
      expect(r.stderr).toContain(
        `Error: option '--nodes <list>' argument '${list}' is invalid. ${why}`,
      )
      expect(r.code).toBe(1)
    }
  })
})
