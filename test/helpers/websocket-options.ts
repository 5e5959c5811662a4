import { createLogger } from '../../src/logger.js'
import { EventBus } from '../../src/server/rpc/pubsub.js'
import type { WebsocketOptions } from '../../src/server/rpc/websocket-connection.js'

/** A websocket endpoint's options with no routes, one subscriber and CometBFT's buffer sizes. */
export function bareWebsocketOptions(): WebsocketOptions {
  return {
    routes: {},
    bus: new EventBus({ maxSubscriptionClients: 1, maxSubscriptionsPerClient: 1 }),
    maxBodyBytes: 1_000_000,
    subscriptionBufferSize: 200,
    writeBufferSize: 200,
    closeOnSlowClient: false,
    logger: createLogger({ level: 'error' }),
  }
}
