import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { homePaths } from '../config/home.js'
import { runInit } from './init.js'
import { addStartFlags, type GlobalFlags, runNode, type StartFlags } from './start.js'

export function registerDevnet(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
  addStartFlags(
    program
      .command('devnet')
      .description('create a devnet home if there is none (sdkd init --devnet), then start it')
      .option('--chain-id <id>', 'chain id when the home is created', 'sdk-devnet-1')
      .option('--moniker <name>', 'moniker when the home is created', 'devnet'),
  ).action(async (f: StartFlags & { chainId: string; moniker: string }) => {
    const g = globals()
    if (!existsSync(homePaths(g.home).genesis)) {
      await runInit(g, f.moniker, { chainId: f.chainId, devnet: true })
    }
    exit(await runNode(g, f))
  })
}
