import { networkInterfaces } from 'node:os'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
} from '../helpers/devnet.js'
import { boundPorts, getJson, runSdkd, startSdkd, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * The dev API with real processes: mining on demand, mining modes, time travel, snapshot/revert,
 * balance edits — and its refusals (disabled, remote).
 */

const cleanups = cleanupAfterEach()

async function devnet(
  govParams: Record<string, string> = {},
): Promise<{ home: DevnetHome; node: RunningNode }> {
  const home = await createDevnetHome('dev-e2e', govParams)
  cleanups.push(home.cleanup)
  const node = await startDevnetNode(home, 'v2')
  cleanups.push(() => node.p.stop('SIGKILL'))
  return { home, node }
}

/** A JSON-RPC call; the whole reply ({result} or {error}). */
async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return res.json()
}

const http = (node: RunningNode) => `http://127.0.0.1:${node.rpcPort}`

/** `sdkd dev …` against the node; its JSON output. */
async function devCli(home: DevnetHome, node: RunningNode, args: string[]): Promise<any> {
  const r = await runSdkd(['--home', home.dir, 'dev', ...args, '--node', node.rpc])
  expect(r.stderr, `sdkd dev ${args.join(' ')}`).toBe('')
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout)
}

async function height(node: RunningNode): Promise<number> {
  return Number((await rpc(http(node), 'status')).result.sync_info.latest_block_height)
}

describe('dev API: mining', () => {
  test('behavior: 3,000 blocks mined in one call; heights and hashes link; the chain then waits (manual)', async () => {
    const { home, node } = await devnet()
    expect(await devCli(home, node, ['mining', 'manual'])).toEqual({
      mode: 'manual',
      interval_ms: '200',
    })
    const before = await height(node)
    const mined = await devCli(home, node, ['mine', '3000'])
    expect(mined).toEqual({ height: String(before + 3_000) })
    // Every block links to the one before it (last_block_id = the previous block's id).
    let prev: string | undefined
    for (let h = before + 1; h <= before + 3_000; h += 20) {
      const max = Math.min(h + 19, before + 3_000)
      const { body } = await getJson(`${http(node)}/blockchain?minHeight=${h}&maxHeight=${max}`)
      const metas = [...body.result.block_metas].reverse()
      expect(metas.map((m: any) => Number(m.header.height))).toEqual(
        Array.from({ length: max - h + 1 }, (_, i) => h + i),
      )
      for (const m of metas) {
        if (prev !== undefined) expect(m.header.last_block_id.hash).toBe(prev)
        prev = m.block_id.hash
      }
    }
    // Manual: nothing more comes until asked.
    expect(await height(node)).toBe(before + 3_000)
    const log = await node.p.waitForLog((l) => l.msg === 'mined blocks')
    expect(log).toMatchObject({ level: 30, blocks: 3_000, from: before + 1, to: before + 3_000 })
    expect(await devCli(home, node, ['mine', '--to', String(before + 3_005)])).toEqual({
      height: String(before + 3_005),
    })
  }, 120_000)

  test('behavior: instant mining makes a block as soon as a tx arrives: --wait returns in one block', async () => {
    const { home, node } = await devnet()
    await devCli(home, node, ['mining', 'instant'])
    const before = await height(node)
    const res = await tx(
      home,
      node,
      ['bank', 'send', 'alice', home.accounts.bob!.address, '5token'],
      'alice',
    )
    expect(res.code).toBe(0)
    expect(Number(res.height)).toBe(before + 1)
    // No tx, no block.
    expect(await height(node)).toBe(before + 1)
  })
})

describe('dev API: time travel', () => {
  test('behavior: jumping past the voting period ends it in the next block, by block time', async () => {
    // A real chain's voting period (48 h): only time travel ends it during a test.
    const { home, node } = await devnet({ voting_period: '172800s', max_deposit_period: '172800s' })
    // Instant mining for the txs (--wait returns at once), then manual around the jump.
    await devCli(home, node, ['mining', 'instant'])
    const submit = await tx(
      home,
      node,
      [
        'upgrade',
        'software-upgrade',
        'v9',
        '--title',
        't',
        '--summary',
        's',
        '--deposit',
        '10000000stake',
        '--upgrade-height',
        '100000000',
        '--upgrade-info',
        '{}',
        '--no-validate',
      ],
      'validator',
    )
    expect(submit.code).toBe(0)
    const vote = await tx(home, node, ['gov', 'vote', '1', 'yes'], 'validator')
    expect(vote.code).toBe(0)
    expect((await rest(node, '/sdk/gov/v1/proposals/1')).proposal.status).toBe(
      'PROPOSAL_STATUS_VOTING_PERIOD',
    )
    const last = (await rpc(http(node), 'status')).result.sync_info.latest_block_time
    const jumped = await devCli(home, node, ['time', '+48h'])
    expect(Date.parse(jumped.next_block_time) - Date.parse(last)).toBe(48 * 3600 * 1000)
    // The offset is the lead over the wall clock the jump gives, told at once (not after a block).
    const lead = Number(jumped.offset_seconds)
    expect(lead).toBeGreaterThan(48 * 3600 - 60)
    expect(lead).toBeLessThanOrEqual(48 * 3600)
    const { height: h } = await devCli(home, node, ['mine'])
    const block = (await rpc(http(node), 'block', { height: h })).result.block
    expect(block.header.time).toBe(jumped.next_block_time)
    expect((await rest(node, '/sdk/gov/v1/proposals/1')).proposal.status).toBe(
      'PROPOSAL_STATUS_PASSED',
    )
    // Block times only go forward.
    const back = await rpc(http(node), 'dev_setNextBlockTime', { time: '2020-01-01T00:00:00Z' })
    expect(back.error.data).toMatch(
      /^block time 2020-01-01T00:00:00Z is not after the last block time /,
    )
    const negative = await rpc(http(node), 'dev_increaseTime', { seconds: -5 })
    expect(negative.error).toMatchObject({ code: -32602 })
  }, 90_000)
  test("behavior: CometMock's advance_time moves the next block's time by duration_in_seconds without a block ({new_time}); advance_blocks mines num_blocks", async () => {
    const { home, node } = await devnet()
    await devCli(home, node, ['mining', 'manual'])
    const h = await height(node)
    const last = (await rpc(http(node), 'block', { height: String(h) })).result.block.header.time
    const advanced = await rpc(http(node), 'advance_time', { duration_in_seconds: 3600 })
    expect(Object.keys(advanced.result)).toEqual(['new_time'])
    expect(Date.parse(advanced.result.new_time) - Date.parse(last)).toBe(3_600_000)
    // No block: the jump shows in the next one.
    expect(await height(node)).toBe(h)
    expect((await rpc(http(node), 'advance_blocks', { num_blocks: 3 })).result).toEqual({})
    expect(await height(node)).toBe(h + 3)
    const next = (await rpc(http(node), 'block', { height: String(h + 1) })).result.block.header
    expect(next.time).toBe(advanced.result.new_time)
    expect((await rpc(http(node), 'advance_time', { duration_in_seconds: -1 })).error.data).toBe(
      'duration_in_seconds must be a number of seconds from 0 to 315537897600 (block times only go forward), got -1',
    )
  })
})

describe('dev API: snapshot and revert', () => {
  test('behavior: snapshot → txs → revert: balances and height as before, also after a restart; the id is used up', async () => {
    const { home, node } = await devnet()
    await devCli(home, node, ['mining', 'manual'])
    const bob = home.accounts.bob!.address
    const balances = async (n: RunningNode) =>
      (await rest(n, `/sdk/bank/v1beta1/balances/${bob}`)).balances
    const before = await balances(node)
    const snap = await devCli(home, node, ['snapshot'])
    expect(snap).toEqual({ id: '0x1', height: String(await height(node)) })
    await devCli(home, node, ['mining', 'instant'])
    await tx(home, node, ['bank', 'send', 'alice', bob, '7token'], 'alice')
    await devCli(home, node, ['set-balance', bob, '1stake'])
    await devCli(home, node, ['mine', '3'])
    expect(await balances(node)).not.toEqual(before)
    expect(await devCli(home, node, ['revert', snap.id])).toEqual({ height: snap.height })
    expect(await height(node)).toBe(Number(snap.height))
    expect(await balances(node)).toEqual(before)
    // The blocks and txs after the snapshot are gone from the block store and the tx index.
    const gone = await rpc(http(node), 'block', { height: String(Number(snap.height) + 1) })
    expect(gone.error.data).toMatch(/must be less than or equal to the current blockchain height/)
    // The mining mode of the snapshot is back.
    expect((await devCli(home, node, ['status'])).mining.mode).toBe('manual')
    // Used up, as in anvil and Hardhat.
    const again = await runSdkd(['--home', home.dir, 'dev', 'revert', snap.id, '--node', node.rpc])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/^Error: unknown snapshot id 0x1 \(snapshots: none;/)

    // Durable: a restart stays reverted.
    expect((await node.p.stop('SIGTERM')).code).toBe(0)
    const restarted = await startDevnetNode(home, 'v2')
    cleanups.push(() => restarted.p.stop('SIGKILL'))
    const status = (await rpc(http(restarted), 'status')).result.sync_info
    expect(Number(status.latest_block_height)).toBeGreaterThanOrEqual(Number(snap.height))
    expect(await balances(restarted)).toEqual(before)
  }, 90_000)

  test("behavior: after a revert, REST answers at the heights committed again are the new chain's, not the ones read before the revert", async () => {
    const { home, node } = await devnet()
    await devCli(home, node, ['mining', 'manual'])
    const bob = home.accounts.bob!.address
    const path = `/sdk/bank/v1beta1/balances/${bob}/by_denom?denom=stake`
    const at = async (h: number) => {
      const r = await getJson(`${node.api}${path}`, {
        headers: { 'x-sdk-block-height': String(h) },
      })
      expect([h, r.status, r.headers.get('x-sdk-block-height')]).toEqual([h, 200, String(h)])
      return r.body.balance.amount as string
    }
    const snap = await devCli(home, node, ['snapshot'])
    const s = Number(snap.height)
    const before = await at(s)
    await devCli(home, node, ['set-balance', bob, '1stake'])
    await devCli(home, node, ['mine', '3'])
    // Read (and so kept by the node) at every height after the snapshot, twice.
    for (let pass = 0; pass < 2; pass++) {
      for (let h = s + 1; h <= s + 4; h++) expect([h, await at(h)]).toEqual([h, '1'])
    }
    expect(await devCli(home, node, ['revert', snap.id])).toEqual({ height: snap.height })
    await devCli(home, node, ['mine', '4'])
    expect(await height(node)).toBe(s + 4)
    for (let h = s + 1; h <= s + 4; h++) expect([h, await at(h)]).toEqual([h, before])

    // --keep: the snapshot stays, to go back to again; a later one is used up all the same.
    const kept = await devCli(home, node, ['snapshot'])
    await devCli(home, node, ['mine', '2'])
    await devCli(home, node, ['snapshot'])
    await devCli(home, node, ['mine', '2'])
    expect(await devCli(home, node, ['revert', kept.id, '--keep'])).toEqual({ height: kept.height })
    expect((await devCli(home, node, ['status'])).snapshots).toEqual([kept])
    await devCli(home, node, ['mine', '3'])
    expect(await devCli(home, node, ['revert', kept.id])).toEqual({ height: kept.height })
    expect((await devCli(home, node, ['status'])).snapshots).toEqual([])
  }, 90_000)

  test('behavior: set-balance sets the balance and the supply follows; fund sends from the devnet validator', async () => {
    const { home, node } = await devnet()
    const carol = 'sdk1purlcyfqpdwxmdj3ctem6p2nky50ru85hg3qgl'
    const supply = async () =>
      BigInt((await rest(node, '/sdk/bank/v1beta1/supply/by_denom?denom=token')).amount.amount)
    const before = await supply()
    const set = await devCli(home, node, ['set-balance', carol, '5token'])
    expect(Number(set.height)).toBeGreaterThan(0)
    expect(
      (await rest(node, `/sdk/bank/v1beta1/balances/${carol}/by_denom?denom=token`)).balance.amount,
    ).toBe('5')
    expect(await supply()).toBe(before - 1_000_000_000n + 5n)
    const validator = home.accounts.validator!.address
    const vBefore = (
      await rest(node, `/sdk/bank/v1beta1/balances/${validator}/by_denom?denom=token`)
    ).balance.amount
    await devCli(home, node, ['fund', carol, '10token'])
    // A key name where an address goes is refused before the call, with what prints its address.
    for (const [args, what, name] of [
      [['set-balance', 'bob', '1token'], 'address', 'bob'],
      [['fund', carol, '1token', '--from', 'alice'], '--from', 'alice'],
    ] as const) {
      const r = await runSdkd(['--home', home.dir, 'dev', ...args, '--node', node.rpc])
      expect([r.code, r.stdout, r.stderr]).toEqual([
        1,
        '',
        `Error: ${what} "${name}" is a key name, not an address: give its address, which \`sdkd keys show ${name} -a --home ${home.dir}\` prints\n`,
      ])
    }
    expect(
      (await rest(node, `/sdk/bank/v1beta1/balances/${carol}/by_denom?denom=token`)).balance.amount,
    ).toBe('15')
    expect(
      (await rest(node, `/sdk/bank/v1beta1/balances/${validator}/by_denom?denom=token`)).balance
        .amount,
    ).toBe(String(BigInt(vBefore) - 10n))
    // The edit is in the events of the block it mined: dev_set_balance{address, amount}.
    const results = (await rpc(http(node), 'block_results', { height: set.height })).result
    const edits = [
      ...(results.finalize_block_events as any[]),
      ...(results.txs_results ?? []).flatMap((r: any) => r.events),
    ].filter((e: any) => e.type === 'dev_set_balance')
    expect(edits).toHaveLength(1)
    expect(Object.fromEntries(edits[0].attributes.map((a: any) => [a.key, a.value]))).toMatchObject(
      { address: carol, amount: '5token' },
    )
  })
})

/** This machine's first non-loopback IPv4 address: the remote caller of the loopback-only case. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address
if (external === undefined)
  process.stdout.write(
    'dev API remote-caller test: skipped: this machine has no non-loopback IPv4 address\n',
  )

describe('dev API: bounds', () => {
  test('error: counts, durations and times out of range are -32602 naming the limit; blocks keep coming', async () => {
    const { node } = await devnet()
    const url = http(node)
    const refused = async (method: string, params: Record<string, unknown>) => {
      const reply = await rpc(url, method, params)
      expect(reply.error, `${method} ${JSON.stringify(params)}`).toMatchObject({
        code: -32602,
        message: 'Invalid params',
      })
      return reply.error.data as string
    }
    for (const interval of [2147483648, 1e20, 9007199254740992, '100000000000ms'])
      expect(await refused('dev_setMining', { mode: 'interval', interval })).toMatch(
        /^interval must be at most 86400000 ms \(one day\), got /,
      )
    for (const blocks of [100_000_000, 2 ** 53 - 1, '', 0, -1, 1.5])
      expect(await refused('dev_mine', { blocks })).toMatch(
        /^blocks must be a whole number from 1 to 10,000,000, got /,
      )
    expect(await refused('dev_mine', { blocks: 2, interval_ms: 86_400_001 })).toBe(
      'interval_ms must be a whole number from 0 to 86,400,000, got 86400001',
    )
    expect(await refused('advance_blocks', { num_blocks: 0 })).toMatch(/^num_blocks must be/)
    expect(await refused('dev_mineTo', { height: 2 ** 40 })).toMatch(
      /blocks ahead; one call mines at most 10,000,000$/,
    )
    // Times: CometBFT prints RFC 3339 with a four-digit year, so no block goes past year 9999.
    expect(await refused('dev_increaseTime', { seconds: 253402300799 })).toBe(
      "block time is after 9999-12-31T23:59:59.999999999Z, the latest time CometBFT's RFC 3339 times allow: invalid request",
    )
    expect(await refused('dev_increaseTime', { seconds: 1e300 })).toMatch(
      /^seconds must be a number of seconds from 0 to 315537897600/,
    )
    expect(await refused('advance_time', { duration_in_seconds: -1 })).toMatch(
      /^duration_in_seconds must be a number of seconds/,
    )
    expect(await refused('dev_setNextBlockTime', { time: '10056-01-01T00:00:00Z' })).toBe(
      'invalid RFC 3339 time "10056-01-01T00:00:00Z": invalid request',
    )
    // A time at the edge would leave no room for the blocks after it: the node stopped at each start.
    expect(await refused('dev_setNextBlockTime', { time: '9999-12-31T23:59:59Z' })).toBe(
      "block time is after 9998-12-31T23:59:59.999999999Z: a time travel leaves the chain a year of blocks before 9999-12-31T23:59:59.999999999Z, the latest time CometBFT's RFC 3339 times allow: invalid request",
    )
    expect(await refused('dev_mine', { blocks: 10_000_000, interval_ms: 86_400_000 })).toMatch(
      /^10000000 blocks 86400000 ms apart would end after 9999-12-31T23:59:59.999999999Z/,
    )
    // A bad address is the caller's mistake: -32602 with the reason.
    expect(await refused('dev_fund', { address: 'bob', coins: '1stake' })).toMatch(
      /^invalid address "bob": /,
    )
    // Nothing of that changed the chain: it keeps its mode and its clock, and blocks keep coming.
    const status = (await rpc(url, 'dev_status')).result
    expect(status.mining).toEqual({ mode: 'interval', interval_ms: expect.any(String) })
    expect(Number(status.clock.offset_seconds)).toBeLessThan(5)
    const h = await height(node)
    await waitFor(async () => (await height(node)) > h + 1)
    const res = await fetch(`${url}/status`)
    expect(res.status).toBe(200)
  })
})

describe('dev API: refusals', () => {
  test('error: off unless enabled: every dev_ call says how to turn it on', async () => {
    const { dir, cleanup } = await tempDir('sdkd-dev-off-')
    cleanups.push(cleanup)
    expect((await runSdkd(['--home', dir, 'init', 'n', '--chain-id', 'plain-1'])).code).toBe(0)
    const p = startSdkd([
      '--home',
      dir,
      'start',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--grpc.enable=false',
      '--timeout-commit',
      '200ms',
    ])
    cleanups.push(() => p.stop('SIGKILL'))
    const { rpcPort: port } = await boundPorts(p)
    await p.waitForLog((l) => l.msg === 'committed block')
    for (const method of ['dev_mine', 'dev_status', 'advance_blocks']) {
      expect((await rpc(`http://127.0.0.1:${port}`, method, {})).error).toEqual({
        code: -32601,
        message: 'Method not found',
        data: 'dev API is disabled; start with --dev.enable',
      })
    }
    const cli = await runSdkd(['--home', dir, 'dev', 'mine', '--node', `tcp://127.0.0.1:${port}`])
    expect(cli.code).toBe(1)
    expect(cli.stderr).toBe('Error: dev API is disabled; start with --dev.enable\n')
  })

  test.skipIf(external === undefined)(
    'error: loopback only unless --dev.allow-remote (each call is logged at warn)',
    async () => {
      const home = await createDevnetHome('dev-remote')
      cleanups.push(home.cleanup)
      for (const allow of [false, true]) {
        const p = startSdkd([
          '--home',
          home.dir,
          'start',
          '--rpc.laddr',
          'tcp://0.0.0.0:0',
          '--grpc.enable=false',
          '--api.enable=false',
          '--timeout-commit',
          '200ms',
          `--dev.allow-remote=${allow}`,
        ])
        cleanups.push(() => p.stop('SIGKILL'))
        const { rpcPort: port } = await boundPorts(p)
        await p.waitForLog((l) => l.msg === 'committed block')
        const remote = await rpc(`http://${external}:${port}`, 'dev_status')
        const local = await rpc(`http://127.0.0.1:${port}`, 'dev_status')
        expect(local.result.mining.mode).toBe('interval')
        if (allow) expect(remote.result.mining.mode).toBe('interval')
        else
          expect(remote.error.data).toBe(
            `dev API is served to loopback clients only (this call came from ${external}); start with --dev.allow-remote`,
          )
        const logged = await waitFor(
          async () => p.logs().find((l) => l.msg === 'dev API call') ?? undefined,
        )
        expect(logged).toMatchObject({ level: 40, module: 'dev-api', method: 'dev_status' })
        expect((await p.stop('SIGTERM')).code).toBe(0)
      }
    },
  )
})
