import type { Command } from 'commander'
import type { GlobalFlags } from './start-flags.js'

/**
 * The interface registry of the app version that runs the home (or `--app-version`), in the
 * home's brand: what the node's reflection service `ListAllInterfaces` answers.
 */
async function homeInterfaceRegistry(g: GlobalFlags) {
  const [{ homeApp }, { interfaceRegistryOf }] = await Promise.all([
    import('./home-app.js'),
    import('../app/interface-registry.js'),
  ])
  return interfaceRegistryOf(await homeApp(g))
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
