import type { App } from '../app/app.js'
import { toHexUpper } from '../codec/bytes.js'
import { ConfigError } from '../config/fields.js'
import type { LoadedHome } from '../config/home.js'
import { type PruningOptions, pruningOptions } from '../config/pruning.js'
import { readUpgradeInfo, type UpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import type { StoreBackend } from '../store/backend.js'
import { META_GENESIS_HASH } from '../store/keys.js'
import { type AppVersionFactory, BUILT_IN_APP_VERSIONS } from '../versions/index.js'

/**
 * What `Node.create` checks before it serves anything, each problem a ConfigError naming the file
 * (or flag) and the field: the app version, the upgrade info, each module's genesis, the pruning
 * settings, and that the chain in data/ was made from this genesis.
 */

/**
 * The factory of the app version asked for (among `appVersions`, else the built-in ones), and the
 * built-in version the invariant worker can make again on its thread (`builtInOf`).
 */
export function appVersionFactory(
  options: {
    appVersion: string
    appVersions?: Record<string, AppVersionFactory> | undefined
    builtInVersion?: string | undefined
  },
  builtIn: Record<string, AppVersionFactory>,
): { factory: AppVersionFactory; builtInVersion: ReturnType<typeof builtInOf> } {
  const name = options.appVersion
  const versions = options.appVersions ?? builtIn
  const factory = versions[name]
  if (!factory) {
    throw new ConfigError(
      '--app-version',
      '',
      `unknown app version "${name}" (built in: ${Object.keys(versions).join(', ')})`,
    )
  }
  return { factory, builtInVersion: builtInOf(options, factory) }
}

/** The upgrade a previous run halted for (data/upgrade-info.json), if any. */
export async function upgradeInfoOf(home: LoadedHome): Promise<UpgradeInfo | undefined> {
  try {
    return await readUpgradeInfo(home.paths.upgradeInfo)
  } catch (err) {
    throw new ConfigError(
      'data/upgrade-info.json',
      '',
      `failed to read upgrade info from disk: ${(err as Error).message}`,
    )
  }
}

/** Checks each module's section of genesis.json (its default where there is none). */
export function checkModuleGenesis(app: App, home: LoadedHome): void {
  for (const m of app.modules.values()) {
    try {
      m.validateGenesis?.(home.genesis.appState[m.name] ?? m.defaultGenesis?.())
    } catch (err) {
      throw new ConfigError('config/genesis.json', '', (err as Error).message)
    }
  }
}

/** The store's pruning as app.toml sets it, with upstream's checks. */
export function pruningOf(home: LoadedHome): PruningOptions {
  let pruning: PruningOptions
  try {
    pruning = pruningOptions(home.app.pruning, home.app.pruningKeepRecent, home.app.pruningInterval)
  } catch (err) {
    throw new ConfigError('config/app.toml', 'pruning', (err as Error).message)
  }
  if (home.app.pruning === 'everything' && home.app.stateSync.snapshotInterval > 0) {
    throw new ConfigError(
      'config/app.toml',
      'state-sync.snapshot-interval',
      "cannot enable state sync snapshots with 'everything' pruning setting",
    )
  }
  return pruning
}

/**
 * The chain in `data/` remembers the genesis it was made from: started with another `genesis.json`
 * (e.g. after `init --overwrite`), the node refuses instead of silently continuing the old chain.
 */
export async function checkGenesisOfData(
  backend: StoreBackend,
  latestHeight: number,
  genesisHash: Uint8Array,
): Promise<void> {
  if (latestHeight < 0) return
  const stored = await backend.get(META_GENESIS_HASH)
  if (stored === undefined || toHexUpper(stored) === toHexUpper(genesisHash)) return
  throw new ConfigError(
    'config/genesis.json',
    '',
    `does not match the chain in data/ (genesis hash ${toHexUpper(genesisHash)}; the chain was made from ${toHexUpper(stored)}), e.g. after it was edited or copied from another home. ` +
      `Start the chain over from this genesis with 'sdkd devnet --reset' (a devnet home) or 'sdkd comet unsafe-reset-all', or put back the genesis.json the chain was made from`,
  )
}

/**
 * Refuses a chain whose committed state lacks a store the app version owns (one not added by a
 * store upgrade) while holding no store it does not own: the home was made by an older sdkd whose app version had
 * fewer modules, and its first block would fail deep inside a module. Upstream's node cannot load
 * such a state either; here the message says why and how to start over.
 */
export function checkStoresOfData(
  committed: { height: number; names: readonly string[] } | undefined,
  appVersion: string,
  owned: readonly string[],
  added: readonly string[] = [],
): void {
  if (committed === undefined) return
  // A store this version does not own means the state is another app version's (a newer one's,
  // run by an older binary): that case is refused or reported where versions are compared.
  if (committed.names.some((name) => !owned.includes(name))) return
  const have = new Set([...committed.names, ...added])
  const missing = owned.filter((name) => !have.has(name))
  if (missing.length === 0) return
  throw new ConfigError(
    'data/',
    '',
    `the chain's state at height ${committed.height} has no ${missing.join(', ')} store${missing.length > 1 ? 's' : ''}, which app version ${appVersion} of this sdkd needs: the home was made by an older sdkd. ` +
      `Start the chain over with 'sdkd devnet --reset' (a devnet home; keys and config are kept) or 'sdkd comet unsafe-reset-all', or run it with the sdkd that made it`,
  )
}

/**
 * The built-in app version the invariant worker can make again on its thread: the one asked for
 * (a rehearsal's binary wraps one), or the app version itself when it is a built-in factory as the
 * versions module made it; none for a version a test or a benchmark made.
 */
function builtInOf(
  options: { appVersion: string; builtInVersion?: string | undefined },
  factory: AppVersionFactory,
): { builtInVersion?: string } {
  const name = options.builtInVersion ?? options.appVersion
  const builtIn = BUILT_IN_APP_VERSIONS[name]
  if (!builtIn) return {}
  if (options.builtInVersion === undefined && builtIn !== factory) return {}
  return { builtInVersion: name }
}
