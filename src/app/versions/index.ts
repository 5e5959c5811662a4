import type { AppVersion } from '../types.js'
import { type AppVersionDeps, createV1 } from './v1.js'

export type { AppVersionDeps }

/** Built-in app versions ("binaries"), oldest first. */
export const APP_VERSIONS: Record<string, (deps: AppVersionDeps) => AppVersion> = {
  v1: createV1,
}

/** The newest built-in app version: what `sdkd start` runs by default. */
export const DEFAULT_APP_VERSION = Object.keys(APP_VERSIONS).at(-1)!
