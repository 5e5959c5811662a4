import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Passes mkdir's EEXIST for a directory (made already, or by a concurrent call); throws the rest. */
async function unlessDirectory(path: string, err: unknown): Promise<void> {
  if ((err as NodeJS.ErrnoException).code === 'EEXIST' && (await stat(path)).isDirectory()) return
  throw err
}

/**
 * Creates the directory `path` and its missing parents (`mkdir -p`), each with `mode`; done when it
 * exists. Node's `mkdir(path, { recursive: true })` never returns where mkdir fails with ENOENT
 * although the parent exists (under /proc): it makes the parent again, forever. Here each level
 * tries again once, after its parent, and that ENOENT is the error.
 */
export async function makeDir(path: string, mode?: number): Promise<void> {
  const options = mode === undefined ? {} : { mode }
  try {
    await mkdir(path, options)
  } catch (err) {
    const parent = dirname(path)
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path)
      return unlessDirectory(path, err)
    await makeDir(parent, mode)
    await mkdir(path, options).catch((again: unknown) => unlessDirectory(path, again))
  }
}
