import type { Command } from 'commander'
import {
  addQueryFlags,
  clientAction,
  clientContext,
  outputFormat,
  printOutput,
  type QueryFlags,
} from './client-context.js'
import { commandGroup } from './groups.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

/** One validator of the RPC's `validators` answer (CometBFT's JSON). */
interface RpcValidator {
  address: string
  pub_key: { type: string; value: string }
  voting_power: string
  proposer_priority: string
}

/**
 * `sdkd query comet-validator-set [height]` (upstream's hand-written ValidatorCommand): the
 * consensus validator set of a height, from the RPC's `validators` with `--page` and `--limit` as
 * its page and `per_page` (CometBFT checks them), printed as upstream's ValidatorsOutput makes it:
 * `GetLatestValidatorSetResponse` with bech32 consensus addresses and the keys as Anys. A height
 * below 1, or none, is the RPC's default: the next height's set.
 */
export function registerQueryComet(program: Command, globals: () => GlobalFlags): void {
  addQueryFlags(
    commandGroup(program, 'query')
      .command('comet-validator-set [height]')
      .description('get the full CometBFT validator set at given height')
      .option('--page <n>', 'query a specific page of paginated results', pflagIntArg('int'), 1)
      .option('--limit <n>', 'query number of results returned per page', pflagIntArg('int'), 100),
  ).action(
    clientAction(
      async (heightArg: string | undefined, f: QueryFlags & { page: number; limit: number }) => {
        const { int64Arg } = await import('./go-args.js')
        const height = heightArg === undefined ? undefined : int64Arg(heightArg)
        const ctx = await clientContext(globals(), f.node)
        const format = outputFormat(f.output, ctx.config, 'text')
        const r = (await ctx.node().call('validators', {
          ...(height !== undefined && height > 0n ? { height: String(height) } : {}),
          page: String(f.page),
          per_page: String(f.limit),
        })) as { block_height: string; validators: RpcValidator[]; total: string }
        const [{ addressToBech32 }, { fromHex }, { messageToJson }] = await Promise.all([
          import('../codec/address.js'),
          import('../codec/bytes.js'),
          import('../codec/json-writer.js'),
        ])
        const { registry } = ctx
        const consensus = registry.brand.bech32.consensus
        const type = registry.type('sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse')
        const response = type.fromObject({
          block_height: r.block_height,
          validators: r.validators.map((v) => ({
            address: addressToBech32(fromHex(v.address), consensus),
            pub_key: registry.packAny('/sdk.crypto.ed25519.PubKey', {
              key: new Uint8Array(Buffer.from(v.pub_key.value, 'base64')),
            }),
            voting_power: v.voting_power,
            proposer_priority: v.proposer_priority,
          })),
          pagination: { total: r.total },
        })
        printOutput(messageToJson(registry, type, response), format)
      },
    ),
  )
}
