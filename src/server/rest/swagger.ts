import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { swaggerUI } from '@hono/swagger-ui'
import type { Hono } from 'hono'
import type { QueryRouter } from '../query/router.js'
import { openApiDocument } from './openapi.js'

/** Swagger UI's files (from swagger-ui-dist), served by sdkd itself: no internet needed. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'favicon-16x16.png': 'image/png',
  'favicon-32x32.png': 'image/png',
}
/** Where the page loads its assets from (@hono/swagger-ui appends `/swagger-ui-dist/<file>`). */
const ASSET_BASE = '/swagger'
const DOCUMENT = '/swagger/swagger.json'

/**
 * `[api] swagger = true`: Swagger UI at `/swagger` (and `/swagger/`; `/swagger/index.html` is
 * redirected there) over the OpenAPI 2.0 document at `/swagger/swagger.json` (also
 * `/swagger/swagger.yaml`, as upstream names it: JSON is YAML).
 */
export function registerSwagger(app: Hono, router: QueryRouter, version: string): void {
  // Generated once, when it is first asked for: it parses every proto file's comments (about a
  // sixth of a node's start-up), and most nodes never serve it.
  let document: string | undefined
  const body = () => {
    document ??= JSON.stringify(openApiDocument(router, version))
    return document
  }
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  const files = new Map<string, Uint8Array<ArrayBuffer>>()
  const ui = swaggerUI({ url: DOCUMENT, baseUrl: ASSET_BASE, title: 'sdkd - gRPC Gateway docs' })

  app.get('/swagger', ui)
  app.get('/swagger/', ui)
  // Upstream serves the UI's files with Go's http.FileServer, which sends a request for an
  // index.html to its directory: 301 to `./`, the query kept, no body.
  app.get('/swagger/index.html', (c) => {
    const q = c.req.url.indexOf('?')
    const query = q < 0 ? '' : c.req.url.slice(q + 1)
    return c.body(null, 301, {
      Location: `./${query === '' ? '' : `?${query}`}`,
      'Content-Length': '0',
    })
  })
  app.get(DOCUMENT, (c) => c.body(body(), 200, { 'content-type': 'application/json' }))
  app.get('/swagger/swagger.yaml', (c) =>
    c.body(body(), 200, { 'content-type': 'application/yaml' }),
  )
  app.get(`${ASSET_BASE}/swagger-ui-dist/:file`, async (c) => {
    const name = c.req.param('file')
    const type = ASSETS[name]
    if (!type) return c.notFound()
    let bytes = files.get(name)
    if (!bytes) {
      bytes = new Uint8Array(await readFile(join(assetDir, name)))
      files.set(name, bytes)
    }
    return c.body(bytes, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' })
  })
}
