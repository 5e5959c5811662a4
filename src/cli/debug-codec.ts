import type { Command } from 'commander'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * The interface registry of the app version that runs the home (or `--app-version`), in the
 * home's brand: what the node's reflection service `ListAllInterfaces` answers.
 */
async function homeInterfaceRegistry(g: GlobalFlags) {
  const [{ App }, { interfaceRegistryOf }, { protoRegistry }, versions, names, record, home] =
    await Promise.all([
      import('../app/app.js'),
      import('../app/interface-registry.js'),
      import('../codec/proto.js'),
      import('../versions/index.js'),
      import('../versions/names.js'),
      import('../config/home-record.js'),
      import('./home-version.js'),
    ])
  const appVersion =
    g.appVersion ??
    home.homeAppVersion(await record.readHomeRecord(g.home), names.APP_VERSION_NAMES) ??
    names.DEFAULT_APP_VERSION
  const version = versions.APP_VERSIONS[appVersion]
  if (!version)
    throw new CliError(
      `unknown app version "${appVersion}" (built in: ${Object.keys(versions.APP_VERSIONS).join(', ')})`,
    )
  const registry = protoRegistry()
  return interfaceRegistryOf(new App(version({ registry }), registry))
}

/**
 * `sdkd debug codec list-interfaces | list-implementations <interface>`: upstream's codec tools,
 * one name or type URL a line (sorted; upstream prints Go's map order, and on stderr).
 */
export function registerDebugCodec(debug: Command, globals: () => GlobalFlags): void {
  const codec = debug
    .command('codec')
    .description(
      "tools for the application codec: the interfaces an Any may hold, and each one's implementations",
    )
  codec
    .command('list-interfaces')
    .description('list all registered interface names (e.g. sdk.base.v1beta1.Msg)')
    .action(async () => {
      const interfaces = await homeInterfaceRegistry(globals())
      process.stdout.write(interfaces.names.map((name) => `${name}\n`).join(''))
    })
  codec
    .command('list-implementations')
    .argument('<interface>', 'an interface name, e.g. sdk.gov.v1beta1.Content')
    .description(
      'list the registered type URLs that can be used for the interface (none for an unknown one)',
    )
    .action(async (name: string) => {
      const interfaces = await homeInterfaceRegistry(globals())
      process.stdout.write(
        interfaces
          .implementations(name)
          .map((url) => `${url}\n`)
          .join(''),
      )
    })
}
