import { open, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { makeDir } from './make-dir.js'
import { storageWriteError } from './write-error.js'

let randomBytes: typeof import('node:crypto').randomBytes | undefined

/** Writes a file atomically: temp file, fsync, rename (a crash leaves the old file or the new one). */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = 0o644,
): Promise<void> {
  await makeDir(dirname(path))
  // node:crypto on first write: every client command imports this module (reading the home) and
  // writes nothing, and loading node:crypto costs several milliseconds.
  randomBytes ??= (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'))
    .randomBytes
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`
  try {
    const fh = await open(tmp, 'w', mode)
    try {
      await fh.writeFile(data)
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (err) {
    // The old file stays as it was; the half-written temp file goes (on a full disk it holds the
    // space the next try needs), and the error names the file (Node's write error names none).
    await rm(tmp, { force: true }).catch(() => undefined)
    throw storageWriteError(err, path)
  }
}
