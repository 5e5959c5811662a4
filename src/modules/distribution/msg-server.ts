import type { ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import { type Coin, coinsFromProto, coinsText, isValidCoins } from '../../codec/coins.js'
import { decCoinsFromCoins } from '../../codec/dec-coins.js'
import {
  ErrInvalidAddress,
  ErrInvalidCoins,
  ErrInvalidRequest,
  ErrUnauthorized,
  UndefinedCodeError,
  wrapText,
} from '../../errors.js'
import { checkAuthority as checkGovAuthority } from '../gov/authority.js'
import { ErrNoDelegation, ErrNoValidatorFound } from '../staking/errors.js'
import { accountArg, valoperArg } from '../staking/msg-checks.js'
import { allocateTokensToValidator } from './allocation.js'
import type { DistributionKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { readParams, validateParams } from './params.js'
import { initializeDelegation } from './periods.js'
import {
  distributeFromFeePool,
  fundCommunityPool,
  setWithdrawAddress,
  withdrawDelegationRewards,
  withdrawValidatorCommission,
} from './withdraw.js'

const MSG = '/sdk.distribution.v1beta1'

/** Upstream validateAmount: an absent amount, then invalid coins, are sdk 10. */
function amountArg(amount: readonly { denom: string; amount: string }[] | null): Coin[] {
  if (!amount || amount.length === 0) throw ErrInvalidCoins.wrap('amount cannot be nil')
  if (!isValidCoins(amount)) throw ErrInvalidCoins.wrap(coinsText(amount))
  return coinsFromProto(amount)
}

/** Upstream validateAuthority: a bech32 address (sdk 7), then x/gov's account (gov 13). */
function checkAuthority(authority: string): void {
  try {
    bech32ToAddress(authority)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid authority address: ${(err as Error).message}`)
  }
  checkGovAuthority(authority)
}

/** An address whose bad form is upstream's plain codec error (code 1). */
function plainAddress(text: string): Uint8Array {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    // The codec's text alone, without the code's description sdkd's decoder adds.
    throw new UndefinedCodeError(wrapText(err))
  }
}

/** x/distribution Msg service (upstream x/distribution/keeper/msg_server.go, v0.50). */
export function registerDistributionMsgs(cfg: ModuleConfigurator, k: DistributionKeeper): void {
  cfg.registerMsg(`${MSG}.MsgSetWithdrawAddress`, async (msg, ctx) => {
    const delegator = accountArg(msg.delegator_address, 'delegator')
    const withdraw = accountArg(msg.withdraw_address, 'withdraw')
    await setWithdrawAddress(k, ctx, delegator, withdraw)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgWithdrawDelegatorReward`, async (msg, ctx) => {
    const operator = valoperArg(msg.validator_address)
    const delegator = accountArg(msg.delegator_address, 'delegator')
    const val = await k.staking.validator(ctx.state, operator)
    if (!val) throw ErrNoValidatorFound.error()
    const del = await k.staking.delegation(ctx.state, delegator, operator)
    if (!del) throw ErrNoDelegation.error()
    const amount = await withdrawDelegationRewards(k, ctx, val, del, delegator)
    await initializeDelegation(k, ctx.state, BigInt(ctx.height), operator, delegator)
    return { amount: amount.map((c) => ({ denom: c.denom, amount: c.amount.toString() })) }
  })

  cfg.registerMsg(`${MSG}.MsgWithdrawValidatorCommission`, async (msg, ctx) => {
    const operator = valoperArg(msg.validator_address)
    const amount = await withdrawValidatorCommission(k, ctx, operator)
    return { amount: amount.map((c) => ({ denom: c.denom, amount: c.amount.toString() })) }
  })

  cfg.registerMsg(`${MSG}.MsgFundCommunityPool`, async (msg, ctx) => {
    const depositor = accountArg(msg.depositor, 'depositor')
    const amount = amountArg(msg.amount)
    await fundCommunityPool(k, ctx, amount, depositor)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    const raw = msg.params ?? k.registry.decode('sdk.distribution.v1beta1.Params', new Uint8Array())
    const params = readParams(raw)
    if (params.baseProposerReward !== 0n || params.bonusProposerReward !== 0n) {
      throw ErrInvalidRequest.wrap(
        'cannot update base or bonus proposer reward because these are deprecated fields',
      )
    }
    validateParams(params)
    k.setParams(ctx.state, raw)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgCommunityPoolSpend`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    const amount = amountArg(msg.amount)
    const recipient = plainAddress(msg.recipient)
    if (k.bank.isBlocked(recipient)) {
      throw ErrUnauthorized.wrap(`${msg.recipient} is not allowed to receive external funds`)
    }
    await distributeFromFeePool(k, ctx, amount, recipient)
    ctx.logger.info(
      { amount: coinsText(msg.amount), recipient: msg.recipient },
      'transferred from the community pool to recipient',
    )
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgDepositValidatorRewardsPool`, async (msg, ctx) => {
    const depositor = plainAddress(msg.depositor)
    const amount = coinsFromProto(msg.amount)
    await k.bank.sendCoinsFromAccountToModule(ctx, depositor, MODULE_NAME, amount)
    const operator = valoperArg(msg.validator_address)
    const val = await k.staking.validator(ctx.state, operator)
    if (!val) throw ErrNoValidatorFound.error()
    await allocateTokensToValidator(k, ctx, val, decCoinsFromCoins(amount))
    return {}
  })
}
