import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import type { Bytes } from '../codec/bytes.js'
import {
  ErrInsufficientFee,
  ErrInsufficientFunds,
  ErrInvalidGasLimit,
  ErrInvalidRequest,
  ErrUnauthorized,
  ErrUnknownAddress,
  SdkError,
} from '../errors.js'
import { thenNow } from '../store/value-now.js'
import { feeOf } from './ante-facts.js'
import type { AnteContext, AnteDecorator } from './ante-types.js'
import { checkMinGasPrices } from './fees.js'

/** Module account receiving fees. */
const FEE_COLLECTOR = 'fee_collector'

/**
 * DeductFee (upstream x/auth/ante fee.go): a positive gas limit, the node's minimum gas prices in
 * CheckTx, no fee grant; the fee payer (the fee's payer when set, else the first signer) must exist
 * and pays the fee into the fee collector.
 */
export const deductFee: AnteDecorator = ({ o, ctx, tx, signers, simulate }) => {
  const fee = tx.fee
  const gasLimit = fee?.gasLimit ?? 0n
  if (!simulate && ctx.height > 0 && gasLimit === 0n) {
    throw ErrInvalidGasLimit.wrap('must provide positive gas')
  }
  const feeCoins = fee?.amount ?? []
  const isCheck = ctx.mode === 'check' || ctx.mode === 'recheck'
  if (!simulate && isCheck) checkMinGasPrices(feeCoins, gasLimit, o.minGasPrices)
  if (fee?.granter) throw ErrInvalidRequest.wrap('fee grants are not enabled')
  // upstream FeePayer(): the fee's payer when set, else the first signer
  const payer = fee?.payer ? bech32ToAddress(fee.payer) : signers![0]
  if (!payer) throw ErrUnauthorized.wrap('wrong number of signers; expected 1, got 0')
  // No promise when memory answers the reads (every tx pays a fee, in CheckTx and in its block).
  return thenNow(o.keepers.accounts.peekAccountNow(ctx.state, payer), (payerAccount) => {
    if (!payerAccount) {
      throw ErrUnknownAddress.wrap(`fee payer address: ${addressToBech32(payer)} does not exist`)
    }
    const feeFacts = feeOf(tx)
    if (feeFacts.isZero) return feeEvent(ctx, feeFacts.text, payer)
    if (!feeFacts.valid) throw ErrInsufficientFee.wrap(`invalid fee amount: ${feeFacts.text}`)
    let paid: void | Promise<void>
    try {
      // a copy: the keeper gets coins of its own
      paid = o.keepers.bank.sendCoinsFromAccountToModule(
        ctx,
        payer,
        FEE_COLLECTOR,
        feeFacts.coins.map((c) => ({ ...c })),
      )
    } catch (err) {
      throw feeFailure(err)
    }
    if (!(paid instanceof Promise)) return feeEvent(ctx, feeFacts.text, payer)
    return paid.then(
      () => feeEvent(ctx, feeFacts.text, payer),
      (err: unknown) => {
        throw feeFailure(err)
      },
    )
  })
}

/** A failed fee payment as upstream reports it: a registered error becomes insufficient funds. */
function feeFailure(err: unknown): unknown {
  return err instanceof SdkError ? ErrInsufficientFunds.wrap(err.message, { cause: err }) : err
}

/** The fee's `tx{fee, fee_payer}` event, where events are kept. */
function feeEvent(ctx: AnteContext, fee: string, payer: Bytes): void {
  if (ctx.events.keeps) ctx.events.emit('tx', { fee, fee_payer: addressToBech32(payer) })
}
