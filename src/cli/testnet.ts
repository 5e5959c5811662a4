import type { Command } from 'commander'
import { validatorsArg } from './devnet-validators.js'
import type { GlobalFlags } from './start-flags.js'
import type { TestnetFlags } from './testnet-files.js'

/** `sdkd testnet init-files`: the homes of a several-validator network (upstream simd's command). */
export function registerTestnet(program: Command, globals: () => GlobalFlags): void {
  const testnet = program
    .command('testnet')
    .description('initialize the files of a network of several validators')
  testnet
    .command('init-files')
    .description(
      'one home per validator (keys, config with its own ports and peers), their gentxs collected into one shared genesis',
    )
    .option(
      '--validators <n>',
      'number of validators to initialize the testnet with',
      validatorsArg,
      4,
    )
    .option(
      '-o, --output-dir <dir>',
      'directory to store initialization data for the testnet',
      './.testnets',
    )
    .option('--chain-id <id>', 'genesis file chain-id (default: a random chain-XXXXXX)')
    .option(
      '--keyring-backend <backend>',
      'keyring backend of the operator keys (sdkd supports test)',
      'test',
    )
    .option(
      '--node-dir-prefix <prefix>',
      'prefix the directory name for each node with (node results in node0, node1, ...)',
      'node',
    )
    .option('--node-daemon-home <dir>', 'home directory of the node daemon configuration', 'sdkd')
    .option(
      '--starting-ip-address <ip>',
      'starting IP address (192.168.0.1 results in persistent peers list ID0@192.168.0.1:26656, ID1@192.168.0.2:26666, ...)',
      '192.168.0.1',
    )
    .option(
      '--minimum-gas-prices <coins>',
      "each node's app.toml minimum-gas-prices",
      '0.000006stake',
    )
    .action(async (f: TestnetFlags) => {
      const { runTestnetInitFiles } = await import('./testnet-files.js')
      process.stderr.write(`${await runTestnetInitFiles(globals(), f)}\n`)
    })
}
