import type { Hono } from 'hono'
import type { App } from '../app/app.js'
import { type AppDescriptorFacts, appDescriptorMethods } from '../server/grpc/app-descriptor.js'
import { listenHttp } from '../server/listen.js'
import { createBroadcastFastPath } from '../server/rest/broadcast-fast-path.js'
import type { BroadcastIngress } from '../server/rest/broadcast-ingress.js'
import { createGateway, type GatewayOptions } from '../server/rest/gateway.js'
import { type DashboardNode, dashboardOf } from './node-dashboard.js'

/** What the app's servers read of a node, and how they stop with it. */
interface Node extends DashboardNode {
  readonly app: App
  readonly tx: (DashboardNode['tx'] & { ingress?: BroadcastIngress | undefined }) | undefined
  /** Where the servers listen, once bound. */
  readonly addresses: { api?: string; grpc?: string }
  addListener(listener: { close(): Promise<void> }): unknown
}

/** What the app descriptor service tells besides the router's services (over gRPC and gRPC-web). */
function appDescriptorOf(node: Node): AppDescriptorFacts {
  return { chainId: node.options.home.genesis.chainId, app: node.app }
}

/**
 * Starts the gRPC and REST servers as app.toml says (the app's servers, whoever makes blocks); they
 * stop with the node.
 */
export async function startAppServers(node: Node, version: string): Promise<void> {
  const { home, logger } = node.options
  const { api, grpc } = home.app
  if (grpc.enable) {
    // Loaded only when served: gRPC's library is the largest part of a node's start-up.
    const { startGrpcServer } = await import('../server/grpc/server.js')
    const server = await startGrpcServer({
      router: node.router,
      address: grpc.address,
      maxRecvMsgSize: grpc.maxRecvMsgSize,
      maxSendMsgSize: grpc.maxSendMsgSize,
      logger: logger.child({ module: 'grpc-server' }),
      appDescriptor: appDescriptorOf(node),
    })
    node.addListener(server)
    node.addresses.grpc = server.address
    logger.info({ module: 'grpc-server', address: server.address }, 'serving gRPC')
  }
  if (api.enable) {
    const ahead = createBroadcastFastPath(gatewayOptionsOf(node, version), node.tx?.ingress)
    const server = await listenHttp(restAppOf(node, version), api.address, 'API server', {
      ...(ahead ? { ahead } : {}),
      maxConnections: api.maxOpenConnections,
      serverTime: true,
      readTimeoutSeconds: api.rpcReadTimeout,
      writeTimeoutSeconds: api.rpcWriteTimeout,
    })
    node.addListener(server)
    node.addresses.api = server.address
    logger.info({ module: 'api-server', address: server.address }, 'serving REST API')
  }
}

/**
 * What the REST server serves: the gateway (with gRPC-web when `[grpc-web]` and gRPC are on), with
 * the dashboard and explorer mounted at `/` and `/dashboard` when `[api] dashboard` is on.
 */
export function restAppOf(node: Node, version: string): Hono {
  const { app } = node.options.home
  const gateway = createGateway({
    ...gatewayOptionsOf(node, version),
    // Upstream's gRPC-web wraps its gRPC server: it needs that server on.
    ...(app.grpc.enable && app.grpcWeb.enable
      ? { grpcWeb: { methods: appDescriptorMethods(node.router, appDescriptorOf(node)) } }
      : {}),
  })
  if (app.api.dashboard) {
    const dashboard = dashboardOf(node, version)
    node.addListener({ close: async () => dashboard.close() })
    gateway.route('/', dashboard.app)
  }
  return gateway
}

/** The REST gateway's settings (the Hono app and the broadcast fast path share them). */
function gatewayOptionsOf(node: Node, version: string): GatewayOptions {
  const { home, logger } = node.options
  const { api } = home.app
  return {
    router: node.router,
    swagger: api.swagger,
    enabledUnsafeCors: api.enabledUnsafeCors,
    maxBodyBytes: api.rpcMaxBodyBytes,
    version,
    logger: logger.child({ module: 'api-server' }),
  }
}
