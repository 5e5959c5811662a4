import type { Command } from 'commander'
import { clientAction, nodeOption } from './client-context.js'
import { devAddress, devCall, print } from './dev-call.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * `sdkd dev impersonate`, `stop-impersonating` and `auto-impersonate`: accounts whose txs a devnet
 * takes without their signatures (`sdkd tx … --impersonate` sends them).
 */
export function registerDevImpersonation(dev: Command, globals: () => GlobalFlags): void {
  nodeOption(
    dev
      .command('impersonate')
      .argument('<address>', 'account address')
      .description(
        "take the account's txs without its signature (send them with sdkd tx … --from <address> --impersonate)",
      ),
  ).action(
    clientAction(async (address: string, f: { node?: string }) => {
      const account = await devAddress(globals(), address, 'address')
      print(await devCall(globals(), f.node, 'dev_impersonate', { address: account }))
    }),
  )

  nodeOption(
    dev
      .command('stop-impersonating')
      .argument('<address>', 'account address')
      .description("ask the account's signature again"),
  ).action(
    clientAction(async (address: string, f: { node?: string }) => {
      const account = await devAddress(globals(), address, 'address')
      print(await devCall(globals(), f.node, 'dev_stopImpersonating', { address: account }))
    }),
  )

  nodeOption(
    dev
      .command('auto-impersonate')
      .argument('<status>', "on (every account's txs are taken without signatures) or off")
      .description('impersonate every account, or only those named with dev impersonate'),
  ).action(
    clientAction(async (status: string, f: { node?: string }) => {
      if (status !== 'on' && status !== 'off')
        throw new CliError(`status must be on or off, got ${JSON.stringify(status)}`)
      print(await devCall(globals(), f.node, 'dev_autoImpersonate', { enabled: status === 'on' }))
    }),
  )
}
