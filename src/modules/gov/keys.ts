import { readBigUint64BE, uint64BE, utf8, utf8Range } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { parseRfc3339, timeToTimestamp } from '../../codec/time.js'
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

/** Length of upstream's time key (sdk.TimeKey, FormatTimeBytes `2006-01-02T15:04:05.000000000`). */
const TIME_KEY_LENGTH = 29

/**
 * A block time (ns since the epoch) as upstream's queues key it: the 29 bytes of FormatTimeBytes
 * (UTC, nanoseconds), which sort in time order.
 */
export const timeKey: KeyCodec<bigint> = {
  encode: (t) => {
    const { seconds, nanos } = timeToTimestamp(t)
    const iso = new Date(Number(seconds) * 1000).toISOString()
    return utf8(`${iso.slice(0, 19)}.${String(nanos).padStart(9, '0')}`)
  },
  decode: (b) => [parseRfc3339(`${utf8Range(b, 0, TIME_KEY_LENGTH)}Z`), TIME_KEY_LENGTH],
}

/**
 * The queues' time key before sdkd keyed them as upstream: 8 big-endian bytes. A home made then
 * may still hold such entries; they sort before every upstream key (their first byte is below
 * `'0'` until 2079).
 */
export const legacyTimeKey: KeyCodec<bigint> = {
  encode: (t) => uint64BE(t),
  decode: (b) => [readBigUint64BE(b), 8],
}

/** Where upstream's time keys start in a queue (`'0'`): legacy entries are all below. */
export const QUEUE_START = utf8('0')

/** The key of every entry of a queue due at or before `t` ends before this (exclusive bound). */
export function queueEnd(t: bigint): Uint8Array {
  return timeKey.encode(t + 1n)
}

/** The same bound in the legacy layout. */
export function legacyQueueEnd(t: bigint): Uint8Array {
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
    /** The same queues' entries a home made before upstream's time key may hold (read, removed). */
    legacyActiveQueue: new KeyedMap(
      Uint8Array.of(0x01),
      pairKey(legacyTimeKey, uint64Key),
      uint64Value,
    ),
    legacyInactiveQueue: new KeyedMap(
      Uint8Array.of(0x02),
      pairKey(legacyTimeKey, uint64Key),
      uint64Value,
    ),
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
