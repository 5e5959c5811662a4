import { type Command, Option } from 'commander'
import { PRUNING_STRATEGIES } from '../config/app-config.js'
import { addCometbftNodeFlags, cometbftNodeFlags } from './cometbft-node-flags.js'
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
  'api.maxOpenConnections'?: number
  'api.rpcReadTimeout'?: number
  'api.rpcWriteTimeout'?: number
  'api.rpcMaxBodyBytes'?: number
  'grpc.enable'?: boolean
  'grpc.address'?: string
  'grpcWeb.enable'?: boolean
  'stateSync.snapshotInterval'?: number
  'stateSync.snapshotKeepRecent'?: number
  'mempool.maxTxs'?: number
  queryGasLimit?: number
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
  /** `--x-crisis-skip-assert-invariants`: x/crisis's InitGenesis asserts no invariant. */
  xCrisisSkipAssertInvariants?: boolean
  /** `--shutdown-grace`: how long the process waits after the node stopped, in ms. */
  shutdownGrace?: number
  /** `sdkd start` only: who makes the blocks. */
  consensus?: 'simulated' | 'cometbft'
  /** `sdkd start --consensus cometbft`: the cometbft binary to run. */
  cometbftBin?: string
  /** `sdkd start --with-comet=false`: serve the app over ABCI to a CometBFT started apart. */
  withComet?: boolean
  /** With `--with-comet=false`: where the ABCI server listens, and its transport. */
  address?: string
  transport?: 'socket' | 'grpc'
  /** `sdkd start --grpc-only`: serve queries (gRPC, REST) of the committed state; no blocks. */
  grpcOnly?: boolean
  /** `sdkd start --cpu-profile`: where the main thread's CPU profile is written at the stop. */
  cpuProfile?: string
  /** CometBFT's node flags sdkd reads itself (the others pass on, see cometbft-node-flags.ts). */
  genesis_hash?: string
  proxy_app?: string
  abci?: 'socket' | 'grpc'
  db_dir?: string
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
  return [
    ...COMETBFT_FLAGS.flatMap((name) =>
      flags[name] === undefined ? [] : [`--${name}=${String(flags[name])}`],
    ),
    ...cometbftNodeFlags(flags as Record<string, unknown>),
  ]
}

/** Global flags every command accepts. */
export interface GlobalFlags {
  home: string
  logLevel?: string
  logFormat?: string
  appVersion?: string
  /** `--keyring-dir`: where the keyring's directory is (default the home), as upstream's flag. */
  keyringDir?: string
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
    .option(
      '--api.max-open-connections <n>',
      'most REST connections served at once; more wait (api.max-open-connections)',
      pflagIntArg('uint'),
    )
    .option(
      '--api.rpc-read-timeout <seconds>',
      'REST read timeout (api.rpc-read-timeout)',
      pflagIntArg('uint'),
    )
    .option(
      '--api.rpc-write-timeout <seconds>',
      'REST write timeout (api.rpc-write-timeout)',
      pflagIntArg('uint'),
    )
    .option(
      '--api.rpc-max-body-bytes <n>',
      'largest REST request body (api.rpc-max-body-bytes)',
      pflagIntArg('uint'),
    )
    .option('--grpc.enable [bool]', 'enable the gRPC server (grpc.enable)', boolArg)
    .option('--grpc.address <address>', 'gRPC listen address (grpc.address)')
    .option(
      '--grpc-web.enable [bool]',
      "serve gRPC-web on the REST API's port, with gRPC on (grpc-web.enable)",
      boolArg,
    )
    .option(
      '--state-sync.snapshot-interval <n>',
      'take a state sync snapshot every n heights, under --consensus cometbft; 0 never (state-sync.snapshot-interval)',
      pflagIntArg('uint64'),
    )
    .option(
      '--state-sync.snapshot-keep-recent <n>',
      'state sync snapshots to keep (state-sync.snapshot-keep-recent)',
      pflagIntArg('uint32'),
    )
    .option(
      '--mempool.max-txs <n>',
      "the app's limit on waiting txs; 0 none; -1 no app-side mempool (mempool.max-txs)",
      pflagIntArg('int'),
    )
    .option(
      '--query-gas-limit <n>',
      'gas the store reads of one REST, gRPC or ABCI query may use; 0 unbounded (query-gas-limit)',
      pflagIntArg('uint64'),
    )
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
      '--x-crisis-skip-assert-invariants [bool]',
      "skip x/crisis's invariants check of the genesis state at the chain's start (app version v1)",
      boolArg,
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
    .option(
      '--shutdown-grace <duration>',
      'once the node has stopped, wait this long before the process exits, e.g. 5s (default 0s)',
      durationArg,
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

/**
 * `sdkd start`'s choice of consensus (the simulated producer, a real CometBFT child process, a
 * CometBFT started apart, or none) and CometBFT's node flags.
 */
export function addConsensusFlags(cmd: Command): Command {
  return addCometbftNodeFlags(cmd)
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
    .option(
      '--with-comet [bool]',
      'run CometBFT with the app (default true); false: serve the app over ABCI at --address to a CometBFT started apart',
      boolArg,
    )
    .option(
      '--address <address>',
      'with --with-comet=false: where the ABCI server listens (default "tcp://127.0.0.1:26658")',
    )
    .addOption(
      new Option(
        '--transport <transport>',
        'with --with-comet=false: the ABCI transport (default "socket")',
      ).choices(['socket', 'grpc']),
    )
    .option(
      '--cpu-profile <file>',
      "write a CPU profile of the node's main thread to this file (V8's .cpuprofile JSON) when it stops",
    )
    .option(
      '--trace [bool]',
      'full stack traces in ABCI logs (accepted as upstream; sdkd has none to add)',
      boolArg,
    )
    .option(
      '--inter-block-cache [bool]',
      "inter-block caching (accepted as upstream; sdkd's store keeps its own)",
      boolArg,
    )
    .option(
      '--iavl-disable-fastnode [bool]',
      "IAVL's fast node (accepted as upstream; sdkd's store is not IAVL)",
      boolArg,
    )
    .option(
      '--grpc-only [bool]',
      'start in gRPC query only mode: gRPC and REST serve the committed state; no blocks, no RPC',
      boolArg,
    )
}
