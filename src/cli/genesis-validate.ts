import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { readGenesis } from '../config/genesis.js'
import { homePaths } from '../config/paths.js'
import { parseGenutilGenesis } from '../modules/genutil/genesis.js'
import { CliError } from './errors.js'
import { homeApp } from './home-app.js'
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
  const app = await homeApp(g)
  const { registry } = app
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
