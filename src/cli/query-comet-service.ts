import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import { autocliIntArg } from './options.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

/**
 * The commands of the CometBFT service (upstream's autocli of `cosmos.base.tendermint.v1beta1`):
 * `node-info`, `syncing`, `block-latest`, `block-by-height <height>`, `validator-set` and
 * `validator-set-by-height <height>`, under `group` (`sdkd query comet`, `sdkd query consensus
 * comet`).
 */
export function addCometServiceCommands(group: Command, globals: () => GlobalFlags): void {
  const simple: [string, string, string][] = [
    ['node-info', 'query the current node info', 'GetNodeInfo'],
    ['syncing', 'query node syncing status', 'GetSyncing'],
    ['block-latest', 'query for the latest committed block', 'GetLatestBlock'],
  ]
  for (const [name, description, method] of simple) {
    addQueryFlags(group.command(name).description(description)).action(
      clientAction(async (f: QueryFlags) => {
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {})
      }),
    )
  }
  addPageFlags(
    addQueryFlags(
      group
        .command('validator-set')
        .aliases([
          'validator-set-latest',
          'comet-validator-set',
          'cometbft-validator-set',
          'tendermint-validator-set',
        ])
        .description('query for the latest validator set'),
    ),
  ).action(
    clientAction(async (f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/GetLatestValidatorSet`, {
        pagination: pageRequest(f),
      })
    }),
  )
  const byHeight: [string, string, string][] = [
    ['block-by-height', 'query for a committed block by height', 'GetBlockByHeight'],
    ['validator-set-by-height', 'query for a validator set by height', 'GetValidatorSetByHeight'],
  ]
  for (const [name, description, method] of byHeight) {
    const cmd = addQueryFlags(
      group.command(name).description(description).argument('<height>', 'the height'),
    )
    // Upstream's GetValidatorSetByHeightRequest has a PageRequest, so autocli gives it the flags.
    const paged = method === 'GetValidatorSetByHeight'
    if (paged) addPageFlags(cmd)
    cmd.action(
      clientAction(async (height: string, f: QueryFlags & PageFlags) => {
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {
          height: autocliIntArg('int64', 0, height).toString(),
          ...(paged ? { pagination: pageRequest(f) } : {}),
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
