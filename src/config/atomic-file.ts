import { randomBytes } from 'node:crypto'
import { mkdir, open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Writes a file atomically: temp file, fsync, rename (a crash leaves the old file or the new one). */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`
  const fh = await open(tmp, 'w', mode)
  try {
    await fh.writeFile(data)
    await fh.sync()
  } finally {
    await fh.close()
  }
  await rename(tmp, path)
}
