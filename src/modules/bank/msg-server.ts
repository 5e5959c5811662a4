import type { BlockContext, ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import {
  type Coin,
  coinsFromProto,
  coinsText,
  isValidCoins,
  isValidDenom,
} from '../../codec/coins.js'
import type { Proto } from '../../codec/proto.js'
import {
  ErrInvalidAddress,
  ErrInvalidCoins,
  ErrInvalidRequest,
  ErrUnauthorized,
  SdkError,
  UndefinedCodeError,
} from '../../errors.js'
import { eachNow, thenNow } from '../../store/value-now.js'
import { checkAuthority } from '../gov/authority.js'
import {
  ErrInputOutputMismatch,
  ErrMultipleSenders,
  ErrNoInputs,
  ErrNoOutputs,
  ErrSendDisabled,
} from './errors.js'
import type { BankKeeper } from './keeper.js'
import { MODULE_NAME, sendEnabledBytes, sendEnabledOf } from './keys.js'

/** Validated coins of a message field: `<coins>: invalid coins` when not valid and positive. */
function validCoins(coins: readonly Proto<'sdk.base.v1beta1.Coin'>[]): Coin[] {
  if (!isValidCoins(coins) || coins.length === 0) throw ErrInvalidCoins.wrap(coinsText(coins))
  return coinsFromProto(coins)
}

/** The address codec's error text, as upstream nests it (`invalid from address: <this>`). */
export function addressProblem(err: unknown): string {
  if (!(err instanceof SdkError)) return String((err as Error).message ?? err)
  const inner = err.wraps[0] ?? ''
  if (inner.startsWith('hrp does not match')) return `${inner}: internal logic error`
  if (inner.startsWith('empty address')) return `${inner}: invalid address`
  return inner
}

function address(text: string, what: string): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid ${what} address: ${addressProblem(err)}`)
  }
}

/**
 * Upstream's send-enabled check of each denom (the bank params' default, or the denom's own entry);
 * a promise only when a read needs one (a bank send's reads are in memory).
 */
export function checkSendEnabled(
  keeper: BankKeeper,
  ctx: BlockContext,
  coins: readonly Coin[],
): void | Promise<void> {
  if (coins.length === 0) return
  const store = ctx.state.store(MODULE_NAME)
  return thenNow(keeper.paramsNow(ctx.state), (params) =>
    eachNow(coins, (coin) =>
      // Upstream getSendEnabled: Has, then Get only for a denom that has an entry (both charged).
      thenNow(keeper.c.sendEnabled.hasNow(store, coin.denom), (has) =>
        has
          ? keeper.c.sendEnabled
              .get(store, coin.denom)
              .then((v) => sendEnabledCheck(coin.denom, v, params.default_send_enabled))
          : sendEnabledCheck(coin.denom, undefined, params.default_send_enabled),
      ),
    ),
  )
}

/** Refuses a denom whose entry (or, without one, the default) says it may not be sent. */
function sendEnabledCheck(denom: string, entry: Uint8Array | undefined, fallback: boolean): void {
  const enabled = entry === undefined ? fallback : sendEnabledOf(entry)
  if (!enabled) throw ErrSendDisabled.wrap(`${denom} transfers are currently disabled`)
}

function sumCoins(lists: readonly Coin[][]): Map<string, bigint> {
  const out = new Map<string, bigint>()
  for (const list of lists)
    for (const c of list) out.set(c.denom, (out.get(c.denom) ?? 0n) + c.amount)
  return out
}

/** Upstream's `validateSendEnabledParams`: each denom once and valid (plain errors: code 1). */
function validateSendEnabledParams(
  entries: readonly Proto<'sdk.bank.v1beta1.SendEnabled'>[],
): void {
  const registered = new Set<string>()
  for (const se of entries) {
    if (registered.has(se.denom))
      throw new UndefinedCodeError(`duplicate send enabled parameter found: '${se.denom}'`)
    if (!isValidDenom(se.denom)) throw new UndefinedCodeError(`invalid denom: ${se.denom}`)
    registered.add(se.denom)
  }
}

/**
 * x/bank Msg service: MsgSend and MsgMultiSend, and for governance MsgUpdateParams and
 * MsgSetSendEnabled (upstream v0.50 msg server semantics).
 */
export function registerBankMsgs(cfg: ModuleConfigurator, keeper: BankKeeper): void {
  // Not an async function: memory answers a send's reads, and every tx of a bank load is one.
  cfg.registerMsg('/sdk.bank.v1beta1.MsgSend', (msg, ctx) => {
    const from = address(msg.from_address, 'from')
    const to = address(msg.to_address, 'to')
    const coins = validCoins(msg.amount)
    return thenNow(checkSendEnabled(keeper, ctx, coins), () => {
      if (keeper.isBlocked(to)) {
        throw ErrUnauthorized.wrap(`${msg.to_address} is not allowed to receive funds`)
      }
      return thenNow(keeper.send(ctx, from, to, coins), () => ({}))
    })
  })

  cfg.registerMsg('/sdk.bank.v1beta1.MsgMultiSend', async (msg, ctx) => {
    const { inputs, outputs } = msg
    if (inputs.length === 0) throw ErrNoInputs.error()
    if (inputs.length !== 1) throw ErrMultipleSenders.error()
    if (outputs.length === 0) throw ErrNoOutputs.error()
    const input = inputs[0]!
    const from = address(input.address, 'input')
    const inCoins = validCoins(input.coins)
    const outs = outputs.map((o) => ({
      address: address(o.address, 'output'),
      text: o.address,
      coins: validCoins(o.coins),
    }))
    const total = sumCoins(outs.map((o) => o.coins))
    const given = sumCoins([inCoins])
    const balanced = total.size === given.size && [...given].every(([d, a]) => total.get(d) === a)
    if (!balanced) throw ErrInputOutputMismatch.error()
    await checkSendEnabled(keeper, ctx, inCoins)
    for (const o of outs) {
      if (keeper.isBlocked(o.address))
        throw ErrUnauthorized.wrap(`${o.text} is not allowed to receive funds`)
    }
    await keeper.multiSend(ctx, { address: from, coins: inCoins }, outs)
    return {}
  })

  cfg.registerMsg('/sdk.bank.v1beta1.MsgUpdateParams', async (msg, ctx) => {
    checkAuthority(msg.authority)
    const params = msg.params ?? { send_enabled: [], default_send_enabled: false }
    validateSendEnabledParams(params.send_enabled)
    // Upstream SetParams: the deprecated list becomes per-denom entries, the params are kept without it.
    const store = ctx.state.store(MODULE_NAME)
    for (const se of params.send_enabled)
      keeper.c.sendEnabled.set(store, se.denom, sendEnabledBytes(se.enabled))
    keeper.c.params.set(store, {
      send_enabled: [],
      default_send_enabled: params.default_send_enabled,
    })
    return {}
  })

  cfg.registerMsg('/sdk.bank.v1beta1.MsgSetSendEnabled', async (msg, ctx) => {
    checkAuthority(msg.authority)
    const seen = new Set<string>()
    for (const se of msg.send_enabled) {
      if (seen.has(se.denom))
        throw ErrInvalidRequest.wrap(
          `duplicate denom entries found for ${JSON.stringify(se.denom)}`,
        )
      seen.add(se.denom)
      if (!isValidDenom(se.denom))
        throw ErrInvalidRequest.wrap(
          `invalid SendEnabled denom ${JSON.stringify(se.denom)}: invalid denom: ${se.denom}`,
        )
    }
    for (const denom of msg.use_default_for) {
      if (!isValidDenom(denom))
        throw ErrInvalidRequest.wrap(
          `invalid UseDefaultFor denom ${JSON.stringify(denom)}: invalid denom: ${denom}`,
        )
    }
    const store = ctx.state.store(MODULE_NAME)
    for (const se of msg.send_enabled)
      keeper.c.sendEnabled.set(store, se.denom, sendEnabledBytes(se.enabled))
    for (const denom of msg.use_default_for) keeper.c.sendEnabled.remove(store, denom)
    return {}
  })
}
