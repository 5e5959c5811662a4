import type { MsgTypeUrl, QueryMethod } from '../codec/proto.js'
import type { MsgHandler, QueryHandler, RoutedMsgHandler, RoutedQueryHandler } from './types.js'

// Where a handler's types are erased: checked against its method (or Msg) where it is written,
// held by the routers under the method's name, which tells them apart again.

/** A query handler as the router holds it. */
export function routedQuery<M extends QueryMethod>(handler: QueryHandler<M>): RoutedQueryHandler {
  return handler as unknown as RoutedQueryHandler
}

/** A Msg handler as the msg router holds it. */
export function routedMsg<U extends MsgTypeUrl>(handler: MsgHandler<U>): RoutedMsgHandler {
  return handler as unknown as RoutedMsgHandler
}

/** The entry of a query handler in a map of handlers by method (`new Map([queryEntry(…), …])`). */
export function queryEntry<M extends QueryMethod>(
  method: M,
  handler: QueryHandler<M>,
): [string, RoutedQueryHandler] {
  return [method, routedQuery(handler)]
}
