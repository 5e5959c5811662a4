import { bech32ToAddress } from '../codec/address.js'
import { coinsText } from '../codec/coins.js'
import { int64Of } from '../codec/int64.js'
import type { ProtoInit } from '../codec/proto.js'
import {
  ErrInsufficientFee,
  ErrInvalidAddress,
  ErrInvalidGasLimit,
  ErrInvalidRequest,
  ErrMemoTooLarge,
  ErrNoSignatures,
  ErrTxTimeoutHeight,
  ErrUnauthorized,
  ErrUnknownExtensionOptions,
} from '../errors.js'
import { txSigners } from './ante-facts.js'
import { stdSignatureLength, storedPubKey } from './ante-multisig.js'
import type { AnteContext, AnteDecorator, AnteOptions, AnteRun } from './ante-types.js'
import { UndefinedCodeError } from './errors.js'
import { SECP256K1_PUBKEY_URL } from './pubkeys.js'
import { isIncompleteSignature, signatureDataOf } from './signature-data.js'

// The ante handler's first decorators (upstream x/auth/ante setup.go, ext.go, basic.go): what can
// be checked of a tx before its fee is charged.

/** Upstream MaxGasWanted (math.MaxInt64). */
const MAX_GAS_WANTED = 2n ** 63n - 1n

/**
 * Legacy amino size of a secp256k1 StdSignature, charged per missing signature in simulation (for
 * an account without a key, or with a secp256k1 one).
 */
const SIM_SIGNATURE_BYTES = 106

/** SetUpContext (the meter was created with the gas limit by the caller): the block's gas cap. */
export const setUpContext: AnteDecorator = ({ o, tx }) => {
  const gasLimit = tx.fee?.gasLimit ?? 0n
  if (o.blockMaxGas > 0n && gasLimit > o.blockMaxGas) {
    throw ErrInvalidGasLimit.wrap(`tx gas limit ${gasLimit} exceeds block max gas ${o.blockMaxGas}`)
  }
}

/** ExtensionOptions: none are supported. */
export const extensionOptions: AnteDecorator = ({ tx }) => {
  if (tx.extensionOptions.length > 0) throw ErrUnknownExtensionOptions.error()
}

/** ValidateBasic: the fee, the fee payer, and one signature (and signer info) per signer. */
export const validateBasic: AnteDecorator = (run) => {
  const { tx, recheck } = run
  const signers = txSigners(tx)
  run.signers = signers
  if (!recheck) {
    const fee = tx.fee
    if (!fee) throw new UndefinedCodeError('missing fee')
    if (fee.gasLimit > MAX_GAS_WANTED) {
      throw ErrInvalidRequest.wrap(`invalid gas supplied; ${fee.gasLimit} > ${MAX_GAS_WANTED}`)
    }
    if (fee.amount.some((c) => c.amount === '')) {
      throw ErrInsufficientFee.wrap('invalid fee provided: null')
    }
    if (fee.amount.some((c) => c.amount.startsWith('-'))) {
      throw ErrInsufficientFee.wrap(`invalid fee provided: ${coinsText(fee.amount)}`)
    }
    if (fee.payer) {
      try {
        bech32ToAddress(fee.payer)
      } catch (err) {
        throw ErrInvalidAddress.wrap(`Invalid fee payer address (${(err as Error).message})`)
      }
    }
    if (tx.signatures.length === 0) throw ErrNoSignatures.error()
    if (tx.signatures.length !== signers.length) {
      throw ErrUnauthorized.wrap(
        `wrong number of signers; expected ${signers.length}, got ${tx.signatures.length}`,
      )
    }
  }
  if (tx.signerInfos.length !== signers.length) {
    throw ErrUnauthorized.wrap(
      `wrong number of signers; expected ${signers.length}, got ${tx.signerInfos.length}`,
    )
  }
}

/** TxTimeoutHeight: a tx past its timeout height is refused. */
export const txTimeoutHeight: AnteDecorator = ({ ctx, tx }) => {
  if (tx.timeoutHeight > 0n && BigInt(ctx.height) > tx.timeoutHeight) {
    throw ErrTxTimeoutHeight.wrap(
      `block height: ${ctx.height}, timeout height: ${tx.timeoutHeight}`,
    )
  }
}

type AuthParams = ProtoInit<'sdk.auth.v1beta1.Params'>

/** ValidateMemo: the memo within x/auth's `max_memo_characters` (read only for a memo). */
export const validateMemo: AnteDecorator = ({ o, ctx, tx }) => {
  const memoLength = Buffer.byteLength(tx.memo, 'utf8')
  return memoLength > 0 ? checkMemoLength(o, ctx, memoLength) : undefined
}

function checkMemoLength(
  o: AnteOptions,
  ctx: AnteContext,
  memoLength: number,
): Promise<void> | undefined {
  const params = o.keepers.accounts.paramsNow(ctx.state)
  if (params instanceof Promise) return params.then((p) => memoWithin(p, memoLength))
  memoWithin(params, memoLength)
  return undefined
}

function memoWithin(params: AuthParams, memoLength: number): void {
  const max = int64Of(params.max_memo_characters)
  if (BigInt(memoLength) > max) {
    throw ErrMemoTooLarge.wrap(
      `maximum number of characters is ${max} but received ${memoLength} characters`,
    )
  }
}

/**
 * ConsumeGasForTxSize: gas per byte of the tx (and, in simulation, of each signature still
 * missing: a secp256k1 StdSignature's size, a multisig account's times `tx_sig_limit`).
 */
export const consumeGasForTxSize: AnteDecorator = (run) => {
  // Without a promise when memory has the params and the tx is not simulated (every tx).
  const params = run.o.keepers.accounts.paramsNow(run.ctx.state)
  return params instanceof Promise
    ? params.then((p) => chargeTxSize(run, p))
    : chargeTxSize(run, params)
}

function chargeTxSize(run: AnteRun, params: AuthParams): Promise<void> | undefined {
  const perByte = int64Of(params.tx_size_cost_per_byte)
  run.ctx.meter.consume(perByte * BigInt(run.tx.bytes.length), 'txSize')
  return run.simulate ? chargeMissingSignatures(run, params, perByte) : undefined
}

/** In simulation, the gas of each signature still missing, as if it were there. */
async function chargeMissingSignatures(
  run: AnteRun,
  params: AuthParams,
  perByte: bigint,
): Promise<void> {
  const { o, ctx, tx } = run
  const signers = run.signers!
  const accounts = o.keepers.accounts
  // Upstream reads every signature first: a multi-signature it cannot read fails here.
  const data = tx.signerInfos.map((info, i) =>
    info.mode === undefined
      ? signatureDataOf(info, tx.signatures[i] ?? new Uint8Array())
      : undefined,
  )
  for (const [i, signer] of signers.entries()) {
    const info = tx.signerInfos[i]
    const complete =
      info?.mode !== undefined
        ? (tx.signatures[i]?.length ?? 0) > 0
        : info !== undefined && !isIncompleteSignature(data[i])
    if (complete) continue
    const acc = await accounts.peekAccount(ctx.state, signer)
    const key =
      acc?.pubKey && acc.pubKey.type_url !== o.registry.typeUrl(SECP256K1_PUBKEY_URL)
        ? storedPubKey(o.registry, acc.pubKey)
        : undefined
    let cost = BigInt((key ? stdSignatureLength(key) : SIM_SIGNATURE_BYTES) + 6)
    // A multisig's signature is estimated for the most signers it may have.
    if (key?.type === 'multisig') cost *= int64Of(params.tx_sig_limit)
    ctx.meter.consume(perByte * cost, 'txSize')
  }
}
