import { ErrInvalidHeight, ErrInvalidRequest } from '../../errors.js'

/** Name the upstream "not ready" message gives the app. */
export const APP_NAME = 'sdkd'

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/**
 * The height asked for by the values of a request's height header (`header`, the brand's
 * `x-sdk-block-height`), as the upstream gRPC interceptor reads them: it counts only when there is
 * exactly one value (none, or several, mean latest = 0); the value is a Go `strconv.ParseInt`
 * decimal; negative heights are refused.
 */
export function requestedHeight(values: readonly string[], header: string): bigint {
  if (values.length !== 1) return 0n
  const text = values[0]!
  const fail = (why: string) =>
    ErrInvalidRequest.wrap(
      `Baseapp.RegisterGRPCServer: invalid height header ${JSON.stringify(header)}: strconv.ParseInt: parsing ${JSON.stringify(text)}: ${why}`,
    )
  if (!/^[+-]?\d+$/.test(text)) throw fail('invalid syntax')
  const height = BigInt(text)
  if (height < INT64_MIN || height > INT64_MAX) throw fail('value out of range')
  if (height < 0n) {
    throw ErrInvalidRequest.wrap('cannot query with height < 0; please provide a valid height')
  }
  return height
}

/** What the height checks need to know about the committed chain. */
export interface CommittedHeights {
  /** Height of the last committed block (0 before the first block). */
  latestBlockHeight(): number
  /** Throws the upstream "failed to load state" error when the state at `height` is gone. */
  checkReadable(height: number): void
}

/**
 * Upstream CreateQueryContext checks, in upstream order: negative, no block yet, future, proof at
 * height ≤ 1, pruned. Returns the height to serve (0 means the latest committed block).
 */
export function resolveQueryHeight(
  chain: CommittedHeights,
  requested: bigint,
  prove = false,
): number {
  if (requested < 0n) {
    throw ErrInvalidRequest.wrap('cannot query with height < 0; please provide a valid height')
  }
  const latest = chain.latestBlockHeight()
  if (latest <= 0)
    throw ErrInvalidHeight.wrap(`${APP_NAME} is not ready; please wait for first block`)
  if (requested > BigInt(latest)) {
    throw ErrInvalidHeight.wrap(
      'cannot query with height in the future; please provide a valid height',
    )
  }
  const height = requested === 0n ? latest : Number(requested)
  if (prove && height <= 1) {
    throw ErrInvalidRequest.wrap(
      'cannot query with proof when height <= 1; please provide a valid height',
    )
  }
  chain.checkReadable(height)
  return height
}
