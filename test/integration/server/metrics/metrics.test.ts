import { Gauge, Histogram, Registry } from 'prom-client'
import { parse } from 'smol-toml'
import { describe, expect, test } from 'vitest'
import { presetConfig } from '../../../../src/config/home.js'
import {
  defaultNodeConfig,
  readNodeConfig,
  renderConfigToml,
} from '../../../../src/config/node-config.js'
import { createSilentLogger } from '../../../../src/logger.js'
import type { HttpListener } from '../../../../src/server/listen.js'
import { FastHistogram } from '../../../../src/server/metrics/histogram.js'
import { listenMetrics } from '../../../../src/server/metrics/listener.js'
import { NodeMetrics } from '../../../../src/server/metrics/node-metrics.js'
import type { QueryRouter } from '../../../../src/server/query/router.js'
import { idleAfterAnswer } from '../../../helpers/pipelined.js'

const CONFIG = 'config/config.toml'

describe('config.toml [instrumentation]', () => {
  test('behavior: CometBFT defaults, written with upstream comments and read back; on in the devnet preset', () => {
    const text = renderConfigToml(defaultNodeConfig('node0'))
    expect(text).toContain(`[instrumentation]

# When true, Prometheus metrics are served under /metrics on
# PrometheusListenAddr.
# Check out the documentation for the list of available metrics.
prometheus = false

# Address to listen for Prometheus collector(s) connections
prometheus_listen_addr = ":26660"

# Maximum number of simultaneous connections.
# If you want to accept a larger number than the default, make sure
# you increase your OS limits.
# 0 - unlimited.
max_open_connections = 3

# Instrumentation namespace
namespace = "cometbft"
`)
    expect(readNodeConfig(CONFIG, parse(text)).instrumentation).toEqual({
      prometheus: false,
      prometheusListenAddr: ':26660',
      maxOpenConnections: 3,
      namespace: 'cometbft',
    })
    // A config.toml without the table (an older home) reads the defaults.
    expect(readNodeConfig(CONFIG, {}).instrumentation.prometheus).toBe(false)
    const devnet = presetConfig('devnet', 'sdk-devnet-1', true).node
    expect(readNodeConfig(CONFIG, parse(renderConfigToml(devnet))).instrumentation).toEqual({
      prometheus: true,
      prometheusListenAddr: '127.0.0.1:26660',
      maxOpenConnections: 3,
      namespace: 'cometbft',
    })
  })

  test('error: a bad field names the file, the field and the problem', () => {
    const read = (instrumentation: Record<string, unknown>) => () =>
      readNodeConfig(CONFIG, { instrumentation })
    expect(read({ prometheus: 'yes' })).toThrow(
      'config/config.toml: instrumentation.prometheus: expected true or false, got "yes"',
    )
    expect(read({ prometheus_listen_addr: '26660' })).toThrow(
      'config/config.toml: instrumentation.prometheus_listen_addr: invalid listen address "26660": expected [tcp://]host:port',
    )
    expect(read({ max_open_connections: -1 })).toThrow(
      'config/config.toml: instrumentation.max_open_connections: expected a non-negative integer, got -1',
    )
    expect(read({ namespace: 'my-chain' })).toThrow(
      'config/config.toml: instrumentation.namespace: expected a Prometheus metric name prefix ([a-zA-Z_:][a-zA-Z0-9_:]*), got "my-chain"',
    )
  })
})

describe('the metrics listener', () => {
  /** A registry whose scrape waits until the test lets it finish. */
  function gatedRegistry() {
    const registry = new Registry()
    let entered: () => void = () => undefined
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => {
      release = r
    })
    const inside = new Promise<void>((r) => {
      entered = r
    })
    new Gauge({
      name: 'test_gated',
      help: 'A gauge whose collection waits.',
      registers: [registry],
      async collect() {
        entered()
        await gate
        this.set(1)
      },
    })
    return { registry, inside, release }
  }

  async function serve(registry: Registry, maxOpenConnections: number): Promise<HttpListener> {
    return listenMetrics({
      registry,
      address: '127.0.0.1:0',
      maxOpenConnections,
      labels: { chain_id: 'c' },
    })
  }

  test('error: a scrape beyond max_open_connections in flight gets 503, as promhttp answers', async () => {
    const { registry, inside, release } = gatedRegistry()
    const server = await serve(registry, 1)
    try {
      const url = `http://${server.address}/metrics`
      const first = fetch(url)
      await inside
      const second = await fetch(url)
      expect(second.status).toBe(503)
      expect(await second.text()).toBe(
        'Limit of concurrent requests reached (1), try again later.\n',
      )
      release()
      const answer = await first
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
      const text = await answer.text()
      expect(text).toContain('test_gated 1')
      expect(text).toContain('promhttp_metric_handler_requests_in_flight{chain_id="c"} 1')
      // The handler counts its answers; any path serves the exposition, as upstream's listener.
      const again = await (await fetch(`http://${server.address}/`)).text()
      expect(again).toContain('promhttp_metric_handler_requests_total{chain_id="c",code="503"} 1')
      expect(again).toContain('promhttp_metric_handler_requests_total{chain_id="c",code="200"} 1')
    } finally {
      await server.close()
    }
  })

  test("behavior: a scraper's kept-alive connection stays open between scrapes, as CometBFT's server (no idle timeout; Node's is 5 s)", async () => {
    const server = await serve(new Registry(), 0)
    try {
      // Past Node's own keep-alive timeout (5 s).
      const { reply, open } = await idleAfterAnswer(server.port, '/metrics', 6_500)
      expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(reply).toContain('Connection: keep-alive\r\n')
      expect(reply).not.toMatch(/Keep-Alive:/i)
      expect(open).toBe(true)
    } finally {
      await server.close()
    }
  })

  test('behavior: max_open_connections = 0 serves any number of scrapes at once', async () => {
    const { registry, inside, release } = gatedRegistry()
    const server = await serve(registry, 0)
    try {
      const scrapes = [1, 2, 3, 4].map(() => fetch(`http://${server.address}/metrics`))
      await inside
      release()
      expect((await Promise.all(scrapes)).map((r) => r.status)).toEqual([200, 200, 200, 200])
    } finally {
      await server.close()
    }
  })
})

describe('FastHistogram', () => {
  test("behavior: renders exactly what prom-client's Histogram renders for the same observations", async () => {
    const fast = new Registry()
    const reference = new Registry()
    const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    const labels = ['chain_id', 'method']
    const h = new FastHistogram('x_seconds', 'Help text.', labels, buckets, fast)
    const r = new Histogram({
      name: 'x_seconds',
      help: 'Help text.',
      labelNames: labels,
      buckets,
      registers: [reference],
    })
    const a = h.labels({ chain_id: 'c', method: '/a' })
    const b = h.labels({ chain_id: 'c', method: '/b' })
    for (const v of [0, 0.005, 0.0051, 0.3, 1, 7, 11, 0.02]) {
      a.observe(v)
      r.observe({ chain_id: 'c', method: '/a' }, v)
    }
    b.observe(2)
    r.observe({ chain_id: 'c', method: '/b' }, 2)
    // A label set never observed has no series.
    h.labels({ chain_id: 'c', method: '/never' })
    expect(await fast.metrics()).toBe(await reference.metrics())
  })
})

describe('NodeMetrics', () => {
  test('behavior: [instrumentation] namespace prefixes the CometBFT names; sdkd_ names keep theirs', async () => {
    const metrics = new NodeMetrics({
      chainId: 'ns-chain',
      namespace: 'tendermint',
      appVersion: 'v2',
      version: '0.1.0',
      validator: { address: new Uint8Array(20), power: 10n },
      latest: () => undefined,
      router: () =>
        ({
          cache: { hits: 0, misses: 0 },
          spans: { hits: 0 },
          byteSpans: { hits: 0 },
        }) as unknown as QueryRouter,
      logger: createSilentLogger(),
    })
    const text = await metrics.metrics()
    expect(text).toContain('tendermint_p2p_peers{chain_id="ns-chain"} 0')
    expect(text).toContain(
      'sdkd_app_version_info{chain_id="ns-chain",app_version="v2",version="0.1.0"} 1',
    )
    expect(text).not.toContain('cometbft_')
  })
})
