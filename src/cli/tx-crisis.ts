import type { Command } from 'commander'
import { clientAction } from './client-context.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

/** `sdkd tx crisis invariant-broken <module-name> <invariant-route> --from <key>`. */
export function registerTxCrisis(program: Command, globals: () => GlobalFlags): void {
  const crisis = commandGroup(program, 'tx').command('crisis').description('crisis transactions')
  addTxFlags(
    crisis
      .command('invariant-broken')
      .argument(
        '<module-name>',
        'the module that registered the invariant (bank, distribution, staking, gov)',
      )
      .argument(
        '<invariant-route>',
        'the invariant’s route in that module (total-supply, can-withdraw, …)',
      )
      .description(
        'submit proof that an invariant is broken (sdk.crisis.v1beta1.MsgVerifyInvariant): the node checks it now, for the constant fee (1000stake by default); a broken one fails the tx with code 111222. App version v1 only: v2 has no x/crisis',
      ),
  ).action(
    clientAction(async (moduleName: string, route: string, f: TxFlags) => {
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.crisis.v1beta1.MsgVerifyInvariant', {
          sender: from.address,
          invariant_module_name: moduleName,
          invariant_route: route,
        }),
      ])
    }),
  )
}
