import type { BlockContext, RoutedMsgHandler } from '../app/types.js'
import { type Event, type EventAttribute, EventManager } from '../block/events.js'
import { addressToBech32 } from '../codec/address.js'
import { type Bytes, bytesToLatin1 } from '../codec/bytes.js'
import type { AnyMessage, ProtoRegistry } from '../codec/proto.js'
import { msgSigners } from '../codec/signers.js'
import { ErrPanic, ErrTxDecode, ErrUnknownRequest } from '../errors.js'
import { eachNow, thenNow } from '../store/value-now.js'
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

/** The first signer of each message, as text (messages are immutable once decoded). */
const senders = new WeakMap<TxMsg, string | null>()

function senderOf(msg: TxMsg): string | null {
  let sender = senders.get(msg)
  if (sender === undefined) {
    const signers = msgSigners(msg.type, msg.value)
    sender = signers[0] ? addressToBech32(signers[0]) : null
    senders.set(msg, sender)
  }
  return sender
}

/** A Msg type's response type, its type URL and (once needed) the encoding of an empty response. */
interface ResponseType {
  type: TxMsg['type']
  typeUrl: string
  empty?: Bytes
}

/** The response type of each Msg type (null: the type has none). */
const responses = new WeakMap<ProtoRegistry, WeakMap<TxMsg['type'], ResponseType | null>>()

function responseOf(registry: ProtoRegistry, type: TxMsg['type']): ResponseType | null {
  let known = responses.get(registry)
  if (!known) {
    known = new WeakMap()
    responses.set(registry, known)
  }
  let r = known.get(type)
  if (r === undefined) {
    const responseType = registry.msgIndex().ofType(type)?.responseType
    r = responseType
      ? { type: responseType, typeUrl: `/${responseType.fullName.replace(/^\./, '')}` }
      : null
    known.set(type, r)
  }
  return r
}

/** Upstream createEvents: the `message` event that precedes a message's own events. */
function messageEvent(msg: TxMsg, own: readonly Event[]): Event {
  const attributes: EventAttribute[] = [{ key: 'action', value: msg.typeUrl, index: true }]
  const sender = senderOf(msg)
  if (sender !== null) attributes.push({ key: 'sender', value: sender, index: true })
  if (!hasModuleAttribute(own)) {
    const module = moduleOfTypeUrl(msg.typeUrl)
    if (module) attributes.push({ key: 'module', value: module, index: true })
  }
  return { type: 'message', attributes }
}

function hasModuleAttribute(events: readonly Event[]): boolean {
  for (let i = 0; i < events.length; i++) {
    const attributes = events[i]!.attributes
    for (let j = 0; j < attributes.length; j++) if (attributes[j]!.key === 'module') return true
  }
  return false
}

/**
 * Upstream runMsgs: runs each message through its handler with `ctx` (whose state the caller
 * branches and writes only on success). A handler error is wrapped
 * `failed to execute message; message index: i`; a message with no handler fails with code 6. At
 * once when every handler answers at once (a bank send whose reads memory answers), else a promise.
 */
export function runMsgs(
  handlers: ReadonlyMap<string, RoutedMsgHandler>,
  registry: ProtoRegistry,
  ctx: BlockContext,
  msgs: readonly TxMsg[],
): MsgsResult | Promise<MsgsResult> {
  const out: Omit<MsgsResult, 'data'> = { events: [], msgResponses: [] }
  return thenNow(
    eachNow(msgs, (msg, i) => runMsg(handlers, registry, ctx, msg, i, out)),
    () => ({ ...out, data: encodeTxMsgData(registry, out.msgResponses) }),
  )
}

/** Message `i` through its handler; its events and response go to `out`. */
function runMsg(
  handlers: ReadonlyMap<string, RoutedMsgHandler>,
  registry: ProtoRegistry,
  ctx: BlockContext,
  msg: TxMsg,
  i: number,
  out: Omit<MsgsResult, 'data'>,
): void | Promise<void> {
  const handler = handlers.get(msg.typeUrl)
  if (!handler) {
    throw ErrUnknownRequest.wrap(`no message handler found for ${msgGoType(msg)}`)
  }
  const em = new EventManager()
  let answer: object | Promise<object>
  try {
    answer = handler(msg.value, { ...ctx, events: em })
  } catch (err) {
    throw msgFailure(err, i)
  }
  if (!(answer instanceof Promise)) return recordMsg(registry, msg, i, em, answer, out)
  return answer.then(
    (response) => recordMsg(registry, msg, i, em, response, out),
    (err: unknown) => {
      throw msgFailure(err, i)
    },
  )
}

/**
 * A handler's failure: running out of gas aborts the tx as upstream's panic does, and so does any
 * other panic a handler raises (runTx recovers it): neither is a message failure.
 */
export function msgFailure(err: unknown, i: number): unknown {
  if (err instanceof OutOfGasError || ErrPanic.is(err)) return err
  return wrapTxError(err, `failed to execute message; message index: ${i}`)
}

/** Message `i`'s events (after its `message` event, each with `msg_index`) and its response. */
function recordMsg(
  registry: ProtoRegistry,
  msg: TxMsg,
  i: number,
  em: EventManager,
  // Of the Msg's response type, which only the registry knows: encoded by reflection below.
  response: object,
  { events, msgResponses }: Omit<MsgsResult, 'data'>,
): void {
  const own = em.events()
  // The handler's events are its own, fresh from this message's event manager: each gets its
  // `msg_index` in place instead of being copied with its attributes.
  const msgIndex = String(i)
  const first = messageEvent(msg, own)
  first.attributes.push({ key: 'msg_index', value: msgIndex, index: true })
  events.push(first)
  for (let j = 0; j < own.length; j++) {
    const e = own[j]!
    e.attributes.push({ key: 'msg_index', value: msgIndex, index: true })
    events.push(e)
  }
  const responseType = responseOf(registry, msg.type)
  if (responseType) {
    const empty = response == null || Object.keys(response).length === 0
    if (empty) responseType.empty ??= registry.encode(responseType.type, {})
    msgResponses.push({
      type_url: responseType.typeUrl,
      // An empty response encodes to no bytes: nothing to copy (and nothing anyone can change).
      value: empty
        ? responseType.empty!.length === 0
          ? EMPTY
          : responseType.empty!.slice()
        : registry.encode(responseType.type, response),
    })
  }
}

/** TxMsgData{msg_responses} (what a tx result's data holds). */
export function encodeTxMsgData(
  registry: ProtoRegistry,
  msgResponses: readonly AnyMessage[],
): Bytes {
  // Most txs answer the same few responses (an empty MsgSendResponse): encode each list once.
  // One empty response (a send's) is known by its type URL alone, without building the list's key.
  const only = msgResponses.length === 1 ? msgResponses[0]! : undefined
  let id = only !== undefined && (only.value?.length ?? 0) === 0 ? only.type_url : ''
  if (id === '')
    for (const r of msgResponses) {
      const v = r.value ?? EMPTY
      if (v.length > 64) return encodeMsgData(registry, msgResponses)
      id += `${r.type_url}\n${bytesToLatin1(v)}\n`
    }
  let known = msgDataCache.get(registry)
  if (!known) {
    known = new Map()
    msgDataCache.set(registry, known)
  }
  let data = known.get(id)
  if (!data) {
    data = encodeMsgData(registry, msgResponses)
    if (known.size >= 1_000) known.clear()
    known.set(id, data)
  }
  // callers get bytes of their own
  return data.slice()
}

const EMPTY = new Uint8Array(0)
const msgDataCache = new WeakMap<ProtoRegistry, Map<string, Bytes>>()

function encodeMsgData(registry: ProtoRegistry, msgResponses: readonly AnyMessage[]): Bytes {
  return registry.encode('sdk.base.abci.v1beta1.TxMsgData', { msg_responses: msgResponses })
}
