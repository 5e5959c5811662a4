import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { App } from '../app/app.js'
import { protoRegistry } from '../codec/proto.js'
import { readGenesis } from '../config/genesis.js'
import { readHomeRecord } from '../config/home-record.js'
import { homePaths } from '../config/paths.js'
import { parseGenutilGenesis } from '../modules/genutil/genesis.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { APP_VERSION_NAMES } from '../versions/names.js'
import { CliError } from './errors.js'
import { homeAppVersion } from './home-version.js'
import type { GlobalFlags } from './start-flags.js'

/** Where upstream's validate-genesis sends a user whose consensus section does not validate. */
const CHAIN_UPGRADE_GUIDE = 'https://github.com/cosmos/cosmos-sdk/blob/main/UPGRADING.md'

/**
 * `sdkd genesis validate-genesis [file]`, as upstream's: the file (default the home's
 * `config/genesis.json`) must parse, its consensus part must be valid, and every module of the app
 * version must accept its section (its default where there is none). Returns the line upstream
 * prints on success; throws upstream's messages otherwise.
 */
export async function validateGenesisFile(g: GlobalFlags, file?: string): Promise<string> {
  const path = file === undefined ? homePaths(g.home).genesis : resolve(file)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new CliError(`failed to read genesis from file ${path}: ${(err as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    const detail = text.trim() === '' ? 'file is either empty or corrupt' : (err as Error).message
    throw new CliError(`error unmarshalling genesis doc ${path}: ${detail}`)
  }
  let appState: Record<string, unknown>
  try {
    appState = readGenesis(path, json).appState
  } catch (err) {
    throw new CliError(
      `make sure that you have correctly migrated all CometBFT consensus params. Refer the UPGRADING.md (${CHAIN_UPGRADE_GUIDE}): ${(err as Error).message}`,
    )
  }
  // The modules are those of the app version that runs the home (or --app-version).
  const appVersion =
    g.appVersion ??
    homeAppVersion(await readHomeRecord(g.home), APP_VERSION_NAMES) ??
    DEFAULT_APP_VERSION
  const version = APP_VERSIONS[appVersion]
  if (!version) {
    throw new CliError(
      `unknown app version "${appVersion}" (built in: ${Object.keys(APP_VERSIONS).join(', ')})`,
    )
  }
  const registry = protoRegistry()
  const app = new App(version({ registry }), registry)
  const checks = [...app.modules.values()].map(
    (m) => () => m.validateGenesis?.(appState[m.name] ?? m.defaultGenesis?.()),
  )
  // The gentxs are checked as x/genutil's ValidateGenesis does, whether or not the app version runs it.
  if (!app.modules.has('genutil'))
    checks.push(() => void parseGenutilGenesis(registry, appState.genutil))
  for (const check of checks) {
    try {
      check()
    } catch (err) {
      throw new CliError(`error validating genesis file ${path}: ${(err as Error).message}`)
    }
  }
  return `File at ${path} is a valid genesis file`
}
