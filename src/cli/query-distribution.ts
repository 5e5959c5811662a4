import type { Command } from 'commander'
import {
  addQueryFlags,
  addressArg,
  clientAction,
  type QueryFlags,
  queryAndPrint,
} from './client-context.js'
import { commandGroup } from './groups.js'
import { autocliIntArg } from './options.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.distribution.v1beta1.Query'

type Flags = QueryFlags & PageFlags & { delegatorAddress?: string }

/**
 * `sdkd query distribution …`: upstream v0.50's autocli commands of the distribution Query
 * service. The two methods upstream's autocli lists without options (DelegatorValidators,
 * DelegatorWithdrawAddress) take their field as a flag, as autocli generates them.
 */
export function registerQueryDistribution(program: Command, globals: () => GlobalFlags): void {
  const distribution = commandGroup(program, 'query')
    .command('distribution')
    .description('querying commands for the distribution module')

  /** A command of one method whose request is built from its arguments and flags. */
  const command = (
    use: string,
    description: string,
    method: string,
    request: (args: string[], f: Flags) => Promise<Record<string, unknown>>,
    extra: (cmd: Command) => Command = (c) => c,
  ) =>
    extra(addQueryFlags(distribution.command(use).description(description))).action(
      clientAction(async (...all: unknown[]) => {
        const args = all.filter((a): a is string => typeof a === 'string')
        const f = all.find((a) => typeof a === 'object' && a !== null) as Flags
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, await request(args, f))
      }),
    )

  command('params', 'query the current distribution parameters', 'Params', async () => ({}))
  command(
    'validator-distribution-info <validator>',
    "query a validator's commission and self-delegation rewards",
    'ValidatorDistributionInfo',
    async ([v]) => ({ validator_address: await addressArg(globals(), v!, '--0', 'validator') }),
  )
  command(
    'validator-outstanding-rewards <validator>',
    'query distribution outstanding (un-withdrawn) rewards for a validator and all their delegations',
    'ValidatorOutstandingRewards',
    async ([v]) => ({ validator_address: await addressArg(globals(), v!, '--0', 'validator') }),
  )
  command(
    'commission <validator>',
    'query distribution validator commission',
    'ValidatorCommission',
    async ([v]) => ({ validator_address: await addressArg(globals(), v!, '--0', 'validator') }),
  )
  command(
    'slashes <validator> <start-height> <end-height>',
    "query distribution validator slashes (upstream compares each event's validator period with the two bounds)",
    'ValidatorSlashes',
    async ([v, start, end], f) => ({
      validator_address: await addressArg(globals(), v!, '--0', 'validator'),
      starting_height: autocliIntArg('uint64', 1, start!).toString(),
      ending_height: autocliIntArg('uint64', 2, end!).toString(),
      pagination: pageRequest(f),
    }),
    addPageFlags,
  )
  command(
    'rewards-by-validator <delegator-addr> <validator-addr>',
    'query all distribution delegator from a particular validator',
    'DelegationRewards',
    async ([d, v]) => ({
      delegator_address: await addressArg(globals(), d!, '--0'),
      validator_address: await addressArg(globals(), v!, '--1', 'validator'),
    }),
  )
  command(
    'rewards <delegator-addr>',
    'query all rewards earned by a delegator',
    'DelegationTotalRewards',
    async ([d]) => ({ delegator_address: await addressArg(globals(), d!, '--0') }),
  )
  command(
    'delegator-validators',
    'query the validators of a delegator',
    'DelegatorValidators',
    async (_args, f) => ({
      delegator_address: await addressArg(globals(), f.delegatorAddress!, '--delegator-address'),
    }),
    (c) => c.requiredOption('--delegator-address <address>', 'the delegator account address'),
  )
  command(
    'delegator-withdraw-address',
    'query the withdraw address of a delegator',
    'DelegatorWithdrawAddress',
    async (_args, f) => ({
      delegator_address: await addressArg(globals(), f.delegatorAddress!, '--delegator-address'),
    }),
    (c) => c.requiredOption('--delegator-address <address>', 'the delegator account address'),
  )
  command(
    'community-pool',
    'query the amount of coins in the community pool',
    'CommunityPool',
    async () => ({}),
  )
}
