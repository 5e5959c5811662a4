import { Hono } from 'hono'
import { Counter, Gauge, type Registry } from 'prom-client'
import { type HttpListener, listenHttp } from '../listen.js'

export interface MetricsListenerOptions {
  registry: Registry
  /** config.toml `instrumentation.prometheus_listen_addr`. */
  address: string
  /** config.toml `instrumentation.max_open_connections`: scrapes served at once (0: no limit). */
  maxOpenConnections: number
  /** Labels of the handler's own series (`chain_id`). */
  labels: Record<string, string>
  /**
   * More exposition text served after the registry's (another process's metrics, e.g. those of the
   * CometBFT that drives the app); '' when it has none to give.
   */
  more?: () => Promise<string>
}

/**
 * The Prometheus listener, as CometBFT's (promhttp): every path serves the exposition; beyond
 * `max_open_connections` scrapes in flight the answer is 503 `Limit of concurrent requests reached
 * (N), try again later.`; the handler counts its own answers in `promhttp_metric_handler_*`.
 */
export function metricsApp(o: Omit<MetricsListenerOptions, 'address'>): Hono {
  const { registry, labels, maxOpenConnections: limit } = o
  const requests = new Counter({
    name: 'promhttp_metric_handler_requests_total',
    help: 'Total number of scrapes by HTTP status code.',
    labelNames: [...Object.keys(labels), 'code'],
    registers: [registry],
  })
  const inFlight = new Gauge({
    name: 'promhttp_metric_handler_requests_in_flight',
    help: 'Current number of scrapes being served.',
    labelNames: Object.keys(labels),
    registers: [registry],
  })
  let serving = 0
  const app = new Hono()
  app.all('*', async () => {
    if (limit > 0 && serving >= limit) {
      requests.inc({ ...labels, code: '503' })
      return new Response(`Limit of concurrent requests reached (${limit}), try again later.\n`, {
        status: 503,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      })
    }
    serving++
    inFlight.set(labels, serving)
    try {
      const text = (await registry.metrics()) + ((await o.more?.()) ?? '')
      requests.inc({ ...labels, code: '200' })
      return new Response(text, { status: 200, headers: { 'content-type': registry.contentType } })
    } catch (err) {
      requests.inc({ ...labels, code: '500' })
      return new Response(
        `An error has occurred while serving metrics:\n\n${(err as Error).message}\n`,
        { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } },
      )
    } finally {
      serving--
      inFlight.set(labels, serving)
    }
  })
  return app
}

/**
 * Serves the registry on its own listener, as CometBFT's Prometheus server: a request's headers
 * must arrive within 10 s (its ReadHeaderTimeout), and with no read timeout, a kept-alive
 * connection (a scraper's, between scrapes) stays open.
 */
export function listenMetrics(o: MetricsListenerOptions): Promise<HttpListener> {
  return listenHttp(metricsApp(o), o.address, 'Prometheus server', {
    readHeaderTimeoutSeconds: 10,
  })
}
