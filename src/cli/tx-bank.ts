import type { Command } from 'commander'
import { coinsToProto, parseCoins } from '../codec/coins.js'
import { ErrInvalidCoins } from '../errors.js'
import { clientAction } from './client-context.js'
import { commandGroup } from './groups.js'
import { addressNotKeyName } from './keys.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

/** `sdkd tx bank send <from> <to> <amount>`. */
export function registerTxBank(program: Command, globals: () => GlobalFlags): void {
  const bank = commandGroup(program, 'tx').command('bank').description('bank transactions')
  addTxFlags(
    bank
      .command('send <from_key_or_address> <to_address> <amount>')
      .description(
        'send coins (e.g. 10stake,5token) from a keyring key to an address (sdk.bank.v1beta1.MsgSend)',
      ),
  ).action(
    clientAction(async (fromArg: string, to: string, amount: string, f: TxFlags) => {
      const toAddress = await addressNotKeyName(globals(), to, f.keyringBackend, 'to_address')
      const coins = parseCoins(amount)
      if (coins.length === 0) throw ErrInvalidCoins.wrap(`must send a positive amount: ${amount}`)
      await runTx(globals(), { ...f, from: fromArg }, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.bank.v1beta1.MsgSend', {
          from_address: from.address,
          to_address: toAddress,
          amount: coinsToProto(coins),
        }),
      ])
    }),
  )
}
