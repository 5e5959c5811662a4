import { createHash } from 'node:crypto'
import { copyFile, mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { bech32 } from '@scure/base'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM_ARGS, requireChromium } from '../helpers/chromium.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  rest,
  startDevnetNode,
} from '../helpers/devnet.js'
import { devMine, getJson } from '../helpers/sdkd.js'
import { valoperOf, writeStakedGenesis } from '../helpers/staked-devnet.js'

/**
 * The dashboard's validators page on a real `sdkd start` of a devnet whose genesis has four bonded
 * validators (40/30/20/10 % of the bonded stake) and an unbonded, jailed one: its HTML over HTTP, and
 * the page in Chromium (playwright-core, as the other dashboard browser test) at full and 420 px width.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const ARTIFACTS = `${ROOT}.tmp/screenshots`

const CHROMIUM = requireChromium('validators page browser test')

let home: DevnetHome
let node: RunningNode
/** What each row must show, in the page's order (by voting power). */
let expected: {
  operator: string
  moniker: string
  power: string
  share: string
  status: string
  jailed: string
  commission: string
}[]

beforeAll(async () => {
  home = await createDevnetHome('dash-validators')
  await writeStakedGenesis(home, [
    { key: 'account3', moniker: 'delta', self: 10_000_000n, commission: '0.050000000000000000' },
    { key: 'validator', moniker: 'atlas', self: 40_000_000n },
    { key: 'alice', moniker: 'birch', self: 20_000_000n, delegators: { account4: 10_000_000n } },
    {
      key: 'bob',
      moniker: 'cedar',
      self: 15_000_000n,
      delegators: { account5: 5_000_000n },
      commission: '0.125000000000000000',
    },
    { key: 'account6', moniker: 'echo', self: 7_000_000n, unbonded: { jailed: true } },
  ])
  node = await startDevnetNode(home, 'v2')
  const op = (key: string) => valoperOf(home.accounts[key]!.address)
  const bonded = (key: string, moniker: string, power: number, commission: string) => ({
    operator: op(key),
    moniker,
    power: String(power),
    share: `${power}%`,
    status: 'bonded',
    jailed: 'no',
    commission,
  })
  expected = [
    bonded('validator', 'atlas', 40, '10%'),
    bonded('alice', 'birch', 30, '10%'),
    bonded('bob', 'cedar', 20, '12.5%'),
    bonded('account3', 'delta', 10, '5%'),
    { ...bonded('account6', 'echo', 0, '10%'), status: 'unbonded', jailed: 'yes' },
  ]
})

afterAll(async () => {
  await node?.p.stop()
  await home?.cleanup()
})

/**
 * Missed blocks each row must show: x/slashing's counter for the validator's consensus address when
 * the node serves signing infos, "—" otherwise (and for a validator without a signing info).
 */
async function expectedMissed(): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const { validators } = await rest(node, '/sdk/staking/v1beta1/validators')
  const infos = await getJson(`${node.api}/sdk/slashing/v1beta1/signing_infos`)
  const counters = new Map<string, string>()
  if (infos.status === 200) {
    for (const i of (infos.body as any).info) counters.set(i.address, i.missed_blocks_counter)
  }
  for (const v of validators) {
    const key = Buffer.from(v.consensus_pubkey.key, 'base64')
    const cons = createHash('sha256').update(key).digest().subarray(0, 20)
    const address = bech32.encode('sdkvalcons', bech32.toWords(cons))
    out.set(v.operator_address, counters.get(address) ?? '—')
  }
  return out
}

/** The rows of the validators table in a page's HTML, cell by `data-col`. */
function rows(page: string): Record<string, string>[] {
  return [...page.matchAll(/<tr data-operator="([^"]+)">([\s\S]*?)<\/tr>/g)].map((m) => {
    const cells: Record<string, string> = { operator: m[1]! }
    for (const c of m[2]!.matchAll(/<td[^>]*data-col="([\w-]+)"[^>]*>([^<]*)<\/td>/g))
      cells[c[1]!] = c[2]!
    return cells
  })
}

describe('dashboard validators page', () => {
  test('behavior: /dashboard/validators lists every genesis validator with power, share, status, jailed, commission and missed blocks; linked from the navigation; past heights', async () => {
    const res = await fetch(`${node.api}/dashboard/validators`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const body = await res.text()
    expect(body).toContain('<title>Validators · dash-validators · sdkd</title>')
    expect(body).toContain('<a href="/dashboard/validators" aria-current="page">Validators</a>')
    expect(body).toContain('data-events="/dashboard/events?page=validators"')
    const missed = await expectedMissed()
    // x/distribution's two columns are checked at a fixed height below: they move every block.
    const withoutEarnings = rows(body).map(
      ({ 'commission-earned': _c, outstanding: _o, ...rest }) => rest,
    )
    expect(withoutEarnings).toEqual(expected.map((e) => ({ ...e, missed: missed.get(e.operator) })))
    expect(body).toMatch(/<dt>Validators<\/dt><dd>5 \(4 bonded\)<\/dd>/)
    expect(body).toMatch(/<dt>Total voting power<\/dt><dd>100<\/dd>/)

    // Every page links it.
    const overview = await (await fetch(`${node.api}/`)).text()
    expect(overview).toContain('<li><a href="/dashboard/validators">Validators</a></li>')

    // A past height: the same set, marked, static.
    const past = await fetch(`${node.api}/dashboard/validators?height=1`)
    expect(past.status).toBe(200)
    const pastBody = await past.text()
    expect(pastBody).toContain('<strong>At height 1</strong>')
    expect(pastBody).not.toContain('data-events=')
    expect(rows(pastBody).map((r) => [r.moniker, r.share])).toEqual(
      expected.map((e) => [e.moniker, e.share]),
    )
  })

  test("behavior: each validator's commission earned and outstanding rewards, as x/distribution's REST routes answer them at the viewed height", async () => {
    // A few blocks, so fees and provisions have been allocated to the validators.
    const height = await devMine(node.rpcPort, 3)
    const at = async (path: string) => {
      const r = await getJson(`${node.api}${path}`, {
        headers: { 'x-sdk-block-height': String(height) },
      })
      expect([path, r.status]).toEqual([path, 200])
      return r.body as any
    }
    // 12.500000000000000000stake → 12.5stake; no coins → 0.
    const shown = (coins: { denom: string; amount: string }[]) =>
      coins.length === 0
        ? '0'
        : coins.map((c) => `${c.amount.replace(/\.?0+$/, '')}${c.denom}`).join(', ')
    const want = await Promise.all(
      expected.map(async (e) => ({
        operator: e.operator,
        'commission-earned': shown(
          (await at(`/sdk/distribution/v1beta1/validators/${e.operator}/commission`)).commission
            .commission,
        ),
        outstanding: shown(
          (await at(`/sdk/distribution/v1beta1/validators/${e.operator}/outstanding_rewards`))
            .rewards.rewards,
        ),
      })),
    )
    const page = await (await fetch(`${node.api}/dashboard/validators?height=${height}`)).text()
    expect(page).toContain('<th scope="col" class="num">Commission earned</th>')
    expect(
      rows(page).map((r) => ({
        operator: r.operator,
        'commission-earned': r['commission-earned'],
        outstanding: r.outstanding,
      })),
    ).toEqual(want)
    // The bonded validators have earned; the unbonded one (not in the commit) has not.
    expect(want.map((w) => w.outstanding === '0')).toEqual([false, false, false, false, true])
  })
})

describe.skipIf(!CHROMIUM)('dashboard validators page in a real browser (chromium)', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM!,
      args: CHROMIUM_ARGS,
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  test('behavior: from the overview, the Validators link opens the page listing the genesis validators with their power shares; live; fits 420 px', async () => {
    const problems: string[] = []
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
    await page.goto(`${node.api}/`)
    await page.getByRole('link', { name: 'Validators', exact: true }).click()
    await expect.poll(() => page.locator('h1').innerText()).toBe('Validators')
    await expect
      .poll(() => page.locator('#live-state').innerText(), { timeout: 15_000 })
      .toBe('live updates: on')
    const table = (await page
      .locator('#validator-set tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      )) as string[][]
    expect(table.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]])).toEqual(
      expected.map((e) => [
        e.moniker,
        e.operator,
        e.power,
        e.share,
        e.status,
        e.jailed,
        e.commission,
      ]),
    )

    // The picture of docs/dashboard.md (replaced with SDKD_UPDATE_SCREENSHOTS=1, as the other pages').
    await mkdir(ARTIFACTS, { recursive: true })
    const file = `${ARTIFACTS}/dashboard-validators.png`
    await page.screenshot({ path: file, fullPage: true })
    if (process.env.SDKD_UPDATE_SCREENSHOTS === '1')
      await copyFile(file, `${ROOT}docs/images/dashboard-validators.png`)

    const narrow = await browser.newPage({ viewport: { width: 420, height: 800 } })
    narrow.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
    await narrow.goto(`${node.api}/dashboard/validators`)
    const width = (await narrow.evaluate('document.documentElement.scrollWidth')) as number
    expect(width).toBeLessThanOrEqual(420)
    await narrow.close()
    await page.close()
    expect(problems).toEqual([])
  })
})
