import { readFileSync } from 'node:fs'
import { FieldReader } from '../config/fields.js'
import type { LoadedHome } from '../config/home.js'
import type { RestoredFile } from '../config/restore.js'
import { parseTomlFile } from '../config/toml.js'
import type { Logger } from '../logger.js'
import type { StartFlags } from './start-flags.js'

/** The devnet preset's app.toml settings whose absence a devnet user notices first. */
const DEVNET_SETTINGS = [
  { field: 'api.enable', flag: 'api.enable', what: 'REST API' },
  { field: 'api.dashboard', flag: 'api.dashboard', what: 'dashboard' },
  { field: 'dev.enable', flag: 'dev.enable', what: 'dev API' },
] as const

/**
 * The devnet settings that end up off because app.toml does not set them: a file left partial or
 * empty, or just rewritten with upstream's defaults (which has them off), keeps upstream's default
 * for each. A setting the file turns off itself, or a flag sets, is the user's choice.
 */
export function devnetSettingsOff(
  home: Pick<LoadedHome, 'app' | 'paths'>,
  flags: StartFlags,
  appTomlRestored: boolean,
): (typeof DEVNET_SETTINGS)[number][] {
  let reader: FieldReader | undefined
  if (!appTomlRestored) {
    const text = readFileSync(home.paths.appToml, 'utf8')
    reader = new FieldReader('config/app.toml', parseTomlFile('config/app.toml', text))
  }
  const value = (field: string) =>
    field === 'api.enable'
      ? home.app.api.enable
      : field === 'api.dashboard'
        ? home.app.api.dashboard
        : home.app.dev.enable
  return DEVNET_SETTINGS.filter(
    (s) => !value(s.field) && flags[s.flag] === undefined && !reader?.has(s.field),
  )
}

/**
 * Says what a start changed or left off in the home's config: the files it wrote because they were
 * missing, and, in a devnet home, the devnet settings the app.toml leaves off.
 */
export function logConfigNotes(
  logger: Logger,
  o: {
    home: Pick<LoadedHome, 'app' | 'paths'>
    flags: StartFlags
    restored: readonly RestoredFile[]
    devnet: boolean
  },
): void {
  for (const r of o.restored) {
    logger.warn({ file: r.path }, `${r.file} was missing: wrote the default one`)
  }
  if (!o.devnet) return
  const appTomlRestored = o.restored.some((r) => r.file === 'config/app.toml')
  const off = devnetSettingsOff(o.home, o.flags, appTomlRestored)
  if (off.length === 0) return
  const list = off.map((s) => `the ${s.what} (${s.field})`)
  const listed = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`
  logger.warn(
    { file: o.home.paths.appToml },
    `devnet home: config/app.toml leaves ${listed} off, at upstream's default; set ${off.map((s) => `${s.field} = true`).join(', ')} in config/app.toml, or start with ${off.map((s) => `--${s.flag}`).join(' ')}`,
  )
}
