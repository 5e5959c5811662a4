import { existsSync, readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { DEVNET, homePaths } from '../config/home.js'
import { bindOptionsToEnv } from './env-options.js'
import { runInit } from './init.js'
import { addStartFlags, type GlobalFlags, loggerFor, runNode, type StartFlags } from './start.js'

type DevnetFlags = StartFlags & { chainId: string; moniker: string }

/**
 * `sdkd devnet`: creates a devnet home when there is none, then starts it. Every flag can also come
 * from its `SDKD_…` environment variable (flags win), which is how the container image is configured.
 */
export function registerDevnet(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
  const cmd = addStartFlags(
    program
      .command('devnet')
      .description('create a devnet home if there is none (sdkd init --devnet), then start it')
      .option('--chain-id <id>', 'chain id when the home is created', DEVNET.chainId)
      .option('--moniker <name>', 'moniker when the home is created', 'devnet'),
  )
  bindOptionsToEnv(cmd).action(async (f: DevnetFlags) => {
    const g = globals()
    const genesis = homePaths(g.home).genesis
    if (!existsSync(genesis)) {
      await runInit(g, f.moniker, { chainId: f.chainId, devnet: true })
    } else if (cmd.getOptionValueSource('chainId') !== 'default') {
      warnIfOtherChain(g, genesis, f.chainId)
    }
    exit(await runNode(g, f))
  })
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
    'the home already exists: its chain id stays; the requested chain id only applies to a new home',
  )
}
