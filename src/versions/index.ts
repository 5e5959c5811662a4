import type { AppVersion } from '../app/types.js'
import type { AppVersionDeps } from './deps.js'
import { type AppVersionName, DEFAULT_APP_VERSION } from './names.js'
import { createV1 } from './v1.js'
import { createV2 } from './v2.js'

export type { AppVersionDeps }

/** Builds one app version ("binary") for a node. */
export type AppVersionFactory = (deps: AppVersionDeps) => AppVersion

/** Built-in app versions ("binaries"), oldest first: one factory per name of `APP_VERSION_NAMES`. */
export const APP_VERSIONS: Record<string, AppVersionFactory> = {
  v1: createV1,
  v2: createV2,
} satisfies Record<AppVersionName, AppVersionFactory>

/**
 * The built-in factories as this module made them: another thread loading this module gets these,
 * whatever a process later puts into `APP_VERSIONS` (a benchmark's own version, a replaced one).
 */
export const BUILT_IN_APP_VERSIONS: Readonly<Record<string, AppVersionFactory>> = Object.freeze({
  ...APP_VERSIONS,
})

export { DEFAULT_APP_VERSION }
