import type { BlockContext, MsgHandler } from '../app/types.js'
import { type Event, EventManager } from '../block/events.js'
import { addressToBech32 } from '../codec/address.js'
import type { Bytes } from '../codec/bytes.js'
import type { AnyMessage, ProtoMessage, ProtoRegistry } from '../codec/proto.js'
import { msgSigners } from '../codec/signers.js'
import { ErrTxDecode, ErrUnknownRequest } from '../errors.js'
import { isMsgType, msgGoType, type TxMsg } from './decode.js'
import { wrapTxError } from './errors.js'
import { OutOfGasError } from './gas.js'
import { resolveTypeUrl } from './wire.js'

/** What running a tx's messages produced. */
export interface MsgsResult {
  /** One response per message, packed as Any (TxMsgData.msg_responses). */
  msgResponses: AnyMessage[]
  /** Per message: `message{action, sender, module}`, then its own events; all with `msg_index`. */
  events: Event[]
  /** Encoded TxMsgData (the tx result's data). */
  data: Bytes
}

/** Unpacks an Any as a tx message (upstream: only registered Msg types resolve). */
export function unpackMsg(registry: ProtoRegistry, any: AnyMessage): TxMsg {
  const type = resolveTypeUrl(registry, any.type_url)
  if (!type) throw ErrTxDecode.wrap(`unable to resolve type URL ${any.type_url}`)
  if (!isMsgType(registry, type)) {
    throw ErrTxDecode.wrap(
      `no concrete type registered for type URL ${any.type_url} against interface *types.Msg`,
    )
  }
  return { typeUrl: any.type_url, type, value: type.decode(any.value ?? new Uint8Array()), any }
}

/** Module of a message type URL: `/sdk.bank.v1beta1.MsgSend` → `bank` (upstream GetModuleNameFromTypeURL). */
function moduleOfTypeUrl(typeUrl: string): string {
  const parts = typeUrl.replace(/^\//, '').split('.')
  return parts.length >= 2 ? parts[1]! : ''
}

/** Upstream createEvents: the `message` event that precedes a message's own events. */
function messageEvent(msg: TxMsg, own: readonly Event[]): Event {
  const attrs: [string, string][] = [['action', msg.typeUrl]]
  const signers = msgSigners(msg.type, msg.value)
  if (signers[0]) attrs.push(['sender', addressToBech32(signers[0])])
  const hasModule = own.some((e) => e.attributes.some((a) => a.key === 'module'))
  const module = moduleOfTypeUrl(msg.typeUrl)
  if (!hasModule && module) attrs.push(['module', module])
  return { type: 'message', attributes: attrs.map(([key, value]) => ({ key, value, index: true })) }
}

/**
 * Upstream runMsgs: runs each message through its handler with `ctx` (whose state the caller
 * branches and writes only on success). A handler error is wrapped
 * `failed to execute message; message index: i`; a message with no handler fails with code 6.
 */
export async function runMsgs(
  handlers: ReadonlyMap<string, MsgHandler>,
  registry: ProtoRegistry,
  ctx: BlockContext,
  msgs: readonly TxMsg[],
): Promise<MsgsResult> {
  const events: Event[] = []
  const msgResponses: AnyMessage[] = []
  for (const [i, msg] of msgs.entries()) {
    const handler = handlers.get(msg.typeUrl)
    if (!handler) {
      throw ErrUnknownRequest.wrap(`no message handler found for ${msgGoType(msg)}`)
    }
    const em = new EventManager()
    let response: ProtoMessage
    try {
      response = await handler(msg.value, { ...ctx, events: em })
    } catch (err) {
      // Running out of gas aborts the tx as upstream's panic does: it is not a message failure.
      if (err instanceof OutOfGasError) throw err
      throw wrapTxError(err, `failed to execute message; message index: ${i}`)
    }
    const own = em.events()
    const msgEvents = [messageEvent(msg, own), ...own].map((e) => ({
      type: e.type,
      attributes: [...e.attributes, { key: 'msg_index', value: String(i), index: true }],
    }))
    events.push(...msgEvents)
    const responseType = registry.msgIndex().ofType(msg.type)?.responseType
    if (responseType) {
      msgResponses.push({
        type_url: `/${responseType.fullName.replace(/^\./, '')}`,
        value: registry.encode(responseType, response ?? {}),
      })
    }
  }
  return { msgResponses, events, data: encodeTxMsgData(registry, msgResponses) }
}

/** TxMsgData{msg_responses} (what a tx result's data holds). */
export function encodeTxMsgData(
  registry: ProtoRegistry,
  msgResponses: readonly AnyMessage[],
): Bytes {
  return registry.encode('sdk.base.abci.v1beta1.TxMsgData', { msg_responses: msgResponses })
}
