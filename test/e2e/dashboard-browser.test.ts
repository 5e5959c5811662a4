import { copyFile, mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../helpers/chromium.js'
import {
  createDevnetHome,
  type DevnetHome,
  heightOf,
  type RunningNode,
  startDevnetNode,
  tx,
} from '../helpers/devnet.js'
import { rpcCall } from '../helpers/sdkd.js'

/**
 * The dashboard in a real browser: Debian's Chromium driven by playwright-core against a real
 * `sdkd start` of a devnet home, blocks mined through the dev API (manual mining), txs sent with
 * the `sdkd` CLI. Screenshots of each page go to .tmp/screenshots/ (test artifacts); with
 * SDKD_UPDATE_SCREENSHOTS=1 they also replace docs/images/dashboard-*.png, the pictures of docs/dashboard.md.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const ARTIFACTS = `${ROOT}.tmp/screenshots`
const DOCS = `${ROOT}docs/images`

const CHROMIUM = requireChromium('dashboard browser test')

/** Live updates arrive within a block's render; allow for a loaded machine. */
const POLL = { timeout: 15_000 }

const MEMO = 'lunch <script>window.__pwned = true</script>'

let home: DevnetHome
let node: RunningNode
let browser: Browser
let page: Page
const problems: string[] = []

/** Runs `sdkd tx … -o json` without waiting for a block (mining is manual); the tx hash. */
async function cli(args: string[], from: string): Promise<string> {
  const res = await tx(home, node, args, from, { wait: false })
  expect(res.code, res.raw_log).toBe(0)
  return res.txhash as string
}

/** Mines blocks now through the dev API, their times 500 ms apart (a devnet's pace); the new height. */
async function mine(blocks: number): Promise<number> {
  const reply = await rpcCall(node.rpcPort, 'dev_mine', { blocks, interval_ms: 500 })
  if (!reply.result) throw new Error(`dev_mine failed: ${JSON.stringify(reply.error)}`)
  return Number(reply.result.height)
}

async function shot(name: string): Promise<void> {
  const file = `${ARTIFACTS}/dashboard-${name}.png`
  await page.screenshot({ path: file, fullPage: true })
  if (process.env.SDKD_UPDATE_SCREENSHOTS === '1')
    await copyFile(file, `${DOCS}/dashboard-${name}.png`)
}

const textOf = (selector: string) => page.locator(selector).first().innerText()

describe.skipIf(!CHROMIUM)('dashboard in a real browser (chromium)', () => {
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true })
    if (process.env.SDKD_UPDATE_SCREENSHOTS === '1') await mkdir(DOCS, { recursive: true })
    // A voting period long enough for the CLI calls on a loaded machine; it is ended by time travel.
    home = await createDevnetHome('dash-devnet', { voting_period: '60s' }, 'v2')
    const [started, launched] = await Promise.all([
      startDevnetNode(home, 'v2', '200ms'),
      chromium.launch({
        executablePath: CHROMIUM!,
        args: CHROMIUM_ARGS,
      }),
    ])
    node = started
    browser = launched
    const mining = await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'manual' })
    expect(mining.result?.mode).toBe('manual')
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`)
    })
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
  })

  afterAll(async () => {
    await browser?.close()
    await node?.p.stop()
    await home?.cleanup()
  })

  test('behavior: the pages a devnet user opens work in Chromium: live height, keyboard, tx, proposal and tally, countdown, past heights; no console errors', async () => {
    // Overview: the height rises as blocks are mined, without a reload (server-sent events).
    await mine(8)
    await page.goto(`${node.api}/`)
    await expect.poll(() => textOf('#live-state'), POLL).toBe('live updates: on')
    const h0 = Number(await textOf('[data-testid=height]'))
    expect(h0).toBe(await heightOf(node))
    await mine(2)
    await expect.poll(() => textOf('[data-testid=height]'), POLL).toBe(String(h0 + 2))
    await expect
      .poll(() => page.locator('#recent-blocks tbody tr').count(), POLL)
      .toBeGreaterThan(2)
    await shot('overview')

    // Keyboard: Tab reaches every link of the overview, each with a visible focus ring.
    const links = await page
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    const reached = new Set<string>()
    let outlines = 0
    for (let i = 0; i < links.length + 6 && reached.size < new Set(links).size; i++) {
      await page.keyboard.press('Tab')
      // (Evaluated in the page: the DOM is not in this file's types.)
      const focus = (await page.evaluate(`(() => {
        const el = document.activeElement
        return { href: el && el.getAttribute('href'), outline: el ? getComputedStyle(el).outlineStyle : 'none' }
      })()`)) as { href: string | null; outline: string }
      if (focus.href !== null) reached.add(focus.href)
      if (focus.outline !== 'none') outlines++
    }
    expect([...reached].sort()).toEqual([...new Set(links)].sort())
    expect(outlines).toBeGreaterThanOrEqual(reached.size)

    // A bank send from the CLI: its tx page shows the message decoded as JSON; the memo is text.
    const alice = home.accounts.alice!.address
    const bob = home.accounts.bob!.address
    const hash = await cli(['bank', 'send', 'alice', bob, '1000token', '--note', MEMO], 'alice')
    const sendHeight = await mine(1)
    await page.goto(`${node.api}/dashboard/txs/${hash}`)
    await expect(page.locator('h2#messages-title + h3').innerText()).resolves.toContain('MsgSend')
    const json = await page.locator('pre.json').first().innerText()
    expect(JSON.parse(json)).toEqual({
      '@type': '/sdk.bank.v1beta1.MsgSend',
      from_address: alice,
      to_address: bob,
      amount: [{ denom: 'token', amount: '1000' }],
    })
    expect(await textOf('[data-testid=memo]')).toBe(MEMO)
    expect(await page.evaluate('window.__pwned')).toBeUndefined()
    await shot('tx')
    await page
      .getByRole('link', { name: String(sendHeight), exact: true })
      .first()
      .click()
    await expect.poll(() => page.locator('h1').innerText(), POLL).toBe(`Block ${sendHeight}`)
    await shot('block')
    await page.goto(`${node.api}/dashboard/accounts/${bob}`)
    expect(await page.locator('td[data-denom=token]').innerText()).toBe('1000001000')
    await shot('account')

    // A proposal submitted from the CLI appears on the live governance page; the tally bar moves after the vote.
    const planHeight = sendHeight + 1500
    await cli(
      [
        'upgrade',
        'software-upgrade',
        'v3',
        '--title',
        'Upgrade to v3',
        '--summary',
        'Rehearse the next release',
        '--deposit',
        '10000000stake',
        '--upgrade-height',
        String(planHeight),
        '--upgrade-info',
        '{}',
        '--no-validate',
      ],
      'validator',
    )
    const submitHeight = await mine(1)
    await page.goto(`${node.api}/dashboard/governance`)
    await expect
      .poll(() => textOf('#proposal-1 [data-testid=proposal-status]'), POLL)
      .toBe('voting period')
    expect(await textOf('#proposal-1-title')).toBe('#1 Upgrade to v3')
    const yes = page.locator('#proposal-1 .seg.yes')
    expect(await yes.getAttribute('data-share')).toBe('0')
    await page.locator('#proposal-1-messages summary').click()
    expect(JSON.parse(await page.locator('#proposal-1-messages pre').innerText())).toMatchObject({
      '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
      plan: { name: 'v3', height: String(planHeight) },
    })
    await cli(['gov', 'vote', '1', 'yes'], 'validator')
    await mine(1)
    await expect.poll(() => yes.getAttribute('data-share'), POLL).toBe('100')
    expect((await yes.boundingBox())!.width).toBeGreaterThan(100)
    // The open <details> stays open across the live update.
    expect(await page.locator('#proposal-1-messages').getAttribute('open')).toBe('')
    await shot('governance')

    // A past height shows the state then: before the vote, beside the latest.
    await page.goto(`${node.api}/dashboard/governance?height=${submitHeight}`)
    expect(await textOf('#at-height')).toContain(`At height ${submitHeight}`)
    expect(await page.locator('#proposal-1 .seg.yes').getAttribute('data-share')).toBe('0')
    await shot('past-height')
    await page.getByRole('link', { name: 'Back to the latest height' }).click()
    await expect
      .poll(() => page.locator('#proposal-1 .seg.yes').getAttribute('data-share'), POLL)
      .toBe('100')

    // End the voting period by time travel: the proposal passes, the upgrades page counts down.
    const travel = await rpcCall(node.rpcPort, 'dev_increaseTime', { seconds: 61 })
    expect(travel.error).toBeUndefined()
    const passedAt = await mine(1)
    await page.goto(`${node.api}/dashboard/upgrades`)
    expect(await textOf('[data-testid=blocks-left]')).toBe(String(planHeight - passedAt))
    expect(await textOf('[data-testid=safety-rule]')).toContain('Scheduled by proposal #1')
    await mine(2)
    await expect
      .poll(() => textOf('[data-testid=blocks-left]'), POLL)
      .toBe(String(planHeight - passedAt - 2))
    await shot('upgrades')

    expect(problems).toEqual([])
  })

  test('behavior: at 420 px wide no page scrolls sideways; a long hash in a table shows shortened, in full in its title and link', async () => {
    const narrow = await browser.newPage({ viewport: { width: 420, height: 800 } })
    narrow.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
    const bob = home.accounts.bob!.address
    const hash = await cli(['bank', 'send', 'alice', bob, '1token', '--note', 'narrow'], 'alice')
    const height = await mine(1)
    const paths = [
      '/',
      '/dashboard/validators',
      '/dashboard/upgrades',
      '/dashboard/governance',
      `/dashboard/governance?height=${height}`,
      `/dashboard/blocks/${height}`,
      `/dashboard/txs/${hash}`,
      `/dashboard/accounts/${bob}`,
      '/dashboard/no-such-page',
    ]
    const wide: string[] = []
    for (const path of paths) {
      await narrow.goto(`${node.api}${path}`)
      // The page's width, and the innermost elements reaching past the window (to say what is wide).
      const seen = (await narrow.evaluate(`(() => {
        const past = [...document.querySelectorAll('body *')].filter((el) => {
          if (el.getBoundingClientRect().right <= 420.5) return false
          for (let p = el.parentElement; p; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX
            if (o === 'auto' || o === 'scroll' || o === 'hidden') return false
          }
          return ![...el.children].some((c) => c.getBoundingClientRect().right > 420.5)
        })
        return { width: document.documentElement.scrollWidth, past: past.slice(0, 3).map((el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')) }
      })()`)) as { width: number; past: string[] }
      await narrow.screenshot({ path: `${ARTIFACTS}/dashboard-420-${paths.indexOf(path)}.png` })
      if (seen.width > 420) wide.push(`${path}: ${seen.width} px (${seen.past.join(', ')})`)
    }
    expect(wide).toEqual([])

    // The block's tx table: the hash is shortened on screen, whole in the title and the link.
    await narrow.goto(`${node.api}/dashboard/blocks/${height}`)
    const cell = narrow.locator(`table a[href="/dashboard/txs/${hash}"] .hash`)
    const shown = await cell.innerText()
    expect(shown.length).toBeLessThan(hash.length)
    expect(hash.startsWith(shown.slice(0, 6))).toBe(true)
    expect(await cell.getAttribute('title')).toBe(hash)
    expect((await cell.boundingBox())!.x + (await cell.boundingBox())!.width).toBeLessThanOrEqual(
      420,
    )
    // The overview's recent blocks: each block hash is shortened, whole in its title.
    await narrow.goto(`${node.api}/`)
    const blockHash = narrow.locator('#recent-blocks tbody tr .hash').first()
    const title = (await blockHash.getAttribute('title'))!
    expect(title).toMatch(/^[0-9A-F]{64}$/)
    expect((await blockHash.innerText()).length).toBeLessThan(title.length)
    await narrow.close()
    expect(problems).toEqual([])
  })
})
