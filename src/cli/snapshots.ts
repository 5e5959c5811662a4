import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip, constants as zlib } from 'node:zlib'
import type { Command } from 'commander'
import { CometLastBlock } from '../chain/abci-last-block.js'
import { equalBytes } from '../codec/bytes.js'
import type { TimeNs } from '../codec/time.js'
import { homePaths } from '../config/paths.js'
import { stateSnapshotsOf } from '../node/comet-engine.js'
import type { Node } from '../node/node.js'
import {
  decodeSnapshotInfo,
  encodeSnapshotInfo,
  SNAPSHOT_FILE,
  SnapshotFiles,
  type SnapshotInfo,
  type SnapshotWriter,
} from '../store/snapshot-files.js'
import { CliError } from './errors.js'
import { offlineHome } from './offline-node.js'
import { pflagIntArg } from './options.js'
import { assertHomeExists } from './reset.js'
import type { GlobalFlags } from './start-flags.js'
import { readTar, tarEnd, tarHeader, tarPadding } from './tar-archive.js'

/** The snapshots of a home, whether or not its node runs (plain files). */
function filesOf(g: GlobalFlags): SnapshotFiles {
  return new SnapshotFiles(homePaths(g.home).snapshotsDir)
}

function uintArg(text: string, what: string, max: number): number {
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n > max) {
    throw new CliError(`invalid ${what}: ${JSON.stringify(text)} is not an unsigned integer`)
  }
  return n
}

const heightArg = (t: string) => uintArg(t, 'height', Number.MAX_SAFE_INTEGER)
const formatArg = (t: string) => uintArg(t, 'format', 0xffffffff)

async function list(g: GlobalFlags): Promise<void> {
  for (const s of await filesOf(g).list()) {
    process.stdout.write(`height: ${s.height} format: ${s.format} chunks: ${s.chunks}\n`)
  }
}

/** The block time of `height` (CheckTx's after a restore): CometBFT's record or the block's. */
async function blockTimeOf(node: Node, height: number): Promise<TimeNs | undefined> {
  const last = new CometLastBlock(node.backend, node.options.home.genesis)
  await last.load(height)
  if (last.height === height) return last.time
  const block = node.blocks.latest ? await node.blocks.get(height) : undefined
  return block?.block.header.time
}

async function exportSnapshot(g: GlobalFlags, f: { height: number }): Promise<void> {
  const asked = f.height
  if (asked < 0) throw new CliError(`invalid --height: "${asked}" is not an unsigned integer`)
  const o = await offlineHome(g, 'no snapshot was taken')
  if (!o.hasData) throw new CliError(`the chain of ${o.home.paths.home} has no state yet`)
  const node = await o.open()
  try {
    const { store } = node
    const height = asked === 0 ? store.latestHeight : asked
    if (height < store.earliestHeight || height > store.latestHeight) {
      throw new CliError(
        `the state at height ${height} is not kept: this home holds heights ${store.earliestHeight} to ${store.latestHeight}`,
      )
    }
    process.stdout.write(`Exporting snapshot for height ${height}\n`)
    const s = await stateSnapshotsOf(node)
      .create(store.view(height), await blockTimeOf(node, height))
      .catch((err: Error) => {
        throw new CliError(err.message)
      })
    process.stdout.write(
      `Snapshot created at height ${s.height}, format ${s.format}, chunks ${s.chunks}\n`,
    )
  } finally {
    await node.stop()
  }
}

async function dump(g: GlobalFlags, h: string, fmt: string, f: { output?: string }) {
  const [height, format] = [heightArg(h), formatArg(fmt)]
  const files = filesOf(g)
  const snapshot = await files.get(height, format)
  if (!snapshot) throw new CliError("snapshot doesn't exist")
  const output = f.output || `${height}-${format}.tar.gz`
  // The chunks are compressed already: the fastest level, as upstream.
  const gz = createGzip({ level: zlib.Z_BEST_SPEED })
  const written = pipeline(gz, createWriteStream(output))
  written.catch(() => undefined)
  const put = async (bytes: Uint8Array) => {
    if (!gz.write(bytes)) await Promise.race([once(gz, 'drain'), written])
  }
  const entry = async (name: string, bytes: Uint8Array) => {
    await put(tarHeader(name, bytes.length))
    await put(bytes)
    await put(tarPadding(bytes.length))
  }
  await entry(SNAPSHOT_FILE, encodeSnapshotInfo(snapshot))
  for (let i = 0; i < snapshot.chunks; i++) {
    const path = files.pathChunk(height, format, i)
    const bytes = await readFile(path).catch((err: Error) => {
      throw new CliError(`failed to open chunk file ${path}: ${err.message}`)
    })
    await entry(String(i), bytes)
  }
  gz.end(tarEnd())
  await written.catch((err: Error) => {
    throw new CliError(`failed to write ${output}: ${err.message}`)
  })
}

async function load(g: GlobalFlags, archive: string): Promise<void> {
  assertHomeExists(g.home, 'nothing was loaded')
  await access(archive).catch((err: NodeJS.ErrnoException) => {
    const why = err.code === 'ENOENT' ? 'no such file or directory' : err.message
    throw new CliError(`failed to open archive file: open ${archive}: ${why}`)
  })
  try {
    await loadArchive(g, archive)
  } catch (err) {
    if (err instanceof CliError) throw err
    throw new CliError(`failed to read archive file ${archive}: ${(err as Error).message}`)
  }
}

async function loadArchive(g: GlobalFlags, archive: string): Promise<void> {
  // A failure of either stream reaches the archive's reader (the gunzip stream is destroyed with it).
  const gunzip = createGunzip()
  pipeline(createReadStream(archive), gunzip).catch(() => undefined)
  const entries = readTar(gunzip)
  const next = async () => {
    const r = await entries.next()
    return r.done ? undefined : r.value
  }
  const files = filesOf(g)
  try {
    const first = await next()
    if (!first) throw new CliError('failed to read snapshot file header: the archive is empty')
    if (first.name !== SNAPSHOT_FILE) {
      throw new CliError(`invalid archive, expect file: snapshot, got: ${first.name}`)
    }
    let snapshot: ReturnType<typeof decodeSnapshotInfo>
    try {
      snapshot = decodeSnapshotInfo(first.bytes)
    } catch (err) {
      throw new CliError(`failed to unmarshal snapshot: ${(err as Error).message}`)
    }
    const writer = await files.begin(snapshot.height, snapshot.format).catch((err: Error) => {
      throw new CliError(`failed to save snapshot ${err.message}`)
    })
    const saved = await saveChunks(writer, snapshot.chunks, next).catch(async (err: unknown) => {
      await writer.abandon()
      throw err
    })
    const same =
      saved.chunks === snapshot.chunks &&
      equalBytes(saved.hash, snapshot.hash) &&
      saved.chunkHashes.every((h, i) => equalBytes(h, snapshot.chunkHashes[i]))
    if (!same) {
      await files.delete(snapshot.height, snapshot.format)
      throw new CliError('invalid archive, the saved snapshot is not equal to the original one')
    }
  } finally {
    await entries.return(undefined)
    gunzip.destroy()
  }
}

/** Writes the archive's chunks as they come (named 0, 1, …), then the snapshot's metadata. */
async function saveChunks(
  writer: SnapshotWriter,
  chunks: number,
  next: () => Promise<{ name: string; bytes: Buffer } | undefined>,
): Promise<SnapshotInfo> {
  for (let i = 0; i < chunks; i++) {
    const e = await next()
    if (!e) break
    if (e.name !== String(i))
      throw new CliError(`invalid archive, expect file: ${i}, got: ${e.name}`)
    await writer.chunk(e.bytes)
  }
  return writer.finish()
}

/** `sdkd snapshots …`, as upstream's (client/snapshot): the home's state sync snapshots. */
export function registerSnapshots(program: Command, globals: () => GlobalFlags): void {
  const cmd = program.command('snapshots').description('Manage local snapshots')
  cmd
    .command('list')
    .description('List local snapshots')
    .action(() => list(globals()))
  cmd
    .command('export')
    .description('Export app state to snapshot store (the node must be stopped)')
    .option(
      '--height <height>',
      'Height to export, default to latest state height',
      pflagIntArg('int64'),
      0,
    )
    .action((f: { height: number }) => exportSnapshot(globals(), f))
  cmd
    .command('dump')
    .argument('<height>')
    .argument('<format>')
    .description('Dump the snapshot as portable archive format')
    .option('-o, --output <file>', 'output file (default: <height>-<format>.tar.gz)')
    .action((h: string, fmt: string, f: { output?: string }) => dump(globals(), h, fmt, f))
  cmd
    .command('load')
    .argument('<archive-file>')
    .description('Load a snapshot archive file (.tar.gz) into snapshot store')
    .action((archive: string) => load(globals(), archive))
  cmd
    .command('delete')
    .argument('<height>')
    .argument('<format>')
    .description('Delete a local snapshot')
    .action((h: string, fmt: string) => filesOf(globals()).delete(heightArg(h), formatArg(fmt)))
}
