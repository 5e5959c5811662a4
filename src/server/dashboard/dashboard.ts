import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Context, Hono } from 'hono'
import { html } from 'hono/html'
import { toChainError } from '../../errors.js'
import type { Logger } from '../../logger.js'
import type { StoredBlock } from '../../store/block-store.js'
import { BlockSummaries, type DashboardChain } from './chain-data.js'
import {
  accountPage,
  blockPage,
  type PageResult,
  type Problem,
  searchTarget,
  txPage,
} from './explorer.js'
import { BASE, type Html } from './format.js'
import { governanceBody, governanceFragments } from './governance.js'
import { type LivePage, type PageShell, page, type View } from './layout.js'
import { LiveFeed } from './live.js'
import { overviewBody, overviewFragments } from './overview.js'
import type { Fragments, PageContext } from './page-context.js'
import { upgradeFragments, upgradesBody } from './upgrades.js'
import { validatorsBody, validatorsFragments } from './validators.js'

export interface DashboardOptions extends DashboardChain {
  /** Subscribes to committed blocks (the producer's `block` event); returns the unsubscribe. */
  onBlock(listener: (stored: StoredBlock) => void): () => void
  /** Subscribes to the block loop's stalls (no block comes to update the pages); the unsubscribe. */
  onStall?(listener: () => void): () => void
  /** Shortest time between two live updates (default 250 ms). */
  liveIntervalMs?: number
  logger?: Logger
}

/** The dashboard: its routes (mounted on the REST server) and what to stop with the node. */
export interface Dashboard {
  app: Hono
  close(): void
}

/** A static file of the dashboard, served from the package with a content version in its URL. */
interface Asset {
  body: string
  type: string
  path: string
  version: string
  /** The path with the version, as pages link it. */
  url: string
}

function loadAsset(name: string, type: string): Asset {
  const body = readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8')
  const version = createHash('sha256').update(body).digest('hex').slice(0, 12)
  const path = `${BASE}/assets/${name}`
  return { body, type, path, version, url: `${path}?v=${version}` }
}

const LIVE_PAGES: Record<LivePage, (ctx: PageContext) => Promise<Fragments>> = {
  overview: overviewFragments,
  validators: validatorsFragments,
  upgrades: upgradeFragments,
  governance: governanceFragments,
}

/**
 * sdkd's dashboard and explorer (`[api] dashboard`): server-rendered HTML pages of the chain at the
 * latest height or any retained one (`?height=H`, checked as the `x-sdk-block-height` header is),
 * live updates of the overview, validators, upgrades and governance pages over server-sent events
 * (`/dashboard/events?page=…`), and its CSS and script served from the package. Reads go through
 * the query router and the block store; nothing here writes.
 */
export function createDashboard(options: DashboardOptions): Dashboard {
  const { router, logger } = options
  const chain: DashboardChain = options
  const summaries = new BlockSummaries(options.blocks)
  const css = loadAsset('dashboard.css', 'text/css; charset=utf-8')
  const js = loadAsset('dashboard.js', 'text/javascript; charset=utf-8')
  const icon = loadAsset('favicon.svg', 'image/svg+xml')
  const assets = { css: css.url, js: js.url, icon: icon.url }

  const latestContext = (): PageContext => {
    const latest = router.resolveHeight(0n)
    return { chain, summaries, view: { height: latest, latest, at: undefined } }
  }
  const feed = new LiveFeed({
    render: async (live) => {
      let ctx: PageContext
      try {
        ctx = latestContext()
      } catch {
        return {} // no block yet: nothing to show until the first one
      }
      return LIVE_PAGES[live](ctx)
    },
    minIntervalMs: options.liveIntervalMs ?? 250,
    ...(logger ? { logger } : {}),
  })
  const unsubscribe = options.onBlock((stored) => {
    summaries.add(stored)
    feed.blockCommitted()
  })
  const unsubscribeStall = options.onStall?.(() => feed.blockCommitted())

  const shell = (
    p: Omit<PageShell, 'chainId' | 'brand' | 'appVersion' | 'sdkdVersion' | 'assets'>,
  ): Html =>
    page({
      ...p,
      chainId: options.chainId,
      brand: router.registry.brand.name,
      appVersion: options.appVersion,
      sdkdVersion: options.sdkdVersion,
      assets,
    })

  const problem = (c: Context, status: 400 | 404 | 500 | 503, title: string, message: string) =>
    c.html(
      shell({
        title,
        path: BASE,
        view: undefined,
        body: html`<p class="problem" data-testid="problem">${message}</p>
<p>Go to <a href="${BASE}">the overview</a>, or search a block height, a block or transaction hash, or an address above.</p>`,
      }),
      status,
    )

  /** The height a request asks for with `?height=H` (absent or 0: the latest), with its checks. */
  const viewOf = (c: Context): View | Problem => {
    let latest: number
    try {
      latest = router.resolveHeight(0n)
    } catch (err) {
      return { status: 503, title: 'Not ready', message: toChainError(err).statusMessage() }
    }
    const text = c.req.query('height')
    if (text === undefined || text === '' || text === '0')
      return { height: latest, latest, at: undefined }
    if (!/^\d{1,15}$/.test(text))
      return {
        status: 400,
        title: 'Not a height',
        message: `height must be a block height (a whole number), got "${text}"`,
      }
    try {
      const height = router.resolveHeight(BigInt(text))
      return { height, latest, at: height }
    } catch (err) {
      return {
        status: 400,
        title: 'Height not available',
        message: toChainError(err).statusMessage(),
      }
    }
  }

  const render = async (
    c: Context,
    section: PageShell['section'],
    path: (c: Context) => string,
    content: (ctx: PageContext) => Promise<PageResult>,
    live?: LivePage,
  ) => {
    const view = viewOf(c)
    if ('status' in view) return problem(c, view.status, view.title, view.message)
    const result = await content({ chain, summaries, view })
    if ('status' in result) return problem(c, result.status, result.title, result.message)
    return c.html(
      shell({
        title: result.title,
        path: path(c),
        view,
        ...(section ? { section } : {}),
        ...(live ? { live } : {}),
        body: result.body,
      }),
    )
  }

  const app = new Hono()
  app.onError((err, c) => {
    logger?.error({ err, path: c.req.path }, 'dashboard page failed')
    return problem(c, 500, 'Something went wrong', toChainError(err).statusMessage())
  })

  const overview = (c: Context) =>
    render(
      c,
      'overview',
      () => BASE,
      async (ctx) => ({ title: 'Overview', body: await overviewBody(ctx) }),
      'overview',
    )
  app.get('/', overview)
  app.get(BASE, overview)
  app.get(`${BASE}/`, overview)
  app.get(`${BASE}/validators`, (c) =>
    render(
      c,
      'validators',
      () => `${BASE}/validators`,
      async (ctx) => ({ title: 'Validators', body: await validatorsBody(ctx) }),
      'validators',
    ),
  )
  app.get(`${BASE}/upgrades`, (c) =>
    render(
      c,
      'upgrades',
      () => `${BASE}/upgrades`,
      async (ctx) => ({ title: 'Upgrades', body: await upgradesBody(ctx) }),
      'upgrades',
    ),
  )
  app.get(`${BASE}/governance`, (c) =>
    render(
      c,
      'governance',
      () => `${BASE}/governance`,
      async (ctx) => ({ title: 'Governance', body: await governanceBody(ctx) }),
      'governance',
    ),
  )
  app.get(`${BASE}/blocks/:height`, (c) =>
    render(
      c,
      'explorer',
      (c) => c.req.path,
      (ctx) => blockPage(ctx, c.req.param('height')),
    ),
  )
  app.get(`${BASE}/txs/:hash`, (c) =>
    render(
      c,
      'explorer',
      (c) => c.req.path,
      (ctx) => txPage(ctx, c.req.param('hash')),
    ),
  )
  app.get(`${BASE}/accounts/:address`, (c) =>
    render(
      c,
      'explorer',
      (c) => c.req.path,
      (ctx) => accountPage(ctx, c.req.param('address')),
    ),
  )
  app.get(`${BASE}/search`, async (c) => {
    const view = viewOf(c)
    if ('status' in view) return problem(c, view.status, view.title, view.message)
    const target = await searchTarget({ chain, summaries, view }, c.req.query('q') ?? '')
    if ('location' in target)
      return c.redirect(
        view.at === undefined ? target.location : `${target.location}?height=${view.at}`,
        302,
      )
    return problem(c, target.status, target.title, target.message)
  })
  app.get(`${BASE}/events`, (c) => {
    const asked = c.req.query('page') ?? 'overview'
    if (!(asked in LIVE_PAGES))
      return c.text(
        `unknown live page "${asked}": overview, validators, upgrades or governance`,
        400,
      )
    return feed.handle(c, asked as LivePage)
  })
  for (const asset of [css, js, icon]) {
    app.get(asset.path, (c) =>
      c.body(asset.body, 200, {
        'content-type': asset.type,
        // Pages link the asset with its content version: a new build is a new URL.
        'cache-control':
          c.req.query('v') === asset.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      }),
    )
  }
  app.get(`${BASE}/*`, (c) =>
    problem(c, 404, 'Page not found', `The dashboard has no page ${c.req.path}.`),
  )

  return {
    app,
    close() {
      unsubscribe()
      unsubscribeStall?.()
      feed.close()
    },
  }
}
