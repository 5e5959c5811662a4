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

const SERVICE = 'sdk.staking.v1beta1.Query'

type Flags = QueryFlags & PageFlags

/**
 * `sdkd query staking …`: upstream v0.50's autocli commands of the staking Query service, one per
 * route, with the pagination flags on the list commands.
 */
export function registerQueryStaking(program: Command, globals: () => GlobalFlags): void {
  const staking = commandGroup(program, 'query')
    .command('staking')
    .description('querying commands for the staking module')

  /** A command of one method whose request is built from its arguments. */
  const simple = (
    use: string,
    description: string,
    method: string,
    request: (args: string[]) => Promise<Record<string, unknown>>,
  ) =>
    addQueryFlags(staking.command(use).description(description)).action(
      clientAction(async (...all: unknown[]) => {
        const args = all.filter((a): a is string => typeof a === 'string')
        const f = all.find((a) => typeof a === 'object' && a !== null) as QueryFlags
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, await request(args))
      }),
    )

  /** A list command: its arguments plus a page request. */
  const paged = (
    use: string,
    description: string,
    method: string,
    request: (args: string[]) => Promise<Record<string, unknown>>,
    extra: (cmd: Command) => Command = (c) => c,
    fromFlags: (
      f: Flags & Record<string, string>,
    ) => Promise<Record<string, unknown>> = async () => ({}),
  ) =>
    addPageFlags(addQueryFlags(extra(staking.command(use).description(description)))).action(
      clientAction(async (...all: unknown[]) => {
        const args = all.filter((a): a is string => typeof a === 'string')
        const f = all.find((a) => typeof a === 'object' && a !== null) as Flags &
          Record<string, string>
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {
          ...(await request(args)),
          ...(await fromFlags(f)),
          pagination: pageRequest(f),
        })
      }),
    )

  paged(
    'validators',
    'query all validators, optionally of one status',
    'Validators',
    async () => ({}),
    (c) =>
      c.option(
        '--status <status>',
        'BOND_STATUS_BONDED, BOND_STATUS_UNBONDING or BOND_STATUS_UNBONDED',
      ),
    async (f) => ({ status: f.status ?? '' }),
  )
  simple('validator <validator-address>', 'query a validator', 'Validator', async ([v]) => ({
    validator_addr: await addressArg(globals(), v!, '--0', 'validator'),
  }))
  simple(
    'delegation <delegator-addr> <validator-addr>',
    'query a delegation based on delegator address and validator address',
    'Delegation',
    async ([d, v]) => ({
      delegator_addr: await addressArg(globals(), d!, '--0'),
      validator_addr: await addressArg(globals(), v!, '--1', 'validator'),
    }),
  )
  paged(
    'delegations <delegator-addr>',
    'query all delegations made by one delegator',
    'DelegatorDelegations',
    async ([d]) => ({ delegator_addr: await addressArg(globals(), d!, '--0') }),
  )
  paged(
    'delegations-to <validator-addr>',
    'query all delegations made to one validator',
    'ValidatorDelegations',
    async ([v]) => ({ validator_addr: await addressArg(globals(), v!, '--0', 'validator') }),
  )
  simple(
    'unbonding-delegation <delegator-addr> <validator-addr>',
    'query an unbonding-delegation record based on delegator and validator address',
    'UnbondingDelegation',
    async ([d, v]) => ({
      delegator_addr: await addressArg(globals(), d!, '--0'),
      validator_addr: await addressArg(globals(), v!, '--1', 'validator'),
    }),
  )
  paged(
    'unbonding-delegations <delegator-addr>',
    'query all unbonding-delegations records for one delegator',
    'DelegatorUnbondingDelegations',
    async ([d]) => ({ delegator_addr: await addressArg(globals(), d!, '--0') }),
  )
  paged(
    'unbonding-delegations-from <validator-addr>',
    'query all unbonding delegatations from a validator',
    'ValidatorUnbondingDelegations',
    async ([v]) => ({ validator_addr: await addressArg(globals(), v!, '--0', 'validator') }),
  )
  paged(
    'redelegation <delegator-addr> <src-validator-addr> <dst-validator-addr>',
    'query a redelegation record based on delegator and a source and destination validator address',
    'Redelegations',
    async ([d, s, t]) => ({
      delegator_addr: await addressArg(globals(), d!, '--0'),
      src_validator_addr: await addressArg(globals(), s!, '--1', 'validator'),
      dst_validator_addr: await addressArg(globals(), t!, '--2', 'validator'),
    }),
  )
  paged(
    'redelegations <delegator-addr>',
    'query all redelegations records for one delegator',
    'Redelegations',
    async ([d]) => ({ delegator_addr: await addressArg(globals(), d!, '--0') }),
  )
  paged(
    'redelegations-from <validator-addr>',
    'query all outgoing redelegatations from a validator',
    'Redelegations',
    async ([v]) => ({ src_validator_addr: await addressArg(globals(), v!, '--0', 'validator') }),
  )
  paged(
    'delegator-validators <delegator-addr>',
    'query all validators info for given delegator address',
    'DelegatorValidators',
    async ([d]) => ({ delegator_addr: await addressArg(globals(), d!, '--0') }),
  )
  simple(
    'delegator-validator <delegator-addr> <validator-addr>',
    'query validator info for given delegator validator pair',
    'DelegatorValidator',
    async ([d, v]) => ({
      delegator_addr: await addressArg(globals(), d!, '--0'),
      validator_addr: await addressArg(globals(), v!, '--1', 'validator'),
    }),
  )
  simple(
    'historical-info <height>',
    'query historical info at given height',
    'HistoricalInfo',
    async ([h]) => ({ height: autocliIntArg('int64', 0, h!).toString() }),
  )
  simple('pool', 'query the current staking pool values', 'Pool', async () => ({}))
  simple('params', 'query the current staking parameters information', 'Params', async () => ({}))
}
