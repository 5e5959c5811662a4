import { createServer } from 'node:net'
import type { LoadedHome } from '../config/home.js'
import type { Logger } from '../logger.js'
import { serveNodeMetrics } from './metrics-listener.js'
import type { Node } from './node.js'

/** Where CometBFT's own metrics go, and the variables that put them there. */
export interface CometMetrics {
  cometEnv: NodeJS.ProcessEnv
}

/**
 * The metrics under CometBFT: when `[instrumentation] prometheus` is on, sdkd serves them on
 * `prometheus_listen_addr` — its own `sdkd_*` series (queries, commits, the app version, the
 * scheduled upgrade, proposals) followed by CometBFT's `<namespace>_*` series, which CometBFT
 * serves on a loopback port of its own and sdkd reads at each scrape (the consensus figures are the
 * engine's). Off, CometBFT serves none either.
 */
export async function serveMetricsUnderComet(
  node: Node,
  home: LoadedHome,
  logger: Logger,
): Promise<CometMetrics> {
  if (!node.metrics) return { cometEnv: { CMT_INSTRUMENTATION_PROMETHEUS: 'false' } }
  const port = await freeLoopbackPort()
  const prefix = `${home.node.instrumentation.namespace}_`
  const server = await serveNodeMetrics(node.metrics, home, logger, () =>
    cometExposition(`http://127.0.0.1:${port}/metrics`, prefix),
  )
  if (server) node.addListener(server)
  return {
    cometEnv: {
      CMT_INSTRUMENTATION_PROMETHEUS: 'true',
      CMT_INSTRUMENTATION_PROMETHEUS_LISTEN_ADDR: `127.0.0.1:${port}`,
    },
  }
}

/** A loopback port free a moment ago (CometBFT binds it right after). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/**
 * CometBFT's exposition at `url`, only its families named `prefix…` (its process and Go runtime
 * series would clash with sdkd's own); '' when it does not answer within a second (starting,
 * stopped), so a scrape never fails for it.
 */
async function cometExposition(url: string, prefix: string): Promise<string> {
  let text: string
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1_000) })
    if (!res.ok) return ''
    text = await res.text()
  } catch {
    return ''
  }
  const kept: string[] = []
  for (const line of text.split('\n')) {
    const name = line.startsWith('# ') ? line.split(' ')[2] : line.split(/[{ ]/)[0]
    if (name?.startsWith(prefix)) kept.push(line)
  }
  return kept.length > 0 ? `${kept.join('\n')}\n` : ''
}
