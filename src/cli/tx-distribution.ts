import type { Command } from 'commander'
import { bech32ToAddress } from '../codec/address.js'
import { type Coin, coinsToProto, parseCoins } from '../codec/coins.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { clientAction, clientContext } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { addressNotKeyName } from './keys.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, resolveSignerData, runTx, type TxFlags } from './tx-flags.js'
import { fromUse, resolveFrom } from './tx-from.js'

// `sdkd tx distribution …` (upstream x/distribution/client/cli/tx.go and its autocli Msg commands):
// v0.50's commands, arguments and flags; the node runs every rule of the messages.

const MSG = '/sdk.distribution.v1beta1'

/** A validator operator address argument, checked as the client's address codec does. */
function valoperArg(text: string): string {
  try {
    bech32ToAddress(text, valoperPrefix())
  } catch (err) {
    throw new CliError((err as Error).message)
  }
  return text
}

/** Coins (upstream sdk.ParseCoinsNormalized); at least one, as the messages need an amount. */
function coinsArg(text: string): { denom: string; amount: string }[] {
  let coins: Coin[]
  try {
    coins = parseCoins(text)
  } catch (err) {
    throw new CliError((err as Error).message)
  }
  if (coins.length === 0) throw new CliError(`invalid coins: ${JSON.stringify(text)}`)
  return coinsToProto(coins)
}

/** The given messages' chunks of at most `size` (one chunk of all when `size` is 0). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  if (size === 0 || items.length <= size) return [[...items]]
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

interface WithdrawAllFlags extends TxFlags {
  maxMsgs: number
}

/** `sdkd tx distribution withdraw-rewards|withdraw-all-rewards|set-withdraw-addr|…`. */
export function registerTxDistribution(program: Command, globals: () => GlobalFlags): void {
  const distribution = commandGroup(program, 'tx')
    .command('distribution')
    .description('distribution transactions')

  addTxFlags(
    distribution
      .command('withdraw-rewards <validator-addr>')
      .description(
        'withdraw rewards from a given delegation address, and optionally withdraw validator commission if the delegation address given is a validator operator (sdk.distribution.v1beta1.MsgWithdrawDelegatorReward, with --commission also MsgWithdrawValidatorCommission)',
      )
      .option('--commission', "withdraw the validator's commission in addition to the rewards"),
  ).action(
    clientAction(async (val: string, f: TxFlags & { commission?: boolean }) => {
      const validator = valoperArg(val)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgWithdrawDelegatorReward`, {
          delegator_address: from.address,
          validator_address: validator,
        }),
        ...(f.commission
          ? [
              ctx.registry.packAny(`${MSG}.MsgWithdrawValidatorCommission`, {
                validator_address: validator,
              }),
            ]
          : []),
      ])
    }),
  )

  addTxFlags(
    distribution
      .command('withdraw-all-rewards')
      .description(
        'withdraw all delegations rewards for a delegator: one MsgWithdrawDelegatorReward per validator it delegates to (the node is asked which), in one tx or in txs of at most --max-msgs messages',
      )
      .option(
        '--max-msgs <n>',
        'limit the number of messages per tx (0 for unlimited)',
        pflagIntArg('int', 0),
        0,
      ),
  ).action(
    clientAction(async (f: WithdrawAllFlags) => {
      // The messages come from a query of the delegator's validators: no offline generation.
      if (f.offline) throw new CliError('cannot generate tx in offline mode')
      const g = globals()
      const ctx = await clientContext(g, f.node)
      const from = await resolveFrom(g, f, fromUse(f))
      const { response } = await ctx
        .node()
        .query('sdk.distribution.v1beta1.Query/DelegatorValidators', {
          delegator_address: from.address,
        })
      const validators = response.validators ?? []
      if (validators.length === 0) {
        throw new CliError(`${from.address} has no delegations: there are no rewards to withdraw`)
      }
      const parts = chunks(validators, f.maxMsgs)
      // Each tx after the first takes the next sequence: the node's account still shows the
      // sequence of the last committed block while the earlier txs wait in the mempool.
      let sequence: bigint | undefined
      if (parts.length > 1 && !f.generateOnly) {
        sequence = (await resolveSignerData(ctx, from.address, f)).sequence
      }
      for (const part of parts) {
        const flags = sequence === undefined ? f : { ...f, sequence: Number(sequence) }
        await runTx(g, flags, ({ ctx: c, from: signer }) =>
          part.map((validator) =>
            c.registry.packAny(`${MSG}.MsgWithdrawDelegatorReward`, {
              delegator_address: signer.address,
              validator_address: validator,
            }),
          ),
        )
        if (sequence !== undefined) sequence++
      }
    }),
  )

  addTxFlags(
    distribution
      .command('set-withdraw-addr <withdraw-addr>')
      .description(
        'change the default withdraw address for rewards associated with an address (sdk.distribution.v1beta1.MsgSetWithdrawAddress)',
      ),
  ).action(
    clientAction(async (to: string, f: TxFlags) => {
      const withdraw = await addressNotKeyName(globals(), to, f.keyringBackend, 'withdraw-addr')
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgSetWithdrawAddress`, {
          delegator_address: from.address,
          withdraw_address: withdraw,
        }),
      ])
    }),
  )

  addTxFlags(
    distribution
      .command('fund-community-pool <amount>')
      .description(
        'funds the community pool with the specified amount (sdk.distribution.v1beta1.MsgFundCommunityPool)',
      ),
  ).action(
    clientAction(async (amount: string, f: TxFlags) => {
      const coins = coinsArg(amount)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgFundCommunityPool`, {
          amount: coins,
          depositor: from.address,
        }),
      ])
    }),
  )

  addTxFlags(
    distribution
      .command('fund-validator-rewards-pool <validator-addr> <amount>')
      .description(
        "fund the validator rewards pool with the specified amount; the validator's commission applies (sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool)",
      ),
  ).action(
    clientAction(async (val: string, amount: string, f: TxFlags) => {
      const validator = valoperArg(val)
      const coins = coinsArg(amount)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgDepositValidatorRewardsPool`, {
          depositor: from.address,
          validator_address: validator,
          amount: coins,
        }),
      ])
    }),
  )
}
