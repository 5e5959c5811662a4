import { brand } from '../../codec/brand.js'
import {
  type Bytes,
  concatBytes,
  emptyBytes,
  readBigUint64BE,
  readUint64BE,
  restOf,
  uint64BE,
  utf8,
  utf8Range,
  writeUint64BE,
} from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesKey,
  bytesValue,
  Item,
  type KeyCodec,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  protoValue,
  stringKey,
  stringValue,
  uint64Key,
  uint64Value,
} from '../../store/collections.js'

export const MODULE_NAME = 'staking'

/** Module account holding the tokens of bonded validators (upstream BondedPoolName). */
export const BONDED_POOL_NAME = 'bonded_tokens_pool'
/** Module account of tokens not bonded (upstream NotBondedPoolName). */
export const NOT_BONDED_POOL_NAME = 'not_bonded_tokens_pool'
/** Permissions of the staking pools (upstream maccPerms). */
export const POOL_PERMISSIONS = ['burner', 'staking']

/** Bech32 prefix of validator operator addresses (the brand's: `sdkvaloper`, `cosmosvaloper`). */
export const valoperPrefix = (): string => brand().bech32.validator

/** Tokens per unit of consensus power (upstream DefaultPowerReduction). */
export const POWER_REDUCTION = 1_000_000n

/** Upstream FormatTimeBytes: `2006-01-02T15:04:05.000000000` in UTC (29 bytes, sorts by time). */
export function formatTimeKey(time: Date, nanos = 0): string {
  const iso = time.toISOString() // 2006-01-02T15:04:05.000Z
  return `${iso.slice(0, 19)}.${String(nanos).padStart(9, '0')}`
}

/** A time key component (the 29 bytes of `formatTimeKey`, no length prefix: fixed width). */
export const timeKey: KeyCodec<string> = {
  encode: (k) => utf8(k),
  decode: (b) => [utf8Range(b, 0, 29), 29],
  // Written in place into a store key, as a string key component is.
  size: stringKey.size!,
  write: stringKey.write!,
}

/**
 * The power index key after its prefix (upstream GetValidatorsByPowerIndexKey): consensus power as
 * 8 big-endian bytes, then the length-prefixed operator address with every bit inverted, so a
 * reverse iteration gives higher power first and, at equal power, the lower address first.
 */
export const powerIndexKey: KeyCodec<[bigint, Bytes]> = {
  encode: ([power, operator]) => {
    const out = new Uint8Array(9 + operator.length)
    writePowerIndexKey(power, operator, out, 0)
    return out
  },
  decode: (b) => {
    const n = b[8]!
    return [[readBigUint64BE(b, 0), b.slice(9, 9 + n).map((x) => 255 - x)], 9 + n]
  },
  size: ([, operator]) => 9 + operator.length,
  write: ([power, operator], out, at) => writePowerIndexKey(power, operator, out, at),
}

/** Writes a power index key (`powerIndexKey`) at `out[at…]`; returns its length. */
function writePowerIndexKey(power: bigint, operator: Bytes, out: Bytes, at: number): number {
  writeUint64BE(power, out, at)
  out[at + 8] = operator.length
  for (let i = 0; i < operator.length; i++) out[at + 9 + i] = 255 - operator[i]!
  return 9 + operator.length
}

/**
 * The validator queue key after its prefix (upstream GetValidatorQueueKey): the time key's length
 * (8 bytes BE), the time key, the height (8 bytes BE).
 */
export const validatorQueueKey: KeyCodec<[string, bigint]> = {
  encode: ([time, height]) => {
    const t = utf8(time)
    return concatBytes(uint64BE(BigInt(t.length)), t, uint64BE(height))
  },
  decode: (b) => {
    const n = readUint64BE(b, 0)
    return [[utf8Range(b, 8, 8 + n), readBigUint64BE(b, 8 + n)], 16 + n]
  },
}

/** Three length-prefixed addresses (redelegation keys and their indexes). */
const tripleKey: KeyCodec<[Bytes, Bytes, Bytes]> = {
  encode: ([a, b, c]) =>
    concatBytes(
      lengthPrefixedBytesKey.encode(a),
      lengthPrefixedBytesKey.encode(b),
      lengthPrefixedBytesKey.encode(c),
    ),
  decode: (bytes) => {
    const [a, n] = lengthPrefixedBytesKey.decode(bytes)
    const [b, m] = lengthPrefixedBytesKey.decode(restOf(bytes, n))
    const [c, k] = lengthPrefixedBytesKey.decode(restOf(bytes, n + m))
    return [[a, b, c], n + m + k]
  },
}

const emptyValue = {
  encode: (_: true) => emptyBytes(),
  decode: (_: Bytes) => true as const,
}

/**
 * Store layout of x/staking: upstream's prefixes and keys (x/staking/types/keys.go; see
 * docs for the table). Addresses are the 20 address bytes; `valoper` and the account address of an
 * operator are the same bytes.
 */
export function stakingCollections(registry: ProtoRegistry) {
  return {
    /** operator → consensus power of the last validator set (bonded validators only) */
    lastValidatorPower: new KeyedMap(Uint8Array.of(0x11), lengthPrefixedBytesKey, uint64Value),
    /** total consensus power of the last validator set (integer text) */
    lastTotalPower: new Item(Uint8Array.of(0x12), stringValue),
    /** operator → validator */
    validators: new KeyedMap(
      Uint8Array.of(0x21),
      lengthPrefixedBytesKey,
      protoValue(registry.type('sdk.staking.v1beta1.Validator')),
    ),
    /** consensus address → operator */
    validatorsByConsAddr: new KeyedMap(Uint8Array.of(0x22), lengthPrefixedBytesKey, bytesValue),
    /** (power, operator) → operator; jailed validators are never in it (read in reverse) */
    validatorsByPower: new KeyedMap(Uint8Array.of(0x23), powerIndexKey, bytesValue),
    /** (delegator, operator) → delegation */
    delegations: new KeyedMap(
      Uint8Array.of(0x31),
      pairKey(lengthPrefixedBytesKey, lengthPrefixedBytesKey),
      protoValue(registry.type('sdk.staking.v1beta1.Delegation')),
    ),
    /** (delegator, operator) → unbonding delegation */
    unbondingDelegations: new KeyedMap(
      Uint8Array.of(0x32),
      pairKey(lengthPrefixedBytesKey, lengthPrefixedBytesKey),
      protoValue(registry.type('sdk.staking.v1beta1.UnbondingDelegation')),
    ),
    /** (operator, delegator) → empty: unbonding delegations by validator */
    unbondingDelegationsByValidator: new KeyedMap(
      Uint8Array.of(0x33),
      pairKey(lengthPrefixedBytesKey, lengthPrefixedBytesKey),
      emptyValue,
    ),
    /** (delegator, source, destination) → redelegation */
    redelegations: new KeyedMap(
      Uint8Array.of(0x34),
      tripleKey,
      protoValue(registry.type('sdk.staking.v1beta1.Redelegation')),
    ),
    /** (source, delegator, destination) → empty */
    redelegationsBySource: new KeyedMap(Uint8Array.of(0x35), tripleKey, emptyValue),
    /** (destination, delegator, source) → empty */
    redelegationsByDestination: new KeyedMap(Uint8Array.of(0x36), tripleKey, emptyValue),
    /** the last unbonding id handed out */
    lastUnbondingId: new Item(Uint8Array.of(0x37), uint64Value),
    /** unbonding id → the store key (after the module prefix) of what owns it */
    unbondingIndex: new KeyedMap(Uint8Array.of(0x38), uint64Key, bytesValue),
    /** unbonding id → its type: 1 unbonding delegation, 2 redelegation, 3 validator */
    unbondingType: new KeyedMap(Uint8Array.of(0x39), uint64Key, uint64Value),
    /** completion time → the (delegator, validator) pairs whose unbonding matures then */
    unbondingQueue: new KeyedMap(
      Uint8Array.of(0x41),
      timeKey,
      protoValue(registry.type('sdk.staking.v1beta1.DVPairs')),
    ),
    /** completion time → the redelegations that mature then */
    redelegationQueue: new KeyedMap(
      Uint8Array.of(0x42),
      timeKey,
      protoValue(registry.type('sdk.staking.v1beta1.DVVTriplets')),
    ),
    /** (unbonding end time, height) → operators whose unbonding matures then */
    validatorQueue: new KeyedMap(
      Uint8Array.of(0x43),
      validatorQueueKey,
      protoValue(registry.type('sdk.staking.v1beta1.ValAddresses')),
    ),
    /** height → header and validator set at that height */
    historicalInfo: new KeyedMap(
      Uint8Array.of(0x50),
      uint64Key,
      protoValue(registry.type('sdk.staking.v1beta1.HistoricalInfo')),
    ),
    params: new Item(Uint8Array.of(0x51), protoValue(registry.type('sdk.staking.v1beta1.Params'))),
    /** the validator updates of the current block */
    validatorUpdates: new Item(
      Uint8Array.of(0x61),
      protoValue(registry.type('sdk.staking.v1beta1.ValidatorUpdates')),
    ),
    /** (operator ‖ delegator, no length byte before the delegator) → empty: delegations by validator */
    delegationsByValidator: new KeyedMap(
      Uint8Array.of(0x71),
      pairKey(lengthPrefixedBytesKey, bytesKey),
      emptyValue,
    ),
  }
}
