import type { Command } from 'commander'
import { coinsToProto, parseCoins } from '../codec/coins.js'
import { ErrInvalidCoins, UserError } from '../errors.js'
import { clientAction } from './client-context.js'
import { commandGroup } from './groups.js'
import { addressNotKeyName } from './keys.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

/** `sdkd tx vesting create-vesting-account <to_address> <amount> <end_time> [--delayed]`. */
export function registerTxVesting(program: Command, globals: () => GlobalFlags): void {
  const vesting = commandGroup(program, 'tx').command('vesting').description('vesting transactions')
  addTxFlags(
    vesting
      .command('create-vesting-account <to_address> <amount> <end_time>')
      .description(
        'create a new vesting account at to_address funded with amount by --from, vesting continuously from the block time until end_time (Unix seconds), or all at end_time with --delayed (sdk.vesting.v1beta1.MsgCreateVestingAccount)',
      )
      .option('--delayed', 'vest everything at end_time instead of continuously', false),
  ).action(
    clientAction(
      async (to: string, amount: string, endTime: string, f: TxFlags & { delayed: boolean }) => {
        const toAddress = await addressNotKeyName(globals(), to, f.keyringBackend, 'to_address')
        const coins = parseCoins(amount)
        if (coins.length === 0) throw ErrInvalidCoins.wrap(`must send a positive amount: ${amount}`)
        // As upstream's strconv.ParseInt: a decimal integer within int64.
        if (
          !/^[+-]?\d+$/.test(endTime) ||
          BigInt(endTime) > 2n ** 63n - 1n ||
          BigInt(endTime) < -(2n ** 63n)
        )
          throw new UserError(`invalid end_time ${JSON.stringify(endTime)}: expected Unix seconds`)
        await runTx(globals(), f, ({ ctx, from }) => [
          ctx.registry.packAny('/sdk.vesting.v1beta1.MsgCreateVestingAccount', {
            from_address: from.address,
            to_address: toAddress,
            amount: coinsToProto(coins),
            end_time: BigInt(endTime).toString(),
            delayed: f.delayed,
          }),
        ])
      },
    ),
  )
}
