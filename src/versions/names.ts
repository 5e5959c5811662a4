/** Names of the built-in app versions ("binaries"), oldest first (what `--app-version` accepts). */
export const APP_VERSION_NAMES = ['v1', 'v2'] as const
export type AppVersionName = (typeof APP_VERSION_NAMES)[number]

/** The newest built-in app version: what `sdkd start` runs by default. */
export const DEFAULT_APP_VERSION: string = APP_VERSION_NAMES[APP_VERSION_NAMES.length - 1]!
