import { Command, Option } from 'commander'
import { defaultHome } from '../config/paths.js'
import { LOG_LEVELS } from '../log-levels.js'
import { DEFAULT_APP_VERSION } from '../versions/names.js'
import { commandWords } from './command-words.js'
import { bindCommandTreeToEnv } from './env-options.js'
import { addAllExamples } from './examples.js'
import { useShortUsageErrors } from './help.js'
import { addPflagOptions, pflagBoolOption } from './pflag-options.js'
import type { GlobalFlags } from './start-flags.js'

/** What a command file registers: its commands on the program. */
type Register = (program: Command, globals: () => GlobalFlags, exit: (code: number) => void) => void

/**
 * The top-level commands in help order, each with the files that define it (several files add to
 * `query` and `tx`, one per sub-group). A file is imported only when its command runs — or for the
 * full help — so a client call such as `sdkd status` loads no node, store or server code, and
 * `sdkd query upgrade plan` loads no other module's query commands.
 */
const COMMANDS: readonly {
  names: readonly string[]
  load: () => Promise<Register[]>
  /** The files of the group's sub-commands, by sub-command name (`query upgrade …`). */
  groups?: Readonly<Record<string, () => Promise<Register>>>
}[] = [
  { names: ['init'], load: async () => [(await import('./init.js')).registerInit] },
  { names: ['start'], load: async () => [(await import('./start.js')).registerStart] },
  { names: ['devnet'], load: async () => [(await import('./devnet.js')).registerDevnet] },
  { names: ['run'], load: async () => [(await import('./run.js')).registerRun] },
  {
    names: ['pre-upgrade'],
    load: async () => [(await import('./pre-upgrade.js')).registerPreUpgrade],
  },
  { names: ['rehearse'], load: async () => [(await import('./rehearse.js')).registerRehearse] },
  { names: ['config'], load: async () => [(await import('./config-cmd.js')).registerConfig] },
  { names: ['export'], load: async () => [(await import('./export.js')).registerExport] },
  {
    names: ['module-hash-by-height'],
    load: async () => [(await import('./module-hash.js')).registerModuleHash],
  },
  { names: ['prune'], load: async () => [(await import('./prune.js')).registerPrune] },
  { names: ['rollback'], load: async () => [(await import('./rollback.js')).registerRollback] },
  {
    names: ['snapshots'],
    load: async () => [(await import('./snapshots.js')).registerSnapshots],
  },
  { names: ['status'], load: async () => [(await import('./status.js')).registerStatus] },
  { names: ['keys'], load: async () => [(await import('./keys.js')).registerKeys] },
  { names: ['genesis'], load: async () => [(await import('./genesis.js')).registerGenesis] },
  { names: ['testnet'], load: async () => [(await import('./testnet.js')).registerTestnet] },
  group(['query', 'q'], {
    upgrade: async () => (await import('./query-upgrade.js')).registerQueryUpgrade,
    auth: async () => (await import('./query-auth.js')).registerQueryAuth,
    bank: async () => (await import('./query-bank.js')).registerQueryBank,
    consensus: async () => (await import('./query-consensus.js')).registerQueryConsensus,
    comet: async () => (await import('./query-comet-service.js')).registerQueryCometService,
    distribution: async () => (await import('./query-distribution.js')).registerQueryDistribution,
    evidence: async () => (await import('./query-evidence.js')).registerQueryEvidence,
    gov: async () => (await import('./query-gov.js')).registerQueryGov,
    mint: async () => (await import('./query-mint.js')).registerQueryMint,
    params: async () => (await import('./query-params.js')).registerQueryParams,
    slashing: async () => (await import('./query-slashing.js')).registerQuerySlashing,
    staking: async () => (await import('./query-staking.js')).registerQueryStaking,
    'comet-validator-set': async () => (await import('./query-comet.js')).registerQueryComet,
    tx: async () => (await import('./query-tx.js')).registerQueryTx,
    txs: async () => (await import('./query-tx.js')).registerQueryTx,
    'wait-tx': async () => (await import('./query-tx.js')).registerQueryTx,
    'event-query-tx-for': async () => (await import('./query-tx.js')).registerQueryTx,
    block: async () => (await import('./query-block.js')).registerQueryBlock,
    blocks: async () => (await import('./query-block.js')).registerQueryBlock,
    'block-results': async () => (await import('./query-block.js')).registerQueryBlock,
  }),
  group(['tx'], {
    bank: async () => (await import('./tx-bank.js')).registerTxBank,
    crisis: async () => (await import('./tx-crisis.js')).registerTxCrisis,
    distribution: async () => (await import('./tx-distribution.js')).registerTxDistribution,
    gov: async () => (await import('./tx-gov.js')).registerTxGov,
    slashing: async () => (await import('./tx-slashing.js')).registerTxSlashing,
    staking: async () => (await import('./tx-staking.js')).registerTxStaking,
    upgrade: async () => (await import('./tx-upgrade.js')).registerTxUpgrade,
    vesting: async () => (await import('./tx-vesting.js')).registerTxVesting,
    // One file defines these four.
    sign: async () => (await import('./tx-sign.js')).registerTxSign,
    broadcast: async () => (await import('./tx-sign.js')).registerTxSign,
    encode: async () => (await import('./tx-sign.js')).registerTxSign,
    decode: async () => (await import('./tx-sign.js')).registerTxSign,
    'multi-sign': async () => (await import('./tx-multisign.js')).registerTxMultisign,
    multisign: async () => (await import('./tx-multisign.js')).registerTxMultisign,
    'sign-batch': async () => (await import('./tx-sign-batch.js')).registerTxSignBatch,
    'multisign-batch': async () =>
      (await import('./tx-multisign-batch.js')).registerTxMultisignBatch,
    'multi-sign-batch': async () =>
      (await import('./tx-multisign-batch.js')).registerTxMultisignBatch,
    'validate-signatures': async () =>
      (await import('./tx-validate-signatures.js')).registerTxValidateSignatures,
  }),
  { names: ['dev'], load: async () => [(await import('./dev.js')).registerDev] },
  { names: ['debug'], load: async () => [(await import('./debug.js')).registerDebug] },
  { names: ['version'], load: async () => [(await import('./version.js')).registerVersion] },
  {
    names: ['comet', 'cometbft', 'tendermint', 'unsafe-reset-all', 'unsafe_reset_all'],
    load: async () => [(await import('./reset.js')).registerReset],
  },
]

/** A command group whose sub-commands several files define: all of them, in help order, once each. */
function group(
  names: readonly string[],
  groups: Readonly<Record<string, () => Promise<Register>>>,
): (typeof COMMANDS)[number] {
  return {
    names,
    groups,
    load: async () => [...new Set(await Promise.all(Object.values(groups).map((g) => g())))],
  }
}

/**
 * Builds the `sdkd` command tree for `args` (argv without node and script): only the command that
 * runs is loaded, or every command for help and unknown words. `exit` ends the process with a code
 * (injected for tests).
 */
export async function createProgram(
  exit: (code: number) => void,
  args: readonly string[] = [],
): Promise<Command> {
  const program = new Command()
  program
    .name('sdkd')
    .description(
      'sdkd: a single-process simulated SDK-style chain node (devnets, upgrade rehearsals, demo chains)',
    )
    .option('--home <dir>', 'node home directory', process.env.SDKD_HOME ?? defaultHome())
    .addOption(new Option('--log_level <level>', 'log level').choices(LOG_LEVELS))
    .addOption(
      new Option(
        '--log_format <format>',
        'log format: plain (human readable, the default) or json',
      ).choices(['plain', 'json']),
    )
    .option(
      '--keyring-dir <dir>',
      "The client Keyring directory; if omitted, the default 'home' directory will be used",
    )
    .option(
      '--app-version <name>',
      `app version ("binary") to run (default: the home's, the one that last ran it; for a new home ${DEFAULT_APP_VERSION}, the newest built in)`,
      process.env.SDKD_APP_VERSION,
    )
  // Every sub-command's help shows the global flags (set before the commands are added: they inherit it).
  // Upstream's root flag; sdkd's plain lines carry no color codes, so it has nothing to turn off.
  addPflagOptions(program, [
    pflagBoolOption('--log_no_color', "disable colored logs (upstream's; sdkd's have no colors)"),
  ])
  program.configureHelp({ showGlobalOptions: true })

  const globals = (): GlobalFlags => {
    const o = program.opts<{
      home: string
      log_level?: string
      log_format?: string
      appVersion?: string
      keyringDir?: string
    }>()
    return {
      home: o.home,
      ...(o.log_level !== undefined ? { logLevel: o.log_level } : {}),
      ...(o.log_format !== undefined ? { logFormat: o.log_format } : {}),
      ...(o.appVersion !== undefined ? { appVersion: o.appVersion } : {}),
      ...(o.keyringDir !== undefined ? { keyringDir: o.keyringDir } : {}),
    }
  }

  // The home decides the brand of every command run on it, before anything brand-named is loaded.
  program.hook('preAction', async () => {
    const [{ readHomeRecord }, { DEFAULT_BRAND, useBrand }] = await Promise.all([
      import('../config/home-record.js'),
      import('../codec/brand.js'),
    ])
    useBrand((await readHomeRecord(globals().home)).brand ?? DEFAULT_BRAND)
  })

  const [word, sub] = commandWords(args)
  const only = COMMANDS.find((c) => word !== undefined && c.names.includes(word))
  const subGroup =
    sub !== undefined && only?.groups && Object.hasOwn(only.groups, sub)
      ? only.groups[sub]
      : undefined
  if (subGroup) (await subGroup())(program, globals, exit)
  else
    for (const entry of only ? [only] : COMMANDS) {
      for (const register of await entry.load()) register(program, globals, exit)
    }
  addAllExamples(program)
  bindCommandTreeToEnv(program)
  useShortUsageErrors(program)
  return program
}
