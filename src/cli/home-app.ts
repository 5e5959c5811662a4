import { App } from '../app/app.js'
import { protoRegistry } from '../codec/proto.js'
import { readHomeRecord } from '../config/home-record.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { APP_VERSION_NAMES } from '../versions/names.js'
import { CliError } from './errors.js'
import { homeAppVersion } from './home-version.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * The app of the version that runs the home (or `--app-version`; a home that records none: the
 * newest built in), in the home's brand: its modules, Msgs and registry, for a command that reads
 * them without starting a node.
 */
export async function homeApp(g: GlobalFlags): Promise<App> {
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
  return new App(version({ registry }), registry)
}
