import type { BlockContext, ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { decFromAtomics, decMulInt, decQuo, decTruncate } from '../../codec/dec.js'
import { ErrInvalidAddress, registeredError, SdkError } from '../../errors.js'
import { checkAuthority } from '../gov/authority.js'
import { valoperPrefix } from '../staking/keys.js'
import {
  ErrMissingSelfDelegation,
  ErrNoValidatorForAddress,
  ErrSelfDelegationTooLowToUnjail,
  ErrValidatorJailed,
  ErrValidatorNotJailed,
} from './errors.js'
import { consAddressOfPubkey } from './hooks.js'
import type { SlashingKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { readSlashingParams, validateSlashingParams } from './params.js'

const MSG = '/sdk.slashing.v1beta1'

/** The address codec's error text, as upstream nests it in a msg server's wrap. */
function addressProblem(err: unknown): string {
  if (!(err instanceof SdkError)) return String((err as Error).message ?? err)
  const inner = err.wraps[0] ?? ''
  if (inner.startsWith('hrp does not match')) return `${inner}: internal logic error`
  if (inner.startsWith('empty address')) return `${inner}: invalid address`
  return inner
}

/**
 * The error a real staking keeper gives for a missing record (staking's code when that codespace
 * is registered in this process, else slashing's own, as upstream's mocked keeper tests expect).
 */
function stakingError(code: number, fallback: () => SdkError): SdkError {
  return registeredError('staking', code)?.error() ?? fallback()
}

/** Upstream Keeper.Unjail (x/slashing/keeper/unjail.go), its checks in upstream's order. */
export async function unjail(ctx: BlockContext, keeper: SlashingKeeper, operator: Bytes) {
  const { staking } = keeper
  const validator = await staking.validator(ctx.state, operator)
  if (!validator) throw stakingError(3, () => ErrNoValidatorForAddress.error())
  // The operator's account address has the operator address's bytes.
  const self = await staking.delegation(ctx.state, operator, operator)
  if (!self) throw stakingError(19, () => ErrMissingSelfDelegation.error())
  const totalShares = decFromAtomics(validator.delegator_shares)
  const tokens =
    totalShares === 0n
      ? 0n
      : decTruncate(
          decQuo(
            decMulInt(decFromAtomics(self.shares), BigInt(validator.tokens || '0')),
            totalShares,
          ),
        )
  const minSelfBond = BigInt(validator.min_self_delegation || '0')
  if (tokens < minSelfBond)
    throw ErrSelfDelegationTooLowToUnjail.wrap(`${tokens} less than ${minSelfBond}`)
  if (!validator.jailed) throw ErrValidatorNotJailed.error()
  const consAddr = consAddressOfPubkey(keeper.registry, validator.consensus_pubkey)
  if (!consAddr) throw ErrNoValidatorForAddress.wrap('validator has no ed25519 consensus key')
  // No signing info: the validator was never bonded (jailed for too little self-delegation), so
  // it may unjail at any time.
  const info = await keeper.signingInfo(ctx.state, consAddr)
  if (info) {
    if (info.tombstoned) throw ErrValidatorJailed.error()
    if (ctx.time < info.jailedUntil) throw ErrValidatorJailed.error()
  }
  await staking.unjail(ctx, consAddr)
}

/** x/slashing Msg service: MsgUnjail and MsgUpdateParams (upstream v0.50 msg server). */
export function registerSlashingMsgs(cfg: ModuleConfigurator, keeper: SlashingKeeper): void {
  cfg.registerMsg(`${MSG}.MsgUnjail`, async (msg, ctx) => {
    let operator: Bytes
    try {
      operator = bech32ToAddress(msg.validator_addr, valoperPrefix())
    } catch (err) {
      throw ErrInvalidAddress.wrap(`validator input address: ${addressProblem(err)}`)
    }
    await unjail(ctx, keeper, operator)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    // Unset params are the zero Params, which fail the checks (upstream's non-nullable field).
    const params =
      msg.params ?? keeper.registry.decode('sdk.slashing.v1beta1.Params', new Uint8Array())
    validateSlashingParams(readSlashingParams(params))
    keeper.c.params.set(ctx.state.store(MODULE_NAME), params)
    return {}
  })
}
