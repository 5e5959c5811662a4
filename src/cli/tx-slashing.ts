import type { Command } from 'commander'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { clientAction } from './client-context.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

/** `sdkd tx slashing unjail --from <operator key>`. */
export function registerTxSlashing(program: Command, globals: () => GlobalFlags): void {
  const slashing = commandGroup(program, 'tx')
    .command('slashing')
    .description('slashing transactions')
  addTxFlags(
    slashing
      .command('unjail')
      .description(
        'unjail the validator whose operator is --from, once its jail time is over (sdk.slashing.v1beta1.MsgUnjail); a tombstoned validator can never unjail',
      ),
  ).action(
    clientAction(async (f: TxFlags) => {
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.slashing.v1beta1.MsgUnjail', {
          // The operator address has the bytes of the operator's account address.
          validator_addr: addressToBech32(bech32ToAddress(from.address), valoperPrefix()),
        }),
      ])
    }),
  )
}
