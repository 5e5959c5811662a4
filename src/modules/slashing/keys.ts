import { brand } from '../../codec/brand.js'
import type { Bytes } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import {
  bytesValue,
  Item,
  KeyedMap,
  lengthPrefixedBytesKey,
  pairKey,
  protoValue,
  uint64LEKey,
} from '../../store/collections.js'

export const MODULE_NAME = 'slashing'

/** Bech32 prefix of consensus addresses (the brand's: `sdkvalcons`, `cosmosvalcons`). */
export const valconsPrefix = (): string => brand().bech32.consensus

/** Upstream ValidatorUpdateDelay: a validator-set change of height H takes effect at H+2. */
export const VALIDATOR_UPDATE_DELAY = 1

/** Upstream DoubleSignJailEndTime: 9999-12-31T23:59:59Z, "jailed forever", in nanoseconds. */
export const DOUBLE_SIGN_JAIL_END_TIME = 253402300799n * 1_000_000_000n

/**
 * Store layout of x/slashing as upstream v0.50 (x/slashing/types/keys.go): params, signing infos
 * and the chunked missed-blocks bitmap by consensus address, and the consensus public keys of the
 * validators staking created.
 */
export function slashingCollections(registry: ProtoRegistry) {
  return {
    params: new Item(Uint8Array.of(0x00), protoValue(registry.type('sdk.slashing.v1beta1.Params'))),
    /** consensus address → signing info */
    signingInfos: new KeyedMap(
      Uint8Array.of(0x01),
      lengthPrefixedBytesKey,
      protoValue(registry.type('sdk.slashing.v1beta1.ValidatorSigningInfo')),
    ),
    /** (consensus address, chunk number little endian) → 1024 bits of the missed-blocks bitmap */
    missedBlocks: new KeyedMap(
      Uint8Array.of(0x02),
      pairKey(lengthPrefixedBytesKey, uint64LEKey),
      bytesValue,
    ),
    /** consensus address → its public key as an Any (upstream AddrPubkeyRelation) */
    pubkeys: new KeyedMap(
      Uint8Array.of(0x03),
      lengthPrefixedBytesKey,
      protoValue(registry.type('google.protobuf.Any')),
    ),
  }
}

export type SlashingCollections = ReturnType<typeof slashingCollections>

/** The prefix (after the map's) of every bitmap chunk of one validator. */
export function missedBlocksPrefix(consAddr: Bytes): Bytes {
  return lengthPrefixedBytesKey.encode(consAddr)
}
