import { existsSync, readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { type BrandName, DEFAULT_BRAND } from '../codec/brand.js'
import { DEVNET, loadHome, presetConfig, updateClientToml } from '../config/home.js'
import { readHomeRecord } from '../config/home-record.js'
import { dialAddress, parseListenAddress } from '../config/listen-address.js'
import { homePaths } from '../config/paths.js'
import { resetChainData } from '../config/reset.js'
import { assertCanListen } from '../server/listen.js'
import { DEFAULT_APP_VERSION } from '../versions/index.js'
import { DEVNET_DEFAULT_ACCOUNTS } from './devnet-preset.js'
import {
  DEVNET_MAX_VALIDATORS,
  devnetValidatorPowers,
  powersArg,
  validatorsArg,
} from './devnet-validators.js'
import { CliError } from './errors.js'
import { brandOption, runInit } from './init.js'
import { loggerFor } from './log.js'
import { positiveIntArg } from './options.js'
import { assertDataUnlocked } from './reset.js'
import { runNode } from './start.js'
import { addStartFlags, type GlobalFlags, type StartFlags } from './start-flags.js'
import { applyStartFlags, plannedListeners } from './start-prepare.js'

type DevnetFlags = StartFlags & {
  chainId: string
  moniker: string
  accounts: number
  validators?: number
  powers?: bigint[]
  reset?: boolean
  brand?: BrandName
}

/**
 * `sdkd devnet`: creates a devnet home when there is none (or starts its chain over with `--reset`),
 * then starts it. Every flag can also come from its `SDKD_…` environment variable (flags win), which
 * is how the container image is configured.
 */
export function registerDevnet(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
  const cmd = addStartFlags(
    program
      .command('devnet')
      .description(
        'create a devnet home if there is none (sdkd init --devnet), then start it; --reset starts its chain over',
      )
      .option('--chain-id <id>', 'chain id when the home is created', DEVNET.chainId)
      .option('--moniker <name>', 'moniker when the home is created', 'devnet')
      .option(
        '--accounts <n>',
        'well-known funded accounts when the genesis is created: validator, alice, bob, account3 …',
        positiveIntArg,
        DEVNET_DEFAULT_ACCOUNTS,
      )
      .option(
        '--validators <n>',
        `validators bonded in genesis when it is created (1-${DEVNET_MAX_VALIDATORS}, default 1): the node's own key, then fixed well-known keys`,
        validatorsArg,
      )
      .option(
        '--powers <list>',
        'consensus power of each validator when the genesis is created, comma-separated (default 10 each)',
        powersArg,
      )
      .option(
        '--reset',
        'start the chain over: wipe data/, recreate genesis from the preset (keys and config edits are kept)',
      )
      .addOption(brandOption()),
  )
  // Its flags come from SDKD_* variables as every command's do (createProgram binds them), except
  // --reset and --upgrade-halt (NEVER_FROM_ENV).
  cmd.action(async (f: DevnetFlags) => {
    // --moniker names a home being created; it never renames an existing one at start.
    const { moniker, ...start } = f
    const g = globals()
    const paths = homePaths(g.home)
    const exists = existsSync(paths.genesis)
    const explicitChainId = cmd.getOptionValueSource('chainId') !== 'default'
    // A bad validator count or power list is refused before anything is created or wiped.
    devnetValidatorPowers(f.validators ?? 1, f.powers)
    const validatorFlags = {
      ...(f.validators !== undefined ? { validators: f.validators } : {}),
      ...(f.powers !== undefined ? { powers: f.powers } : {}),
    }
    if (!exists) {
      // Nothing is created when a port is taken or an address is bad.
      const preset = presetConfig(moniker, f.chainId, true)
      applyStartFlags(preset, start)
      await assertCanListen(plannedListeners(preset, start))
      await runInit(g, moniker, {
        chainId: f.chainId,
        devnet: true,
        accounts: f.accounts,
        ...validatorFlags,
        ...(f.brand ? { brand: f.brand } : {}),
      })
    } else if (f.reset) {
      const home = await loadHome(g.home)
      applyStartFlags(home, start)
      await assertCanListen(plannedListeners(home, start))
      await assertDataUnlocked(g.home)
      await resetChainData(g.home)
      loggerFor(g, home).info(
        { home: paths.home, app_version: g.appVersion ?? DEFAULT_APP_VERSION },
        'devnet reset: removed all blockchain history; recreating the genesis from the preset',
      )
      await runInit(g, home.node.moniker, {
        chainId: explicitChainId ? f.chainId : home.genesis.chainId,
        devnet: true,
        overwrite: true,
        keepConfig: true,
        accounts: f.accounts,
        ...validatorFlags,
        ...(f.brand ? { brand: f.brand } : {}),
      })
    } else {
      if (explicitChainId) warnIfOtherChain(g, paths.genesis, f.chainId)
      if (f.validators !== undefined || f.powers !== undefined) {
        loggerFor(g).warn(
          { home: paths.home },
          'the home already exists: its genesis validators stay; --validators and --powers only apply to a new home (or with --reset)',
        )
      }
      await refuseOtherBrand(g, f.brand)
    }
    exit(
      await runNode(g, start, {
        devnet: true,
        // The client follows the node: client.toml's node is where the RPC really listens.
        onStarted: async (node) => {
          if (node.addresses.rpc === undefined) return
          await updateClientToml(g.home, {
            node: dialAddress(parseListenAddress(node.addresses.rpc)),
          })
        },
      }),
    )
  })
}

// A home's state is written in its brand: another brand cannot run it (its type URLs and addresses).
async function refuseOtherBrand(g: GlobalFlags, wanted: BrandName | undefined): Promise<void> {
  const recorded = (await readHomeRecord(g.home)).brand ?? DEFAULT_BRAND
  if (wanted === undefined || wanted === recorded) return
  throw new CliError(
    `the home ${homePaths(g.home).home} is in brand ${recorded}; --brand ${wanted} applies only to a new home, or with --reset (which starts its chain over)`,
  )
}

// A chain id asked for on an existing home changes nothing; say so rather than surprise the user.
function warnIfOtherChain(g: GlobalFlags, genesis: string, wanted: string): void {
  let existing: unknown
  try {
    existing = (JSON.parse(readFileSync(genesis, 'utf8')) as { chain_id?: unknown }).chain_id
  } catch {
    return // a broken genesis is reported by the start that follows
  }
  if (existing === wanted) return
  loggerFor(g).warn(
    { home: homePaths(g.home).home, chain_id: existing, requested_chain_id: wanted },
    'the home already exists: its chain id stays; the requested chain id only applies to a new home (or with --reset)',
  )
}
