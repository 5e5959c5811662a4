import type { Command } from 'commander'
import { addQueryFlags, clientAction, type QueryFlags, queryAndPrint } from './client-context.js'
import { commandGroup } from './groups.js'
import { pflagIntArg, uintArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.base.tendermint.v1beta1.Service'

/**
 * `sdkd query comet-validator-set [height]` (upstream `simd query comet-validator-set`): the
 * consensus validator set of a height, or of the latest one, `--page` and `--limit` as CometBFT's.
 */
export function registerQueryComet(program: Command, globals: () => GlobalFlags): void {
  addQueryFlags(
    commandGroup(program, 'query')
      .command('comet-validator-set [height]')
      .description('get the full CometBFT validator set at given height')
      .option('--page <n>', 'query a specific page of paginated results', pflagIntArg('int', 0), 1)
      .option(
        '--limit <n>',
        'query number of results returned per page',
        pflagIntArg('int', 0),
        100,
      ),
  ).action(
    clientAction(
      async (height: string | undefined, f: QueryFlags & { page: number; limit: number }) => {
        const pagination = {
          offset: String(Math.max(0, f.page - 1) * f.limit),
          limit: String(f.limit),
        }
        if (height === undefined) {
          await queryAndPrint(globals(), f, `${SERVICE}/GetLatestValidatorSet`, { pagination })
        } else {
          await queryAndPrint(globals(), f, `${SERVICE}/GetValidatorSetByHeight`, {
            height: String(uintArg(height)),
            pagination,
          })
        }
      },
    ),
  )
}
