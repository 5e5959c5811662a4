import type { ModuleConfigurator } from '../../app/types.js'
import { checkAuthority } from '../gov/authority.js'
import type { MintKeeper } from './keeper.js'
import { readMintParams, validateMintParams } from './params.js'

const MSG = '/sdk.mint.v1beta1'

/** x/mint Msg service: MsgUpdateParams (upstream v0.50 msg server), for governance. */
export function registerMintMsgs(cfg: ModuleConfigurator, keeper: MintKeeper): void {
  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    // Unset params are the zero Params, which fail the checks (upstream's non-nullable field).
    const params = msg.params ?? keeper.registry.decode('sdk.mint.v1beta1.Params', new Uint8Array())
    validateMintParams(readMintParams(params))
    keeper.setParams(ctx.state, params)
    return {}
  })
}
