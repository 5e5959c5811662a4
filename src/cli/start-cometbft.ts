import { writeFile } from 'node:fs/promises'
import { cometGenesisPath, cometGenesisText } from '../config/cometbft-genesis.js'
import type { LoadedHome } from '../config/home.js'
import { parseListenAddresses } from '../config/listen-address.js'
import type { Logger } from '../logger.js'
import { UPGRADE_HALT_EXIT_CODE } from '../modules/upgrade/abci.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import { shouldExecute, upgradeNeededMessage } from '../modules/upgrade/plan.js'
import { writeUpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import { serveUnderCometbft } from '../node/comet-engine.js'
import { type CometMetrics, serveMetricsUnderComet } from '../node/comet-metrics.js'
import { Node } from '../node/node.js'
import type { PlannedListener } from '../server/listen.js'
import {
  cometBlockStoreEmpty,
  findCometbft,
  startCometbft,
  waitForPreviousCometbft,
} from './cometbft-process.js'
import { CliError } from './errors.js'
import { recordLastRun } from './home-version.js'
import { OUTPUT_LOST_EXIT_CODE } from './output-lost.js'
import { applyHeapGrowth, useRuntimeOptions } from './runtime-options.js'
import { cometbftFlags, type GlobalFlags, type StartFlags } from './start-flags.js'
import {
  invCheckPeriodOf,
  type Prepared,
  prepareStart,
  shutdownGrace,
  withCpuProfile,
} from './start-prepare.js'
import { stopRequest } from './stop-signals.js'

/**
 * The listeners sdkd itself opens under CometBFT (and with `--grpc-only`): REST and gRPC (the RPC
 * and p2p ports are CometBFT's; the ABCI server's address is checked when it binds).
 */
export function cometListeners(home: Pick<LoadedHome, 'app'>, f: StartFlags): PlannedListener[] {
  const source = (flag: keyof StartFlags, field: string) =>
    f[flag] !== undefined
      ? { file: `--${String(flag)}`, field: '' }
      : { file: 'config/app.toml', field }
  const entries = []
  if (home.app.api.enable)
    entries.push({
      what: 'API server',
      address: home.app.api.address,
      ...source('api.address', 'api.address'),
    })
  if (home.app.grpc.enable)
    entries.push({
      what: 'gRPC server',
      address: home.app.grpc.address,
      ...source('grpc.address', 'grpc.address'),
    })
  return parseListenAddresses(entries)
}

/**
 * The start flags only the simulated engine reads (by their option keys): given under CometBFT, each
 * is ignored with its warning, which says what decides instead.
 */
export const SIMULATED_ONLY_FLAGS = [
  {
    key: 'timeoutCommit',
    warning:
      '--timeout-commit does not apply under --consensus cometbft: CometBFT times the blocks by config.toml [consensus] timeout_commit',
  },
  {
    key: 'upgradeHalt',
    warning:
      '--upgrade-halt does not apply under --consensus cometbft: at an upgrade halt the node waits, serving queries, until it is stopped (cosmovisor stops it)',
  },
] as const

/**
 * `sdkd start --consensus cometbft`: the app served over ABCI on config.toml's `proxy_app`, a real
 * `cometbft start` on the same home as a child process, sdkd's REST and gRPC. Resolves with the exit
 * code: 0 after SIGINT/SIGTERM (CometBFT stopped first), 1 once its log output is gone (CometBFT
 * stopped first too) or when CometBFT exits on its own (so a supervisor restarts both together), 2
 * when this binary cannot apply an upgrade already due.
 */
export async function runCometNode(
  g: GlobalFlags,
  flags: StartFlags,
  /** The warnings of the `SIMULATED_ONLY_FLAGS` the user gave. */
  ignored: readonly string[] = [],
  /** `--with-comet=false`: no CometBFT child; the ABCI server for a CometBFT started apart. */
  apart?: { address: string; transport: 'socket' | 'grpc' },
): Promise<number> {
  const prepared = await prepareStart(g, flags, cometListeners)
  try {
    return await withCpuProfile(prepared.logger, flags.cpuProfile, () =>
      runPrepared(g, flags, ignored, prepared, apart),
    )
  } finally {
    await shutdownGrace(prepared.logger, flags.shutdownGrace)
  }
}

async function runPrepared(
  g: GlobalFlags,
  flags: StartFlags,
  ignored: readonly string[],
  prepared: Prepared,
  apart: { address: string; transport: 'socket' | 'grpc' } | undefined,
): Promise<number> {
  const { home, appVersion, logger, record } = prepared
  const bin = apart ? undefined : findCometbft(flags.cometbftBin, process.env)
  if (apart) logger.info('starting ABCI without CometBFT')
  for (const warning of ignored) logger.warn(warning)
  if (home.app.dev.enable) {
    home.app.dev.enable = false
    logger.warn('the dev API is off under --consensus cometbft: blocks belong to consensus')
  }
  const runtime = useRuntimeOptions(home, logger)
  const node = await Node.create({
    home,
    appVersion,
    logger,
    upgrade: { skipHeights: flags.unsafeSkipUpgrades ?? [], plugins: flags.upgradePlugin ?? [] },
    runtime,
    invCheckPeriod: invCheckPeriodOf(flags, record.devnet === true),
    checkStores: true,
    skipGenesisInvariants: flags.xCrisisSkipAssertInvariants === true,
    consensus: 'cometbft',
  })
  applyHeapGrowth(runtime)
  const guard = await upgradeDueWithoutHandler(node, home, flags.unsafeSkipUpgrades ?? [], logger)
  if (guard !== undefined) {
    await node.stop()
    return guard
  }
  const stop = stopRequest(logger)
  await waitForPreviousCometbft(home.paths.home, logger)
  try {
    // A CometBFT started apart keeps its data where its own home says.
    if (!apart) await refuseAppAheadOfCometbft(node, home)
  } catch (err) {
    await node.stop()
    throw err
  }
  let engine: Awaited<ReturnType<typeof serveUnderCometbft>>
  let metrics: CometMetrics | undefined
  try {
    engine = await serveUnderCometbft(
      node,
      apart ?? { address: home.node.proxyApp, transport: home.node.abci },
    )
    node.addListener(engine)
    await node.startAppServers()
    // prometheus_listen_addr is CometBFT's: one started apart serves it itself.
    if (!apart) metrics = await serveMetricsUnderComet(node, home, logger)
  } catch (err) {
    await node.stop()
    throw err
  }
  const started = {
    home: home.paths.home,
    chain_id: home.genesis.chainId,
    app_version: node.app.name,
    // The app's last committed height (0: none yet; CometBFT's InitChain comes first).
    height: Math.max(node.store.latestHeight, 0),
    abci: engine.address,
  }
  let comet: Awaited<ReturnType<typeof startCometbft>> | undefined
  // The genesis in CometBFT's layout, for the child or for a CometBFT started apart to read.
  const genesisFile = cometGenesisPath(home.paths)
  await writeFile(genesisFile, cometGenesisText(home.genesis.json))
  if (apart) {
    logger.info(
      { ...started, transport: apart.transport, cometbft_genesis: genesisFile },
      'node started: serving the app over ABCI to a CometBFT started apart',
    )
  } else {
    comet = await startCometbft({
      bin: bin!,
      home: home.paths.home,
      genesisFile,
      // CometBFT v0.38's gRPC client takes no scheme: `tcp://host:port` is "too many colons".
      proxyApp:
        home.node.abci === 'grpc' ? engine.address.replace(/^tcp:\/\//, '') : engine.address,
      // CometBFT's own node flags given to sdkd are passed on to it (it reads config.toml itself).
      flags: [...cometbftFlags(flags), `--abci=${home.node.abci}`],
      env: { ...process.env, ...metrics?.cometEnv },
      logger,
    })
    logger.info({ ...started, rpc: home.node.rpc.laddr }, 'node started under CometBFT')
  }
  let recorded = false
  const recordRun = () => {
    if (recorded || node.store.latestHeight < home.genesis.initialHeight) return
    recorded = true
    void recordLastRun(g.home, node.app.name).catch((err: unknown) =>
      logger.warn({ err }, 'cannot record the app version in config/sdkd.toml'),
    )
  }
  const recordTimer = setInterval(recordRun, 1_000)
  void engine.upgradeHalt.then(() =>
    logger.info(
      { height: engine.upgradeHaltHeight },
      'halted for the upgrade: serving queries until stopped (cosmovisor stops this process)',
    ),
  )
  const outcome = await Promise.race([
    stop.requested.then((s) => ({ kind: 'signal' as const, s })),
    ...(comet ? [comet.exit.then((e) => ({ kind: 'comet' as const, e }))] : []),
  ])
  clearInterval(recordTimer)
  recordRun()
  if (outcome.kind === 'signal') {
    if (outcome.s) logger.info({ signal: outcome.s }, 'caught signal, shutting down')
    // A parked FinalizeBlock would keep CometBFT's consensus from stopping: the ABCI connections
    // close first then, and CometBFT stops on its own.
    if (engine.upgradeHaltHeight !== undefined) await engine.close()
    await comet?.stop()
    await node.stop()
    logger.info({ height: node.store.latestHeight }, 'stopped cleanly')
    return stop.outputLost() ? OUTPUT_LOST_EXIT_CODE : 0
  }
  const { code, signal: by } = outcome.e
  logger.error(
    { code, signal: by, height: node.store.latestHeight },
    'cometbft exited: stopping the app too (restart both together)',
  )
  await comet?.stop()
  await node.stop()
  return engine.upgradeHaltHeight !== undefined ? UPGRADE_HALT_EXIT_CODE : 1
}

/**
 * CometBFT's data reset (or lost) while the app's was kept: CometBFT's handshake would find
 * the app at a height its empty block store cannot back and panic ("Did you reset CometBFT without
 * resetting your application's data?"). Nothing can recover that but resetting both together or
 * restoring both from the same copy, so the start stops here with a message that says so.
 */
async function refuseAppAheadOfCometbft(node: Node, home: LoadedHome): Promise<void> {
  const height = node.store.latestHeight
  if (height < home.genesis.initialHeight) return
  if (!(await cometBlockStoreEmpty(home.paths.home, home.node.dbDir))) return
  throw new CliError(
    `CometBFT's data in ${home.paths.dataDir} (blockstore.db, state.db) holds no block, but the app's data (data/application.db) is at height ${height}: CometBFT's data was reset without the app's. CometBFT cannot replay from there. Reset both together: \`sdkd comet unsafe-reset-all --home ${home.paths.home}\` deletes both and starts the chain over; or restore all of data/ from one backup.`,
  )
}

/**
 * The start-up guard of an old binary relaunched after an upgrade height: when the committed plan
 * is due with the next block and this binary has no handler for it, CometBFT's handshake would
 * replay that block into a halt before its RPC serves, where cosmovisor could not see the height.
 * So the NEEDED line is logged, upgrade-info.json written again, and the start ends with code 2.
 */
async function upgradeDueWithoutHandler(
  node: Node,
  home: LoadedHome,
  skipHeights: readonly number[],
  logger: Logger,
): Promise<number | undefined> {
  const latest = node.store.latestHeight
  if (latest < home.genesis.initialHeight) return undefined
  const plan = await new UpgradeKeeper({ registry: node.registry }).plan(node.store.view())
  if (!plan || !shouldExecute(plan, latest + 1) || node.app.upgrade(plan.name)) return undefined
  const height = Number(plan.height)
  if (skipHeights.includes(height)) return undefined
  await writeUpgradeInfo(home.paths.upgradeInfo, height, plan)
  logger.error({ module: 'x/upgrade', height }, upgradeNeededMessage(plan))
  return UPGRADE_HALT_EXIT_CODE
}
