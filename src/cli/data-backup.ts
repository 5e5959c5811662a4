import { existsSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import { join } from 'node:path'

/** cosmovisor's backup name: `data-backup-YYYY-M-D` in local time, month and day not zero-padded. */
export function backupName(now: Date): string {
  return `data-backup-${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`
}

/**
 * Copies `dataDir` into `backupDir` as `data-backup-YYYY-M-D`; when that exists (a second upgrade the
 * same day) as `….2`, `….3`, … — a backup is never overwritten. Returns the copy's path.
 */
export async function backupDataDir(
  dataDir: string,
  backupDir: string,
  now = new Date(),
): Promise<string> {
  const base = join(backupDir, backupName(now))
  let target = base
  for (let n = 2; existsSync(target); n++) target = `${base}.${n}`
  await cp(dataDir, target, { recursive: true, errorOnExist: true, force: false })
  return target
}
