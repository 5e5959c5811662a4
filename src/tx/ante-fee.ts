import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import {
  ErrInsufficientFee,
  ErrInsufficientFunds,
  ErrInvalidGasLimit,
  ErrInvalidRequest,
  ErrUnauthorized,
  ErrUnknownAddress,
  SdkError,
} from '../errors.js'
import { feeOf } from './ante-facts.js'
import type { AnteDecorator } from './ante-types.js'
import { checkMinGasPrices } from './fees.js'

/** Module account receiving fees. */
const FEE_COLLECTOR = 'fee_collector'

/**
 * DeductFee (upstream x/auth/ante fee.go): a positive gas limit, the node's minimum gas prices in
 * CheckTx, no fee grant; the fee payer (the fee's payer when set, else the first signer) must exist
 * and pays the fee into the fee collector.
 */
export const deductFee: AnteDecorator = async ({ o, ctx, tx, signers, simulate }) => {
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
  const peeked = o.keepers.accounts.peekAccountNow(ctx.state, payer)
  const payerAccount = peeked instanceof Promise ? await peeked : peeked
  if (!payerAccount) {
    throw ErrUnknownAddress.wrap(`fee payer address: ${addressToBech32(payer)} does not exist`)
  }
  const feeFacts = feeOf(tx)
  if (!feeFacts.isZero) {
    if (!feeFacts.valid) {
      throw ErrInsufficientFee.wrap(`invalid fee amount: ${feeFacts.text}`)
    }
    try {
      // a copy: the keeper gets coins of its own
      await o.keepers.bank.sendCoinsFromAccountToModule(
        ctx,
        payer,
        FEE_COLLECTOR,
        feeFacts.coins.map((c) => ({ ...c })),
      )
    } catch (err) {
      if (err instanceof SdkError) throw ErrInsufficientFunds.wrap(err.message, { cause: err })
      throw err
    }
  }
  if (ctx.events.keeps) {
    ctx.events.emit('tx', { fee: feeFacts.text, fee_payer: addressToBech32(payer) })
  }
}
