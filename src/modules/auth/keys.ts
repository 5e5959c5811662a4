import { utf8 } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesKey,
  bytesValue,
  Item,
  KeyedMap,
  protoValue,
  uint64Key,
  uint64Value,
} from '../../store/collections.js'

export const MODULE_NAME = 'auth'

/** Module accounts the app knows and their permissions (upstream maccPerms). */
export const MODULE_ACCOUNT_PERMISSIONS: Record<string, string[]> = {
  fee_collector: [],
  gov: ['burner'],
  // x/staking's pools (created by auth genesis after the two above, so account numbers keep their order).
  bonded_tokens_pool: ['burner', 'staking'],
  not_bonded_tokens_pool: ['burner', 'staking'],
  // x/distribution's account (the rewards and the community pool) and x/mint's (minting).
  distribution: [],
  mint: ['minter'],
}

/**
 * Module accounts bank refuses to send external funds to (upstream simapp BlockedAddresses):
 * every one but gov's, which takes deposits.
 */
export const BLOCKED_MODULE_ACCOUNTS: readonly string[] = Object.keys(
  MODULE_ACCOUNT_PERMISSIONS,
).filter((name) => name !== 'gov')

/** Upstream's prefix of the account-number index (collections.NewPrefix("accountNumber")). */
export const ACCOUNT_NUMBER_PREFIX = utf8('accountNumber')

/** Store layout of x/auth (append-only prefixes, as upstream). */
export function authCollections(registry: ProtoRegistry) {
  return {
    params: new Item(Uint8Array.of(0x00), protoValue(registry.type('sdk.auth.v1beta1.Params'))),
    /** address → account (Any) */
    accounts: new KeyedMap(
      Uint8Array.of(0x01),
      bytesKey,
      protoValue(registry.type('google.protobuf.Any')),
    ),
    globalAccountNumber: new Item(Uint8Array.of(0x02), uint64Value),
    /**
     * account number → address: upstream's Unique index `"accountNumber" ‖ uint64 BE` (key 21
     * bytes, as upstream prices it). Homes made before it kept the same index at `0x03 ‖ uint64`.
     */
    accountNumbers: new KeyedMap(ACCOUNT_NUMBER_PREFIX, uint64Key, bytesValue),
    /** The account-number index of homes made before upstream's layout (read, never written). */
    legacyAccountNumbers: new KeyedMap(Uint8Array.of(0x03), uint64Key, bytesValue),
  }
}
