import type { Bytes } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesValue,
  Item,
  type KeyCodec,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  protoValue,
  uint64Key,
  uint64LEKey,
} from '../../store/collections.js'

export const MODULE_NAME = 'distribution'

/** The module account that collects fees and each block's provision (upstream FeeCollectorName). */
export const FEE_COLLECTOR_NAME = 'fee_collector'

/** A slash event's position: the height, then the validator period (both 8 bytes, big endian). */
export const heightPeriodKey: KeyCodec<[bigint, bigint]> = pairKey(uint64Key, uint64Key)

/**
 * Store layout of x/distribution as upstream v0.50 (x/distribution/types/keys.go): addresses
 * length-prefixed; the fee pool and the params are collections items.
 */
export function distributionCollections(registry: ProtoRegistry) {
  return {
    /** 0x00 → the community pool */
    feePool: new Item(
      Uint8Array.of(0x00),
      protoValue(registry.type('sdk.distribution.v1beta1.FeePool')),
    ),
    /** 0x01 → the consensus address of the previous block's proposer (BytesValue) */
    previousProposer: new Item(
      Uint8Array.of(0x01),
      protoValue(registry.type('google.protobuf.BytesValue')),
    ),
    /** 0x02 ‖ len ‖ operator → rewards not yet withdrawn (delegators' and commission) */
    outstanding: new KeyedMap(
      Uint8Array.of(0x02),
      lengthPrefixedBytesKey,
      protoValue(registry.type('sdk.distribution.v1beta1.ValidatorOutstandingRewards')),
    ),
    /** 0x03 ‖ len ‖ delegator → withdraw address (raw bytes); none means the delegator itself */
    withdrawAddress: new KeyedMap(Uint8Array.of(0x03), lengthPrefixedBytesKey, bytesValue),
    /** 0x04 ‖ len ‖ operator ‖ len ‖ delegator → the delegation's starting period and stake */
    startingInfo: new KeyedMap(
      Uint8Array.of(0x04),
      pairKey(lengthPrefixedBytesKey, lengthPrefixedBytesKey),
      protoValue(registry.type('sdk.distribution.v1beta1.DelegatorStartingInfo')),
    ),
    /** 0x05 ‖ len ‖ operator ‖ period (LE) → cumulative reward ratio and reference count */
    historical: new KeyedMap(
      Uint8Array.of(0x05),
      pairKey(lengthPrefixedBytesKey, uint64LEKey),
      protoValue(registry.type('sdk.distribution.v1beta1.ValidatorHistoricalRewards')),
    ),
    /** 0x06 ‖ len ‖ operator → the current period and its rewards so far */
    current: new KeyedMap(
      Uint8Array.of(0x06),
      lengthPrefixedBytesKey,
      protoValue(registry.type('sdk.distribution.v1beta1.ValidatorCurrentRewards')),
    ),
    /** 0x07 ‖ len ‖ operator → commission not yet withdrawn */
    commission: new KeyedMap(
      Uint8Array.of(0x07),
      lengthPrefixedBytesKey,
      protoValue(registry.type('sdk.distribution.v1beta1.ValidatorAccumulatedCommission')),
    ),
    /** 0x08 ‖ len ‖ operator ‖ height (BE) ‖ period (BE) → slash event */
    slashEvents: new KeyedMap(
      Uint8Array.of(0x08),
      pairKey(lengthPrefixedBytesKey, heightPeriodKey),
      protoValue(registry.type('sdk.distribution.v1beta1.ValidatorSlashEvent')),
    ),
    /** 0x09 → params */
    params: new Item(
      Uint8Array.of(0x09),
      protoValue(registry.type('sdk.distribution.v1beta1.Params')),
    ),
  }
}

export type DistributionCollections = ReturnType<typeof distributionCollections>

/** The encoded `len ‖ address` prefix of one validator's entries in a map keyed by it first. */
export function addressPrefix(address: Bytes): Bytes {
  return lengthPrefixedBytesKey.encode(address)
}
