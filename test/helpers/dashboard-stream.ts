import type { Hono } from 'hono'
import { expect } from 'vitest'

/**
 * Opens a dashboard page's live stream (`/dashboard/events?page=…`) on a node's REST app; `next`
 * resolves with the fragments of the next `update` event.
 */
export async function openStream(app: Hono, path: string) {
  const res = await app.request(path)
  expect(res.headers.get('content-type')).toBe('text/event-stream')
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  const next = async (): Promise<Record<string, string>> => {
    for (;;) {
      const end = buffered.indexOf('\n\n')
      if (end >= 0) {
        const event = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (!event.startsWith('event: update')) continue
        const data = event
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6)
        return JSON.parse(data).fragments
      }
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream ended')
      buffered += decoder.decode(value, { stream: true })
    }
  }
  return { reader, next }
}
