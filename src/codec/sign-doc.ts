import type { Bytes } from './bytes.js'
import type { ProtoRegistry } from './proto.js'

/** Upstream SignMode.SIGN_MODE_DIRECT (the tx's sign mode number). */
export const SIGN_MODE_DIRECT = 1

/** The fields SIGN_MODE_DIRECT signs. */
export interface SignDocFields {
  bodyBytes: Bytes
  authInfoBytes: Bytes
  chainId: string
  accountNumber: bigint
}

/**
 * SIGN_MODE_DIRECT sign bytes: the deterministic encoding of SignDoc over the exact body and auth
 * info bytes received (never re-encoded), binding the chain id and the account number.
 */
export function signBytes(registry: ProtoRegistry, f: SignDocFields): Bytes {
  return registry.encode('sdk.tx.v1beta1.SignDoc', {
    body_bytes: f.bodyBytes,
    auth_info_bytes: f.authInfoBytes,
    chain_id: f.chainId,
    account_number: f.accountNumber.toString(),
  })
}
