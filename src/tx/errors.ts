import type { ChainError } from '../errors.js'
import { grpcCodeName, SdkError, StatusError, UndefinedCodeError } from '../errors.js'

export { UndefinedCodeError }

/** ABCI view of a tx failure: code, codespace and log, as CheckTx/DeliverTx report them. */
export interface AbciError {
  code: number
  codespace: string
  log: string
}

/** The text upstream shows for an error inside a wrap (`rpc error: …` for gRPC status errors). */
function innerText(err: unknown): string {
  if (err instanceof StatusError) {
    return `rpc error: code = ${grpcCodeName(err.grpcCode)} desc = ${err.message}`
  }
  return err instanceof Error ? err.message : String(err)
}

/** Upstream errorsmod.Wrap: a registered error keeps its code; anything else becomes code 1. */
export function wrapTxError(err: unknown, message: string): ChainError {
  if (err instanceof SdkError) return err.wrap(message)
  return new UndefinedCodeError(`${message}: ${innerText(err)}`, { cause: err })
}

/** ABCI code, codespace and log of any error thrown while running a tx. */
export function abciError(err: unknown): AbciError {
  if (err instanceof SdkError || err instanceof UndefinedCodeError) return err.abci()
  return { code: 1, codespace: 'undefined', log: innerText(err) }
}
