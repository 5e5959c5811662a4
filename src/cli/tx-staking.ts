import type { Command } from 'commander'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { type Coin, parseCoinNormalized } from '../codec/coins.js'
import { decFromString, decToAtomics, isDecString } from '../codec/dec.js'
import { jsonToAny } from '../codec/json-parser.js'
import type { Proto } from '../codec/proto.js'
import { ChainError } from '../errors.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { validateCreateValidator } from '../modules/staking/msg-checks.js'
import { clientAction, readInput } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import { addTxFlags, runTx, type TxFlags } from './tx-flags.js'

// `sdkd tx staking …` (upstream x/staking/client/cli/tx.go): the arguments, flags and checks of
// v0.50's commands; the node runs every rule of the messages.

const MSG = '/sdk.staking.v1beta1'
const DO_NOT_MODIFY = '[do-not-modify]'

/** A validator operator address argument, checked as the client's address codec does. */
function valoperArg(text: string): string {
  try {
    bech32ToAddress(text, valoperPrefix())
  } catch (err) {
    throw new CliError((err as Error).message)
  }
  return text
}

/** One coin (upstream sdk.ParseCoinNormalized). */
function coinArg(text: string): { denom: string; amount: string } {
  let coin: Coin
  try {
    coin = parseCoinNormalized(text)
  } catch (err) {
    throw new CliError((err as Error).message)
  }
  return { denom: coin.denom, amount: coin.amount.toString() }
}

/** The operator address of the signer (the same bytes as its account address). */
function operatorOf(account: string): string {
  return addressToBech32(bech32ToAddress(account), valoperPrefix())
}

/** The fields of upstream's create-validator JSON file. */
interface ValidatorFile {
  amount?: string
  pubkey?: unknown
  moniker?: string
  identity?: string
  website?: string
  security?: string
  details?: string
  'commission-rate'?: string
  'commission-max-rate'?: string
  'commission-max-change-rate'?: string
  'min-self-delegation'?: string
}

/** Upstream parseAndValidateValidatorJSON, its checks and texts in order. */
function parseValidatorFile(text: string) {
  let v: ValidatorFile
  try {
    v = JSON.parse(text) as ValidatorFile
  } catch (err) {
    throw new CliError(`failed to unmarshal validator JSON: ${(err as Error).message}`)
  }
  if (!v.amount) throw new CliError('must specify amount of coins to bond')
  const amount = coinArg(v.amount)
  if (v.pubkey === undefined || v.pubkey === null) {
    throw new CliError('must specify the JSON encoded pubkey')
  }
  if (!v.moniker) throw new CliError('must specify the moniker name')
  const rate = v['commission-rate'] ?? ''
  const maxRate = v['commission-max-rate'] ?? ''
  const maxChange = v['commission-max-change-rate'] ?? ''
  if (rate === '' || maxRate === '' || maxChange === '') {
    throw new CliError('must specify all validator commission parameters')
  }
  for (const r of [rate, maxRate, maxChange]) {
    if (!isDecString(r)) throw new CliError(`failed to set decimal string: ${r}`)
  }
  const minSelf = v['min-self-delegation'] ?? ''
  if (minSelf === '') throw new CliError('must specify minimum self delegation')
  if (!/^\d+$/.test(minSelf))
    throw new CliError('minimum self delegation must be a positive integer')
  return {
    amount,
    pubkey: v.pubkey,
    description: {
      moniker: v.moniker,
      identity: v.identity ?? '',
      website: v.website ?? '',
      security_contact: v.security ?? '',
      details: v.details ?? '',
    },
    // The rates go on the protobuf wire as LegacyDecs: the integer scaled by 10^18.
    commission: {
      rate: atomics(rate),
      max_rate: atomics(maxRate),
      max_change_rate: atomics(maxChange),
    },
    minSelf,
  }
}

/** Decimal text (`0.1`) as a LegacyDec's protobuf wire text (`100000000000000000`). */
function atomics(text: string): string {
  return decToAtomics(decFromString(text))
}

interface EditFlags extends TxFlags {
  moniker: string
  identity: string
  website: string
  securityContact: string
  details: string
  commissionRate?: string
  minSelfDelegation?: string
}

/**
 * cancel-unbond's creation height, an int64 as upstream's strconv.ParseInt reads it: a number past
 * that range is refused in strconv's words, not wrapped into another height.
 */
function creationHeightArg(text: string): bigint {
  if (!/^-?\d+$/.test(text)) throw new CliError(`invalid height: ${text}`)
  const height = BigInt(text)
  if (height < -(2n ** 63n) || height >= 2n ** 63n)
    throw new CliError(
      `invalid height: strconv.ParseInt: parsing ${JSON.stringify(text)}: value out of range`,
    )
  return height
}

/** `sdkd tx staking create-validator|edit-validator|delegate|redelegate|unbond|cancel-unbond`. */
export function registerTxStaking(program: Command, globals: () => GlobalFlags): void {
  const staking = commandGroup(program, 'tx').command('staking').description('staking transactions')

  addTxFlags(
    staking
      .command('create-validator <path/to/validator.json>')
      .description(
        'create a validator and self-delegate to it (sdk.staking.v1beta1.MsgCreateValidator); the file is upstream JSON: pubkey, amount, moniker, commission-rate, commission-max-rate, commission-max-change-rate, min-self-delegation, and optional identity, website, security, details',
      ),
  ).action(
    clientAction(async (path: string, f: TxFlags) => {
      const v = parseValidatorFile(await readInput(path, 'validator JSON'))
      await runTx(globals(), f, ({ ctx, from }) => {
        const msg = {
          description: v.description,
          commission: v.commission,
          min_self_delegation: v.minSelf,
          validator_address: operatorOf(from.address),
          pubkey: jsonToAny(ctx.registry, v.pubkey, 'pubkey'),
          value: v.amount,
        }
        // Upstream's command validates the message before it signs: nothing is broadcast (no fee
        // paid, no sequence used) for a message every node would refuse.
        try {
          validateCreateValidator(msg as Proto<'sdk.staking.v1beta1.MsgCreateValidator'>)
        } catch (err) {
          if (err instanceof ChainError) throw new CliError(err.message)
          throw err
        }
        return [ctx.registry.packAny(`${MSG}.MsgCreateValidator`, msg)]
      })
    }),
  )

  addTxFlags(
    staking
      .command('edit-validator')
      .description(
        "edit the signer's validator: description fields, commission rate, minimum self delegation (sdk.staking.v1beta1.MsgEditValidator)",
      )
      .option('--moniker <name>', "the validator's name", DO_NOT_MODIFY)
      .option(
        '--identity <text>',
        'the optional identity signature (ex. UPort or Keybase)',
        DO_NOT_MODIFY,
      )
      .option('--website <url>', "the validator's (optional) website", DO_NOT_MODIFY)
      .option(
        '--security-contact <email>',
        "the validator's (optional) security contact email",
        DO_NOT_MODIFY,
      )
      .option('--details <text>', "the validator's (optional) details", DO_NOT_MODIFY)
      .option('--commission-rate <rate>', 'the new commission rate percentage')
      .option(
        '--min-self-delegation <amount>',
        'the minimum self delegation required on the validator',
      ),
  ).action(
    clientAction(async (f: EditFlags) => {
      if (f.commissionRate !== undefined && !isDecString(f.commissionRate)) {
        throw new CliError(`failed to set decimal string: ${f.commissionRate}`)
      }
      if (f.minSelfDelegation !== undefined && !/^\d+$/.test(f.minSelfDelegation)) {
        throw new CliError('minimum self delegation must be a positive integer')
      }
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgEditValidator`, {
          description: {
            moniker: f.moniker,
            identity: f.identity,
            website: f.website,
            security_contact: f.securityContact,
            details: f.details,
          },
          validator_address: operatorOf(from.address),
          commission_rate: f.commissionRate === undefined ? '' : atomics(f.commissionRate),
          min_self_delegation: f.minSelfDelegation ?? '',
        }),
      ])
    }),
  )

  addTxFlags(
    staking
      .command('delegate <validator-addr> <amount>')
      .description('delegate liquid tokens to a validator (sdk.staking.v1beta1.MsgDelegate)'),
  ).action(
    clientAction(async (val: string, amount: string, f: TxFlags) => {
      const validator = valoperArg(val)
      const coin = coinArg(amount)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgDelegate`, {
          delegator_address: from.address,
          validator_address: validator,
          amount: coin,
        }),
      ])
    }),
  )

  addTxFlags(
    staking
      .command('redelegate <src-validator-addr> <dst-validator-addr> <amount>')
      .description(
        'redelegate tokens from one validator to another (sdk.staking.v1beta1.MsgBeginRedelegate)',
      ),
  ).action(
    clientAction(async (src: string, dst: string, amount: string, f: TxFlags) => {
      const source = valoperArg(src)
      const destination = valoperArg(dst)
      const coin = coinArg(amount)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgBeginRedelegate`, {
          delegator_address: from.address,
          validator_src_address: source,
          validator_dst_address: destination,
          amount: coin,
        }),
      ])
    }),
  )

  addTxFlags(
    staking
      .command('unbond <validator-addr> <amount>')
      .description(
        'unbond tokens from a validator; they return after the unbonding time (sdk.staking.v1beta1.MsgUndelegate)',
      ),
  ).action(
    clientAction(async (val: string, amount: string, f: TxFlags) => {
      const validator = valoperArg(val)
      const coin = coinArg(amount)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgUndelegate`, {
          delegator_address: from.address,
          validator_address: validator,
          amount: coin,
        }),
      ])
    }),
  )

  addTxFlags(
    staking
      .command('cancel-unbond <validator-addr> <amount> <creation-height>')
      .description(
        'cancel an unbonding delegation entry and delegate its tokens back to the validator (sdk.staking.v1beta1.MsgCancelUnbondingDelegation)',
      ),
  ).action(
    clientAction(async (val: string, amount: string, height: string, f: TxFlags) => {
      const validator = valoperArg(val)
      const coin = coinArg(amount)
      const creationHeight = creationHeightArg(height)
      await runTx(globals(), f, ({ ctx, from }) => [
        ctx.registry.packAny(`${MSG}.MsgCancelUnbondingDelegation`, {
          delegator_address: from.address,
          validator_address: validator,
          amount: coin,
          creation_height: creationHeight,
        }),
      ])
    }),
  )
}
