import { createHash } from 'node:crypto'
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Bytes } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { int64Of } from '../codec/int64.js'
import { protoRegistry } from '../codec/proto.js'
import { makeDir } from '../config/make-dir.js'
import { ErrConflict, ErrLogic } from '../errors.js'

/** Upstream's snapshot format of a stream of SnapshotItems (sdkd's holds each key's leaf). */
export const SNAPSHOT_FORMAT = 3

/** The name of a snapshot's metadata file (as in a dump's archive). */
export const SNAPSHOT_FILE = '_snapshot'

/** A snapshot's metadata: what ABCI ListSnapshots lists. */
export interface SnapshotInfo {
  height: number
  format: number
  chunks: number
  /** sha256 of every chunk's bytes in order. */
  hash: Bytes
  /** sha256 of each chunk. */
  chunkHashes: Bytes[]
}

/** The Snapshot message's bytes (the `_snapshot` file, a dump's first entry). */
export function encodeSnapshotInfo(s: SnapshotInfo): Bytes {
  return protoRegistry().encode('sdk.store.snapshots.v1.Snapshot', {
    height: s.height,
    format: s.format,
    chunks: s.chunks,
    hash: s.hash,
    metadata: { chunk_hashes: s.chunkHashes },
  })
}

export function decodeSnapshotInfo(bytes: Bytes): SnapshotInfo {
  const m = protoRegistry().decode('sdk.store.snapshots.v1.Snapshot', bytes)
  return {
    height: Number(int64Of(m.height)),
    format: m.format,
    chunks: m.chunks,
    hash: new Uint8Array(m.hash),
    chunkHashes: (m.metadata?.chunk_hashes ?? []).map((h) => new Uint8Array(h)),
  }
}

/** ABCI Snapshot.metadata: the Metadata message (the chunk hashes). */
export function encodeChunkHashes(chunkHashes: readonly Bytes[]): Bytes {
  return protoRegistry().encode('sdk.store.snapshots.v1.Metadata', { chunk_hashes: chunkHashes })
}

export function decodeChunkHashes(bytes: Bytes): Bytes[] {
  const m = protoRegistry().decode('sdk.store.snapshots.v1.Metadata', bytes)
  return m.chunk_hashes.map((h) => new Uint8Array(h))
}

/**
 * The snapshots of a home, in `data/snapshots/<height>/<format>/`: one file per chunk (`0`, `1`…)
 * and the metadata in `_snapshot`, written last (through a rename), so a snapshot whose writing was
 * cut off is not listed. Plain files: `sdkd snapshots list` reads them while the node runs.
 */
export class SnapshotFiles {
  constructor(readonly dir: string) {}

  pathSnapshot(height: number, format: number): string {
    return join(this.dir, String(height), String(format))
  }

  pathChunk(height: number, format: number, chunk: number): string {
    return join(this.pathSnapshot(height, format), String(chunk))
  }

  /** Every complete snapshot, newest first (upstream's order). */
  async list(): Promise<SnapshotInfo[]> {
    const out: SnapshotInfo[] = []
    for (const h of await dirNames(this.dir)) {
      for (const f of await dirNames(join(this.dir, h))) {
        const s = await this.get(Number(h), Number(f))
        if (s) out.push(s)
      }
    }
    return out.sort((a, b) => b.height - a.height || b.format - a.format)
  }

  async get(height: number, format: number): Promise<SnapshotInfo | undefined> {
    const bytes = await readIfExists(join(this.pathSnapshot(height, format), SNAPSHOT_FILE))
    return bytes ? decodeSnapshotInfo(bytes) : undefined
  }

  async latest(): Promise<SnapshotInfo | undefined> {
    return (await this.list())[0]
  }

  /** A chunk's bytes; undefined when the snapshot or the chunk is not here. */
  async loadChunk(height: number, format: number, chunk: number): Promise<Bytes | undefined> {
    if (!(await this.get(height, format))) return undefined
    return readIfExists(this.pathChunk(height, format, chunk))
  }

  /** Starts writing a snapshot's chunks; `finish` writes its metadata, making it complete. */
  async begin(height: number, format: number): Promise<SnapshotWriter> {
    if (height <= 0) throw ErrLogic.wrap('snapshot height cannot be 0')
    if (await this.get(height, format)) {
      throw ErrConflict.wrap(`snapshot already exists for height ${height} format ${format}`)
    }
    const dir = this.pathSnapshot(height, format)
    await rm(dir, { recursive: true, force: true })
    await makeDir(dir)
    return new SnapshotWriter(dir, height, format)
  }

  async delete(height: number, format: number): Promise<void> {
    await rm(this.pathSnapshot(height, format), { recursive: true, force: true })
    const heightDir = join(this.dir, String(height))
    if ((await dirNames(heightDir)).length === 0)
      await rm(heightDir, { recursive: true, force: true })
  }

  /** Keeps the newest `keep` heights' snapshots (0 keeps all); returns how many were deleted. */
  async prune(keep: number): Promise<number> {
    if (keep <= 0) return 0
    const all = await this.list()
    const heights = [...new Set(all.map((s) => s.height))]
    let deleted = 0
    for (const s of all) {
      if (heights.indexOf(s.height) < keep) continue
      await this.delete(s.height, s.format)
      deleted++
    }
    return deleted
  }
}

/** The chunks of one snapshot being written, then its metadata. */
export class SnapshotWriter {
  private readonly chunkHashes: Bytes[] = []
  private readonly hasher = createHash('sha256')

  constructor(
    readonly dir: string,
    readonly height: number,
    readonly format: number,
  ) {}

  async chunk(bytes: Bytes): Promise<void> {
    await writeFile(join(this.dir, String(this.chunkHashes.length)), bytes)
    this.chunkHashes.push(sha256(bytes))
    this.hasher.update(bytes)
  }

  /** Writes the metadata (through a temporary file): the snapshot is complete from then on. */
  async finish(): Promise<SnapshotInfo> {
    const info: SnapshotInfo = {
      height: this.height,
      format: this.format,
      chunks: this.chunkHashes.length,
      hash: new Uint8Array(this.hasher.digest()),
      chunkHashes: this.chunkHashes,
    }
    const tmp = join(this.dir, `${SNAPSHOT_FILE}.tmp`)
    await writeFile(tmp, encodeSnapshotInfo(info))
    await rename(tmp, join(this.dir, SNAPSHOT_FILE))
    return info
  }

  /** Drops what was written (a snapshot that failed), and its height's folder if nothing else is in it. */
  async abandon(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true })
    const heightDir = dirname(this.dir)
    if ((await dirNames(heightDir)).length === 0)
      await rm(heightDir, { recursive: true, force: true })
  }
}

async function dirNames(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true })
    return entries.filter((e) => e.isDirectory() && /^\d+$/.test(e.name)).map((e) => e.name)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
}

async function readIfExists(path: string): Promise<Bytes | undefined> {
  try {
    return new Uint8Array(await readFile(path))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
}
