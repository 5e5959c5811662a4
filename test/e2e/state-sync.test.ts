import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse, stringify } from 'smol-toml'
import { describe, expect, test } from 'vitest'
import { tarEnd, tarHeader, tarPadding } from '../../src/cli/tar-archive.js'
import { encodeSnapshotInfo, SNAPSHOT_FILE } from '../../src/store/snapshot-files.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  COMETBFT,
  comet,
  cometHeightAtLeast,
  configureCometHome,
  startCometNode,
} from '../helpers/comet-node.js'
import { createDevnetHome } from '../helpers/devnet.js'
import { getJson, runSdkd, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * State sync under a real CometBFT v0.38: a validator takes a snapshot every 5 heights
 * (app.toml `[state-sync]`), and a new node whose config.toml enables `[statesync]` restores the
 * newest one through ABCI, is verified by CometBFT's light client, and follows the chain from it;
 * then the `sdkd snapshots` commands on both homes.
 */

const cleanups = cleanupAfterEach()

async function editToml(file: string, edit: (doc: Record<string, any>) => void): Promise<void> {
  const doc = parse(await readFile(file, 'utf8')) as Record<string, any>
  edit(doc)
  await writeFile(file, stringify(doc))
}

async function sdkd(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await runSdkd(args)
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr }
}

describe.skipIf(COMETBFT.skipReason !== undefined)('state sync under CometBFT', () => {
  test('behavior: a new node restores the validator’s newest snapshot, CometBFT verifies its app hash, and it follows the chain; sdkd snapshots lists, exports, dumps, loads and deletes', async () => {
    // The validator: a devnet home under CometBFT, a snapshot every 10 heights, the last 2 kept
    // (about 12 s, time for the new node to discover one, wait 5 s and fetch it).
    const a = await createDevnetHome('state-sync')
    cleanups.push(a.cleanup)
    const aPorts = await configureCometHome(a.dir, { timeoutCommit: '500ms' })
    for (const [key, value] of [
      ['state-sync.snapshot-interval', '10'],
      ['state-sync.snapshot-keep-recent', '2'],
    ]) {
      expect((await sdkd(['--home', a.dir, 'config', 'set', 'app', key, value])).code).toBe(0)
    }
    const nodeA = await startCometNode(a.dir, aPorts.rpcPort)
    cleanups.push(async () => void (await nodeA.p.stop('SIGKILL')))
    await nodeA.p.waitForLog((l) => l.msg === 'completed state snapshot' && l.height === 30, 60_000)
    // Listed while the node runs (plain files): the newest two, newest first, once 10 is pruned.
    const lines = await waitFor(
      async () => {
        const listed = await sdkd(['--home', a.dir, 'snapshots', 'list'])
        expect(listed.code).toBe(0)
        const out = listed.stdout.trim().split('\n')
        return out.length === 2 ? out : undefined
      },
      10_000,
      'two snapshots listed',
    )
    expect(lines[0]).toMatch(/^height: (\d+) format: 3 chunks: 1$/)
    const newest = Number(/^height: (\d+)/.exec(lines[0]!)![1])
    expect(lines[1]).toBe(`height: ${newest - 10} format: 3 chunks: 1`)
    expect(existsSync(join(a.dir, 'data/snapshots', String(newest - 20)))).toBe(false)
    expect(existsSync(join(a.dir, 'data/snapshots', String(newest - 10)))).toBe(true)

    // The new node: its own keys, the validator's genesis, a peer, and state sync from block 2.
    const bDir = await tempDir('sdkd-state-sync-b-')
    cleanups.push(bDir.cleanup)
    const b = bDir.dir
    expect((await sdkd(['--home', b, 'init', 'joiner', '--chain-id', 'state-sync'])).code).toBe(0)
    await copyFile(join(a.dir, 'config/genesis.json'), join(b, 'config/genesis.json'))
    expect((await sdkd(['--home', b, 'config', 'set', 'app', 'api.enable', 'true'])).code).toBe(0)
    const bPorts = await configureCometHome(b, { timeoutCommit: '200ms' })
    const aId = (await sdkd(['--home', a.dir, 'comet', 'show-node-id'])).stdout.trim()
    const trust = await comet(aPorts.rpcPort, '/block?height=2')
    await editToml(join(b, 'config/config.toml'), (doc) => {
      doc.p2p.persistent_peers = `${aId}@127.0.0.1:${aPorts.p2pPort}`
      doc.p2p.addr_book_strict = false
      doc.p2p.allow_duplicate_ip = true
      Object.assign(doc.statesync, {
        enable: true,
        rpc_servers: `127.0.0.1:${aPorts.rpcPort},127.0.0.1:${aPorts.rpcPort}`,
        trust_height: 2,
        trust_hash: trust.block_id.hash,
        discovery_time: '5s',
      })
    })
    const nodeB = await startCometNode(b, bPorts.rpcPort)
    cleanups.push(async () => void (await nodeB.p.stop('SIGKILL')))
    const restored = await nodeB.p.waitForLog((l) => l.msg === 'restored state snapshot', 60_000)
    const s = Number(restored.height)
    expect(s % 10).toBe(0)
    expect(s).toBeGreaterThanOrEqual(newest)
    await cometHeightAtLeast(bPorts.rpcPort, s + 4)
    expect(nodeB.p.output()).toContain('Verified ABCI app')
    expect(nodeB.p.output()).toContain('Snapshot restored')

    // The new node's blocks start after the snapshot, with the same app hashes as the validator's;
    // its app answers from the snapshot's height on, and not below it.
    const status = await comet(bPorts.rpcPort, '/status')
    expect(Number(status.sync_info.earliest_block_height)).toBe(s + 1)
    for (let h = s + 1; h <= s + 3; h++) {
      const [ha, hb] = await Promise.all(
        [aPorts.rpcPort, bPorts.rpcPort].map((p) => comet(p, `/block?height=${h}`)),
      )
      expect(hb.block.header.app_hash).toBe(ha.block.header.app_hash)
    }
    // The app hash the restore computed is the one the next header of the chain carries.
    expect((await comet(aPorts.rpcPort, `/block?height=${s + 1}`)).block.header.app_hash).toBe(
      restored.app_hash,
    )
    const alice = a.accounts.alice!.address
    const balanceAt = async (api: string, h: number) =>
      getJson(`${api}/sdk/bank/v1beta1/balances/${alice}`, {
        headers: { 'x-sdk-block-height': String(h) },
      })
    const [onA, onB] = await Promise.all([balanceAt(nodeA.api, s + 2), balanceAt(nodeB.api, s + 2)])
    expect(onB.status).toBe(200)
    expect(onB.body).toEqual(onA.body)
    expect((await balanceAt(nodeB.api, s)).status).toBe(200)
    const below = await balanceAt(nodeB.api, s - 1)
    expect(below.body.message).toContain(
      `failed to load state at height ${s - 1}; version does not exist`,
    )

    // Stopped, the new node exports a snapshot of its latest state; a dump of it loads elsewhere.
    expect((await nodeB.p.stop('SIGTERM')).code).toBe(0)
    // Not a validator, the node is refused by sdkd's own producer, which signs every block.
    const simulated = await sdkd([
      '--home',
      b,
      'start',
      '--api.enable=false',
      '--grpc.enable=false',
    ])
    expect(simulated.code).toBe(1)
    expect(simulated.stderr).toContain(
      'config/genesis.json: consensus.validators[0].pub_key: does not match config/priv_validator_key.json (this node is not the genesis validator)',
    )
    const exported = await sdkd(['--home', b, 'snapshots', 'export'])
    expect(exported.code, exported.stderr).toBe(0)
    const m =
      /^Exporting snapshot for height (\d+)\nSnapshot created at height (\d+), format 3, chunks 1\n$/.exec(
        exported.stdout,
      )
    expect(m, exported.stdout).not.toBeNull()
    const e = Number(m![1])
    expect(Number(m![2])).toBe(e)
    expect(
      (await sdkd(['--home', b, 'snapshots', 'export', '--height', String(e)])).stderr,
    ).toContain(`a more recent snapshot already exists at height ${e}`)
    const archive = join(b, 'dump.tar.gz')
    expect(
      (await sdkd(['--home', b, 'snapshots', 'dump', String(e), '3', '-o', archive])).code,
    ).toBe(0)
    const cDir = await tempDir('sdkd-state-sync-c-')
    cleanups.push(cDir.cleanup)
    expect((await sdkd(['--home', cDir.dir, 'snapshots', 'load', archive])).code).toBe(0)
    expect((await sdkd(['--home', cDir.dir, 'snapshots', 'list'])).stdout).toBe(
      `height: ${e} format: 3 chunks: 1\n`,
    )
    for (const i of ['_snapshot', '0']) {
      expect(await readFile(join(cDir.dir, 'data/snapshots', String(e), '3', i))).toEqual(
        await readFile(join(b, 'data/snapshots', String(e), '3', i)),
      )
    }
    expect((await sdkd(['--home', cDir.dir, 'snapshots', 'load', archive])).stderr).toContain(
      `snapshot already exists for height ${e} format 3`,
    )
    // A cut archive saves nothing; a missing one says so.
    const cut = join(b, 'cut.tar.gz')
    const whole = await readFile(archive)
    await writeFile(cut, whole.subarray(0, whole.length - 100))
    const dDir = await tempDir('sdkd-state-sync-d-')
    cleanups.push(dDir.cleanup)
    const refused = await sdkd(['--home', dDir.dir, 'snapshots', 'load', cut])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      `Error: failed to read archive file ${cut}: unexpected end of file`,
    )
    expect(existsSync(join(dDir.dir, 'data/snapshots', String(e)))).toBe(false)
    expect((await sdkd(['--home', dDir.dir, 'snapshots', 'load', `${cut}.gone`])).stderr).toContain(
      `Error: failed to open archive file: open ${cut}.gone: no such file or directory`,
    )
    expect((await sdkd(['--home', cDir.dir, 'snapshots', 'delete', String(e), '3'])).code).toBe(0)
    expect((await sdkd(['--home', cDir.dir, 'snapshots', 'list'])).stdout).toBe('')
    expect(
      (await sdkd(['--home', cDir.dir, 'snapshots', 'dump', String(e), '3'])).stderr,
    ).toContain("snapshot doesn't exist")

    // The synced node starts again from its own data and goes on with the chain.
    const again = await startCometNode(b, bPorts.rpcPort)
    cleanups.push(async () => void (await again.p.stop('SIGKILL')))
    const h = Number((await comet(aPorts.rpcPort, '/status')).sync_info.latest_block_height)
    await cometHeightAtLeast(bPorts.rpcPort, h + 2)
  }, 180_000)
})

describe('sdkd snapshots load: the home it loads into', () => {
  test('error: a home that does not exist is refused, exit 1, and not created, even for a sound archive; an existing directory takes it', async () => {
    const t = await tempDir('sdkd-snapshots-load-')
    cleanups.push(t.cleanup)
    // A one-chunk snapshot archive, as `snapshots dump` writes one.
    const chunk = Buffer.from('chunk 0')
    const hash = createHash('sha256').update(chunk).digest()
    const info = Buffer.from(
      encodeSnapshotInfo({ height: 7, format: 3, chunks: 1, hash, chunkHashes: [hash] }),
    )
    const archive = join(t.dir, 'snapshot.tar.gz')
    const entry = (name: string, bytes: Buffer) => [
      tarHeader(name, bytes.length),
      bytes,
      tarPadding(bytes.length),
    ]
    await writeFile(
      archive,
      gzipSync(Buffer.concat([...entry(SNAPSHOT_FILE, info), ...entry('0', chunk), tarEnd()])),
    )
    const missing = join(t.dir, 'missing')
    expect(await sdkd(['--home', missing, 'snapshots', 'load', archive])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: home directory ${missing} does not exist: nothing was loaded (check --home; sdkd init creates a home)\n`,
    })
    expect(existsSync(missing)).toBe(false)
    const home = join(t.dir, 'home')
    await mkdir(home)
    expect(await sdkd(['--home', home, 'snapshots', 'load', archive])).toMatchObject({ code: 0 })
    expect((await sdkd(['--home', home, 'snapshots', 'list'])).stdout).toBe(
      'height: 7 format: 3 chunks: 1\n',
    )
  })
})
