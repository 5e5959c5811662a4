import type { Server } from 'node:http'
import type { BlockBuilder } from '../block/block.js'
import type { BlockProducer } from '../chain/producer.js'
import type { NodeConfig } from '../config/node-config.js'
import type { Logger } from '../logger.js'
import { EventBus } from '../server/rpc/pubsub.js'
import type { RpcRoutes } from '../server/rpc/server.js'
import { attachWebsocket } from '../server/rpc/websocket.js'
import type { WebsocketTimings } from '../server/rpc/websocket-connection.js'
import type { StoredBlock } from '../store/block-store.js'

/**
 * `/websocket` on the RPC server: every route, plus subscriptions to the events of the blocks the
 * producer commits; `close` unsubscribes and closes the connections.
 */
export function serveWebsocket(
  server: Server,
  o: {
    routes: RpcRoutes
    rpc: NodeConfig['rpc']
    producer: Pick<BlockProducer, 'on' | 'off' | 'consensus'>
    /** Signs the votes of the consensus steps' events. */
    builder: Pick<BlockBuilder, 'voteSignBytes'>
    timings: Partial<WebsocketTimings> | undefined
    logger: Logger
  },
): { close(): Promise<void> } {
  const { rpc, logger } = o
  const bus = new EventBus({
    maxSubscriptionClients: rpc.maxSubscriptionClients,
    maxSubscriptionsPerClient: rpc.maxSubscriptionsPerClient,
  })
  // Blocks are published in commit order, each once its height's voters are read (from memory,
  // or from the store for a block of a burst the sets have moved past). Without them (a read that
  // failed), the block's own events still go out.
  let publishing = Promise.resolve()
  const onBlock = (stored: StoredBlock) => {
    if (bus.numClients === 0) return
    const height = stored.block.header.height
    const voters = o.producer.consensus.votersOf(height).catch((err: unknown) => {
      logger.warn(
        { err, height },
        'no consensus events for this block: its validator set is unread',
      )
      return undefined
    })
    publishing = publishing.then(async () => {
      const read = await voters
      try {
        bus.publishBlock(
          stored,
          read && {
            validators: read.set.validators,
            signers: read.signers,
            signBytes: (type, time) =>
              o.builder.voteSignBytes(height, stored.block.blockId, time, type),
          },
        )
      } catch (err) {
        // A subscriber's trouble must never reach the commit path.
        logger.error({ err, height }, 'failed to publish block events')
      }
    })
  }
  o.producer.on('block', onBlock)
  const endpoint = attachWebsocket(server, {
    routes: o.routes,
    bus,
    maxBodyBytes: rpc.maxBodyBytes,
    subscriptionBufferSize: rpc.subscriptionBufferSize,
    writeBufferSize: rpc.websocketWriteBufferSize,
    closeOnSlowClient: rpc.closeOnSlowClient,
    ...(o.timings ? { timings: o.timings } : {}),
    logger,
  })
  return {
    close: async () => {
      o.producer.off('block', onBlock)
      await endpoint.close()
    },
  }
}
