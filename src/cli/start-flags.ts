import { type Command, Option } from 'commander'
import { PRUNING_STRATEGIES } from '../config/app-config.js'
import { boolArg, collectArg, durationArg, heightListArg, pflagIntArg } from './options.js'

/** Flags of `sdkd start` (and `sdkd devnet`); each overrides its config field, as upstream. */
export interface StartFlags {
  timeoutCommit?: number
  moniker?: string
  'p2p.laddr'?: string
  'p2p.persistent_peers'?: string
  'rpc.laddr'?: string
  'rpc.unsafe'?: boolean
  'api.enable'?: boolean
  'api.swagger'?: boolean
  'api.address'?: string
  'api.enabledUnsafeCors'?: boolean
  'api.dashboard'?: boolean
  'grpc.enable'?: boolean
  'grpc.address'?: string
  'dev.enable'?: boolean
  'dev.allowRemote'?: boolean
  'instrumentation.prometheus'?: boolean
  'instrumentation.prometheus_listen_addr'?: string
  haltHeight?: number
  haltTime?: number
  pruning?: string
  pruningKeepRecent?: number
  pruningInterval?: number
  minRetainBlocks?: number
  /** `--inv-check-period`: assert the modules' invariants every n blocks (0 never; default 1 on a devnet home, else 0). */
  invCheckPeriod?: number
  minimumGasPrices?: string
  unsafeSkipUpgrades?: number[]
  upgradePlugin?: string[]
  upgradeHalt?: 'exit' | 'wait'
  /** `sdkd start` only: who makes the blocks. */
  consensus?: 'simulated' | 'cometbft'
  /** `sdkd start --consensus cometbft`: the cometbft binary to run. */
  cometbftBin?: string
}

/** The start flags that are CometBFT's own node flags: a CometBFT running the home gets them. */
const COMETBFT_FLAGS = [
  'moniker',
  'p2p.laddr',
  'p2p.persistent_peers',
  'rpc.laddr',
  'rpc.unsafe',
] as const

/** CometBFT's node flags among `flags`, as its command line takes them (`--rpc.unsafe=true`). */
export function cometbftFlags(flags: StartFlags): string[] {
  return COMETBFT_FLAGS.flatMap((name) =>
    flags[name] === undefined ? [] : [`--${name}=${String(flags[name])}`],
  )
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
  // `sdkd devnet` has a --moniker of its own: the moniker of the home it creates.
  if (!cmd.options.some((o) => o.long === '--moniker'))
    cmd.option('--moniker <name>', 'node name (moniker)')
  return cmd
    .option(
      '--timeout-commit <duration>',
      'time between blocks (consensus.timeout_commit), e.g. 250ms; 0 = as fast as possible',
      durationArg,
    )
    .option(
      '--p2p.laddr <address>',
      'node listen address, reported in /status; a CometBFT running the home listens there (p2p.laddr)',
    )
    .option(
      '--p2p.persistent_peers <peers>',
      'comma-delimited ID@host:port persistent peers, for a CometBFT running the home (p2p.persistent_peers)',
    )
    .option('--rpc.laddr <address>', 'CometBFT RPC listen address (rpc.laddr)')
    .option(
      '--rpc.unsafe [bool]',
      'serve the unsafe RPC methods: unsafe_flush_mempool (rpc.unsafe)',
      boolArg,
    )
    .option('--api.enable [bool]', 'enable the REST API server (api.enable)', boolArg)
    .option('--api.swagger [bool]', 'serve Swagger UI at /swagger (api.swagger)', boolArg)
    .option('--api.address <address>', 'REST API listen address (api.address)')
    .option(
      '--api.enabled-unsafe-cors [bool]',
      'allow cross-origin requests from any origin (api.enabled-unsafe-cors)',
      boolArg,
    )
    .option(
      '--api.dashboard [bool]',
      'serve the dashboard and explorer at / and /dashboard (api.dashboard; on in devnets)',
      boolArg,
    )
    .option('--grpc.enable [bool]', 'enable the gRPC server (grpc.enable)', boolArg)
    .option('--grpc.address <address>', 'gRPC listen address (grpc.address)')
    .option(
      '--dev.enable [bool]',
      'serve the dev_* RPC methods: mine, time travel, snapshot/revert (dev.enable; on in devnets)',
      boolArg,
    )
    .option(
      '--dev.allow-remote [bool]',
      'serve the dev API to non-loopback clients too (dev.allow-remote)',
      boolArg,
    )
    .option(
      '--instrumentation.prometheus [bool]',
      'serve Prometheus metrics (instrumentation.prometheus; on in devnets)',
      boolArg,
    )
    .option(
      '--instrumentation.prometheus_listen_addr <address>',
      'Prometheus metrics listen address (instrumentation.prometheus_listen_addr)',
    )
    .option(
      '--halt-height <height>',
      'stop the node before committing this height (halt-height)',
      pflagIntArg('uint64'),
    )
    .option(
      '--halt-time <unix-seconds>',
      'stop the node at the first block at or after this time (halt-time)',
      pflagIntArg('uint64'),
    )
    .option(
      '--pruning <strategy>',
      `state pruning strategy: ${PRUNING_STRATEGIES.join('|')} (pruning)`,
    )
    .option(
      '--pruning-keep-recent <n>',
      'recent states to keep with --pruning custom (pruning-keep-recent)',
      pflagIntArg('uint64'),
    )
    .option(
      '--pruning-interval <n>',
      'prune every n blocks with --pruning custom (pruning-interval)',
      pflagIntArg('uint64'),
    )
    .option(
      '--min-retain-blocks <n>',
      'keep at least the last n blocks in the block store (min-retain-blocks)',
      pflagIntArg('uint64'),
    )
    .option(
      '--inv-check-period <n>',
      'assert the registered invariants every n blocks; 0 never (default: every block on a devnet home, else never)',
      pflagIntArg('uint'),
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
      'load upgrade handlers from an ES module (repeatable; see docs/upgrades.md, "Upgrade plugins")',
      collectArg,
    )
    .addOption(
      new Option(
        '--upgrade-halt <mode>',
        'at an upgrade halt: exit (with code 2; sdkd run waits for that) or wait, serving queries until stopped, as an SDK node does (cosmovisor stops it)',
      )
        .choices(['exit', 'wait'])
        .default('exit'),
    )
}

/** `sdkd start`'s choice of consensus: the simulated producer, or a real CometBFT child process. */
export function addConsensusFlags(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--consensus <engine>',
        "who makes the blocks: simulated (sdkd's own producer) or cometbft (a real CometBFT v0.38 node started as a child process on this home, driving the app over ABCI; see docs/cometbft.md)",
      )
        .choices(['simulated', 'cometbft'])
        .default('simulated'),
    )
    .option(
      '--cometbft-bin <path>',
      'the cometbft binary for --consensus cometbft (default: $SDKD_COMETBFT_BIN, else cometbft on the PATH)',
    )
}
