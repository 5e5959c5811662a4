import { Command, Option } from 'commander'
import { DEFAULT_APP_VERSION } from '../app/versions/index.js'
import { defaultHome } from '../config/home.js'
import { LOG_LEVELS } from '../logger.js'
import { registerDebug } from './debug.js'
import { registerDevnet } from './devnet.js'
import { registerGenesis } from './genesis.js'
import { registerInit } from './init.js'
import { registerKeys } from './keys.js'
import { registerQueryAuth } from './query-auth.js'
import { registerQueryBank } from './query-bank.js'
import { registerQueryGov } from './query-gov.js'
import { registerQueryTx } from './query-tx.js'
import { registerQueryUpgrade } from './query-upgrade.js'
import { addStartFlags, type GlobalFlags, runNode, type StartFlags } from './start.js'
import { registerStatus } from './status.js'
import { registerTxBank } from './tx-bank.js'
import { registerTxGov } from './tx-gov.js'
import { registerTxSign } from './tx-sign.js'
import { registerTxUpgrade } from './tx-upgrade.js'
import { registerVersion } from './version.js'

/** Builds the `sdkd` command tree. `exit` ends the process with a code (injected for tests). */
export function createProgram(exit: (code: number) => void): Command {
  const program = new Command()
  program
    .name('sdkd')
    .description(
      'sdkd: a single-process simulated SDK-style chain node (devnets, upgrade rehearsals, demo chains)',
    )
    .option('--home <dir>', 'node home directory', process.env.SDKD_HOME ?? defaultHome())
    .addOption(new Option('--log_level <level>', 'log level').choices(LOG_LEVELS))
    .addOption(
      new Option('--log_format <format>', 'log format: json or plain (human readable)').choices([
        'json',
        'plain',
      ]),
    )
    .option(
      '--app-version <name>',
      `app version ("binary") to run (default: ${DEFAULT_APP_VERSION}, the newest built in)`,
      process.env.SDKD_APP_VERSION,
    )
    .showHelpAfterError()

  const globals = (): GlobalFlags => {
    const o = program.opts<{
      home: string
      log_level?: string
      log_format?: string
      appVersion?: string
    }>()
    return {
      home: o.home,
      ...(o.log_level !== undefined ? { logLevel: o.log_level } : {}),
      ...(o.log_format !== undefined ? { logFormat: o.log_format } : {}),
      ...(o.appVersion !== undefined ? { appVersion: o.appVersion } : {}),
    }
  }

  registerInit(program, globals)
  addStartFlags(
    program
      .command('start')
      .description('run the node: produce blocks and serve RPC, REST and gRPC'),
  ).action(async (f: StartFlags) => {
    exit(await runNode(globals(), f))
  })
  registerDevnet(program, globals, exit)
  registerStatus(program, globals)
  registerKeys(program, globals)
  registerGenesis(program, globals)
  registerQueryUpgrade(program, globals)
  registerQueryAuth(program, globals)
  registerQueryBank(program, globals)
  registerQueryGov(program, globals)
  registerQueryTx(program, globals)
  registerTxBank(program, globals)
  registerTxGov(program, globals)
  registerTxUpgrade(program, globals)
  registerTxSign(program, globals)
  registerDebug(program, globals)
  registerVersion(program, globals)
  return program
}
