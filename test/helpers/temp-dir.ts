import { mkdtempSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh temporary directory; `cleanup` removes it and everything in it. */
export interface TempDir {
  dir: string
  cleanup(): Promise<void>
}

/** A fresh temporary directory under the OS's, named `<prefix><random>`. */
export async function tempDir(prefix = 'sdkd-test-'): Promise<TempDir> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** The same, made at once (for a directory a test file's top level needs). */
export function tempDirSync(prefix = 'sdkd-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}
