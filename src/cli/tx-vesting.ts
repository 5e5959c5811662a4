import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { type Coin, coinsToProto, parseCoins } from '../codec/coins.js'
import { ErrInvalidCoins, UserError } from '../errors.js'
import { clientAction } from './client-context.js'
import { commandGroup } from './groups.js'
import { addressNotKeyName } from './keys.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

/**
 * `sdkd tx vesting create-vesting-account <to_address> <amount> <end_time> [--delayed]`,
 * `create-permanent-locked-account <to_address> <amount>` and
 * `create-periodic-vesting-account <to_address> <periods_json_file>` (upstream's commands).
 */
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
  addTxFlags(
    vesting
      .command('create-permanent-locked-account <to_address> <amount>')
      .description(
        'create a new permanently locked account at to_address funded with amount by --from: its coins can be delegated but never vest (sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount)',
      ),
  ).action(
    clientAction(async (to: string, amount: string, f: TxFlags) => {
      const toAddress = await addressNotKeyName(globals(), to, f.keyringBackend, 'to_address')
      const coins = parseCoins(amount)
      if (coins.length === 0) throw ErrInvalidCoins.wrap(`must send a positive amount: ${amount}`)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount', {
          from_address: from.address,
          to_address: toAddress,
          amount: coinsToProto(coins),
        }),
      ])
    }),
  )
  addTxFlags(
    vesting
      .command('create-periodic-vesting-account <to_address> <periods_json_file>')
      .description(
        'create a new periodic vesting account at to_address funded by --from: the file gives {"start_time": <Unix seconds>, "periods": [{"coins": "10stake", "length_seconds": 2592000}, …]}; each period vests its coins at its end, and starts where the previous one ended (sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount)',
      ),
  ).action(
    clientAction(async (to: string, file: string, f: TxFlags) => {
      const toAddress = await addressNotKeyName(globals(), to, f.keyringBackend, 'to_address')
      const data = await readPeriodsFile(file)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny('/sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount', {
          from_address: from.address,
          to_address: toAddress,
          start_time: data.startTime.toString(),
          vesting_periods: data.periods.map((p) => ({
            length: p.length.toString(),
            amount: coinsToProto(p.coins),
          })),
        }),
      ])
    }),
  )
}

/** An int64 JSON number, as Go's encoding/json reads one into an int64 field. */
function int64Field(v: unknown, what: string, file: string): bigint {
  if (v === undefined || v === null) return 0n
  if (typeof v !== 'number' || !Number.isInteger(v) || !Number.isSafeInteger(v))
    throw new UserError(
      `${file}: ${what} must be an integer (Unix seconds or seconds), not ${JSON.stringify(v)}`,
    )
  return BigInt(v)
}

/** Upstream's periods file: `{"start_time": N, "periods": [{"coins": "…", "length_seconds": N}]}`. */
async function readPeriodsFile(
  file: string,
): Promise<{ startTime: bigint; periods: { length: bigint; coins: Coin[] }[] }> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(file, 'utf8'))
  } catch (err) {
    throw new UserError(`cannot read the periods file ${file}: ${(err as Error).message}`)
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new UserError(`${file}: expected a JSON object with start_time and periods`)
  const o = data as { start_time?: unknown; periods?: unknown }
  if (o.periods !== undefined && o.periods !== null && !Array.isArray(o.periods))
    throw new UserError(`${file}: periods must be a list`)
  const periods = ((o.periods as unknown[] | undefined) ?? []).map((p, i) => {
    const q = (p ?? {}) as { coins?: unknown; length_seconds?: unknown }
    const length = int64Field(q.length_seconds, `periods[${i}].length_seconds`, file)
    if (length < 0n)
      throw new UserError(
        `invalid period length of ${length} in period ${i}, length must be greater than 0`,
      )
    return { length, coins: parseCoins(typeof q.coins === 'string' ? q.coins : '') }
  })
  return { startTime: int64Field(o.start_time, 'start_time', file), periods }
}
