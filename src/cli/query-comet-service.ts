import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import { autocliIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

/**
 * The commands of the CometBFT service (upstream's autocli of `cosmos.base.tendermint.v1beta1`):
 * `node-info`, `syncing`, `block-latest`, `block-by-height <height>`, `validator-set` and
 * `validator-set-by-height <height>`, under `group` (`sdkd query comet`, `sdkd query consensus
 * comet`).
 */
export function addCometServiceCommands(group: Command, globals: () => GlobalFlags): void {
  const simple: [string, string, string, string[]][] = [
    ['node-info', 'query the current node info', 'GetNodeInfo', []],
    ['syncing', 'query node syncing status', 'GetSyncing', []],
    ['block-latest', 'query for the latest committed block', 'GetLatestBlock', []],
    [
      'validator-set',
      'query for the latest validator set',
      'GetLatestValidatorSet',
      [
        'validator-set-latest',
        'comet-validator-set',
        'cometbft-validator-set',
        'tendermint-validator-set',
      ],
    ],
  ]
  for (const [name, description, method, aliases] of simple) {
    addQueryFlags(group.command(name).aliases(aliases).description(description)).action(
      clientAction(async (f: QueryFlags) => {
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {})
      }),
    )
  }
  const byHeight: [string, string, string][] = [
    ['block-by-height', 'query for a committed block by height', 'GetBlockByHeight'],
    ['validator-set-by-height', 'query for a validator set by height', 'GetValidatorSetByHeight'],
  ]
  for (const [name, description, method] of byHeight) {
    addQueryFlags(
      group.command(name).description(description).argument('<height>', 'the height'),
    ).action(
      clientAction(async (height: string, f: QueryFlags) => {
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {
          height: autocliIntArg('int64', 0, height).toString(),
        })
      }),
    )
  }
}

/** `sdkd query comet …` (upstream's `comet` pseudo-module of the CometBFT service). */
export function registerQueryCometService(program: Command, globals: () => GlobalFlags): void {
  const comet = commandGroup(program, 'query')
    .command('comet')
    .description('querying commands for the CometBFT service (node info, blocks, validator sets)')
  addCometServiceCommands(comet, globals)
}
