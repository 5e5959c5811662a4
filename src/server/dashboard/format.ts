import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { JsonValue } from '../../codec/json.js'
import { formatRfc3339Nano, parseRfc3339, type TimeNs } from '../../codec/time.js'
import { formatDurationMs } from '../../modules/upgrade/timing.js'

/**
 * Small pieces of markup every page uses. Everything the chain provides (memos, titles, addresses,
 * JSON) goes through Hono's `html` helper, which escapes it; nothing here builds markup by string
 * concatenation.
 */

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>

/** A JSON object of a query answer (gateway JSON). */
export type Json = { [key: string]: JsonValue }

/** Where every dashboard page lives. */
export const BASE = '/dashboard'

/** A dashboard path, kept at the viewed height when the view is a past one. */
export function href(path: string, at: number | undefined): string {
  if (at === undefined) return path
  return `${path}${path.includes('?') ? '&' : '?'}height=${at}`
}

/** A string field of a JSON object ('' when absent or not a string). */
export function str(o: JsonValue | undefined, key: string): string {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return ''
  const v = o[key]
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
}

/** An object field of a JSON object ({} when absent). */
export function obj(o: JsonValue | undefined, key: string): Json {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return {}
  const v = o[key]
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}
}

/** An array field of a JSON object ([] when absent). */
export function arr(o: JsonValue | undefined, key: string): JsonValue[] {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return []
  const v = o[key]
  return Array.isArray(v) ? v : []
}

/** `1000stake, 5token` for a list of coins on a page (`—` for none). */
export function coinsDisplay(coins: readonly JsonValue[]): string {
  if (coins.length === 0) return '—'
  return coins.map((c) => `${str(c, 'amount')}${str(c, 'denom')}`).join(', ')
}

/** A block time as `<time>`: shown to the millisecond, exact in `datetime`. */
export function timeTag(t: TimeNs): HtmlEscapedString {
  const text = formatRfc3339Nano(t)
  const shown = text.replace('T', ' ').replace(/(\.\d{1,3})\d*Z$/, '$1Z')
  return html`<time datetime="${text}">${shown}</time>` as HtmlEscapedString
}

/** An RFC 3339 time of a query answer as `<time>` ('—' for none or the zero time). */
export function rfcTimeTag(text: string): HtmlEscapedString {
  if (text === '' || text.startsWith('0001-01-01')) return html`—` as HtmlEscapedString
  try {
    return timeTag(parseRfc3339(text))
  } catch {
    return html`${text}` as HtmlEscapedString
  }
}

/** A duration for people (`5s`, `1m30s`). */
export function durationText(ms: number): string {
  return formatDurationMs(ms)
}

/** A hash shortened for tables, in full in the title (the link carries the full hash). */
export function shortHash(hex: string): HtmlEscapedString {
  const short = hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex
  return html`<span class="hash" title="${hex}">${short}</span>` as HtmlEscapedString
}

/** Pretty JSON in a `<pre>` (escaped like any text). */
export function jsonBlock(value: unknown, label: string): HtmlEscapedString {
  return html`<pre class="json" tabindex="0" aria-label="${label}"><code>${JSON.stringify(value, null, 2)}</code></pre>` as HtmlEscapedString
}

/** The last part of a type URL: `/sdk.bank.v1beta1.MsgSend` → `MsgSend`. */
export function typeName(typeUrl: string): string {
  return typeUrl.slice(typeUrl.lastIndexOf('.') + 1)
}

/** A `<dl>` of label / value rows. */
export function facts(rows: readonly (readonly [string, unknown])[]): HtmlEscapedString {
  return html`<dl class="facts">${rows.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>` as HtmlEscapedString
}
