import type { Command } from 'commander'
import {
  addQueryFlags,
  addressArg,
  clientAction,
  type QueryFlags,
  queryAndPrint,
} from './client-context.js'
import { commandGroup } from './groups.js'
import { addPageFlags, type PageFlags, pageRequest } from './page-flags.js'
import { addPflagOptions, pflagBoolOption } from './pflag-options.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.bank.v1beta1.Query'

/**
 * `sdkd query bank balances <address> [--denom d]`, and the commands upstream's autocli names for
 * the balance, spendable balance, supply, params, send-enabled, denom metadata and denom owner
 * queries.
 */
export function registerQueryBank(program: Command, globals: () => GlobalFlags): void {
  const bank = commandGroup(program, 'query')
    .command('bank')
    .description('querying commands for the bank module')
  type BalancesFlags = QueryFlags & PageFlags & { denom?: string; resolveDenom?: boolean }
  addPflagOptions(
    addPageFlags(
      addQueryFlags(
        bank
          .command('balances <address>')
          .description('query all the balances of an account (or one denom with --denom)')
          .option('--denom <denom>', 'only the balance of this denom (no pages)'),
      ),
    ),
    [
      pflagBoolOption(
        '--resolve-denom',
        "each denom in its metadata's display form (the request's resolve_denom)",
      ),
    ],
  ).action(
    clientAction(async (address: string, f: BalancesFlags) => {
      const addr = await addressArg(globals(), address, '--0')
      if (f.denom !== undefined)
        await queryAndPrint(globals(), f, `${SERVICE}/Balance`, { address: addr, denom: f.denom })
      else
        await queryAndPrint(globals(), f, `${SERVICE}/AllBalances`, {
          address: addr,
          pagination: pageRequest(f),
          resolve_denom: f.resolveDenom === true,
        })
    }),
  )

  const query = (
    use: string,
    description: string,
    method: string,
    request: (args: string[], f: QueryFlags & PageFlags & { denom?: string }) => Promise<object>,
    options: { paged?: boolean; denomFlag?: boolean; alias?: string } = {},
  ) => {
    let cmd = addQueryFlags(bank.command(use).description(description))
    if (options.alias) cmd = cmd.alias(options.alias)
    if (options.denomFlag) cmd = cmd.requiredOption('--denom <denom>', 'the coin denom')
    if (options.paged) cmd = addPageFlags(cmd)
    cmd.action(
      clientAction(async (...all: unknown[]) => {
        const args = all.filter((a): a is string => typeof a === 'string')
        const f = all.find((a) => typeof a === 'object' && a !== null) as QueryFlags &
          PageFlags & { denom?: string }
        const paging = options.paged ? { pagination: pageRequest(f) } : {}
        await queryAndPrint(globals(), f, `${SERVICE}/${method}`, {
          ...(await request(args, f)),
          ...paging,
        })
      }),
    )
  }

  query(
    'balance <address> <denom>',
    'query an account balance by address and denom',
    'Balance',
    async ([address, denom]) => ({ address: await addressArg(globals(), address!, '--0'), denom }),
  )
  query(
    'total-supply',
    'query the total supply of coins of the chain',
    'TotalSupply',
    async () => ({}),
    { paged: true, alias: 'total' },
  )
  query(
    'total-supply-of <denom>',
    'query the supply of a single coin denom',
    'SupplyOf',
    async ([denom]) => ({ denom }),
  )
  query('params', 'query the current bank parameters', 'Params', async () => ({}))
  addPageFlags(
    addQueryFlags(
      bank
        .command('send-enabled [denoms...]')
        .description(
          'query for send enabled entries that have been specifically set: those of the given denoms, or all of them without arguments',
        ),
    ),
  ).action(
    clientAction(async (denoms: string[], f: QueryFlags & PageFlags) => {
      await queryAndPrint(globals(), f, `${SERVICE}/SendEnabled`, {
        denoms,
        pagination: pageRequest(f),
      })
    }),
  )
  query(
    'spendable-balances <address>',
    'query for account spendable balances by address',
    'SpendableBalances',
    async ([address]) => ({ address: await addressArg(globals(), address!, '--0') }),
    { paged: true },
  )
  query(
    'spendable-balance <address> <denom>',
    'query the spendable balance of a single denom for a single account',
    'SpendableBalanceByDenom',
    async ([address, denom]) => ({ address: await addressArg(globals(), address!, '--0'), denom }),
  )
  query(
    'denom-metadata <denom>',
    'query the client metadata of a given coin denomination',
    'DenomMetadata',
    async ([denom]) => ({ denom }),
  )
  query(
    'denom-metadata-by-query-string',
    'query the client metadata of a coin denomination given by --denom (one with a "/" too)',
    'DenomMetadataByQueryString',
    async (_args, f) => ({ denom: f.denom }),
    { denomFlag: true },
  )
  query(
    'denoms-metadata',
    'query the client metadata for all registered coin denominations',
    'DenomsMetadata',
    async () => ({}),
    { paged: true },
  )
  query(
    'denom-owners <denom>',
    'query for all account addresses that own a particular token denomination',
    'DenomOwners',
    async ([denom]) => ({ denom }),
    { paged: true },
  )
  query(
    'denom-owners-by-query',
    'query for all account addresses that own the token denomination given by --denom',
    'DenomOwnersByQuery',
    async (_args, f) => ({ denom: f.denom }),
    { paged: true, denomFlag: true },
  )
}
