import type { Context } from 'hono'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import type { Logger } from '../../logger.js'
import type { LivePage } from './layout.js'
import type { Fragments } from './page-context.js'

export interface LiveFeedOptions {
  /** Renders a live page's fragments at the latest height. */
  render(page: LivePage): Promise<Fragments>
  /** Shortest time between two updates: blocks faster than this are sent as one update. */
  minIntervalMs?: number
  /** Most open streams; more are refused with 503. */
  maxClients?: number
  logger?: Logger
}

interface Client {
  stream: SSEStreamingApi
  page: LivePage
  /** The fragments this stream has been sent: it gets only what differs from them. */
  shown: Fragments
  /** A write is in progress: newer renderings wait for it, then go as one update. */
  busy: boolean
}

/** Time between comments that keep an idle stream (manual mining) open through proxies. */
const KEEPALIVE_MS = 15_000

/**
 * Live updates over server-sent events: after a block (at most one update per `minIntervalMs`),
 * each live page with open streams is rendered once at the latest height, and every stream gets the
 * fragments that differ from what it was last sent, as one `update` event
 * (`{"fragments": {id: html}}`). The commit path only marks the feed dirty; rendering happens on a
 * timer, never inside it, and only while someone looks. A slow stream is never queued up: it gets
 * the newest rendering once its previous write is done.
 */
export class LiveFeed {
  private readonly clients = new Set<Client>()
  /** The newest rendering of each page. */
  private readonly latest = new Map<LivePage, Fragments>()
  private timer: NodeJS.Timeout | undefined
  private keepalive: NodeJS.Timeout | undefined
  private flushing = false
  private dirty = false
  private lastFlush = 0
  private readonly closers = new Set<() => void>()
  private closed = false

  constructor(private readonly options: LiveFeedOptions) {}

  /** A block was committed: schedule an update (cheap; called on the commit path). */
  blockCommitted(): void {
    if (this.clients.size === 0) return
    this.dirty = true
    if (this.timer || this.flushing) return
    const wait = Math.max(0, this.lastFlush + (this.options.minIntervalMs ?? 250) - Date.now())
    this.timer = setTimeout(() => void this.flush(), wait)
  }

  /** The SSE response of one stream of a page's updates. */
  handle(c: Context, page: LivePage): Response {
    if (this.closed || this.clients.size >= (this.options.maxClients ?? 100))
      return c.text('too many live dashboard streams', 503)
    return streamSSE(c, async (stream) => {
      const client: Client = { stream, page, shown: {}, busy: false }
      this.clients.add(client)
      this.startKeepalive()
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve)
        this.closers.add(resolve)
      })
      try {
        // The page may have been rendered a while ago: start the stream from the chain as it is.
        await this.render(page)
        await this.sync(client)
        await ended
      } finally {
        this.clients.delete(client)
        if (this.clients.size === 0) this.stopKeepalive()
      }
    })
  }

  /** Ends every stream and stops the timers. */
  close(): void {
    this.closed = true
    clearTimeout(this.timer)
    this.stopKeepalive()
    for (const end of this.closers) end()
    this.closers.clear()
  }

  private async render(page: LivePage): Promise<void> {
    try {
      this.latest.set(page, await this.options.render(page))
    } catch (err) {
      this.options.logger?.error({ err, page }, 'dashboard: rendering a live update failed')
    }
  }

  private async flush(): Promise<void> {
    this.timer = undefined
    this.flushing = true
    this.dirty = false
    this.lastFlush = Date.now()
    try {
      const pages = new Set([...this.clients].map((c) => c.page))
      for (const page of pages) await this.render(page)
      for (const client of this.clients) void this.sync(client)
    } finally {
      this.flushing = false
      if (this.dirty && !this.closed) this.blockCommitted()
    }
  }

  /** Sends a stream what changed between what it was shown and the page's newest rendering. */
  private async sync(client: Client): Promise<void> {
    while (!client.busy && !client.stream.aborted) {
      const newest = this.latest.get(client.page) ?? {}
      const changed: Fragments = {}
      for (const [id, markup] of Object.entries(newest))
        if (client.shown[id] !== markup) changed[id] = markup
      if (Object.keys(changed).length === 0) return
      client.busy = true
      try {
        await client.stream.writeSSE({
          event: 'update',
          data: JSON.stringify({ fragments: changed }),
        })
        Object.assign(client.shown, changed)
      } finally {
        client.busy = false
      }
    }
  }

  private startKeepalive(): void {
    if (this.keepalive) return
    this.keepalive = setInterval(() => {
      for (const client of this.clients)
        if (!client.busy) void client.stream.write(': keep-alive\n\n')
    }, KEEPALIVE_MS)
    this.keepalive.unref()
  }

  private stopKeepalive(): void {
    clearInterval(this.keepalive)
    this.keepalive = undefined
  }
}
