import type { ModuleConfigurator, ModuleHost } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { isValidDenom } from '../../codec/coins.js'
import { ErrInvalidAddress, ErrInvalidCoins, goPanic } from '../../errors.js'
import { addressProblem } from '../bank/msg-server.js'
import { checkAuthority } from '../gov/authority.js'
import { ErrUnknownInvariant } from './errors.js'
import type { CrisisKeeper } from './keeper.js'

const MSG = '/sdk.crisis.v1beta1'
const FEE_COLLECTOR = 'fee_collector'

/**
 * x/crisis Msg service (upstream v0.50 msg server): MsgVerifyInvariant checks one registered
 * invariant now, for the constant fee; MsgUpdateParams sets that fee (governance only). `host`
 * gives the invariants of every module once the app is assembled.
 */
export function registerCrisisMsgs(
  cfg: ModuleConfigurator,
  keeper: CrisisKeeper,
  host: () => ModuleHost | undefined,
): void {
  cfg.registerMsg(`${MSG}.MsgVerifyInvariant`, async (msg, ctx) => {
    if (msg.sender === '') throw ErrInvalidAddress.wrap('empty address string is not allowed')
    let sender: Bytes
    try {
      sender = bech32ToAddress(msg.sender)
    } catch (err) {
      throw ErrInvalidAddress.wrap(`invalid sender address: ${addressProblem(err)}`)
    }
    const fee = await keeper.constantFee(ctx.state)
    // sdk.NewCoins drops a zero fee: the send then moves nothing.
    const coins = fee.amount === 0n ? [] : [fee]
    await keeper.bank.sendCoinsFromAccountToModule(ctx, sender, FEE_COLLECTOR, coins)
    const route = `${msg.invariant_module_name}/${msg.invariant_route}`
    const found = host()
      ?.invariantRoutes()
      .find((r) => `${r.module}/${r.route}` === route)
    if (!found) throw ErrUnknownInvariant.error()
    // In a branch thrown away: the invariant's reads change nothing.
    const broken = await found.check({ ...ctx, state: ctx.state.branch() })
    // Upstream panics with the invariant's message (the tx fails; its runTx recovers the panic).
    if (broken !== undefined) throw goPanic(broken)
    ctx.events.emit('invariant', { route: msg.invariant_route })
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx) => {
    checkAuthority(msg.authority)
    const fee = msg.constant_fee
    // Upstream sdk.Coin.IsValid: a valid denom and an amount that is a whole number, zero allowed.
    if (!fee || !isValidDenom(fee.denom) || !/^\d+$/.test(fee.amount)) {
      throw ErrInvalidCoins.wrap('invalid constant fee')
    }
    keeper.setConstantFee(ctx.state, fee)
    return {}
  })
}
