import { brand } from '../../codec/brand.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  Item,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  protoValue,
  stringValue,
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

/** Store layout of x/staking (the upstream prefixes of the parts sdkd keeps). */
export function stakingCollections(registry: ProtoRegistry) {
  return {
    /** operator address → consensus power of the last validator set */
    lastValidatorPower: new KeyedMap(Uint8Array.of(0x11), lengthPrefixedBytesKey, uint64Value),
    /** total consensus power of the last validator set (integer text) */
    lastTotalPower: new Item(Uint8Array.of(0x12), stringValue),
    /** operator address → validator */
    validators: new KeyedMap(
      Uint8Array.of(0x21),
      lengthPrefixedBytesKey,
      protoValue(registry.type('sdk.staking.v1beta1.Validator')),
    ),
    /** (delegator, operator) → delegation */
    delegations: new KeyedMap(
      Uint8Array.of(0x31),
      pairKey(lengthPrefixedBytesKey, lengthPrefixedBytesKey),
      protoValue(registry.type('sdk.staking.v1beta1.Delegation')),
    ),
    params: new Item(Uint8Array.of(0x51), protoValue(registry.type('sdk.staking.v1beta1.Params'))),
  }
}
