import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/** Default home directory (`~/.sdkd`). */
export function defaultHome(): string {
  return join(homedir(), '.sdkd')
}

/** Paths inside a node home. */
export interface HomePaths {
  home: string
  configDir: string
  dataDir: string
  appToml: string
  configToml: string
  clientToml: string
  genesis: string
  privValidatorKey: string
  /** More consensus keys a node that runs several validators signs with (`*.json`, name order). */
  privValidatorKeysDir: string
  nodeKey: string
  database: string
  /** State sync snapshots (`<height>/<format>/`). */
  snapshotsDir: string
  upgradeInfo: string
  privValidatorState: string
  keyring: string
}

export function homePaths(home: string): HomePaths {
  const h = resolve(home)
  const configDir = join(h, 'config')
  const dataDir = join(h, 'data')
  return {
    home: h,
    configDir,
    dataDir,
    appToml: join(configDir, 'app.toml'),
    configToml: join(configDir, 'config.toml'),
    clientToml: join(configDir, 'client.toml'),
    genesis: join(configDir, 'genesis.json'),
    privValidatorKey: join(configDir, 'priv_validator_key.json'),
    privValidatorKeysDir: join(configDir, 'priv_validator_keys'),
    nodeKey: join(configDir, 'node_key.json'),
    database: join(dataDir, 'application.db'),
    snapshotsDir: join(dataDir, 'snapshots'),
    upgradeInfo: join(dataDir, 'upgrade-info.json'),
    privValidatorState: join(dataDir, 'priv_validator_state.json'),
    keyring: join(h, 'keyring-test'),
  }
}
