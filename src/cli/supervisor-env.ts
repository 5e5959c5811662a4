import { existsSync, statSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { parseGoDuration } from '../config/duration.js'
import { CliError } from './errors.js'

/** What `sdkd run` reads from cosmovisor's environment variables (the names and rules of `args.go`). */
export interface SupervisorEnv {
  /** `DAEMON_RESTART_AFTER_UPGRADE` (default true): relaunch after an upgrade, or stop. */
  restartAfterUpgrade: boolean
  /** `DAEMON_RESTART_DELAY` in milliseconds (default 0): the pause between the halt and the backup. */
  restartDelayMs: number
  /** `UNSAFE_SKIP_BACKUP` (default false): no copy of `data/` before the switch. */
  skipBackup: boolean
  /** `DAEMON_DATA_BACKUP_DIR`: where backups go (undefined: the home). */
  backupDir?: string
}

/**
 * cosmovisor's booleans: only `true`, `false` or empty, case-insensitively (`on` and `1` are
 * errors, as upstream).
 */
function envBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name] ?? ''
  const value = raw.toLowerCase()
  if (value === '') return fallback
  if (value === 'true') return true
  if (value === 'false') return false
  throw new CliError(
    `env variable ${JSON.stringify(name)} must have a boolean value ("true" or "false"), got ${JSON.stringify(raw)}`,
  )
}

/** cosmovisor's durations: Go syntax, greater than 0 when set. */
function envDuration(env: NodeJS.ProcessEnv, name: string): number {
  const raw = env[name] ?? ''
  if (raw === '') return 0
  let ms: number
  try {
    ms = parseGoDuration(raw)
  } catch (err) {
    throw new CliError(
      `env variable ${name}: could not parse ${JSON.stringify(raw)} into a duration: ${(err as Error).message}`,
    )
  }
  if (!(ms > 0)) throw new CliError(`env variable ${name}: must be greater than 0, got ${raw}`)
  return ms
}

/**
 * Reads and checks the variables before anything starts; every bad one is reported, each on a line.
 * With backups on, `DAEMON_DATA_BACKUP_DIR` must be an existing absolute directory (as upstream).
 */
export function readSupervisorEnv(env: NodeJS.ProcessEnv = process.env): SupervisorEnv {
  const problems: string[] = []
  const read = <T>(f: () => T, fallback: T): T => {
    try {
      return f()
    } catch (err) {
      problems.push((err as Error).message)
      return fallback
    }
  }
  const restartAfterUpgrade = read(
    () => envBoolean(env, 'DAEMON_RESTART_AFTER_UPGRADE', true),
    true,
  )
  const restartDelayMs = read(() => envDuration(env, 'DAEMON_RESTART_DELAY'), 0)
  const skipBackup = read(() => envBoolean(env, 'UNSAFE_SKIP_BACKUP', false), false)
  const backupDir = env.DAEMON_DATA_BACKUP_DIR || undefined
  if (backupDir !== undefined && !skipBackup) {
    if (!isAbsolute(backupDir))
      problems.push(`DAEMON_DATA_BACKUP_DIR must be an absolute path, got ${backupDir}`)
    else if (!existsSync(backupDir) || !statSync(backupDir).isDirectory())
      problems.push(`DAEMON_DATA_BACKUP_DIR: ${backupDir} is not an existing directory`)
  }
  if (problems.length > 0) throw new CliError(problems.join('\n'))
  return { restartAfterUpgrade, restartDelayMs, skipBackup, ...(backupDir ? { backupDir } : {}) }
}
