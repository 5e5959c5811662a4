import type { Command } from 'commander'
import { UPGRADE_HALT_EXIT_CODE } from '../modules/upgrade/abci.js'
import { readUpgradeInfo } from '../modules/upgrade/upgrade-info.js'
import { Node } from '../node/node.js'
import { supervisorState, watchSupervisor } from '../node/supervised.js'
import { givenCometbftNodeFlags } from './cometbft-node-flags.js'
import { CliError } from './errors.js'
import { recordLastRun, skippedUpgrade } from './home-version.js'
import { OUTPUT_LOST_EXIT_CODE } from './output-lost.js'
import { applyHeapGrowth, useRuntimeOptions } from './runtime-options.js'
import { runCometNode, SIMULATED_ONLY_FLAGS } from './start-cometbft.js'
import { logConfigNotes } from './start-config.js'
import {
  addConsensusFlags,
  addStartFlags,
  type GlobalFlags,
  type StartFlags,
} from './start-flags.js'
import { runGrpcOnly } from './start-grpc-only.js'
import {
  invCheckPeriodOf,
  type Prepared,
  plannedListeners,
  prepareStart,
  shutdownGrace,
  withCpuProfile,
} from './start-prepare.js'
import { stopRequest } from './stop-signals.js'

/** `sdkd start`. */
export function registerStart(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
  addConsensusFlags(
    addStartFlags(
      program
        .command('start')
        .description('run the node: produce blocks and serve RPC, REST and gRPC'),
    ),
  ).action(async (f: StartFlags, cmd: Command) => {
    const given = (key: string) => {
      const source = cmd.getOptionValueSource(key)
      return source === 'cli' || source === 'env'
    }
    // Flags of the simulated engine a user gave (not their defaults): CometBFT decides those.
    const simulatedOnly = () =>
      SIMULATED_ONLY_FLAGS.filter(({ key }) => given(key)).map(({ warning }) => warning)
    if (f.withComet === false) {
      if (given('consensus') && f.consensus === 'simulated')
        throw new CliError(
          '--with-comet=false serves the app to a CometBFT started apart: it cannot go with --consensus simulated',
        )
      exit(
        await runCometNode(globals(), f, simulatedOnly(), {
          address: f.address ?? 'tcp://127.0.0.1:26658',
          transport: f.transport ?? 'socket',
        }),
      )
      return
    }
    // As upstream's: --with-comet=false wins over --grpc-only, which wins over the engine.
    if (f.grpcOnly === true) {
      exit(await runGrpcOnly(globals(), f))
      return
    }
    if (f.consensus === 'cometbft') {
      exit(await runCometNode(globals(), f, simulatedOnly()))
      return
    }
    exit(await runNode(globals(), f, { ignored: cometbftOnlyWarnings(f) }))
  })
}

/** The CometBFT-only flags a user gave to the simulated engine, each with why it does nothing. */
function cometbftOnlyWarnings(f: StartFlags): string[] {
  const flags = givenCometbftNodeFlags(f as Record<string, unknown>)
  if (f.proxy_app !== undefined) flags.push('--proxy_app')
  if (f.abci !== undefined) flags.push('--abci')
  return flags.map(
    (flag) =>
      `${flag} is for a CometBFT running the home (--consensus cometbft): sdkd's simulated engine has no use for it`,
  )
}

/** Hooks of a node run. */
export interface RunNodeHooks {
  /** The command is `sdkd devnet`: the home is a devnet's even if its record predates saying so. */
  devnet?: boolean
  /** Warnings about flags given that do not apply, logged once the logger is known. */
  ignored?: readonly string[]
  /** Called once the servers listen and blocks are being produced. */
  onStarted?(node: Node): Promise<void>
}

/**
 * Runs a node until a signal or a halt. Resolves with the process exit code: 0 after SIGINT/SIGTERM
 * or a configured halt, 2 after an upgrade halt, 1 after a failure or once its log output is gone.
 * Everything that can be checked without touching the data is checked first: the config, the
 * listen addresses and their ports, and that this app version is not older than the home's. A
 * missing config file is written with its defaults first, as an SDK node's start does. Without
 * `--app-version` the home's app version runs.
 */
export async function runNode(
  g: GlobalFlags,
  flags: StartFlags,
  hooks: RunNodeHooks = {},
): Promise<number> {
  const prepared = await prepareStart(g, flags, plannedListeners)
  try {
    return await withCpuProfile(prepared.logger, flags.cpuProfile, () =>
      runPrepared(g, flags, hooks, prepared),
    )
  } finally {
    await shutdownGrace(prepared.logger, flags.shutdownGrace)
  }
}

async function runPrepared(
  g: GlobalFlags,
  flags: StartFlags,
  hooks: RunNodeHooks,
  prepared: Prepared,
): Promise<number> {
  const { home, restored, record, order, appVersion, logger } = prepared
  for (const warning of hooks.ignored ?? []) logger.warn(warning)
  logConfigNotes(logger, {
    home,
    flags,
    restored,
    devnet: hooks.devnet === true || record.devnet === true,
  })
  const runtime = useRuntimeOptions(home, logger)
  const node = await Node.create({
    home,
    appVersion,
    logger,
    upgrade: { skipHeights: flags.unsafeSkipUpgrades ?? [], plugins: flags.upgradePlugin ?? [] },
    runtime,
    invCheckPeriod: invCheckPeriodOf(flags, hooks.devnet === true || record.devnet === true),
    checkStores: true,
    skipGenesisInvariants: flags.xCrisisSkipAssertInvariants === true,
  })
  applyHeapGrowth(runtime)
  // The home belongs to this app version once it has committed a block (a binary refused at its
  // first block, e.g. one updated too early, leaves the home as it was).
  // Awaited before the process exits, so a node stopped right after its first block records it too.
  let recorded: Promise<void> = Promise.resolve()
  node.producer.once('block', () => {
    recorded = recordLastRun(g.home, node.app.name).catch((err: unknown) =>
      logger.warn({ err }, 'cannot record the app version in config/sdkd.toml'),
    )
  })
  // A stop: a signal, `sdkd run` (the supervisor) gone without passing one on, or the log's reader.
  const supervisor = supervisorState()
  const stop = stopRequest(logger)
  if (supervisor?.pid === process.ppid) {
    watchSupervisor(supervisor.pid, () => {
      logger.warn({ supervisor_pid: supervisor.pid }, 'the supervisor is gone: stopping')
      stop.stop()
    })
  }
  // The height the node starts from: blocks may already come while the other servers start.
  const startHeight = node.producer.height
  const skipped = skippedUpgrade({
    appVersion,
    record,
    order,
    height: startHeight,
    // Node.create has read the file already: a malformed one stopped the start there.
    pending: await readUpgradeInfo(home.paths.upgradeInfo).catch(() => undefined),
  })
  if (skipped) logger.warn({ app_version: appVersion, height: startHeight }, skipped)
  // Logged once the RPC serves and just before blocks may come, so it precedes the first block's
  // lines and its height is the one the chain starts from (the REST and gRPC lines follow it).
  await node.start(() =>
    logger.info(
      {
        home: home.paths.home,
        chain_id: home.genesis.chainId,
        app_version: node.app.name,
        height: startHeight,
      },
      'node started',
    ),
  )
  await hooks.onStarted?.(node)
  const outcome = await Promise.race([
    stop.requested.then((s) => ({ kind: 'signal' as const, s })),
    node.halted().then((h) => ({ kind: 'halt' as const, h })),
  ])
  if (outcome.kind === 'signal') {
    if (outcome.s) logger.info({ signal: outcome.s }, 'caught signal, shutting down')
    await node.stop()
    await recorded
    logger.info({ height: node.producer.height }, 'stopped cleanly')
    return stop.outputLost() ? OUTPUT_LOST_EXIT_CODE : 0
  }
  const halt = outcome.h
  if (halt.exitCode === UPGRADE_HALT_EXIT_CODE && flags.upgradeHalt === 'wait') {
    // The upgrade-info.json is written and the NEEDED line logged; queries are still answered.
    logger.info(
      { height: node.producer.height },
      'halted for the upgrade: serving queries until stopped (--upgrade-halt wait)',
    )
    const s = await stop.requested
    if (s) logger.info({ signal: s }, 'caught signal, shutting down')
    await node.stop()
    await recorded
    logger.info({ height: node.producer.height }, 'stopped at the upgrade halt')
    return halt.exitCode
  }
  await node.stop()
  await recorded
  if (halt.exitCode === 0) logger.info({ height: node.producer.height }, halt.message)
  else if (!halt.logged) {
    // A halt without a cause is a situation the message explains in full: no stack trace.
    const fields = halt.cause === undefined ? {} : { err: halt.cause }
    logger.error({ ...fields, height: node.producer.height }, halt.message)
  }
  return halt.exitCode
}
