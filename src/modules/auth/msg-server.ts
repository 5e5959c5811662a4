import type { ModuleConfigurator } from '../../app/types.js'
import type { ProtoInit } from '../../codec/proto.js'
import { UndefinedCodeError } from '../../errors.js'
import { checkAuthority } from '../gov/authority.js'
import type { AuthKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'

/**
 * Upstream's `Params.Validate` of x/auth, in its order and with its texts: every param must be
 * positive (plain errors: code 1 in a block).
 */
export function validateAuthParams(p: ProtoInit<'sdk.auth.v1beta1.Params'>): void {
  const checks: [unknown, string][] = [
    [p.tx_sig_limit, 'invalid tx signature limit'],
    [p.sig_verify_cost_ed25519, 'invalid ED25519 signature verification cost'],
    [p.sig_verify_cost_secp256k1, 'invalid SECK256k1 signature verification cost'],
    [p.max_memo_characters, 'invalid max memo characters'],
    [p.tx_size_cost_per_byte, 'invalid tx size cost per byte'],
  ]
  for (const [value, text] of checks) {
    const n = BigInt(String(value ?? 0))
    if (n === 0n) throw new UndefinedCodeError(`${text}: 0`)
  }
}

/** x/auth Msg service: MsgUpdateParams (upstream v0.50 msg server), for governance. */
export function registerAuthMsgs(cfg: ModuleConfigurator, keeper: AuthKeeper): void {
  cfg.registerMsg('/sdk.auth.v1beta1.MsgUpdateParams', async (msg, ctx) => {
    checkAuthority(msg.authority)
    // Unset params are the zero Params, which fail the checks (upstream's non-nullable field).
    validateAuthParams(msg.params ?? {})
    keeper.c.params.set(ctx.state.store(MODULE_NAME), msg.params!)
    return {}
  })
}
