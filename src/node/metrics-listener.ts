import type { LoadedHome } from '../config/home.js'
import type { Logger } from '../logger.js'
import { listenMetrics } from '../server/metrics/listener.js'
import type { NodeMetrics } from '../server/metrics/node-metrics.js'

/**
 * Prometheus metrics on their own listener. As CometBFT, a listener that cannot bind is logged and
 * the node runs on without it (undefined).
 */
export async function serveNodeMetrics(
  metrics: NodeMetrics,
  home: LoadedHome,
  logger: Logger,
  more?: () => Promise<string>,
): Promise<{ address: string; close(): Promise<void> } | undefined> {
  const { prometheusListenAddr, maxOpenConnections } = home.node.instrumentation
  try {
    const server = await listenMetrics({
      registry: metrics.registry,
      address: prometheusListenAddr,
      maxOpenConnections,
      labels: { chain_id: home.genesis.chainId },
      ...(more ? { more } : {}),
    })
    logger.info({ module: 'metrics', address: server.address }, 'serving Prometheus metrics')
    return server
  } catch (err) {
    logger.error(
      { module: 'metrics', err: (err as Error).message },
      'Prometheus HTTP server ListenAndServe: the node runs on without metrics',
    )
    return undefined
  }
}
