import { ChainError, GrpcCode } from '../../error-status.js'
import type { StateReader } from '../../store/types.js'
import { GasMeter, meteredReader, OutOfGasError } from '../../tx/gas.js'

/**
 * A query past app.toml's `query-gas-limit`: upstream's query context panics with ErrorOutOfGas,
 * which its gRPC server's recovery turns into status Internal with the panic printed (`{ReadFlat}`),
 * and its ABCI Query into ErrPanic (code 111222, `{ReadFlat}: panic`).
 */
export class QueryOutOfGasError extends ChainError {
  override readonly name: string = 'QueryOutOfGasError'
  readonly grpcCode = GrpcCode.Internal
  override readonly expected = true

  constructor(readonly descriptor: string) {
    super(`{${descriptor}}`)
  }

  statusMessage(): string {
    return this.message
  }

  abci() {
    return { code: 111222, codespace: 'undefined', log: `${this.message}: panic` }
  }
}

/**
 * A query's state under `limit` gas (0: unbounded, as upstream: the state as it is), and how to
 * read its failures: an out-of-gas becomes the error upstream's query answers with.
 */
export function queryGas(limit: number): {
  state(view: StateReader): StateReader
  failure(err: unknown): unknown
} {
  if (limit <= 0) return { state: (view) => view, failure: (err) => err }
  return {
    state: (view) => meteredReader(view, new GasMeter(BigInt(limit))),
    failure: (err) => (err instanceof OutOfGasError ? new QueryOutOfGasError(err.descriptor) : err),
  }
}
