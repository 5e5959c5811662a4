import type { BlockContext } from '../../app/types.js'
import type { Bytes } from '../../codec/bytes.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { consensusAddress } from '../../config/validator-key.js'
import type { StakingHooks } from '../staking/hooks.js'
import { consAddressText, type SlashingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

/**
 * The consensus address of a validator's consensus public key (an ed25519 key in an Any), or
 * undefined when the key is not an ed25519 key.
 */
export function consAddressOfPubkey(
  registry: ProtoRegistry,
  any: Proto<'google.protobuf.Any'> | null,
): Bytes | undefined {
  if (!any || any.type_url !== registry.typeUrl('/sdk.crypto.ed25519.PubKey')) return undefined
  const { key } = registry.decode('sdk.crypto.ed25519.PubKey', any.value)
  return key.length === 32 ? consensusAddress(key) : undefined
}

/** Stores the consensus address → public key relation (upstream AddPubkey). */
export function addPubkey(
  ctx: BlockContext,
  keeper: SlashingKeeper,
  any: Proto<'google.protobuf.Any'> | null,
): void {
  const consAddr = consAddressOfPubkey(keeper.registry, any)
  if (!consAddr || !any) return
  keeper.c.pubkeys.set(ctx.state.store(MODULE_NAME), consAddr, {
    type_url: any.type_url,
    value: any.value,
  })
}

/**
 * x/slashing's staking hooks (upstream x/slashing/keeper/hooks.go), for `addHooks`: a created
 * validator's public key is remembered (double-sign evidence is only handled for known keys), a
 * bonded validator's signing window starts at the current height, and a removed validator's key
 * is forgotten. Its signing info stays, as upstream's does.
 */
export function slashingStakingHooks(keeper: SlashingKeeper): StakingHooks {
  return {
    async afterValidatorCreated(ctx, operator) {
      const validator = await keeper.staking.validator(ctx.state, operator)
      if (validator) addPubkey(ctx, keeper, validator.consensus_pubkey)
    },
    async afterValidatorBonded(ctx, consAddr) {
      const info = await keeper.signingInfo(ctx.state, consAddr)
      const height = BigInt(ctx.height)
      keeper.setSigningInfo(
        ctx.state,
        consAddr,
        info
          ? { ...info, startHeight: height }
          : {
              address: consAddressText(consAddr),
              startHeight: height,
              indexOffset: 0n,
              jailedUntil: 0n,
              tombstoned: false,
              missedBlocksCounter: 0n,
            },
      )
    },
    async afterValidatorRemoved(ctx, consAddr) {
      keeper.c.pubkeys.remove(ctx.state.store(MODULE_NAME), consAddr)
    },
  }
}
