import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../helpers/chromium.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
} from '../helpers/devnet.js'

/**
 * A web app on another origin calling a devnet's CometBFT RPC from Debian's Chromium
 * (playwright-core), as cosmjs's clients do in a browser: JSON-RPC POSTs with a JSON content type
 * (so the browser sends a preflight first), a URI GET, and a header the RPC's CORS does not allow.
 */

const CHROMIUM = requireChromium('RPC CORS browser test')

let home: DevnetHome
let node: RunningNode
let browser: Browser
let page: Page
let site: Server

describe.skipIf(!CHROMIUM)('the RPC from a web page of another origin (chromium)', () => {
  beforeAll(async () => {
    home = await createDevnetHome('cors-browser')
    // The web app: an empty page on a port of its own, so a different origin from the RPC's.
    site = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<!doctype html><title>app</title>')
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    ;[node, browser] = await Promise.all([
      startDevnetNode(home, 'v2', '200ms'),
      chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS }),
    ])
    page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await node?.p.stop()
    await new Promise((resolve) => site?.close(resolve))
    await home?.cleanup()
  })

  test('behavior: a devnet (its preset allows any origin) answers the page’s JSON-RPC and URI calls; a header it does not allow fails the preflight', async () => {
    const rpc = `http://127.0.0.1:${node.rpcPort}`
    const answers = await page.evaluate(async (rpc) => {
      const call = async (headers: Record<string, string>) => {
        try {
          const res = await fetch(rpc, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'status', params: {} }),
          })
          const body = (await res.json()) as any
          return { status: res.status, id: body.id, network: body.result.node_info.network }
        } catch (err) {
          return { error: String(err) }
        }
      }
      const uri = (await fetch(`${rpc}/abci_info`).then((r) => r.json())) as any
      return {
        jsonRpc: await call({}),
        uri: uri.result.response.data,
        refused: await call({ 'X-Custom': '1' }),
        origin: (globalThis as any).location.origin as string,
      }
    }, rpc)
    expect(answers.origin).not.toBe(rpc)
    expect(answers.jsonRpc).toEqual({ status: 200, id: 7, network: 'cors-browser' })
    expect(answers.uri).toBe('sdkd')
    expect(answers.refused).toEqual({ error: 'TypeError: Failed to fetch' })
  })
})
