import type { Command } from 'commander'
import { App } from '../app/app.js'
import { protoRegistry } from '../codec/proto.js'
import { SDKD_VERSION } from '../node/node.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

export function registerVersion(program: Command, globals: () => GlobalFlags): void {
  program
    .command('version')
    .description('print the app version ("binary") this sdkd runs; --long for details')
    .option('--long', 'print the sdkd version, the app versions built in and the module versions')
    .option('-o, --output <format>', 'text|json', 'text')
    .action((f: { long?: boolean; output: string }) => {
      const name = globals().appVersion ?? DEFAULT_APP_VERSION
      const factory = APP_VERSIONS[name]
      if (!factory)
        throw new CliError(
          `unknown app version "${name}" (built in: ${Object.keys(APP_VERSIONS).join(', ')})`,
        )
      if (!f.long) {
        process.stdout.write(`${name}\n`)
        return
      }
      const registry = protoRegistry()
      const app = new App(factory({ registry }), registry)
      const info = {
        name: 'sdkd',
        app_version: name,
        version: SDKD_VERSION,
        app_versions: Object.keys(APP_VERSIONS),
        modules: app.versionMap(),
        upgrade_handlers: app.version.upgrades.map((u) => u.name),
        node: process.version,
      }
      if (f.output === 'json') process.stdout.write(`${JSON.stringify(info)}\n`)
      else {
        const lines = [
          `name: sdkd`,
          `app_version: ${name}`,
          `version: ${SDKD_VERSION}`,
          `app_versions: ${info.app_versions.join(', ')}`,
          `upgrade_handlers: ${info.upgrade_handlers.join(', ') || '(none)'}`,
          'modules:',
          ...Object.entries(info.modules).map(([m, v]) => `  ${m}: ${v}`),
          `node: ${process.version}`,
        ]
        process.stdout.write(`${lines.join('\n')}\n`)
      }
    })
}
