import { open } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { formatGoDuration } from '../config/duration.js'
import { ConfigError } from '../config/fields.js'
import { type LoadedHome, loadHome } from '../config/home.js'
import { readHomeRecord } from '../config/home-record.js'
import { type ConfiguredAddress, parseListenAddresses } from '../config/listen-address.js'
import { restoreMissingConfig } from '../config/restore.js'
import type { Logger } from '../logger.js'
import { assertCanListen, type PlannedListener } from '../server/listen.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { checkGenesisHash } from './cometbft-node-flags.js'
import { CliError } from './errors.js'
import { checkHomeAppVersion, startAppVersion } from './home-version.js'
import { loggerFor } from './log.js'
import type { GlobalFlags, StartFlags } from './start-flags.js'

/** Applies start flags over the config (flags win). */
export function applyStartFlags(home: Pick<LoadedHome, 'app' | 'node'>, f: StartFlags): void {
  const { app, node } = home
  if (f.timeoutCommit !== undefined) {
    node.consensus.timeoutCommitMs = f.timeoutCommit
    node.consensus.timeoutCommit = formatGoDuration(f.timeoutCommit)
  }
  if (f.moniker !== undefined) node.moniker = f.moniker
  if (f['p2p.laddr'] !== undefined) node.p2p.laddr = f['p2p.laddr']
  if (f['p2p.persistent_peers'] !== undefined) node.p2p.persistentPeers = f['p2p.persistent_peers']
  if (f['rpc.laddr'] !== undefined) node.rpc.laddr = f['rpc.laddr']
  if (f.proxy_app !== undefined) node.proxyApp = f.proxy_app
  if (f.abci !== undefined) node.abci = f.abci
  if (f.db_dir !== undefined) node.dbDir = f.db_dir
  if (f['rpc.unsafe'] !== undefined) node.rpc.unsafe = f['rpc.unsafe']
  if (f['api.enable'] !== undefined) app.api.enable = f['api.enable']
  if (f['api.swagger'] !== undefined) app.api.swagger = f['api.swagger']
  if (f['api.address'] !== undefined) app.api.address = f['api.address']
  if (f['api.enabledUnsafeCors'] !== undefined)
    app.api.enabledUnsafeCors = f['api.enabledUnsafeCors']
  if (f['api.dashboard'] !== undefined) app.api.dashboard = f['api.dashboard']
  if (f['api.maxOpenConnections'] !== undefined)
    app.api.maxOpenConnections = f['api.maxOpenConnections']
  if (f['api.rpcReadTimeout'] !== undefined) app.api.rpcReadTimeout = f['api.rpcReadTimeout']
  if (f['api.rpcWriteTimeout'] !== undefined) app.api.rpcWriteTimeout = f['api.rpcWriteTimeout']
  if (f['api.rpcMaxBodyBytes'] !== undefined) app.api.rpcMaxBodyBytes = f['api.rpcMaxBodyBytes']
  if (f['grpc.enable'] !== undefined) app.grpc.enable = f['grpc.enable']
  if (f['grpc.address'] !== undefined) app.grpc.address = f['grpc.address']
  if (f['grpcWeb.enable'] !== undefined) app.grpcWeb.enable = f['grpcWeb.enable']
  if (f['stateSync.snapshotInterval'] !== undefined)
    app.stateSync.snapshotInterval = f['stateSync.snapshotInterval']
  if (f['stateSync.snapshotKeepRecent'] !== undefined)
    app.stateSync.snapshotKeepRecent = f['stateSync.snapshotKeepRecent']
  if (f['mempool.maxTxs'] !== undefined) app.mempool.maxTxs = f['mempool.maxTxs']
  if (f.queryGasLimit !== undefined) app.queryGasLimit = f.queryGasLimit
  if (f['dev.enable'] !== undefined) app.dev.enable = f['dev.enable']
  if (f['dev.allowRemote'] !== undefined) app.dev.allowRemote = f['dev.allowRemote']
  if (f['instrumentation.prometheus'] !== undefined)
    node.instrumentation.prometheus = f['instrumentation.prometheus']
  if (f['instrumentation.prometheus_listen_addr'] !== undefined)
    node.instrumentation.prometheusListenAddr = f['instrumentation.prometheus_listen_addr']
  if (f.haltHeight !== undefined) app.haltHeight = f.haltHeight
  if (f.haltTime !== undefined) app.haltTime = f.haltTime
  if (f.pruning !== undefined) app.pruning = f.pruning
  if (f.pruningKeepRecent !== undefined) app.pruningKeepRecent = f.pruningKeepRecent
  if (f.pruningInterval !== undefined) app.pruningInterval = f.pruningInterval
  if (f.minRetainBlocks !== undefined) app.minRetainBlocks = f.minRetainBlocks
  if (f.minimumGasPrices !== undefined) app.minimumGasPrices = f.minimumGasPrices
}

/** What `prepareStart` found: the home with the flags applied, its record and the logger. */
export type Prepared = Awaited<ReturnType<typeof prepareStart>>

/**
 * Upstream's `--shutdown-grace`: once the node has stopped (for whatever reason), the process waits
 * that long before it exits, logging the start and the end of the wait.
 */
export async function shutdownGrace(logger: Logger, ms: number | undefined): Promise<void> {
  if (ms === undefined || ms <= 0) return
  logger.info({ 'shutdown-grace': formatGoDuration(ms) }, 'graceful shutdown start')
  await new Promise((resolve) => setTimeout(resolve, ms))
  logger.info('graceful shutdown complete')
}

/**
 * Upstream's `--cpu-profile`: `run` under a CPU profile of this thread (V8's, through the
 * inspector), written to `file` once `run` is done. The file is created first, so a path that
 * cannot be written stops the start before the node opens.
 */
export async function withCpuProfile<T>(
  logger: Logger,
  file: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (file === undefined || file === '') return run()
  const out = await open(file, 'w').catch((err: Error) => {
    throw new CliError(`--cpu-profile: cannot create ${file}: ${err.message}`)
  })
  const session = new Session()
  session.connect()
  try {
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
    logger.info({ profile: file }, 'starting CPU profiler')
    return await run()
  } finally {
    logger.info({ profile: file }, 'stopping CPU profiler')
    const { profile } = await session.post('Profiler.stop')
    await out.writeFile(JSON.stringify(profile))
    await out.close()
    session.disconnect()
  }
}

/**
 * What every start checks before touching the data: the config (a missing file written with its
 * defaults first), the listen addresses `listeners` plans and their ports, the minimum gas prices,
 * and that this app version is not older than the home's.
 */
export async function prepareStart(
  g: GlobalFlags,
  flags: StartFlags,
  planListeners: (home: LoadedHome, flags: StartFlags) => PlannedListener[],
) {
  const restored = await restoreMissingConfig(g.home)
  const home = await loadHome(g.home)
  applyStartFlags(home, flags)
  await checkGenesisHash(flags.genesis_hash, home.paths.genesis)
  const listeners = planListeners(home, flags)
  if (home.app.minimumGasPrices.trim() === '') {
    throw new ConfigError(
      'config/app.toml',
      'minimum-gas-prices',
      'set min gas price in app.toml or flag or env variable: error in app.toml',
    )
  }
  const order = Object.keys(APP_VERSIONS)
  const record = await readHomeRecord(g.home)
  const appVersion = startAppVersion(g.appVersion, record, order, DEFAULT_APP_VERSION)
  await checkHomeAppVersion(g.home, appVersion, order, record)
  await assertCanListen(listeners)
  const logger = loggerFor(g, home)
  return { home, restored, record, order, appVersion, logger }
}

/**
 * How often the invariants are asserted: `--inv-check-period` if given; else every block on a
 * devnet home (a broken invariant is a bug to catch where chains are made and tested), and never
 * elsewhere, upstream's default (the `can-withdraw` check reads every delegation).
 */
export function invCheckPeriodOf(flags: StartFlags, devnet: boolean): number {
  return flags.invCheckPeriod ?? (devnet ? 1 : 0)
}

/**
 * The addresses the node will listen on, validated before anything binds: a bad one is an error
 * naming the flag, or the file and field, it came from.
 */
export function plannedListeners(
  home: Pick<LoadedHome, 'app' | 'node'>,
  f: StartFlags,
): PlannedListener[] {
  const source = (flag: keyof StartFlags, file: string, field: string) =>
    f[flag] !== undefined ? { file: `--${String(flag)}`, field: '' } : { file, field }
  const entries: ConfiguredAddress[] = [
    {
      what: 'RPC server',
      address: home.node.rpc.laddr,
      ...source('rpc.laddr', 'config/config.toml', 'rpc.laddr'),
    },
  ]
  if (home.app.api.enable)
    entries.push({
      what: 'API server',
      address: home.app.api.address,
      ...source('api.address', 'config/app.toml', 'api.address'),
    })
  if (home.app.grpc.enable)
    entries.push({
      what: 'gRPC server',
      address: home.app.grpc.address,
      ...source('grpc.address', 'config/app.toml', 'grpc.address'),
    })
  return parseListenAddresses(entries)
}
