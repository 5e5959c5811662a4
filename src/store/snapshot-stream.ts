import { once } from 'node:events'
import { createDeflate, inflateSync } from 'node:zlib'
import protobuf from 'protobufjs/light.js'
import type { Bytes } from '../codec/bytes.js'
import { type ProtoInit, protoRegistry } from '../codec/proto.js'
import { ErrLogic } from '../errors.js'
import type { SnapshotWriter } from './snapshot-files.js'
import type { StateReader } from './types.js'

/** Upstream's chunk size: a snapshot's compressed stream is cut every 10 MB. */
export const SNAPSHOT_CHUNK_BYTES = 10_000_000
/** Upstream's zlib level for snapshots. */
const COMPRESSION_LEVEL = 7
/** Item bytes gathered before each write to zlib. */
const WRITE_BATCH = 64 * 1024

/** An extension's items in a snapshot: after the stores, by name. */
export interface SnapshotExtension {
  name: string
  format: number
  payloads: Bytes[]
}

/** What a snapshot holds: each store's entries in key order, then the extensions. */
export interface SnapshotContents {
  stores: Map<string, Array<readonly [Bytes, Bytes]>>
  extensions: Map<string, SnapshotExtension>
}

type Item = ProtoInit<'sdk.store.snapshots.v1.SnapshotItem'>

/**
 * Writes the state of `view` as upstream's stream: length-delimited SnapshotItems (each store's name,
 * then a leaf item per key with its value, then each extension's meta and payloads), zlib-compressed
 * and cut into chunks of `chunkBytes`.
 */
export async function writeSnapshot(
  view: StateReader,
  writer: SnapshotWriter,
  extensions: readonly SnapshotExtension[],
  chunkBytes = SNAPSHOT_CHUNK_BYTES,
): Promise<void> {
  const itemType = protoRegistry().type('sdk.store.snapshots.v1.SnapshotItem')
  const z = createDeflate({ level: COMPRESSION_LEVEL })
  const chunks = cutChunks(z, writer, chunkBytes)
  // A failed chunk write stops the items; its error is the one reported.
  chunks.catch(() => z.destroy())
  let batch = protobuf.Writer.create()
  let batched = 0
  const flush = async (): Promise<void> => {
    if (batched === 0) return
    // finish() leaves the writer's contents: a new one per batch.
    const bytes = batch.finish()
    batch = protobuf.Writer.create()
    batched = 0
    if (!z.write(bytes)) await once(z, 'drain')
  }
  const put = async (item: Item): Promise<void> => {
    const start = batch.len
    itemType.encodeDelimited(itemType.fromObject(item), batch)
    batched += batch.len - start
    if (batched >= WRITE_BATCH) await flush()
  }
  try {
    const version = view.height
    for (const name of view.storeNames()) {
      await put({ store: { name } })
      for await (const [key, value] of view.store(name).iterate()) {
        await put({ iavl: { key, value, version, height: 0 } })
      }
    }
    for (const ext of [...extensions].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      await put({ extension: { name: ext.name, format: ext.format } })
      for (const payload of ext.payloads) await put({ extension_payload: { payload } })
    }
    await flush()
    z.end()
  } catch (err) {
    z.destroy()
    await chunks.catch(() => undefined)
    throw err
  }
  await chunks
}

/** Reads zlib's output and hands it to `writer` in chunks of `size` bytes (the last one shorter). */
async function cutChunks(z: AsyncIterable<Buffer>, writer: SnapshotWriter, size: number) {
  let parts: Buffer[] = []
  let held = 0
  let written = 0
  for await (const data of z) {
    parts.push(data)
    held += data.length
    while (held >= size) {
      const all = Buffer.concat(parts, held)
      await writer.chunk(all.subarray(0, size))
      written++
      parts = [all.subarray(size)]
      held -= size
    }
  }
  if (held > 0 || written === 0) await writer.chunk(Buffer.concat(parts, held))
}

/** The items of a snapshot's chunks, in order (every chunk's hash checked before). */
export function readSnapshot(chunks: readonly Bytes[]): SnapshotContents {
  const registry = protoRegistry()
  const itemType = registry.type('sdk.store.snapshots.v1.SnapshotItem')
  let stream: Bytes
  try {
    stream = inflateSync(Buffer.concat(chunks))
  } catch (err) {
    throw ErrLogic.wrap(`snapshot stream is not zlib data: ${(err as Error).message}`)
  }
  const reader = protobuf.Reader.create(stream)
  const stores = new Map<string, Array<readonly [Bytes, Bytes]>>()
  const extensions = new Map<string, SnapshotExtension>()
  let store: Array<readonly [Bytes, Bytes]> | undefined
  let ext: SnapshotExtension | undefined
  while (reader.pos < reader.len) {
    const it = registry.decode(itemType, reader.bytes())
    if (it.store) {
      if (stores.has(it.store.name)) throw ErrLogic.wrap(`store ${it.store.name} appears twice`)
      store = []
      stores.set(it.store.name, store)
      ext = undefined
    } else if (it.iavl) {
      if (!store) throw ErrLogic.wrap('snapshot item of a key before any store')
      if (it.iavl.height !== 0) {
        throw ErrLogic.wrap(
          `snapshot holds a tree node of height ${it.iavl.height}: not a snapshot sdkd wrote (sdkd's hold each key's leaf only)`,
        )
      }
      store.push([new Uint8Array(it.iavl.key), new Uint8Array(it.iavl.value)])
    } else if (it.extension) {
      ext = { name: it.extension.name, format: it.extension.format, payloads: [] }
      extensions.set(ext.name, ext)
      store = undefined
    } else if (it.extension_payload) {
      if (!ext) throw ErrLogic.wrap('snapshot extension payload before its extension')
      ext.payloads.push(new Uint8Array(it.extension_payload.payload))
    } else {
      throw ErrLogic.wrap('unknown snapshot item')
    }
  }
  return { stores, extensions }
}
