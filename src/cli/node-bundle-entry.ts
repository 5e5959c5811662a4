// The entry of the node bundle (bundles.ts): the CLI for `sdkd start` and `sdkd devnet`, what loads
// upgrade plugins, and the build's warm-up.
export { usePluginImporter } from '../app/plugins.js'
export { runCli } from './run-cli.js'

/**
 * Runs, offline, what a node's start runs: the top level of every module a node loads (the start
 * and devnet commands, what they import, and the gRPC server), then a node on a new home in a
 * temporary directory, its state in memory and no worker threads, through its first blocks. The
 * code cache the build writes after it then holds that code compiled, which a node compiled lazily
 * at each start before. Prints nothing; the temporary home is removed.
 */
export async function warmUp(): Promise<void> {
  // Imported as a call imports them: a bundle runs a module's top level when it is first imported.
  // The gRPC server is loaded only when served, as it is in a node (on by default).
  const [, , , fs, os, path, home, init, log, node, memory, runtime, versions] = await Promise.all([
    import('./start.js'),
    import('./devnet.js'),
    import('../server/grpc/server.js'),
    import('node:fs/promises'),
    import('node:os'),
    import('node:path'),
    import('../config/home.js'),
    import('./init.js'),
    import('../logger.js'),
    import('../node/node.js'),
    import('../store/memory-backend.js'),
    import('../node/runtime-options.js'),
    import('../versions/index.js'),
  ])
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sdkd-warm-up-'))
  try {
    await home.initHome({
      home: dir,
      moniker: 'warm-up',
      chainId: 'warm-up',
      appState: init.defaultAppState(),
    })
    const loaded = await home.loadHome(dir)
    const warm = await node.Node.create({
      home: loaded,
      appVersion: versions.DEFAULT_APP_VERSION,
      logger: log.createSilentLogger(),
      backend: memory.createMemoryBackend(),
      runtime: {
        ...runtime.runtimeOptionsOf(loaded.app.runtime),
        blockWorker: false,
        invariantWorker: false,
        verifyWorkers: 0,
      },
    })
    try {
      await warm.producer.produceBlocks(3)
    } finally {
      await warm.stop()
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
