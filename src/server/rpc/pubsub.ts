import type { StoredBlock } from '../../store/block-store.js'
import { QuerySyntaxError } from '../../tx/query.js'
import { internalError } from './errors.js'
import { blockEvents, type PublishedEvent } from './event-data.js'
import { newHeightEvent, type RoundFacts, roundEvents } from './round-events.js'
import { compileSubscriptionQuery, type SubscriptionQuery } from './subscription-query.js'

/**
 * The event bus behind `/websocket` subscriptions (CometBFT v0.38 `libs/pubsub` with the checks of
 * `rpc/core/events.go`): subscriptions are keyed by client (the socket's `IP:port`) and normalized
 * query, limited per config.toml `[rpc]`, and fed synchronously as blocks commit — a subscriber only
 * ever gets an event handed to it, so none can hold up block production.
 */

/** Longest query a subscription takes (CometBFT's maxQueryLength). */
export const MAX_QUERY_LENGTH = 512

/** config.toml `[rpc]` limits of subscriptions. */
export interface EventBusLimits {
  /** max_subscription_clients: distinct clients holding a subscription. */
  maxSubscriptionClients: number
  /** max_subscriptions_per_client: queries per client. */
  maxSubscriptionsPerClient: number
}

/** Where a subscription's events go (the socket's side of it). */
export interface SubscriptionSink {
  /** Takes an event; false when the subscription's buffer is full (it is then canceled). */
  push(event: PublishedEvent): boolean
  /** The subscription ended for `reason` (not by its client's unsubscribe). */
  canceled(reason: string): void
}

/** A live subscription. */
export interface Subscription {
  clientId: string
  query: SubscriptionQuery
  sink: SubscriptionSink
}

/** Why a subscription is canceled when its buffer overflows (pubsub's ErrOutOfCapacity). */
export const OUT_OF_CAPACITY = 'internal subscription event buffer is out of capacity'
/** Why every subscription ends when the node stops (CometBFT's nil reason). */
export const NODE_EXITED = 'CometBFT exited'

export class EventBus {
  /** clientId → normalized query → subscription. */
  private readonly clients = new Map<string, Map<string, Subscription>>()

  constructor(private readonly limits: EventBusLimits) {}

  /** Distinct clients holding at least one subscription. */
  get numClients(): number {
    return this.clients.size
  }

  /** Subscribes `clientId` to `query`; throws CometBFT's refusals as RPC errors. */
  subscribe(clientId: string, query: string, sink: SubscriptionSink): Subscription {
    const { maxSubscriptionClients, maxSubscriptionsPerClient } = this.limits
    if (this.clients.size >= maxSubscriptionClients)
      throw internalError(`max_subscription_clients ${maxSubscriptionClients} reached`)
    if ((this.clients.get(clientId)?.size ?? 0) >= maxSubscriptionsPerClient)
      throw internalError(`max_subscriptions_per_client ${maxSubscriptionsPerClient} reached`)
    if (query.length > MAX_QUERY_LENGTH) throw internalError('maximum query length exceeded')
    const compiled = parse(query)
    let held = this.clients.get(clientId)
    if (held?.has(compiled.text)) throw internalError('already subscribed')
    const subscription = { clientId, query: compiled, sink }
    if (!held) {
      held = new Map()
      this.clients.set(clientId, held)
    }
    held.set(compiled.text, subscription)
    return subscription
  }

  /** Ends `clientId`'s subscription to `query` (matched in its normalized form). */
  unsubscribe(clientId: string, query: string): Subscription {
    const text = parse(query).text
    const held = this.clients.get(clientId)
    const subscription = held?.get(text)
    if (!held || !subscription) throw internalError('subscription not found')
    this.remove(subscription)
    return subscription
  }

  /** Ends every subscription of `clientId`; throws when it holds none. */
  unsubscribeAll(clientId: string): Subscription[] {
    const held = this.clients.get(clientId)
    if (!held) throw internalError('subscription not found')
    this.clients.delete(clientId)
    return [...held.values()]
  }

  /** Forgets a client's subscriptions without a word (its connection closed). */
  disconnect(clientId: string): void {
    this.clients.delete(clientId)
  }

  /** Removes one subscription (after unsubscribe or cancellation). */
  remove(subscription: Subscription): void {
    const held = this.clients.get(subscription.clientId)
    if (held?.get(subscription.query.text) !== subscription) return
    held.delete(subscription.query.text)
    if (held.size === 0) this.clients.delete(subscription.clientId)
  }

  /**
   * Publishes a committed block's events (nothing is built while nobody subscribes); with `round`,
   * the consensus steps of its height before them and the next height's first step after them.
   */
  publishBlock(stored: StoredBlock, round?: RoundFacts): void {
    if (this.clients.size === 0) return
    if (round) for (const event of roundEvents(stored, round)) this.publish(event)
    for (const event of blockEvents(stored)) this.publish(event)
    if (round) this.publish(newHeightEvent(stored.block.header.height + 1))
  }

  /** Hands an event to every subscription whose query it matches. */
  publish(event: PublishedEvent): void {
    for (const held of [...this.clients.values()]) {
      for (const subscription of [...held.values()]) {
        if (!subscription.query.matches(event.events)) continue
        if (!subscription.sink.push(event)) this.cancel(subscription, OUT_OF_CAPACITY)
      }
    }
  }

  /** Cancels one subscription for `reason` and tells its sink. */
  cancel(subscription: Subscription, reason: string): void {
    this.remove(subscription)
    subscription.sink.canceled(reason)
  }

  /** Cancels every subscription (the node is stopping). */
  close(): void {
    for (const held of [...this.clients.values()])
      for (const subscription of [...held.values()]) this.cancel(subscription, NODE_EXITED)
  }
}

function parse(query: string): SubscriptionQuery {
  try {
    return compileSubscriptionQuery(query)
  } catch (err) {
    if (err instanceof QuerySyntaxError)
      throw internalError(`failed to parse query: ${err.message}`)
    throw err
  }
}
