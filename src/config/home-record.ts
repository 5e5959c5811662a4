import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { BRAND_NAMES, type BrandName, isBrandName } from '../codec/brand.js'
import { writeFileAtomic } from './atomic-file.js'
import { FieldReader } from './fields.js'
import { parseTomlFile } from './toml.js'

/**
 * `config/sdkd.toml`: what sdkd remembers about a home that no upstream file holds — its brand,
 * which app version ("binary") created it and which one last produced a block on it. A chain only
 * moves forward: an older app version than the home's refuses to start on it (see
 * `checkHomeAppVersion`), and a start without `--app-version` runs the home's.
 */
export interface HomeRecord {
  /** The brand its genesis was made in, which every command on the home uses (absent: `sdk`). */
  brand?: BrandName
  /** App version whose genesis preset made `config/genesis.json`. */
  createdBy?: string
  /** App version that last committed a block on `data/`. */
  lastRunBy?: string
  /**
   * Made by `sdkd init --devnet` or `sdkd devnet`: a config file that leaves the preset's settings
   * out is warned about at start (absent for a home made before sdkd kept it).
   */
  devnet?: boolean
  /**
   * Upgrade plugins `sdkd run` switched this home's chain to (absolute paths, oldest first): a later
   * `sdkd run` loads them from its first run on, as cosmovisor's `current` link keeps the upgraded
   * binary. A reset (the chain starts over) forgets them.
   */
  upgradePlugins?: string[]
}

/** Path of the record inside a home. */
export function homeRecordPath(home: string): string {
  return join(resolve(home), 'config', 'sdkd.toml')
}

/** Reads the record (empty for a home made before sdkd kept one). */
export async function readHomeRecord(home: string): Promise<HomeRecord> {
  const file = homeRecordPath(home)
  if (!existsSync(file)) return {}
  const r = new FieldReader(
    'config/sdkd.toml',
    parseTomlFile('config/sdkd.toml', await readFile(file, 'utf8')),
  )
  const createdBy = r.string('created-by-app-version', '')
  const lastRunBy = r.string('last-run-app-version', '')
  const brand = r.string('brand', '')
  const upgradePlugins = r.stringArray('upgrade-plugins', [])
  const devnet = r.bool('devnet', false)
  if (brand !== '' && !isBrandName(brand)) {
    r.fail('brand', `unknown brand ${JSON.stringify(brand)} (one of: ${BRAND_NAMES.join(', ')})`)
  }
  return {
    ...(isBrandName(brand) ? { brand } : {}),
    ...(createdBy ? { createdBy } : {}),
    ...(lastRunBy ? { lastRunBy } : {}),
    ...(devnet ? { devnet } : {}),
    ...(upgradePlugins.length > 0 ? { upgradePlugins } : {}),
  }
}

/** Writes the record atomically. */
export async function writeHomeRecord(home: string, record: HomeRecord): Promise<void> {
  const q = (s: string | undefined) => JSON.stringify(s ?? '')
  await writeFileAtomic(
    homeRecordPath(home),
    `# Written by sdkd. The app version ("binary") that created this home and the one that last
# committed a block on its data/. A start without --app-version runs the newer of the two; an older
# app version refuses to start on this home: a chain only moves forward. \`sdkd devnet --reset\` and
# \`sdkd comet unsafe-reset-all\` start its chain over.
# The brand (sdk or cosmos: the names of types, REST paths, headers, addresses) is the one the
# genesis was made in; every command on this home uses it.${
      record.devnet
        ? `
# devnet: made with the devnet preset; sdkd start warns when config/app.toml leaves its settings out.`
        : ''
    }${
      record.upgradePlugins?.length
        ? `
# upgrade-plugins: the upgrade plugins \`sdkd run\` switched this chain to, oldest first; every later
# \`sdkd run\` on this home loads them.`
        : ''
    }
brand = ${q(record.brand ?? 'sdk')}
created-by-app-version = ${q(record.createdBy)}
last-run-app-version = ${q(record.lastRunBy)}
${record.devnet ? 'devnet = true\n' : ''}${record.upgradePlugins?.length ? `upgrade-plugins = [${record.upgradePlugins.map(q).join(', ')}]\n` : ''}`,
  )
}
