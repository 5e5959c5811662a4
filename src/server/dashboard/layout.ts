import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { BASE, type Html, href } from './format.js'

/** The height a page shows: the latest committed one, or a past one asked with `?height=H`. */
export interface View {
  height: number
  latest: number
  /** The height asked for, when the page shows a past state (links keep it). */
  at: number | undefined
}

/** The live pages: their fragments are sent again over server-sent events after each block. */
export type LivePage = 'overview' | 'validators' | 'upgrades' | 'governance'

export interface PageShell {
  title: string
  /** Path of the page without the height (the "back to latest" link goes there). */
  path: string
  view: View | undefined
  /** The nav entry to mark as the current page. */
  section?: LivePage | 'explorer'
  /** Receives live updates (only when showing the latest height). */
  live?: LivePage
  chainId: string
  brand: string
  appVersion: string
  sdkdVersion: string
  /** Asset URLs with their content version. */
  assets: { css: string; js: string; icon: string }
  body: Html
}

const NAV: readonly [LivePage, string, string][] = [
  ['overview', 'Overview', BASE],
  ['validators', 'Validators', `${BASE}/validators`],
  ['upgrades', 'Upgrades', `${BASE}/upgrades`],
  ['governance', 'Governance', `${BASE}/governance`],
]

/** A whole page: header with navigation and search, the past-height marker, main, footer. */
export function page(p: PageShell): Html {
  const at = p.view?.at
  const live = p.live !== undefined && at === undefined
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title} · ${p.chainId} · sdkd</title>
<link rel="icon" href="${p.assets.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${p.assets.css}">
<script src="${p.assets.js}" defer></script>
</head>
<body${live ? html` data-events="${BASE}/events?page=${p.live}"` : ''}>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<a class="brand" href="${href(BASE, at)}"><span class="logo" aria-hidden="true">◆</span> sdkd <span class="chain">${p.chainId}</span></a>
<nav aria-label="Dashboard">
<ul>${NAV.map(
    ([id, label, path]) =>
      html`<li><a href="${href(path, at)}"${p.section === id ? raw(' aria-current="page"') : ''}>${label}</a></li>`,
  )}</ul>
</nav>
<form class="search" role="search" action="${BASE}/search" method="get">
<label for="search-q">Search</label>
<input id="search-q" name="q" type="search" placeholder="height, block or tx hash, address" required autocomplete="off" spellcheck="false">
${at !== undefined ? html`<input type="hidden" name="height" value="${at}">` : ''}
<button type="submit">Go</button>
</form>
</header>
${at !== undefined && p.view ? pastMarker(p.view, p.path) : ''}
<main id="main">
<h1>${p.title}</h1>
${p.body}
</main>
<footer>
<p>sdkd ${p.sdkdVersion} · app version ${p.appVersion} · brand ${p.brand} ·
${live ? html`<span id="live-state" class="live-state">live updates: connecting…</span>` : html`<span class="live-state">static page</span>`}</p>
</footer>
</body>
</html>`
}

/** The banner of a past-height view: which height, the latest, and the way back. */
function pastMarker(view: View, path: string): HtmlEscapedString {
  return html`<p class="at-height" id="at-height"><strong>At height ${view.height}</strong>: the state as it was after block ${view.height} (the latest height is ${view.latest}). <a href="${path}">Back to the latest height</a></p>` as HtmlEscapedString
}
