import type { Command } from 'commander'
import { DEFAULT_APP_VERSION } from '../app/versions/index.js'
import { PRUNING_STRATEGIES } from '../config/app-config.js'
import { formatGoDuration } from '../config/duration.js'
import { ConfigError } from '../config/fields.js'
import { type LoadedHome, loadHome } from '../config/home.js'
import { createLogger, LOG_LEVELS, type LogFormat, type Logger, type LogLevel } from '../logger.js'
import { Node } from '../node.js'
import { CliError } from './errors.js'
import { boolArg, collectArg, durationArg, heightListArg, uintArg } from './options.js'

/** Flags of `sdkd start` (and `sdkd devnet`); each overrides its config field, as upstream. */
export interface StartFlags {
  timeoutCommit?: number
  'rpc.laddr'?: string
  'api.enable'?: boolean
  'api.swagger'?: boolean
  'api.address'?: string
  'api.enabledUnsafeCors'?: boolean
  'grpc.enable'?: boolean
  'grpc.address'?: string
  haltHeight?: number
  haltTime?: number
  pruning?: string
  pruningKeepRecent?: number
  pruningInterval?: number
  minRetainBlocks?: number
  minimumGasPrices?: string
  unsafeSkipUpgrades?: number[]
  upgradePlugin?: string[]
}

/** Global flags every command accepts. */
export interface GlobalFlags {
  home: string
  logLevel?: string
  logFormat?: string
  appVersion?: string
}

/** Adds the start flags to a command. */
export function addStartFlags(cmd: Command): Command {
  return cmd
    .option(
      '--timeout-commit <duration>',
      'time between blocks (consensus.timeout_commit), e.g. 250ms; 0 = as fast as possible',
      durationArg,
    )
    .option('--rpc.laddr <address>', 'CometBFT RPC listen address (rpc.laddr)')
    .option('--api.enable [bool]', 'enable the REST API server (api.enable)', boolArg)
    .option('--api.swagger [bool]', 'serve Swagger UI at /swagger (api.swagger)', boolArg)
    .option('--api.address <address>', 'REST API listen address (api.address)')
    .option(
      '--api.enabled-unsafe-cors [bool]',
      'allow cross-origin requests from any origin (api.enabled-unsafe-cors)',
      boolArg,
    )
    .option('--grpc.enable [bool]', 'enable the gRPC server (grpc.enable)', boolArg)
    .option('--grpc.address <address>', 'gRPC listen address (grpc.address)')
    .option(
      '--halt-height <height>',
      'stop the node before committing this height (halt-height)',
      uintArg,
    )
    .option(
      '--halt-time <unix-seconds>',
      'stop the node at the first block at or after this time (halt-time)',
      uintArg,
    )
    .option(
      '--pruning <strategy>',
      `state pruning strategy: ${PRUNING_STRATEGIES.join('|')} (pruning)`,
    )
    .option(
      '--pruning-keep-recent <n>',
      'recent states to keep with --pruning custom (pruning-keep-recent)',
      uintArg,
    )
    .option(
      '--pruning-interval <n>',
      'prune every n blocks with --pruning custom (pruning-interval)',
      uintArg,
    )
    .option(
      '--min-retain-blocks <n>',
      'keep at least the last n blocks in the block store (min-retain-blocks)',
      uintArg,
    )
    .option(
      '--minimum-gas-prices <coins>',
      'minimum gas prices to accept txs, e.g. 0.025stake (minimum-gas-prices)',
    )
    .option(
      '--unsafe-skip-upgrades <heights>',
      'skip a set of upgrade heights to continue the old binary (comma-separated, repeatable)',
      heightListArg,
    )
    .option(
      '--upgrade-plugin <file.mjs>',
      'load upgrade handlers from an ES module (repeatable; see README "Upgrades")',
      collectArg,
    )
}

/** Applies start flags over the loaded config (flags win). */
export function applyStartFlags(home: LoadedHome, f: StartFlags): void {
  const { app, node } = home
  if (f.timeoutCommit !== undefined) {
    node.consensus.timeoutCommitMs = f.timeoutCommit
    node.consensus.timeoutCommit = formatGoDuration(f.timeoutCommit)
  }
  if (f['rpc.laddr'] !== undefined) node.rpc.laddr = f['rpc.laddr']
  if (f['api.enable'] !== undefined) app.api.enable = f['api.enable']
  if (f['api.swagger'] !== undefined) app.api.swagger = f['api.swagger']
  if (f['api.address'] !== undefined) app.api.address = f['api.address']
  if (f['api.enabledUnsafeCors'] !== undefined)
    app.api.enabledUnsafeCors = f['api.enabledUnsafeCors']
  if (f['grpc.enable'] !== undefined) app.grpc.enable = f['grpc.enable']
  if (f['grpc.address'] !== undefined) app.grpc.address = f['grpc.address']
  if (f.haltHeight !== undefined) app.haltHeight = f.haltHeight
  if (f.haltTime !== undefined) app.haltTime = f.haltTime
  if (f.pruning !== undefined) app.pruning = f.pruning
  if (f.pruningKeepRecent !== undefined) app.pruningKeepRecent = f.pruningKeepRecent
  if (f.pruningInterval !== undefined) app.pruningInterval = f.pruningInterval
  if (f.minRetainBlocks !== undefined) app.minRetainBlocks = f.minRetainBlocks
  if (f.minimumGasPrices !== undefined) app.minimumGasPrices = f.minimumGasPrices
}

/** The logger from flags, falling back to config.toml. */
export function loggerFor(g: GlobalFlags, home?: LoadedHome): Logger {
  const level = (g.logLevel ?? home?.node.logLevel ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(level)) {
    throw new CliError(`invalid log level "${level}": expected one of ${LOG_LEVELS.join(', ')}`)
  }
  const format = (g.logFormat ?? home?.node.logFormat ?? 'json') as LogFormat
  if (format !== 'json' && format !== 'plain')
    throw new CliError(`invalid log format "${format}": expected json or plain`)
  return createLogger({ level, format })
}

/**
 * Runs a node until a signal or a halt. Resolves with the process exit code: 0 after SIGINT/SIGTERM
 * or a configured halt, 2 after an upgrade halt, 1 after a failure.
 */
export async function runNode(g: GlobalFlags, flags: StartFlags): Promise<number> {
  const home = await loadHome(g.home)
  applyStartFlags(home, flags)
  if (home.app.minimumGasPrices.trim() === '') {
    throw new ConfigError(
      'config/app.toml',
      'minimum-gas-prices',
      'set min gas price in app.toml or flag or env variable: error in app.toml',
    )
  }
  const logger = loggerFor(g, home)
  const node = await Node.create({
    home,
    appVersion: g.appVersion ?? DEFAULT_APP_VERSION,
    logger,
    upgrade: { skipHeights: flags.unsafeSkipUpgrades ?? [], plugins: flags.upgradePlugin ?? [] },
  })
  const signal = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'))
    process.once('SIGTERM', () => resolve('SIGTERM'))
  })
  await node.start()
  logger.info(
    {
      home: home.paths.home,
      chain_id: home.genesis.chainId,
      app_version: node.app.name,
      height: node.producer.height,
    },
    'node started',
  )
  const outcome = await Promise.race([
    signal.then((s) => ({ kind: 'signal' as const, s })),
    node.halted().then((h) => ({ kind: 'halt' as const, h })),
  ])
  if (outcome.kind === 'signal') {
    logger.info({ signal: outcome.s }, 'caught signal, shutting down')
    await node.stop()
    logger.info({ height: node.producer.height }, 'stopped cleanly')
    return 0
  }
  const halt = outcome.h
  await node.stop()
  if (halt.exitCode === 0) logger.info({ height: node.producer.height }, halt.message)
  else if (!halt.logged)
    logger.error({ err: halt.cause ?? halt, height: node.producer.height }, halt.message)
  return halt.exitCode
}
