import { existsSync, readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { defaultAppConfig, renderAppToml } from './app-config.js'
import { writeFileAtomic } from './atomic-file.js'
import { defaultClientConfig, renderClientToml } from './client-config.js'
import { defaultNodeConfig, renderConfigToml } from './node-config.js'
import { homePaths } from './paths.js'

/** A config file a start wrote because the home had none. */
export interface RestoredFile {
  /** Its name in the home (`config/app.toml`). */
  file: string
  path: string
}

/**
 * Writes upstream's default `config/config.toml`, `config/app.toml` and `config/client.toml` where the
 * home lacks them, as an SDK node's start does (a missing config file is not an error there), and
 * returns what it wrote. The defaults are `sdkd init`'s without `--devnet`: config.toml's moniker is
 * the host name (CometBFT's default) and client.toml's chain id the genesis's. A home without a
 * genesis is left alone: that is a home never initialised, which the start reports.
 */
export async function restoreMissingConfig(home: string): Promise<RestoredFile[]> {
  const p = homePaths(home)
  if (!existsSync(p.genesis)) return []
  const files = [
    {
      file: 'config/config.toml',
      path: p.configToml,
      text: () => renderConfigToml(defaultNodeConfig(hostname())),
    },
    { file: 'config/app.toml', path: p.appToml, text: () => renderAppToml(defaultAppConfig()) },
    {
      file: 'config/client.toml',
      path: p.clientToml,
      text: () => renderClientToml(defaultClientConfig(genesisChainId(p.genesis))),
    },
  ]
  const restored: RestoredFile[] = []
  for (const f of files) {
    if (existsSync(f.path)) continue
    await writeFileAtomic(f.path, f.text())
    restored.push({ file: f.file, path: f.path })
  }
  return restored
}

// The chain id client.toml names; a genesis that does not parse is the start's to report.
function genesisChainId(file: string): string {
  try {
    const id = (JSON.parse(readFileSync(file, 'utf8')) as { chain_id?: unknown }).chain_id
    return typeof id === 'string' ? id : ''
  } catch {
    return ''
  }
}
