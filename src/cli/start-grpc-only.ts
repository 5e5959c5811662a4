import { Node } from '../node/node.js'
import { runtimeWithoutWorkers } from '../node/runtime-options.js'
import { cometBlockStoreEmpty } from './cometbft-process.js'
import { OUTPUT_LOST_EXIT_CODE } from './output-lost.js'
import { cometListeners } from './start-cometbft.js'
import type { GlobalFlags, StartFlags } from './start-flags.js'
import { type Prepared, prepareStart, shutdownGrace, withCpuProfile } from './start-prepare.js'
import { stopRequest } from './stop-signals.js'

/**
 * `sdkd start --grpc-only`, upstream's gRPC query only mode: the app opened on the home's committed
 * state, served by gRPC (on whatever app.toml says, as upstream turns it on) and REST as app.toml
 * says; no blocks, no CometBFT RPC, no mempool. The services upstream serves only with CometBFT
 * (the tx service, `base.tendermint`, `base.node`) answer `unknown service`, as there. Resolves
 * with 0 after SIGINT/SIGTERM.
 */
export async function runGrpcOnly(g: GlobalFlags, flags: StartFlags): Promise<number> {
  const prepared = await prepareStart(g, { ...flags, 'grpc.enable': true }, cometListeners)
  const { logger } = prepared
  try {
    return await withCpuProfile(logger, flags.cpuProfile, () => serveGrpcOnly(prepared))
  } finally {
    await shutdownGrace(logger, flags.shutdownGrace)
  }
}

async function serveGrpcOnly(prepared: Prepared): Promise<number> {
  const { home, appVersion, logger } = prepared
  logger.info('starting node in gRPC only mode; CometBFT is disabled')
  const node = await Node.create({
    home,
    appVersion,
    logger,
    runtime: runtimeWithoutWorkers(home.app.runtime),
    checkStores: true,
    // The engine that made the home's chain: its blocks are where it keeps them.
    consensus: (await cometBlockStoreEmpty(home.paths.home, home.node.dbDir))
      ? 'simulated'
      : 'cometbft',
    grpcOnly: true,
  })
  const stop = stopRequest(logger)
  try {
    await node.startAppServers()
  } catch (err) {
    await node.stop()
    throw err
  }
  logger.info(
    {
      home: home.paths.home,
      chain_id: home.genesis.chainId,
      app_version: node.app.name,
      height: Math.max(node.store.latestHeight, 0),
    },
    'node started in gRPC only mode',
  )
  const s = await stop.requested
  if (s) logger.info({ signal: s }, 'caught signal, shutting down')
  await node.stop()
  logger.info({ height: node.store.latestHeight }, 'stopped cleanly')
  return stop.outputLost() ? OUTPUT_LOST_EXIT_CODE : 0
}
