import type { AppVersion } from '../types.js'
import type { AppVersionDeps } from './deps.js'
import { createV1 } from './v1.js'
import { createV2 } from './v2.js'

export type { AppVersionDeps }

/** Builds one app version ("binary") for a node. */
export type AppVersionFactory = (deps: AppVersionDeps) => AppVersion

/** Built-in app versions ("binaries"), oldest first. */
export const APP_VERSIONS: Record<string, AppVersionFactory> = {
  v1: createV1,
  v2: createV2,
}

/** The newest built-in app version: what `sdkd start` runs by default. */
export const DEFAULT_APP_VERSION = Object.keys(APP_VERSIONS).at(-1)!
