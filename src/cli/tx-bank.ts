import type { Command } from 'commander'
import { coinsToProto, parseCoins } from '../codec/coins.js'
import { ErrInvalidCoins } from '../errors.js'
import { clientAction } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { addressNotKeyName } from './keys.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

/** `sdkd tx bank send <from> <to> <amount>` and `sdkd tx bank multi-send <from> <to>… <amount>`. */
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
  addTxFlags(
    bank
      .command('multi-send <from_key_or_address> <to_and_amount...>')
      .usage(
        '[options] <from_key_or_address> <to_address_1> <to_address_2> [to_address_n...] <amount>',
      )
      .description(
        'send funds from one account to two or more accounts: the amount to each address, or with --split the amount shared equally between them (sdk.bank.v1beta1.MsgMultiSend)',
      )
      .option('--split', 'send the equally split token amount to each address'),
  ).action(
    clientAction(async (fromArg: string, rest: string[], f: TxFlags & { split?: boolean }) => {
      // Upstream's NewMultiSendTxCmd: at least two addresses, the amount last.
      if (rest.length < 3)
        throw new CliError(
          `requires at least 4 arg(s), only received ${rest.length + 1}: <from_key_or_address> <to_address_1> <to_address_2> [to_address_n...] <amount>`,
        )
      const amount = rest.at(-1)!
      const coins = parseCoins(amount)
      if (coins.every((c) => c.amount === 0n)) throw new CliError('must send positive amount')
      const to: string[] = []
      for (const address of rest.slice(0, -1))
        to.push(await addressNotKeyName(globals(), address, f.keyringBackend, 'to_address'))
      const n = BigInt(to.length)
      // Each output gets the amount, or its share truncated (coins of amount 0 dropped); the
      // input is what the outputs add up to.
      const each = f.split
        ? coins.map((c) => ({ denom: c.denom, amount: c.amount / n })).filter((c) => c.amount > 0n)
        : coins
      const total = each.map((c) => ({ denom: c.denom, amount: c.amount * n }))
      await runTx(globals(), { ...f, from: fromArg }, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.bank.v1beta1.MsgMultiSend', {
          inputs: [{ address: from.address, coins: coinsToProto(total) }],
          outputs: to.map((address) => ({ address, coins: coinsToProto(each) })),
        }),
      ])
    }),
  )
}
