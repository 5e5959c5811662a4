import { uint64BE } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesValue,
  Item,
  type KeyCodec,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  protoValue,
  stringValue,
  uint64Key,
  uint64Value,
} from '../../store/collections.js'

export const MODULE_NAME = 'gov'

/** Longest metadata (and title) of a proposal or vote, in UTF-8 bytes (upstream DefaultConfig). */
export const MAX_METADATA_LEN = 255
/** Longest proposal summary in UTF-8 bytes (upstream: 40 × max metadata length). */
export const MAX_SUMMARY_LEN = 40 * MAX_METADATA_LEN

/** A block time (ns since the epoch) as a key: big-endian, so queues iterate in time order. */
export const timeKey: KeyCodec<bigint> = {
  encode: (t) => {
    if (t < 0n) throw new RangeError('gov queues hold times after 1970 only')
    return uint64BE(t)
  },
  decode: (b) => [new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0), 8],
}

/** The key of every entry of a queue due at or before `t` ends before this (exclusive bound). */
export function queueEnd(t: bigint): Uint8Array {
  return uint64BE(t + 1n)
}

/** Store layout of x/gov v1 (prefixes as upstream x/gov/types/keys.go). */
export function govCollections(registry: ProtoRegistry) {
  return {
    /** proposal id → proposal */
    proposals: new KeyedMap(
      Uint8Array.of(0x00),
      uint64Key,
      protoValue(registry.type('sdk.gov.v1.Proposal')),
    ),
    /** (voting end time, id) → id: proposals in their voting period */
    activeQueue: new KeyedMap(Uint8Array.of(0x01), pairKey(timeKey, uint64Key), uint64Value),
    /** (deposit end time, id) → id: proposals in their deposit period */
    inactiveQueue: new KeyedMap(Uint8Array.of(0x02), pairKey(timeKey, uint64Key), uint64Value),
    /** the next proposal id */
    proposalId: new Item(Uint8Array.of(0x03), uint64Value),
    /** proposal id → 0x01 while the proposal is in its voting period */
    votingPeriodProposals: new KeyedMap(Uint8Array.of(0x04), uint64Key, bytesValue),
    /** (proposal id, depositor) → deposit */
    deposits: new KeyedMap(
      Uint8Array.of(0x10),
      pairKey(uint64Key, lengthPrefixedBytesKey),
      protoValue(registry.type('sdk.gov.v1.Deposit')),
    ),
    /** (proposal id, voter) → vote */
    votes: new KeyedMap(
      Uint8Array.of(0x20),
      pairKey(uint64Key, lengthPrefixedBytesKey),
      protoValue(registry.type('sdk.gov.v1.Vote')),
    ),
    params: new Item(Uint8Array.of(0x30), protoValue(registry.type('sdk.gov.v1.Params'))),
    constitution: new Item(Uint8Array.of(0x31), stringValue),
  }
}
