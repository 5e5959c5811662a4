import type { ModuleConfigurator } from '../../app/types.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { ErrInvalidSigner } from './errors.js'
import type { UpgradeKeeper } from './keeper.js'

const MSG = '/sdk.upgrade.v1beta1'

/**
 * The upgrade Msg service (upstream x/upgrade/keeper/msg_server.go): only the authority — the gov
 * module account — may schedule or cancel an upgrade, so in practice these run inside a passed
 * proposal. The plan is validated here, at execution, by ScheduleUpgrade (the messages have no
 * ValidateBasic, so gov accepts any plan at submission). No events of its own, as upstream.
 */
export function registerUpgradeMsgs(
  cfg: ModuleConfigurator,
  keeper: UpgradeKeeper,
  authority: string = addressToBech32(moduleAddress('gov')),
): void {
  const checkAuthority = (got: string) => {
    if (got !== authority) throw ErrInvalidSigner.wrap(`expected ${authority} got ${got}`)
  }

  cfg.registerMsg(`${MSG}.MsgSoftwareUpgrade`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    // An absent plan is scheduled as an empty one, which validation refuses (no name).
    await keeper.scheduleUpgrade(ctx, msg.plan ?? {})
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgCancelUpgrade`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    keeper.clearUpgradePlan(ctx.state)
    return {}
  })
}
