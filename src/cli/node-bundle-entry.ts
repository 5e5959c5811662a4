// The entry of the node bundle (bundles.ts): the CLI for `sdkd start` and `sdkd devnet`, what loads
// upgrade plugins, and the build's warm-up.
export { usePluginImporter } from '../app/plugins.js'
export { runCli } from './run-cli.js'

/**
 * Runs, offline, the top level of every module a node loads (the start and devnet commands, what
 * they import, and the gRPC server), then what every start runs before its first block and needs
 * no home for (reading config.toml and app.toml, the proto registry), so that the code cache the
 * build writes after it holds that code compiled. Writes nothing and prints nothing.
 */
export async function warmUp(): Promise<void> {
  // Imported as a call imports them: a bundle runs a module's top level when it is first imported.
  // The gRPC server is loaded only when served, as it is in a node (on by default).
  const [, , , { parseTomlFile }, nodeConfig, appConfig, { protoRegistry }] = await Promise.all([
    import('./start.js'),
    import('./devnet.js'),
    import('../server/grpc/server.js'),
    import('../config/toml.js'),
    import('../config/node-config.js'),
    import('../config/app-config.js'),
    import('../codec/proto.js'),
  ])
  const configToml = nodeConfig.renderConfigToml(nodeConfig.defaultNodeConfig('warm-up'))
  nodeConfig.readNodeConfig('config.toml', parseTomlFile('config.toml', configToml))
  const appToml = appConfig.renderAppToml(appConfig.defaultAppConfig())
  appConfig.readAppConfig('app.toml', parseTomlFile('app.toml', appToml))
  protoRegistry()
}
