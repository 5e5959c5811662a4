import { spawnSync } from 'node:child_process'
import { closeSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  getJson,
  heightAtLeast,
  initHome,
  rpcCall,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir, tempDirSync } from '../helpers/temp-dir.js'

/**
 * A node whose data directory's filesystem fills up: a real `sdkd start` with its home on a small
 * tmpfs, the space taken by a filler file while it runs. Mounting needs root (or CAP_SYS_ADMIN);
 * the probe below tries it once and the test skips, saying why, where it is not allowed.
 */

const cleanups = cleanupAfterEach()

/** Why a tmpfs cannot be mounted here, or undefined when it can. */
function mountProbe(): string | undefined {
  if (process.getuid?.() !== 0) return 'not running as root (mounting a tmpfs needs root)'
  const probe = tempDirSync('sdkd-mount-probe-')
  try {
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe.dir], {
      encoding: 'utf8',
    })
    if (r.error) return `mount cannot run: ${r.error.message}`
    if (r.status !== 0) return `mount -t tmpfs failed: ${r.stderr.trim() || `exit ${r.status}`}`
    spawnSync('umount', [probe.dir])
    return undefined
  } finally {
    probe.cleanup()
  }
}

const CANNOT_MOUNT = mountProbe()
if (CANNOT_MOUNT) console.warn(`disk-full test: skipped: ${CANNOT_MOUNT}`)

/** A tmpfs of `size` mounted on a fresh directory, unmounted (and removed) after the test. */
async function smallDisk(size: string): Promise<string> {
  const t = await tempDir('sdkd-disk-full-')
  cleanups.push(t.cleanup)
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', t.dir], {
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`mount failed: ${r.stderr}`)
  // Lazily: a node the test failed to stop must not leave the mount behind.
  cleanups.push(() => spawnSync('umount', ['-l', t.dir]))
  return t.dir
}

/** Writes zeros to `file` until the filesystem refuses (ENOSPC); the bytes written. */
function fillDisk(file: string): number {
  const fd = openSync(file, 'w')
  const chunk = Buffer.alloc(64 * 1024)
  let written = 0
  try {
    for (;;) written += writeSync(fd, chunk)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
  } finally {
    closeSync(fd)
  }
  return written
}

interface Seen {
  hash: string
  appHash: string
  lastBlockId: string
}

async function block(port: number, height: number): Promise<Seen> {
  const r = (await getJson(`http://127.0.0.1:${port}/block?height=${height}`)).body
  if (!r.result) throw new Error(`no block ${height}: ${JSON.stringify(r.error)}`)
  return {
    hash: r.result.block_id.hash,
    appHash: r.result.block.header.app_hash,
    lastBlockId: r.result.block.header.last_block_id.hash,
  }
}

/** `sdkd start` on the home with only RPC on, on a port of the OS's choosing. */
const startArgs = (home: string) => [
  '--home',
  home,
  'start',
  '--rpc.laddr',
  'tcp://127.0.0.1:0',
  '--grpc.enable=false',
  '--api.enable=false',
]

/** Blocks only when the dev API mines them, so the heights are the test's to count. */
function start(home: string): SdkdProcess {
  const p = startSdkd([...startArgs(home), '--timeout-commit', '1h', '--dev.enable'])
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

test.skipIf(CANNOT_MOUNT !== undefined)(
  'error: a disk that fills up during a commit stops the node with the path and ENOSPC; once space is freed it restarts at the last committed block and continues',
  async () => {
    const disk = await smallDisk('8m')
    const home = join(disk, 'home')
    await initHome(home)
    const first = start(home)
    const { rpcPort: port } = await boundPorts(first)
    await heightAtLeast(port, 1)
    const seen = new Map<number, Seen>()
    for (let i = 0; i < 5; i++) {
      const h = await devMine(port, 1)
      seen.set(h, await block(port, h))
    }

    const filler = join(disk, 'filler')
    expect(fillDisk(filler)).toBeGreaterThan(0)
    // Blocks may still fit in the last page of a file the database has open; mine one at a time
    // until one cannot be written, and remember each one the node served (served means durable).
    let served = Math.max(...seen.keys())
    for (let i = 0; i < 500; i++) {
      const reply = await rpcCall(port, 'dev_mine', { blocks: 1 }).catch(() => undefined)
      if (!reply?.result) break
      served = Number(reply.result.height)
      seen.set(served, await block(port, served).catch(() => seen.get(served)!))
    }
    const exit = await first.exited
    expect(exit.code, first.output().slice(-2000)).toBe(1)
    const halt = first.logs().find((l) => l.level === 50)
    expect(halt?.msg, first.output().slice(-2000)).toMatch(
      new RegExp(
        `^cannot write the block at height ${served + 1} to ${home}/data/application\\.db/[^ ]+: no space left on device \\(ENOSPC\\); the chain is intact up to height ${served}: free space on that disk and start the node again$`,
      ),
    )
    expect(halt?.height).toBe(served)
    const lastAppHash = first
      .logs()
      .find((l) => l.msg === 'committed block' && l.height === served)?.app_hash

    // Started again while the disk is still full: the database cannot even open, and says why.
    const full = await runSdkd(startArgs(home))
    expect(full.code, full.stderr).toBe(1)
    expect(full.stderr).toMatch(
      new RegExp(
        `failed to open database ${home}/data/application\\.db: ${home}/data/application\\.db/[^ ]+: no space left on device \\(ENOSPC\\)`,
      ),
    )

    rmSync(filler)
    const second = start(home)
    const { rpcPort: port2 } = await boundPorts(second)
    const started = await second.waitForLog((l) => l.msg === 'node started')
    expect(started.height).toBe(served)
    for (const [height, b] of seen)
      expect(await block(port2, height), `height ${height}`).toEqual(b)

    // A start commits its first block at once (as on the first start); the dev API mines the next.
    await heightAtLeast(port2, served + 1)
    const next = await devMine(port2, 1)
    expect(next).toBe(served + 2)
    const after = await block(port2, served + 1)
    expect(after.lastBlockId).toBe(seen.get(served)!.hash)
    expect(after.appHash).toBe(lastAppHash)
    expect((await block(port2, served + 2)).lastBlockId).toBe(after.hash)
    expect((await second.stop()).code).toBe(0)
  },
  120_000,
)
