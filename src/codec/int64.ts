import type { Long } from 'protobufjs'

/** A 64-bit integer field as protobufjs has it: decoded (a Long) or as `fromObject` takes it. */
export type Int64 = Long | number | string | bigint

/** A 64-bit integer field (a Long, a number, a decimal string or a bigint; absent: 0) as a bigint. */
export function int64Of(v: Int64 | null | undefined): bigint {
  if (v === undefined || v === null) return 0n
  if (typeof v === 'number' || typeof v === 'bigint') return BigInt(v)
  if (typeof v === 'object') {
    const { low, high, unsigned } = v
    if (high === 0) return BigInt(low >>> 0)
    const n = (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0)
    return unsigned ? n : BigInt.asIntN(64, n)
  }
  return BigInt(v)
}
