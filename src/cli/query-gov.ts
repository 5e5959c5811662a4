import type { Command } from 'commander'
import {
  addQueryFlags,
  addressArg,
  clientAction,
  type QueryFlags,
  queryAndPrint,
} from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { autocliIntArg } from './options.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.gov.v1.Query'

const STATUSES = ['deposit_period', 'voting_period', 'passed', 'rejected', 'failed'] as const

/** `--proposal-status`: `voting_period`, `voting-period` or `PROPOSAL_STATUS_VOTING_PERIOD`. */
export function parseProposalStatus(text: string): number {
  const short = text
    .replace(/^PROPOSAL_STATUS_/, '')
    .toLowerCase()
    .replaceAll('-', '_')
  const i = STATUSES.indexOf(short as (typeof STATUSES)[number])
  if (i < 0)
    throw new CliError(
      `invalid proposal status ${JSON.stringify(text)}: use one of ${STATUSES.join(', ')}`,
    )
  return i + 1
}

/** A proposal id: autocli's uint64 positional argument (the first), read as pflag's Uint64 reads it. */
const proposalId = (text: string) => autocliIntArg('uint64', 0, text).toString()

/** `sdkd query gov proposal|proposals|tally|params|votes|vote|deposits|deposit`. */
export function registerQueryGov(program: Command, globals: () => GlobalFlags): void {
  const gov = commandGroup(program, 'query')
    .command('gov')
    .description('querying commands for the governance module')

  addQueryFlags(gov.command('proposal <proposal-id>').description('query a proposal')).action(
    clientAction(async (id: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Proposal`, { proposal_id: proposalId(id) })
    }),
  )

  addPageFlags(
    addQueryFlags(
      gov
        .command('proposals')
        .description('query proposals, optionally filtered by status, voter or depositor')
        .option(
          '--proposal-status <status>',
          'deposit_period, voting_period, passed, rejected or failed',
        )
        .option('--status <status>', 'alias of --proposal-status')
        .option('--voter <address>', 'only proposals this address voted on')
        .option('--depositor <address>', 'only proposals this address deposited on'),
    ),
  ).action(
    clientAction(
      async (
        f: QueryFlags &
          PageFlags & {
            proposalStatus?: string
            status?: string
            voter?: string
            depositor?: string
          },
      ) => {
        const status = f.proposalStatus ?? f.status
        await queryAndPrint(globals(), f, `${SERVICE}/Proposals`, {
          proposal_status: status === undefined ? 0 : parseProposalStatus(status),
          voter: f.voter === undefined ? '' : await addressArg(globals(), f.voter, '--voter'),
          depositor:
            f.depositor === undefined
              ? ''
              : await addressArg(globals(), f.depositor, '--depositor'),
          pagination: pageRequest(f),
        })
      },
    ),
  )

  addQueryFlags(
    gov.command('tally <proposal-id>').description('query the tally of a proposal'),
  ).action(
    clientAction(async (id: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/TallyResult`, {
        proposal_id: proposalId(id),
      })
    }),
  )

  addQueryFlags(gov.command('constitution').description("query the chain's constitution")).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Constitution`, {})
    }),
  )

  addQueryFlags(gov.command('params').description('query the governance parameters')).action(
    clientAction(async (f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Params`, { params_type: 'voting' }, (json) => ({
        params: json.params ?? null,
      }))
    }),
  )

  addPageFlags(
    addQueryFlags(gov.command('votes <proposal-id>').description('query the votes on a proposal')),
  ).action(
    clientAction(async (id: string, f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Votes`, {
        proposal_id: proposalId(id),
        pagination: pageRequest(f),
      })
    }),
  )

  addQueryFlags(
    gov.command('vote <proposal-id> <voter>').description("query one voter's vote on a proposal"),
  ).action(
    clientAction(async (id: string, voter: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Vote`, {
        proposal_id: proposalId(id),
        voter: await addressArg(globals(), voter, '--1'),
      })
    }),
  )

  addPageFlags(
    addQueryFlags(
      gov.command('deposits <proposal-id>').description('query the deposits on a proposal'),
    ),
  ).action(
    clientAction(async (id: string, f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Deposits`, {
        proposal_id: proposalId(id),
        pagination: pageRequest(f),
      })
    }),
  )

  addQueryFlags(
    gov
      .command('deposit <proposal-id> <depositor>')
      .description("query one depositor's deposit on a proposal"),
  ).action(
    clientAction(async (id: string, depositor: string, f: QueryFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/Deposit`, {
        proposal_id: proposalId(id),
        depositor: await addressArg(globals(), depositor, '--1'),
      })
    }),
  )
}
