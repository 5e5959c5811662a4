import type { Command } from 'commander'
import { validatorsArg } from './devnet-validators.js'
import { CliError } from './errors.js'
import { uintArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import type { TestnetFlags } from './testnet-files.js'
import { nodeIndexesArg, type TestnetStartFlags } from './testnet-start.js'

/**
 * `sdkd testnet init-files`: the homes of a several-validator network (upstream simd's command);
 * `sdkd testnet start`: runs them on this host.
 */
export function registerTestnet(
  program: Command,
  globals: () => GlobalFlags,
  exit: (code: number) => void,
): void {
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
    .option('--v <n>', "upstream simd's name of --validators", validatorsArg)
    .option(
      '-o, --output-dir <dir>',
      'directory to store initialization data for the testnet',
      './.testnets',
    )
    .option('--chain-id <id>', 'genesis file chain-id (default: a random chain-XXXXXX)')
    .option(
      '--keyring-backend <backend>',
      "Select keyring's backend (sdkd supports test|file)",
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
      "starting IP address: node i's address in its gentx memo is this plus i (192.168.0.1 gives ID0@192.168.0.1:26656, ID1@192.168.0.2:26666, ...); the homes' persistent peers dial each other on 127.0.0.1 either way",
      '192.168.0.1',
    )
    .option(
      '--starting-port <port>',
      "node 0's P2P port; every port of the layout moves with it (node i's listeners are 10·i above node 0's)",
      uintArg,
      26656,
    )
    .option(
      '--minimum-gas-prices <coins>',
      "each node's app.toml minimum-gas-prices",
      '0.000006stake',
    )
    .action(async (f: TestnetFlags & { v?: number }, cmd: Command) => {
      if (f.v !== undefined) {
        if (cmd.getOptionValueSource('validators') !== 'default')
          throw new CliError('--v and --validators both given: they name the same number, give one')
        f.validators = f.v
      }
      const { runTestnetInitFiles } = await import('./testnet-files.js')
      process.stderr.write(`${await runTestnetInitFiles(globals(), f)}\n`)
    })
  testnet
    .command('start')
    .description(
      "run the network's nodes on this host (each home's sdkd start --consensus cometbft), their output prefixed with the node's name, until a stop signal or a node's end",
    )
    .option(
      '-o, --output-dir <dir>',
      'the directory sdkd testnet init-files wrote the homes into',
      './.testnets',
    )
    .option(
      '--nodes <list>',
      'the nodes to run, by index (default: every home found)',
      nodeIndexesArg,
    )
    .option('--node-dir-prefix <prefix>', 'the prefix of the node directories', 'node')
    .option('--node-daemon-home <dir>', 'the home directory inside each node directory', 'sdkd')
    .action(async (f: TestnetStartFlags) => {
      const { runTestnetStart } = await import('./testnet-start.js')
      exit(await runTestnetStart(globals(), f))
    })
}
