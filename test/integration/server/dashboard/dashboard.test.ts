import { access, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetMnemonic } from '../../../../src/cli/devnet-preset.js'
import { runInit } from '../../../../src/cli/init.js'
import { applyStartFlags } from '../../../../src/cli/start-prepare.js'
import { keyFromMnemonic, pubKeyToAddress } from '../../../../src/client/keyring.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../../../src/client/tx-builder.js'
import { addressToBech32, moduleAddress } from '../../../../src/codec/address.js'
import { txHashHex } from '../../../../src/codec/hash.js'
import type { AnyMessage } from '../../../../src/codec/proto.js'
import {
  defaultAppConfig,
  readAppConfig,
  renderAppToml,
} from '../../../../src/config/app-config.js'
import { presetConfig } from '../../../../src/config/home.js'
import type { Node } from '../../../../src/node/node.js'
import { openStream } from '../../../helpers/dashboard-stream.js'
import { tempDir } from '../../../helpers/temp-dir.js'
import { createTestNode } from '../../../helpers/test-node.js'

/**
 * The dashboard in-process, on a real devnet home (LevelDB in a temp dir) served by a real node's
 * REST app through `app.request`: txs are signed with the devnet keys and go through the mempool,
 * blocks are produced on demand, the voting period is ended by the dev API's time travel, and the
 * upgrade is the built-in v1 → v2 one (the v1 node halts, a v2 node applies it).
 */

const CHAIN_ID = 'dash-test'
const HOSTILE_MEMO = '<script>alert("memo")</script>'
const HOSTILE_TITLE = '<img src=x onerror=alert(1)> Upgrade to v2'
const GOV = addressToBech32(moduleAddress('gov'))
const validator = keyFromMnemonic(devnetMnemonic(0))
const alice = keyFromMnemonic(devnetMnemonic(1))
const bob = keyFromMnemonic(devnetMnemonic(2))
const address = (k: { pubKey: Uint8Array }) => addressToBech32(pubKeyToAddress(k.pubKey))

let home: { dir: string; cleanup(): Promise<void> }
let node: Node
let app: Hono

/** The text a reader sees: tags dropped, entities decoded, white space folded. */
function visible(markup: string): string {
  return markup
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<\/?(a|span|strong|code|time|em)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

async function get(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await app.request(path)
  return { status: res.status, body: await res.text(), headers: res.headers }
}

async function open(appVersion: string): Promise<void> {
  node = (await createTestNode({ home: home.dir, appVersion })).node
  app = node.restApp()
}

/** Signs `messages` with `key`, puts the tx through CheckTx and produces the block holding it. */
async function deliver(
  key: { privateKey: Uint8Array; pubKey: Uint8Array },
  messages: AnyMessage[],
  memo = '',
): Promise<{ height: number; hash: string }> {
  const registry = node.registry
  const m = node.router.byPath('/sdk.auth.v1beta1.Query/Account')!
  const r = await node.router.run(m, { address: address(key) }, node.producer.height)
  const account = registry.unpackAny(r.account)
  const tx = signTx(
    registry,
    createUnsignedTx({ messages, fee: { amount: [], gasLimit: 1_000_000n }, memo }),
    key,
    {
      chainId: CHAIN_ID,
      accountNumber: BigInt(String(account.value.account_number)),
      sequence: BigInt(String(account.value.sequence)),
    },
  )
  const bytes = encodeTxRaw(registry, tx)
  const checked = await node.tx!.mempool.checkTx(bytes)
  expect(checked.log).toBe('')
  const stored = await node.producer.produceBlock()
  expect(stored.results[0]?.log).toBe('')
  return { height: stored.block.header.height, hash: txHashHex(bytes) }
}

let sendTx: { height: number; hash: string }
let proposalAt: number

beforeAll(async () => {
  home = await tempDir('sdkd-dashboard-')
  await runInit({ home: home.dir, appVersion: 'v1' }, 'node0', {
    devnet: true,
    accounts: 3,
    quiet: true,
    chainId: CHAIN_ID,
  })
  await open('v1')
  await node.producer.produceBlocks(3)
  const registry = node.registry
  sendTx = await deliver(
    alice,
    [
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: address(alice),
        to_address: address(bob),
        amount: [{ denom: 'token', amount: '1000' }],
      }),
    ],
    HOSTILE_MEMO,
  )
})

afterAll(async () => {
  await node?.stop()
  await home?.cleanup()
})

describe('dashboard pages (in-process, app.request)', () => {
  test('behavior: [api] dashboard is off by default, on in the devnet preset, read from app.toml and overridden by --api.dashboard', () => {
    expect(renderAppToml(defaultAppConfig())).toContain('\ndashboard = false\n')
    expect(presetConfig('n', 'c', false).app.api.dashboard).toBe(false)
    const devnet = presetConfig('n', 'c', true)
    expect(renderAppToml(devnet.app)).toContain('\ndashboard = true\n')
    expect(readAppConfig('config/app.toml', { api: { dashboard: true } }).api.dashboard).toBe(true)
    expect(() => readAppConfig('config/app.toml', { api: { dashboard: 'yes' } })).toThrow(
      'config/app.toml: api.dashboard: expected true or false, got "yes"',
    )
    applyStartFlags(devnet, { 'api.dashboard': false })
    expect(devnet.app.api.dashboard).toBe(false)
  })

  test('behavior: the overview at / and /dashboard shows the chain, its height, the last blocks with tx counts, the mempool and the validator', async () => {
    const latest = node.producer.height
    for (const path of ['/', '/dashboard']) {
      const { status, body, headers } = await get(path)
      expect(status).toBe(200)
      expect(headers.get('content-type')).toMatch(/^text\/html/)
      const text = visible(body)
      expect(text).toContain('Chain id dash-test')
      expect(text).toContain('Brand sdk')
      expect(text).toContain('App version v1')
      expect(text).toMatch(new RegExp(`Height ${latest} Block time \\d{4}-\\d\\d-\\d\\d `))
      expect(text).toContain('Mempool 0 txs')
      // The last blocks, newest first, with their tx counts: the send's block holds one tx.
      expect(text).toMatch(new RegExp(`Hash ${sendTx.height} \\S+ \\S+ 1 \\d+ B`))
      expect(text).toMatch(/node0 sdkvaloper1\S+ bonded 10000000 10 100%/)
      expect(body).toContain('data-events="/dashboard/events?page=overview"')
    }
  })

  test("behavior: the overview shows x/mint's inflation and annual provisions at the viewed height, as the REST gateway answers them", async () => {
    for (const height of [2, node.producer.height]) {
      const rest = async (path: string) => {
        const res = await app.request(path, { headers: { 'x-sdk-block-height': String(height) } })
        expect(res.status).toBe(200)
        return (await res.json()) as Record<string, string>
      }
      const { inflation } = await rest('/sdk/mint/v1beta1/inflation')
      const provisions = (await rest('/sdk/mint/v1beta1/annual_provisions')).annual_provisions!
      // 0.130000512000000000 → 13.000051% (six decimals of a percent, truncated).
      const [whole, fraction] = inflation!.split('.')
      const millionths = (BigInt(whole! + fraction!) * 100n * 10n ** 6n) / 10n ** 18n
      const percent = `${millionths / 10n ** 6n}.${String(millionths % 10n ** 6n).padStart(6, '0')}`
        .replace(/0+$/, '')
        .replace(/\.$/, '')
      const yearly = provisions.replace(/\.?0+$/, '')
      const text = visible((await get(`/dashboard?height=${height}`)).body)
      expect(text).toContain(
        `Economy Inflation ${percent}% Annual provisions ${yearly}stake a year`,
      )
    }
    // The figures move block by block: the latest differs from height 2's.
    const at2 = visible((await get('/dashboard?height=2')).body)
    const now = visible((await get('/dashboard')).body)
    const provisionsOf = (t: string) => /Annual provisions (\S+) a year/.exec(t)?.[1]
    expect(provisionsOf(at2)).toBeDefined()
    expect(provisionsOf(now)).not.toBe(provisionsOf(at2))
  })

  test("behavior: with x/distribution, the overview shows the community pool, the validators page each validator's commission earned and outstanding rewards, and the operator's account page its commission and its delegation's pending reward, as the REST gateway answers them", async () => {
    await node.producer.produceBlocks(2)
    const height = node.producer.height
    const rest = async (path: string) => {
      const res = await app.request(path, { headers: { 'x-sdk-block-height': String(height) } })
      expect([path, res.status]).toEqual([path, 200])
      return (await res.json()) as any
    }
    // 12.500000000000000000stake → 12.5stake, as the pages show decimal coins.
    const shown = (coins: { denom: string; amount: string }[]) =>
      coins.length === 0
        ? '0'
        : coins.map((c) => `${c.amount.replace(/\.?0+$/, '')}${c.denom}`).join(', ')
    const operator = (await rest('/sdk/staking/v1beta1/validators')).validators[0]
      .operator_address as string
    const pool = (await rest('/sdk/distribution/v1beta1/community_pool')).pool
    const commission = (await rest(`/sdk/distribution/v1beta1/validators/${operator}/commission`))
      .commission.commission
    const outstanding = (
      await rest(`/sdk/distribution/v1beta1/validators/${operator}/outstanding_rewards`)
    ).rewards.rewards
    const rewards = await rest(`/sdk/distribution/v1beta1/delegators/${address(validator)}/rewards`)
    // Every figure is non-zero after a few blocks of minting.
    for (const coins of [pool, commission, outstanding, rewards.total])
      expect(coins).not.toEqual([])

    const overview = visible((await get(`/dashboard?height=${height}`)).body)
    expect(overview).toContain(`Community pool ${shown(pool)}`)
    const validators = (await get(`/dashboard/validators?height=${height}`)).body
    expect(validators).toContain(
      `<td class="num" data-col="commission-earned">${shown(commission)}</td><td class="num" data-col="outstanding">${shown(outstanding)}</td>`,
    )
    const account = visible(
      (await get(`/dashboard/accounts/${address(validator)}?height=${height}`)).body,
    )
    expect(account).toContain(
      `Validator Operator address ${operator} Moniker node0 Commission rate 10% Accumulated commission ${shown(commission)} Outstanding rewards ${shown(outstanding)}`,
    )
    expect(account).toContain(
      `Delegation rewards Validator Pending reward ${operator} ${shown(rewards.rewards[0].reward)} Total ${shown(rewards.total)}`,
    )
    // An account that delegates nothing says so.
    expect(visible((await get(`/dashboard/accounts/${address(bob)}`)).body)).toContain(
      'Delegation rewards No delegations.',
    )
  })

  test('behavior: the tx page of a bank send shows the message decoded as JSON, gas, code and events; the memo is escaped', async () => {
    const { status, body } = await get(`/dashboard/txs/${sendTx.hash.toLowerCase()}`)
    expect(status).toBe(200)
    const text = visible(body)
    expect(text).toContain(`Hash ${sendTx.hash}`)
    expect(text).toContain(`Height ${sendTx.height}`)
    expect(text).toContain('Result ok')
    expect(text).toMatch(/Gas used \/ wanted \d+ \/ 1000000/)
    expect(text).toContain('1. MsgSend /sdk.bank.v1beta1.MsgSend')
    expect(text).toContain(`"from_address": "${address(alice)}"`)
    expect(text).toContain('"amount": "1000"')
    expect(text).toContain(`Memo ${HOSTILE_MEMO}`)
    expect(text).toContain(`transfer recipient = ${address(bob)}`)
    // Escaped, never markup: the memo shows as text and no script of the chain's runs.
    expect(body).toContain('&lt;script&gt;alert(&quot;memo&quot;)&lt;/script&gt;')
    expect(body).not.toContain('<script>alert')
  })

  test('behavior: the block page shows the header, its hashes and its txs; the account page balances, sequence and recent txs', async () => {
    const block = await get(`/dashboard/blocks/${sendTx.height}`)
    expect(block.status).toBe(200)
    const text = visible(block.body)
    expect(text).toContain(`Block ${sendTx.height}`)
    expect(text).toContain('Chain id dash-test')
    expect(text).toMatch(/Block hash [0-9A-F]{64}/)
    expect(text).toMatch(/App hash after this block [0-9A-F]{64}/)
    expect(text).toMatch(
      new RegExp(
        `0 ${sendTx.hash.slice(0, 8)}…\\S+ MsgSend ok \\d+ / 1000000 ${escapeRe(HOSTILE_MEMO)}`,
      ),
    )
    expect(block.body).not.toContain('<script>alert')

    const account = await get(`/dashboard/accounts/${address(alice)}`)
    expect(account.status).toBe(200)
    const a = visible(account.body)
    expect(a).toContain('Sequence 1')
    expect(a).toContain('token 999999000')
    expect(a).toContain(`${sendTx.height} ${sendTx.hash.slice(0, 8)}`)
    const receiver = visible((await get(`/dashboard/accounts/${address(bob)}`)).body)
    expect(receiver).toContain('Sequence 0')
    expect(receiver).toContain('token 1000001000')
    expect(receiver).toContain(`${sendTx.height} ${sendTx.hash.slice(0, 8)}`)
  })

  test('behavior: ?height=H shows the state at H with a marker and a link back; a past balance differs from the latest', async () => {
    const before = sendTx.height - 1
    const past = await get(`/dashboard/accounts/${address(bob)}?height=${before}`)
    expect(past.status).toBe(200)
    const text = visible(past.body)
    expect(text).toContain(`At height ${before}`)
    expect(text).toContain('token 1000000000')
    expect(text).toContain('No transactions sent or received')
    expect(past.body).toContain(
      `<a href="/dashboard/accounts/${address(bob)}">Back to the latest height</a>`,
    )
    // A past view is static and its links stay at that height.
    expect(past.body).not.toContain('data-events=')
    expect(past.body).toContain(`href="/dashboard/governance?height=${before}"`)
    const overview = visible((await get(`/dashboard?height=${before}`)).body)
    expect(overview).toMatch(new RegExp(`At height ${before}.*Height ${before} Block time`))
  })

  test('error: a future or malformed height, an unknown block, tx or account and an unknown page are answered with a page that says why', async () => {
    const latest = node.producer.height
    const cases: [string, number, string][] = [
      [`/dashboard?height=${latest + 100}`, 400, 'cannot query with height in the future'],
      ['/dashboard?height=abc', 400, 'height must be a block height (a whole number), got "abc"'],
      [
        `/dashboard/blocks/${latest + 5}`,
        404,
        `Block ${latest + 5} does not exist yet: the latest height is ${latest}.`,
      ],
      ['/dashboard/blocks/x', 400, '"x" is not a block height'],
      [`/dashboard/txs/${'AB'.repeat(32)}`, 404, `No transaction with hash ${'AB'.repeat(32)}`],
      ['/dashboard/txs/123', 400, 'is not a transaction hash (64 hexadecimal digits)'],
      [
        `/dashboard/accounts/${addressToBech32(new Uint8Array(20).fill(7))}`,
        404,
        'has no state at height',
      ],
      [
        '/dashboard/accounts/cosmos1xyz',
        400,
        'is not an account address of this chain (bech32 with the prefix "sdk")',
      ],
      ['/dashboard/nope', 404, 'The dashboard has no page /dashboard/nope.'],
      ['/dashboard/search?q=what', 404, 'Nothing matches "what".'],
    ]
    for (const [path, status, message] of cases) {
      const r = await get(path)
      expect([path, r.status]).toEqual([path, status])
      expect(r.headers.get('content-type')).toMatch(/^text\/html/)
      expect(visible(r.body)).toContain(message)
      expect(r.body).toContain('<a href="/dashboard">the overview</a>')
    }
  })

  test('behavior: search leads to the block of a height, the tx or block of a hash, and the account of an address', async () => {
    const stored = (await node.blocks.get(2))!
    const blockHash = Buffer.from(stored.block.blockId.hash).toString('hex')
    const cases: [string, string][] = [
      ['2', '/dashboard/blocks/2'],
      [sendTx.hash.toLowerCase(), `/dashboard/txs/${sendTx.hash}`],
      [`0x${blockHash}`, '/dashboard/blocks/2'],
      [address(bob), `/dashboard/accounts/${address(bob)}`],
    ]
    for (const [q, location] of cases) {
      const res = await app.request(`/dashboard/search?q=${encodeURIComponent(q)}`)
      expect([q, res.status, res.headers.get('location')]).toEqual([q, 302, location])
    }
    const atHeight = await app.request('/dashboard/search?q=2&height=3')
    expect(atHeight.headers.get('location')).toBe('/dashboard/blocks/2?height=3')
  })

  test('behavior: the assets are served from the package, versioned and cacheable', async () => {
    const page = (await get('/dashboard')).body
    const css = /href="(\/dashboard\/assets\/dashboard\.css\?v=[0-9a-f]+)"/.exec(page)![1]!
    const js = /src="(\/dashboard\/assets\/dashboard\.js\?v=[0-9a-f]+)"/.exec(page)![1]!
    const c = await app.request(css)
    expect([c.status, c.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8'])
    expect(c.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await c.text()).toContain(':focus-visible')
    const j = await app.request(js)
    expect(j.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await j.text()).toContain('EventSource')
  })

  test('behavior: /dashboard/events streams the overview fragments, and again after a block', async () => {
    const stream = await openStream(app, '/dashboard/events')
    const nextUpdate = stream.next
    const reader = stream.reader
    const first = await nextUpdate()
    expect(Object.keys(first).sort()).toEqual(['chain-status', 'economy', 'recent-blocks'])
    const height = (await node.producer.produceBlock()).block.header.height
    const second = await nextUpdate()
    expect(visible(second['chain-status']!)).toContain(`Height ${height} `)
    expect(visible(second['recent-blocks']!)).toContain(`Hash ${height} `)
    await reader.cancel()
    // A stream opened later starts from the chain as it is then, not from an older rendering.
    const later = (await node.producer.produceBlock()).block.header.height
    const again = await openStream(app, '/dashboard/events?page=overview')
    expect(visible((await again.next())['chain-status']!)).toContain(`Height ${later} `)
    await again.reader.cancel()
    const wrong = await app.request('/dashboard/events?page=nope')
    expect(wrong.status).toBe(400)
  })
})

describe('governance and upgrades pages', () => {
  test('behavior: a proposal appears with its status, times, messages as JSON and a tally bar that moves after a vote; its title is escaped', async () => {
    const registry = node.registry
    const latest = node.producer.height
    const plan = { name: 'v2', height: String(latest + 12), info: '{}' }
    const submitted = await deliver(validator, [
      registry.packAny('/sdk.gov.v1.MsgSubmitProposal', {
        messages: [
          registry.packAny('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', { authority: GOV, plan }),
        ],
        initial_deposit: [{ denom: 'stake', amount: '10000000' }],
        proposer: address(validator),
        metadata: '',
        title: HOSTILE_TITLE,
        summary: 'v1 to v2',
        expedited: false,
      }),
    ])
    proposalAt = submitted.height
    const before = await get('/dashboard/governance')
    expect(before.status).toBe(200)
    const text = visible(before.body)
    expect(text).toContain(`#1 ${HOSTILE_TITLE} voting period`)
    expect(text).toMatch(
      /Submitted \d{4}-\d\d-\d\d \S+ Deposit ends \S+ \S+ Voting starts \S+ \S+ Voting ends \S+ \S+ Deposit 10000000stake/,
    )
    expect(text).toContain('Votes so far, as shares of the bonded tokens (10000000)')
    expect(text).toContain('yes: 0 (0%)')
    expect(text).toContain('1 message: MsgSoftwareUpgrade')
    expect(text).toContain('"@type": "/sdk.upgrade.v1beta1.MsgSoftwareUpgrade"')
    expect(text).toContain(`"height": "${plan.height}"`)
    expect(before.body).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(before.body).not.toContain('<img src=x')
    expect(before.body).toContain('data-option="yes" data-share="0"')

    await deliver(validator, [
      registry.packAny('/sdk.gov.v1.MsgVote', {
        proposal_id: '1',
        voter: address(validator),
        option: 1,
        metadata: '',
      }),
    ])
    const after = await get('/dashboard/governance')
    expect(visible(after.body)).toContain('yes: 10000000 (100%)')
    expect(after.body).toContain('data-option="yes" data-share="100"')
    // The state before the vote is still there to compare.
    const past = await get(`/dashboard/governance?height=${proposalAt}`)
    expect(past.body).toContain('data-option="yes" data-share="0"')
  })

  test('behavior: the upgrades page counts down to the plan and shows the safety rule against it, then the applied upgrade, the module version diff and upgrade-info.json', async () => {
    // End the voting period by time travel: the proposal passes and schedules the plan.
    await node.dev!.increaseTime(6)
    await node.producer.produceBlock()
    const passed = visible((await get('/dashboard/governance')).body)
    expect(passed).toContain(`#1 ${HOSTILE_TITLE} passed`)
    expect(passed).toContain('Final tally')

    // Governance lengthens its voting period after the plan was scheduled: the rule now uses the
    // new period, the verdict on the scheduling proposal the one it was submitted under.
    const registry = node.registry
    const paramsMethod = node.router.byPath('/sdk.gov.v1.Query/Params')!
    const { params } = await node.router.run(
      paramsMethod,
      { params_type: '' },
      node.producer.height,
    )
    await deliver(validator, [
      registry.packAny('/sdk.gov.v1.MsgSubmitProposal', {
        messages: [
          registry.packAny('/sdk.gov.v1.MsgUpdateParams', {
            authority: GOV,
            params: { ...params, voting_period: { seconds: 7, nanos: 0 } },
          }),
        ],
        initial_deposit: [{ denom: 'stake', amount: '10000000' }],
        proposer: address(validator),
        metadata: '',
        title: 'A longer voting period',
        summary: 'seven seconds',
        expedited: false,
      }),
    ])
    await deliver(validator, [
      registry.packAny('/sdk.gov.v1.MsgVote', {
        proposal_id: '2',
        voter: address(validator),
        option: 1,
        metadata: '',
      }),
    ])
    await node.dev!.increaseTime(6)
    await node.producer.produceBlock()
    expect(visible((await get('/dashboard/governance')).body)).toContain(
      '#2 A longer voting period passed',
    )

    const latest = node.producer.height
    const planHeight = proposalAt + 11
    const page = await get('/dashboard/upgrades')
    expect(page.status).toBe(200)
    const text = visible(page.body)
    expect(text).toContain(`Name v2 Height ${planHeight} Info {} Running app version v1`)
    expect(text).toMatch(
      new RegExp(`${planHeight - latest} blocks to go, about \\S+ at \\S+ per block`),
    )
    expect(text).toContain(
      'An upgrade height must leave 2 × (voting period 7s + deposit period 10s) + safety delta 7s = 41s after the proposal starts',
    )
    expect(text).toMatch(
      new RegExp(
        `Scheduled by proposal #1, submitted at height ${proposalAt}: the lowest safe height then \\(voting period 5s, deposit period 10s\\) was \\d+; the plan's ${planHeight} is ✗ too close.`,
      ),
    )
    expect(text).toContain(`A proposal submitted now (next block ${latest + 1}) must use height`)
    expect(text).toContain('No upgrade has been applied.')
    expect(text).toContain('No data/upgrade-info.json in the home')

    // The v1 node halts at the height and writes upgrade-info.json; v2 applies the upgrade.
    await node.producer.produceBlocks(planHeight - 1 - latest)
    await expect(node.producer.produceBlock()).rejects.toThrow(
      `UPGRADE "v2" NEEDED at height: ${planHeight}: {}`,
    )
    await access(join(home.dir, 'data/upgrade-info.json'))
    await node.stop()
    await open('v2')
    await node.producer.produceBlocks(2)

    const applied = visible((await get('/dashboard/upgrades')).body)
    expect(applied).toContain(`No upgrade is scheduled at height ${planHeight + 1}`)
    expect(applied).toContain(
      `v2 ${planHeight} at ${planHeight - 1} (before) · at ${planHeight} (after)`,
    )
    expect(applied).toContain('Protocol version 1')
    // The protocol version is a row of the applied-upgrades table (its footer), not a line after it.
    const protocolRow = (body: string) =>
      /<table>\s*<thead><tr><th scope="col">Name<\/th>[\s\S]*?<\/tbody>\s*<tfoot><tr data-testid="protocol-version"><th scope="row">Protocol version<\/th><td colspan="2">(\d+)<\/td><\/tr><\/tfoot>\s*<\/table>/.exec(
        body,
      )?.[1]
    expect(protocolRow((await get('/dashboard/upgrades')).body)).toBe('1')
    expect(applied).toContain(
      `Compared with height ${planHeight - 1}, just before the last upgrade (v2 at ${planHeight})`,
    )
    expect(applied).toMatch(/consensus — 1 added/)
    expect(applied).toMatch(/gov 5 5 (?!added)/)
    expect(applied).toContain('"name": "v2"')
    expect(applied).toContain(`"height": ${planHeight}`)
    // Side by side: before the height the plan is scheduled, at it the upgrade is applied.
    const atBefore = visible((await get(`/dashboard/upgrades?height=${planHeight - 1}`)).body)
    expect(atBefore).toContain(`At height ${planHeight - 1}`)
    expect(atBefore).toContain(`Name v2 Height ${planHeight}`)
    expect(atBefore).toContain('1 block to go')
    expect(atBefore).toContain('No upgrade has been applied.')
    expect(protocolRow((await get(`/dashboard/upgrades?height=${planHeight - 1}`)).body)).toBe('0')
    const overview = visible((await get('/')).body)
    expect(overview).toContain('App version v2 (protocol version 1)')
  })

  test("error: with [api] dashboard off, / and /dashboard are the gateway's 404", async () => {
    const config = join(home.dir, 'config/app.toml')
    const text = await readFile(config, 'utf8')
    expect(text).toContain('dashboard = true')
    await writeFile(config, text.replace('dashboard = true', 'dashboard = false'))
    await node.stop()
    await open('v2')
    for (const path of ['/', '/dashboard', '/dashboard/blocks/1', '/dashboard/events']) {
      const res = await app.request(path)
      expect([path, res.status]).toEqual([path, 404])
      expect(await res.json()).toEqual({ code: 5, message: 'Not Found', details: [] })
    }
  })
})

/** An SSE stream of the dashboard and a reader of its `update` events' fragments. */
function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
