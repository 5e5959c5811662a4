import { eachNow } from '../store/value-now.js'
import {
  consumeGasForTxSize,
  extensionOptions,
  setUpContext,
  txTimeoutHeight,
  validateBasic,
  validateMemo,
} from './ante-basic.js'
import { deductFee } from './ante-fee.js'
import {
  incrementSequence,
  setPubKey,
  sigGasConsume,
  sigVerification,
  validateSigCount,
} from './ante-sig-verify.js'
import type { AnteContext, AnteDecorator, AnteOptions, AnteRun } from './ante-types.js'
import type { DecodedTx } from './decode.js'

/**
 * The ante handler's decorators in upstream's order (x/auth/ante `NewAnteHandler`): what can be
 * checked of the tx alone, then the fee, then the keys and signatures, then the sequences.
 */
export const ANTE_DECORATORS: readonly AnteDecorator[] = [
  setUpContext,
  extensionOptions,
  validateBasic,
  txTimeoutHeight,
  validateMemo,
  consumeGasForTxSize,
  deductFee,
  setPubKey,
  validateSigCount,
  sigGasConsume,
  sigVerification,
  incrementSequence,
]

/**
 * Runs the ante handler over a tx: each decorator in order; the first failure wins and nothing of
 * the tx is kept (the caller runs it on a branch). Deducts the fee, stores new public keys,
 * verifies signatures and increments sequences. A promise only when a decorator returns one: memory
 * answers the reads of nearly every tx, and the decorators' promises were most of a tx's.
 */
export function runAnte(o: AnteOptions, ctx: AnteContext, tx: DecodedTx): void | Promise<void> {
  const run: AnteRun = {
    o,
    ctx,
    tx,
    signers: undefined,
    simulate: ctx.mode === 'simulate',
    recheck: ctx.mode === 'recheck',
  }
  return eachNow(ANTE_DECORATORS, (decorate) => decorate(run))
}
