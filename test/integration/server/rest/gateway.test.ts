import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { protoRegistry } from '../../../../src/codec/proto.js'
import { createLogger } from '../../../../src/logger.js'
import { createQueryRouter } from '../../../../src/server/query/router.js'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { BODY_TOO_LARGE_ANSWER } from '../../../helpers/go-prechecks.js'
import { ALICE, BOB, createQueryTestNode } from '../../../helpers/test-node.js'

type TestNode = Awaited<ReturnType<typeof createQueryTestNode>>

/** A debug-level logger that keeps every line it writes, parsed. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = []
  const logger = createLogger({
    level: 'debug',
    destination: new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line))
        done()
      },
    }),
  })
  return { logger, lines, errors: () => lines.filter((l) => l.level >= 50) }
}

const { logger, errors: errorLines } = capturingLogger()

async function get(app: Hono, path: string, headers: Record<string, string> = {}) {
  const res = await app.request(path, { headers })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as any }
}

/** A chain whose latest block is `latest` and whose state is empty (for handler-only routers). */
function emptyChain(latest: number) {
  return {
    latestBlockHeight: () => latest,
    checkReadable: () => undefined,
    view: (height: number) => ({
      height,
      store: () => ({ get: async () => undefined, has: async () => false, async *iterate() {} }),
      hasStore: () => false,
      storeNames: () => [],
    }),
  }
}

const HEIGHTS = 6

/**
 * Every REST route docs/endpoints.md names for the newest app version (v2): "REST gateway and gRPC",
 * "Tx service", "Gov and staking queries", x/params' and x/consensus' params (Upgrades).
 */
const README_ROUTES = [
  'get /sdk/bank/v1beta1/balances/{address}',
  'get /sdk/bank/v1beta1/balances/{address}/by_denom',
  'get /sdk/bank/v1beta1/supply',
  'get /sdk/bank/v1beta1/supply/by_denom',
  'get /sdk/bank/v1beta1/params',
  'get /sdk/bank/v1beta1/send_enabled',
  'get /sdk/bank/v1beta1/spendable_balances/{address}',
  'get /sdk/bank/v1beta1/spendable_balances/{address}/by_denom',
  'get /sdk/bank/v1beta1/denoms_metadata',
  'get /sdk/bank/v1beta1/denoms_metadata/{denom}',
  'get /sdk/bank/v1beta1/denoms_metadata_by_query_string',
  'get /sdk/bank/v1beta1/denom_owners/{denom}',
  'get /sdk/bank/v1beta1/denom_owners_by_query',
  'get /sdk/auth/v1beta1/accounts',
  'get /sdk/auth/v1beta1/accounts/{address}',
  'get /sdk/auth/v1beta1/module_accounts',
  'get /sdk/auth/v1beta1/params',
  'get /sdk/auth/v1beta1/account_info/{address}',
  'get /sdk/auth/v1beta1/address_by_id/{id}',
  'get /sdk/auth/v1beta1/module_accounts/{name}',
  'get /sdk/auth/v1beta1/bech32',
  'get /sdk/auth/v1beta1/bech32/{address_bytes}',
  'get /sdk/auth/v1beta1/bech32/{address_string}',
  'get /sdk/base/tendermint/v1beta1/abci_query',
  'get /sdk/upgrade/v1beta1/current_plan',
  'get /sdk/upgrade/v1beta1/applied_plan/{name}',
  'get /sdk/upgrade/v1beta1/module_versions',
  'get /sdk/upgrade/v1beta1/upgraded_consensus_state/{last_height}',
  'get /sdk/upgrade/v1beta1/authority',
  'get /sdk/base/node/v1beta1/config',
  'get /sdk/base/node/v1beta1/status',
  'get /sdk/base/tendermint/v1beta1/node_info',
  'get /sdk/base/tendermint/v1beta1/syncing',
  'get /sdk/base/tendermint/v1beta1/blocks/latest',
  'get /sdk/base/tendermint/v1beta1/blocks/{height}',
  'get /sdk/base/tendermint/v1beta1/validatorsets/latest',
  'get /sdk/base/tendermint/v1beta1/validatorsets/{height}',
  'post /sdk/tx/v1beta1/txs',
  'post /sdk/tx/v1beta1/simulate',
  'get /sdk/tx/v1beta1/txs/{hash}',
  'get /sdk/tx/v1beta1/txs',
  'get /sdk/tx/v1beta1/txs/block/{height}',
  'post /sdk/tx/v1beta1/decode',
  'post /sdk/tx/v1beta1/encode',
  'get /sdk/gov/v1/proposals',
  'get /sdk/gov/v1/proposals/{proposal_id}',
  'get /sdk/gov/v1/proposals/{proposal_id}/tally',
  'get /sdk/gov/v1/proposals/{proposal_id}/votes',
  'get /sdk/gov/v1/proposals/{proposal_id}/votes/{voter}',
  'get /sdk/gov/v1/proposals/{proposal_id}/deposits',
  'get /sdk/gov/v1/proposals/{proposal_id}/deposits/{depositor}',
  'get /sdk/gov/v1/params/{params_type}',
  'get /sdk/gov/v1/constitution',
  'get /sdk/gov/v1beta1/proposals',
  'get /sdk/gov/v1beta1/proposals/{proposal_id}',
  'get /sdk/gov/v1beta1/proposals/{proposal_id}/tally',
  'get /sdk/gov/v1beta1/proposals/{proposal_id}/votes',
  'get /sdk/gov/v1beta1/proposals/{proposal_id}/votes/{voter}',
  'get /sdk/gov/v1beta1/proposals/{proposal_id}/deposits',
  'get /sdk/gov/v1beta1/proposals/{proposal_id}/deposits/{depositor}',
  'get /sdk/gov/v1beta1/params/{params_type}',
  'get /sdk/staking/v1beta1/validators',
  'get /sdk/staking/v1beta1/validators/{validator_addr}',
  'get /sdk/staking/v1beta1/validators/{validator_addr}/delegations',
  'get /sdk/staking/v1beta1/validators/{validator_addr}/unbonding_delegations',
  'get /sdk/staking/v1beta1/validators/{validator_addr}/delegations/{delegator_addr}',
  'get /sdk/staking/v1beta1/validators/{validator_addr}/delegations/{delegator_addr}/unbonding_delegation',
  'get /sdk/staking/v1beta1/delegations/{delegator_addr}',
  'get /sdk/staking/v1beta1/delegators/{delegator_addr}/unbonding_delegations',
  'get /sdk/staking/v1beta1/delegators/{delegator_addr}/redelegations',
  'get /sdk/staking/v1beta1/delegators/{delegator_addr}/validators',
  'get /sdk/staking/v1beta1/delegators/{delegator_addr}/validators/{validator_addr}',
  'get /sdk/staking/v1beta1/historical_info/{height}',
  'get /sdk/staking/v1beta1/pool',
  'get /sdk/staking/v1beta1/params',
  'get /sdk/params/v1beta1/params',
  'get /sdk/params/v1beta1/subspaces',
  'get /sdk/mint/v1beta1/params',
  'get /sdk/mint/v1beta1/inflation',
  'get /sdk/mint/v1beta1/annual_provisions',
  'get /sdk/distribution/v1beta1/params',
  'get /sdk/distribution/v1beta1/validators/{validator_address}',
  'get /sdk/distribution/v1beta1/validators/{validator_address}/outstanding_rewards',
  'get /sdk/distribution/v1beta1/validators/{validator_address}/commission',
  'get /sdk/distribution/v1beta1/validators/{validator_address}/slashes',
  'get /sdk/distribution/v1beta1/delegators/{delegator_address}/rewards/{validator_address}',
  'get /sdk/distribution/v1beta1/delegators/{delegator_address}/rewards',
  'get /sdk/distribution/v1beta1/delegators/{delegator_address}/validators',
  'get /sdk/distribution/v1beta1/delegators/{delegator_address}/withdraw_address',
  'get /sdk/distribution/v1beta1/community_pool',
  'get /sdk/slashing/v1beta1/params',
  'get /sdk/slashing/v1beta1/signing_infos',
  'get /sdk/slashing/v1beta1/signing_infos/{cons_address}',
  'get /sdk/consensus/v1/params',
  'get /sdk/evidence/v1beta1/evidence',
  'get /sdk/evidence/v1beta1/evidence/{hash}',
]
let t: TestNode
let app: Hono

beforeAll(async () => {
  t = await createQueryTestNode({ transfer: true, logger })
  await t.node.producer.produceBlocks(HEIGHTS)
  app = createGateway({ router: t.node.router, logger })
})
afterAll(async () => {
  await t?.close()
})

describe('routes derived from the protos', () => {
  test('behavior: bank queries answer with gateway JSON', async () => {
    const stake = String(1000 - HEIGHTS)
    expect((await get(app, `/sdk/bank/v1beta1/balances/${ALICE}`)).text).toBe(
      `{"balances":[{"denom":"stake","amount":"${stake}"},{"denom":"token","amount":"5"}],"pagination":{"next_key":null,"total":"2"}}`,
    )
    expect((await get(app, `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`)).text).toBe(
      `{"balance":{"denom":"stake","amount":"${stake}"}}`,
    )
    expect((await get(app, `/sdk/bank/v1beta1/balances/${BOB}/by_denom?denom=nope`)).text).toBe(
      '{"balance":{"denom":"nope","amount":"0"}}',
    )
    expect((await get(app, '/sdk/bank/v1beta1/supply')).text).toBe(
      '{"supply":[{"denom":"stake","amount":"1042"},{"denom":"token","amount":"5"}],"pagination":{"next_key":null,"total":"2"}}',
    )
    expect((await get(app, '/sdk/bank/v1beta1/supply/by_denom?denom=token')).text).toBe(
      '{"amount":{"denom":"token","amount":"5"}}',
    )
    expect((await get(app, '/sdk/bank/v1beta1/params')).text).toBe(
      '{"params":{"send_enabled":[],"default_send_enabled":true}}',
    )
    expect((await get(app, '/sdk/bank/v1beta1/send_enabled')).text).toBe(
      '{"send_enabled":[],"pagination":{"next_key":null,"total":"0"}}',
    )
  })

  test('behavior: an account with no balances gets an empty list', async () => {
    const empty = 'sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7'
    expect((await get(app, `/sdk/bank/v1beta1/balances/${empty}`)).text).toBe(
      '{"balances":[],"pagination":{"next_key":null,"total":"0"}}',
    )
  })

  test('behavior: auth queries answer accounts as Any with @type', async () => {
    expect((await get(app, `/sdk/auth/v1beta1/accounts/${BOB}`)).text).toBe(
      `{"account":{"@type":"/sdk.auth.v1beta1.BaseAccount","address":"${BOB}","pub_key":null,"account_number":"1","sequence":"0"}}`,
    )
    const modules = (await get(app, '/sdk/auth/v1beta1/module_accounts')).body.accounts
    const names = modules.map((a: any) => a.name)
    expect(names).toEqual([...names].sort())
    expect(modules.every((a: any) => a['@type'] === '/sdk.auth.v1beta1.ModuleAccount')).toBe(true)
    const gov = modules.find((a: any) => a.name === 'gov')
    expect(gov.base_account.address).toBe('sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x')
    expect(names).toContain('fee_collector')
    const all = (await get(app, '/sdk/auth/v1beta1/accounts')).body
    // The two genesis accounts and every module account, in address order.
    expect(all.accounts).toHaveLength(2 + modules.length)
    expect(all.pagination).toEqual({ next_key: null, total: String(2 + modules.length) })
    expect((await get(app, '/sdk/auth/v1beta1/params')).text).toBe(
      '{"params":{"max_memo_characters":"256","tx_sig_limit":"7","tx_size_cost_per_byte":"10","sig_verify_cost_ed25519":"590","sig_verify_cost_secp256k1":"1000"}}',
    )
  })

  test('behavior: upgrade queries read the seed key layout', async () => {
    expect((await get(app, '/sdk/upgrade/v1beta1/current_plan')).text).toBe('{"plan":null}')
    expect((await get(app, '/sdk/upgrade/v1beta1/applied_plan/v9')).text).toBe('{"height":"0"}')
    expect((await get(app, '/sdk/upgrade/v1beta1/upgraded_consensus_state/5')).text).toBe(
      '{"upgraded_consensus_state":null}',
    )
    expect((await get(app, '/sdk/upgrade/v1beta1/authority')).text).toBe(
      '{"address":"sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x"}',
    )
    const versions = (await get(app, '/sdk/upgrade/v1beta1/module_versions')).body.module_versions
    const expected = Object.entries(t.node.app.versionMap())
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, version]) => ({ name, version: String(version) }))
    expect(versions).toEqual(expected)
    expect((await get(app, '/sdk/upgrade/v1beta1/module_versions?module_name=bank')).text).toBe(
      `{"module_versions":[{"name":"bank","version":"${t.node.app.versionMap().bank}"}]}`,
    )
  })

  test('behavior: node service answers node info, syncing and blocks', async () => {
    const info = (await get(app, '/sdk/base/tendermint/v1beta1/node_info')).body
    expect(info.default_node_info.network).toBe('query-test')
    expect(info.default_node_info.moniker).toBe('node0')
    expect(info.application_version.app_name).toBe('sdkd')
    expect((await get(app, '/sdk/base/tendermint/v1beta1/syncing')).text).toBe('{"syncing":false}')
    const latest = await get(app, '/sdk/base/tendermint/v1beta1/blocks/latest')
    expect(latest.body.sdk_block.header.height).toBe(String(HEIGHTS))
    expect(latest.body.block.header.height).toBe(String(HEIGHTS))
    expect(latest.body.sdk_block.header.proposer_address).toMatch(/^sdkvalcons1/)
    const stored = t.node.blocks.latest!
    expect(latest.body.block_id.hash).toBe(
      Buffer.from(stored.block.blockId.hash).toString('base64'),
    )
    const two = await get(app, '/sdk/base/tendermint/v1beta1/blocks/2')
    expect(two.body.block.header.height).toBe('2')
    expect(two.body.block.header.time).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)
  })
})

describe('heights', () => {
  test('behavior: the latest height is served and echoed in the headers', async () => {
    const r = await get(app, '/sdk/upgrade/v1beta1/current_plan')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json')
    expect(r.headers.get('x-sdk-block-height')).toBe(String(HEIGHTS))
    expect(r.headers.get('grpc-metadata-x-sdk-block-height')).toBe(String(HEIGHTS))
    expect(r.headers.get('grpc-metadata-content-type')).toBe('application/grpc')
  })

  test('behavior: an answer kept for the heights it held (a balance never changed) is right at each, one changed at every height stays exact', async () => {
    for (const h of [2, 4, 1, HEIGHTS, 3, 1, HEIGHTS]) {
      const at = { 'x-sdk-block-height': String(h) }
      const token = await get(app, `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=token`, at)
      expect([h, token.body.balance, token.headers.get('x-sdk-block-height')]).toEqual([
        h,
        { denom: 'token', amount: '5' },
        String(h),
      ])
      const stake = await get(app, `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`, at)
      expect([h, stake.body.balance.amount]).toEqual([h, String(1000 - h)])
    }
    // Kept once for its span, not once per height, under the request target.
    const { spans } = t.node.router
    expect(spans.get(`/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=token`, 3)).toBe(
      '{"balance":{"denom":"token","amount":"5"}}',
    )
    // One changed at every height is kept for the heights asked alone.
    const stake = `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`
    expect([2, 3, 5].map((h) => spans.get(stake, h))).toEqual([
      '{"balance":{"denom":"stake","amount":"998"}}',
      '{"balance":{"denom":"stake","amount":"997"}}',
      undefined,
    ])
  })

  test('behavior: x-sdk-block-height selects the committed state of that height', async () => {
    for (const h of [1, 2, 5, HEIGHTS]) {
      const r = await get(app, `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`, {
        'x-sdk-block-height': String(h),
      })
      expect(r.body.balance.amount).toBe(String(1000 - h))
      expect(r.headers.get('x-sdk-block-height')).toBe(String(h))
    }
    const viaGateway = await get(app, `/sdk/bank/v1beta1/balances/${BOB}/by_denom?denom=stake`, {
      'Grpc-Metadata-X-Sdk-Block-Height': '3',
    })
    expect(viaGateway.body.balance.amount).toBe('45')
    expect(viaGateway.headers.get('x-sdk-block-height')).toBe('3')
    const zero = await get(app, '/sdk/base/tendermint/v1beta1/blocks/latest', {
      'x-sdk-block-height': '0',
    })
    expect(zero.headers.get('x-sdk-block-height')).toBe(String(HEIGHTS))
  })

  test('behavior: two height values (both header forms) mean latest, as upstream', async () => {
    const r = await get(app, '/sdk/base/tendermint/v1beta1/blocks/latest', {
      'x-sdk-block-height': '2',
      'Grpc-Metadata-X-Sdk-Block-Height': '3',
    })
    expect(r.headers.get('x-sdk-block-height')).toBe(String(HEIGHTS))
  })

  test('error: one height header line holding a comma is one value, refused as upstream; two lines mean latest', async () => {
    // A real server: Web headers join repeated lines with ", " and cannot show the difference.
    const { listenHttp } = await import('../../../../src/server/listen.js')
    const server = await listenHttp(app, 'tcp://127.0.0.1:0', 'heights')
    const ask = (headers: Record<string, string | string[]>) =>
      new Promise<{ status: number; height: string | undefined; body: string }>(
        (resolve, reject) => {
          const path = '/sdk/base/tendermint/v1beta1/syncing'
          const req = httpRequest({ host: '127.0.0.1', port: server.port, path, headers })
          req.on('error', reject)
          req.on('response', (res) => {
            let body = ''
            res.on('data', (d) => (body += d))
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                height: res.headers['x-sdk-block-height'] as string | undefined,
                body,
              }),
            )
          })
          req.end()
        },
      )
    try {
      // schemathesis sent `x-sdk-block-height: null,null` and got the latest block (200).
      for (const value of ['null,null', '2,3', '2, 3']) {
        expect(await ask({ 'x-sdk-block-height': value })).toEqual({
          status: 400,
          height: undefined,
          body: JSON.stringify({
            code: 3,
            message: `codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "x-sdk-block-height": strconv.ParseInt: parsing ${JSON.stringify(value)}: invalid syntax`,
            details: [],
          }),
        })
      }
      const latest = { status: 200, height: String(HEIGHTS), body: '{"syncing":false}' }
      expect(await ask({ 'x-sdk-block-height': ['2', '3'] })).toEqual(latest)
      expect(
        await ask({ 'x-sdk-block-height': '2', 'Grpc-Metadata-X-Sdk-Block-Height': '3' }),
      ).toEqual(latest)
      expect(await ask({ 'x-sdk-block-height': '2' })).toMatchObject({ status: 200, height: '2' })
    } finally {
      await server.close()
    }
  })

  test('behavior: a past height keeps answering as blocks are added', async () => {
    const before = await get(app, `/sdk/bank/v1beta1/balances/${ALICE}`, {
      'x-sdk-block-height': '4',
    })
    const t2 = await createQueryTestNode({ transfer: true })
    try {
      await t2.node.producer.produceBlocks(4)
      const gw = createGateway({ router: t2.node.router })
      const path = `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`
      const at4 = await get(gw, path, { 'x-sdk-block-height': '4' })
      await t2.node.producer.produceBlocks(3)
      expect((await get(gw, path, { 'x-sdk-block-height': '4' })).text).toBe(at4.text)
      expect((await get(gw, path)).body.balance.amount).toBe('993')
    } finally {
      await t2.close()
    }
    expect(before.body.balances[0]).toEqual({ denom: 'stake', amount: '996' })
  })

  test('behavior: queries racing block commits read whole heights', async () => {
    // LevelDB: the race is with real asynchronous writes.
    const t2 = await createQueryTestNode({ transfer: true, database: 'leveldb' })
    try {
      await t2.node.producer.produceBlocks(1)
      const gw = createGateway({ router: t2.node.router })
      const producing = (async () => {
        for (let i = 0; i < 40; i++) await t2.node.producer.produceBlock()
      })()
      const seen = new Set<string>()
      let done = false
      void producing.finally(() => {
        done = true
      })
      for (let round = 0; round < 400 && !done; round++) {
        // Requests arrive as I/O: let the block writes progress between rounds.
        await new Promise((resolve) => setImmediate(resolve))
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            get(gw, `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`),
          ),
        )
        for (const r of answers) {
          const h = r.headers.get('x-sdk-block-height')!
          // ALICE pays 1stake in every block: the balance names the height it was read at.
          expect(r.body.balance.amount).toBe(String(1000 - Number(h)))
          seen.add(h)
        }
      }
      await producing
      expect(seen.size).toBeGreaterThan(2)
    } finally {
      await t2.close()
    }
  })

  test.each([
    [
      'abc',
      'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "x-sdk-block-height": strconv.ParseInt: parsing "abc": invalid syntax',
    ],
    [
      '9223372036854775808',
      'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "x-sdk-block-height": strconv.ParseInt: parsing "9223372036854775808": value out of range',
    ],
    [
      '-1',
      'codespace sdk code 18: invalid request: cannot query with height < 0; please provide a valid height',
    ],
    [
      '99999999',
      'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
    ],
  ])('error: height header %s → 400 with the upstream message', async (value, message) => {
    const r = await get(app, '/sdk/upgrade/v1beta1/current_plan', { 'x-sdk-block-height': value })
    expect(r.status).toBe(400)
    expect(r.text).toBe(JSON.stringify({ code: 3, message, details: [] }))
    expect(r.headers.get('x-sdk-block-height')).toBeNull()
  })

  test('error: before the first block → 400 "sdkd is not ready"', async () => {
    const t2 = await createQueryTestNode()
    try {
      const r = await get(createGateway({ router: t2.node.router }), '/sdk/bank/v1beta1/params')
      expect(r.status).toBe(400)
      expect(r.body).toEqual({
        code: 3,
        message:
          'codespace sdk code 26: invalid height: sdkd is not ready; please wait for first block',
        details: [],
      })
    } finally {
      await t2.close()
    }
  })

  test('error: a pruned height → 400 "failed to load state"', async () => {
    const t2 = await createQueryTestNode({
      app: (a) => {
        a.pruning = 'custom'
        a.pruningKeepRecent = 2
        a.pruningInterval = 10
      },
    })
    try {
      await t2.node.producer.produceBlocks(25)
      const gw = createGateway({ router: t2.node.router })
      const r = await get(gw, '/sdk/bank/v1beta1/params', { 'x-sdk-block-height': '5' })
      expect(r.status).toBe(400)
      expect(r.body).toEqual({
        code: 3,
        message:
          'codespace sdk code 18: invalid request: failed to load state at height 5; version does not exist (latest height: 25)',
        details: [],
      })
      const kept = await get(gw, '/sdk/bank/v1beta1/params', { 'x-sdk-block-height': '24' })
      expect(kept.status).toBe(200)
    } finally {
      await t2.close()
    }
  })
})

describe('query parameters and pagination', () => {
  const balances = `/sdk/bank/v1beta1/balances/${ALICE}`

  test('behavior: pagination.limit pages by key; next_key continues', async () => {
    const first = (await get(app, `${balances}?pagination.limit=1`)).body
    expect(first).toEqual({
      balances: [{ denom: 'stake', amount: String(1000 - HEIGHTS) }],
      pagination: { next_key: Buffer.from('token').toString('base64'), total: '0' },
    })
    const key = encodeURIComponent(first.pagination.next_key)
    expect((await get(app, `${balances}?pagination.limit=1&pagination.key=${key}`)).body).toEqual({
      balances: [{ denom: 'token', amount: '5' }],
      pagination: { next_key: null, total: '0' },
    })
  })

  test('behavior: offset, count_total (also countTotal) and reverse', async () => {
    expect(
      (
        await get(
          app,
          `${balances}?pagination.offset=1&pagination.limit=5&pagination.count_total=true`,
        )
      ).body,
    ).toEqual({
      balances: [{ denom: 'token', amount: '5' }],
      pagination: { next_key: null, total: '2' },
    })
    expect(
      (await get(app, `${balances}?pagination.limit=1&pagination.countTotal=true`)).body.pagination
        .total,
    ).toBe('2')
    expect(
      (await get(app, `${balances}?pagination.reverse=true`)).body.balances.map(
        (c: any) => c.denom,
      ),
    ).toEqual(['token', 'stake'])
  })

  test('behavior: an offset past the end answers an empty page response (collections: total 0 even when counting)', async () => {
    for (const query of [
      'offset=5',
      'offset=3&limit=1&count_total=true',
      'offset=3&reverse=true',
    ]) {
      const r = await get(app, `${balances}?${query.replaceAll(/(\w+)=/g, 'pagination.$1=')}`)
      expect([r.status, r.text], query).toEqual([
        200,
        '{"balances":[],"pagination":{"next_key":null,"total":"0"}}',
      ])
    }
    // Exactly at the end (two denoms), counting: the offset.
    expect((await get(app, `${balances}?pagination.offset=2`)).text).toBe(
      '{"balances":[],"pagination":{"next_key":null,"total":"2"}}',
    )
    const accounts = await get(app, '/sdk/auth/v1beta1/accounts?pagination.offset=1000')
    expect([accounts.status, accounts.text]).toEqual([
      200,
      '{"accounts":[],"pagination":{"next_key":null,"total":"0"}}',
    ])
  })

  test('behavior: unknown query parameters are ignored; the path wins over the query', async () => {
    const r = await get(app, `${balances}/by_denom?denom=token&height=3&address=${BOB}`)
    expect(r.body).toEqual({ balance: { denom: 'token', amount: '5' } })
    // A key under a path variable's field is ignored as well (the generated filter's prefix).
    const under = await get(app, `${balances}/by_denom?denom=token&address.foo=1`)
    expect([under.status, under.body]).toEqual([200, { balance: { denom: 'token', amount: '5' } }])
    // names of JavaScript's object prototype are unknown names too, at any depth
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const top = await get(app, `${balances}/by_denom?denom=token&${name}=1`)
      expect(top.status, name).toBe(200)
      expect(top.body).toEqual({ balance: { denom: 'token', amount: '5' } })
      const nested = await get(app, `${balances}?pagination.${name}=true&${name}.limit=1`)
      expect(nested.status, name).toBe(200)
      expect(nested.body.balances.length, name).toBeGreaterThan(1)
    }
  })

  test("behavior: base64 bytes wrapped over lines decode, as Go's decoder skips \\n and \\r (a query's key, a body's tx_bytes)", async () => {
    const key = Buffer.from('token').toString('base64') // dG9rZW4=
    const plain = await get(app, `${balances}?pagination.key=${encodeURIComponent(key)}`)
    expect(plain.body.balances).toEqual([{ denom: 'token', amount: expect.any(String) }])
    const wrapped = `${key.slice(0, 4)}\r\n${key.slice(4)}\n`
    const r = await get(app, `${balances}?pagination.key=${encodeURIComponent(wrapped)}`)
    expect([r.status, r.text]).toEqual([200, plain.text])
    // Go's offset counts the newlines: "dG9r\n!" stops at byte 5.
    const bad = await get(app, `${balances}?pagination.key=${encodeURIComponent('dG9r\n!')}`)
    expect([bad.status, bad.body.message]).toEqual([400, 'illegal base64 data at input byte 5'])
    // A POST body's bytes (encoding/json's []byte): the same tx either way.
    // A TxRaw of one signature (field 3): whatever the route answers, it answers both the same.
    const txBytes = Buffer.from([0x1a, 0x03, 0x01, 0x02, 0x03, 0x1a, 0x01, 0x09]).toString('base64')
    const decode = (tx_bytes: string) =>
      app.request('/sdk/tx/v1beta1/decode', { method: 'POST', body: JSON.stringify({ tx_bytes }) })
    const one = await decode(txBytes)
    const lines = await decode(txBytes.replace(/(.{4})/g, '$1\n'))
    expect([lines.status, await lines.text()]).toEqual([one.status, await one.text()])
  })

  test("behavior: a key ending in [x] is the key with x before its values (grpc-gateway's valuesKeyRegexp)", async () => {
    const one = (await get(app, `${balances}?pagination.limit=1`)).text
    // pagination.limit[1]=9: the limit is 1 (a scalar takes the first value).
    for (const query of [
      'pagination.limit%5B1%5D=9',
      'pagination.limit[1]=9',
      'pagination.limit[1]',
    ]) {
      const r = await get(app, `${balances}?${query}`)
      expect([r.status, r.text], query).toEqual([200, one])
    }
    // Greedy as RE2: a[b][c] is a[b] with c; the name a[b] is unknown, so ignored.
    const both = await get(app, `${balances}?pagination[x][1]=5`)
    expect([both.status, both.body.balances.length]).toEqual([200, 2])
    // The value inside the brackets is converted as any: a bad one is the converter's text.
    const bad = await get(app, `${balances}?pagination.limit[abc]=1`)
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'strconv.ParseUint: parsing "abc": invalid syntax',
    ])
  })

  test("behavior: integers read as Go's strconv with base 0 (0x, 0o, 0b, a leading 0 octal, underscores)", async () => {
    const one = (await get(app, `${balances}?pagination.limit=1`)).text
    for (const limit of ['0x1', '0X1', '0o1', '0b1', '01', '0_1', '0x_1']) {
      const r = await get(app, `${balances}?pagination.limit=${limit}`)
      expect([r.status, r.text], limit).toEqual([200, one])
    }
    // 1_0 is ten, 010 is eight: both balances either way; 0x2 is two.
    for (const limit of ['1_0', '010', '0x2']) {
      const r = await get(app, `${balances}?pagination.limit=${limit}`)
      expect([r.status, r.body.balances.length], limit).toEqual([200, 2])
    }
    // An underscore only between digits (or after a prefix), a sign never for an unsigned field.
    for (const limit of ['1__0', '_1', '1_', '%2B0x1']) {
      const r = await get(app, `${balances}?pagination.limit=${limit}`)
      const text = decodeURIComponent(limit)
      expect([r.status, r.body.message], limit).toEqual([
        400,
        `strconv.ParseUint: parsing "${text}": invalid syntax`,
      ])
    }
    // A path variable is read the same way (the generated handler's runtime.Int64).
    const block = await get(app, '/sdk/base/tendermint/v1beta1/blocks/0x3')
    expect([block.status, block.body.block.header.height]).toEqual([200, '3'])
  })

  test("behavior: enum query parameters as upstream's query parser: names where it finds them, numbers by Atoi", async () => {
    // Handlers that echo the enum they were given.
    const proposals = async (req: any): Promise<object> => ({
      proposals: [{ id: '1', status: req.proposal_status }],
      pagination: null,
    })
    const router = createQueryRouter({
      registry: protoRegistry(),
      chain: emptyChain(7),
      handlers: new Map<string, (req: any) => Promise<object>>([
        ['sdk.gov.v1.Query/Proposals', proposals],
        ['sdk.gov.v1beta1.Query/Proposals', proposals],
        [
          'sdk.tx.v1beta1.Service/GetTxsEvent',
          async (req: any) => ({ txs: [], tx_responses: [], total: String(req.order_by) }),
        ],
      ]),
    })
    const gw = createGateway({ router })
    const status = async (path: string) => {
      const r = await get(gw, path)
      return r.status === 200 ? r.body.proposals[0].status : [r.status, r.body]
    }
    const refused = (message: string) => [400, { code: 3, message, details: [] }]
    const v1 = '/sdk/gov/v1/proposals?proposal_status='
    // gov v1: a name, or a decimal (Atoi: a sign, leading zeros) whose int32 is a value.
    for (const text of ['PROPOSAL_STATUS_PASSED', '3', '03', '%2B3', '4294967299']) {
      expect(await status(`${v1}${text}`), text).toBe('PROPOSAL_STATUS_PASSED')
    }
    for (const text of ['0x3', '9', 'passed', '3.0', 'constructor', '99999999999999999999']) {
      expect(await status(`${v1}${text}`), text).toEqual(
        refused(`${text} is not a valid v1.ProposalStatus`),
      )
    }
    // gov v1beta1: upstream's parser finds no names for it, so the field is a plain int32.
    const v1beta1 = '/sdk/gov/v1beta1/proposals?proposal_status='
    expect(await status(`${v1beta1}0x3`)).toBe('PROPOSAL_STATUS_PASSED')
    expect(await status(`${v1beta1}PROPOSAL_STATUS_PASSED`)).toEqual(
      refused('strconv.ParseInt: parsing "PROPOSAL_STATUS_PASSED": invalid syntax'),
    )
    expect(await status(`${v1beta1}2147483648`)).toEqual(
      refused('strconv.ParseInt: parsing "2147483648": value out of range'),
    )
    // tx's OrderBy prints as its Go package's type, tx.OrderBy.
    const txs = '/sdk/tx/v1beta1/txs?query=tx.height%3E0&order_by='
    expect((await get(gw, `${txs}ORDER_BY_DESC`)).body.total).toBe('2')
    expect((await get(gw, `${txs}2`)).body.total).toBe('2')
    const desc = await get(gw, `${txs}desc`)
    expect([desc.status, desc.body]).toEqual(refused('desc is not a valid tx.OrderBy'))
  })

  test('behavior: repeated keys fill a repeated field', async () => {
    // A router whose SendEnabled handler echoes the denoms it was given.
    const router = createQueryRouter({
      registry: protoRegistry(),
      chain: emptyChain(7),
      handlers: new Map([
        [
          'sdk.bank.v1beta1.Query/SendEnabled',
          async (req: any) => ({
            send_enabled: req.denoms.map((denom: string) => ({ denom, enabled: true })),
          }),
        ],
      ]),
    })
    const gw = createGateway({ router })
    const r = await get(gw, '/sdk/bank/v1beta1/send_enabled?denoms=b&denoms=a%2Fx&denoms=c+d')
    expect(r.body.send_enabled.map((s: any) => s.denom)).toEqual(['b', 'a/x', 'c d'])
    expect(r.headers.get('x-sdk-block-height')).toBe('7')
  })
})

describe('bad input', () => {
  test.each([
    ['unknown route', 'GET', '/sdk/bank/v1beta1/nope', 404, 5, 'Not Found'],
    ['trailing slash', 'GET', '/sdk/bank/v1beta1/params/', 404, 5, 'Not Found'],
    ['wrong method', 'POST', '/sdk/bank/v1beta1/params', 405, 12, 'Method Not Allowed'],
    [
      'wrong method on a path route',
      'DELETE',
      `/sdk/auth/v1beta1/accounts/${ALICE}`,
      405,
      12,
      'Method Not Allowed',
    ],
    ['OPTIONS with CORS off', 'OPTIONS', '/sdk/bank/v1beta1/params', 405, 12, 'Method Not Allowed'],
    ['a WebDAV method', 'PROPFIND', '/sdk/bank/v1beta1/params', 405, 12, 'Method Not Allowed'],
    ['an unknown route in any method', 'PROPFIND', '/sdk/bank/v1beta1/nope', 404, 5, 'Not Found'],
    // The gateway's pattern takes no extra path component after the last variable.
    [
      'trailing slash after a variable',
      'GET',
      `/sdk/bank/v1beta1/balances/${ALICE}/`,
      404,
      5,
      'Not Found',
    ],
    [
      'wrong method, empty last variable',
      'DELETE',
      '/sdk/auth/v1beta1/accounts/',
      405,
      12,
      'Method Not Allowed',
    ],
  ])('error: %s → %s JSON', async (_what, method, path, status, code, message) => {
    const res = await app.request(path, { method })
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ code, message, details: [] })
    if (status === 405) expect(res.headers.get('allow')).toBe('GET')
  })

  test('error: TRACE of a known path → 405 with Allow, as any other wrong method', async () => {
    // fetch refuses to send TRACE: a raw request to a real server (schemathesis found it as 404).
    const { listenHttp } = await import('../../../../src/server/listen.js')
    const server = await listenHttp(app, 'tcp://127.0.0.1:0', 'trace')
    const trace = (path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>(
        (resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port: server.port, method: 'TRACE', path })
          req.on('error', reject)
          req.on('response', (res) => {
            let body = ''
            res.on('data', (d) => (body += d))
            res.on('end', () =>
              resolve({ status: res.statusCode!, allow: res.headers.allow, body }),
            )
          })
          req.end()
        },
      )
    try {
      expect(await trace('/sdk/bank/v1beta1/params')).toEqual({
        status: 405,
        allow: 'GET',
        body: '{"code":12,"message":"Method Not Allowed","details":[]}',
      })
      expect(await trace('/sdk/tx/v1beta1/decode')).toMatchObject({ status: 405, allow: 'POST' })
      expect(await trace('/sdk/bank/v1beta1/nope')).toMatchObject({ status: 404 })
    } finally {
      await server.close()
    }
  })

  test.each([
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=abc`,
      'strconv.ParseUint: parsing "abc": invalid syntax',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=-1`,
      'strconv.ParseUint: parsing "-1": invalid syntax',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.reverse=yes`,
      'strconv.ParseBool: parsing "yes": invalid syntax',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.key=%3F%3F`,
      'illegal base64 data at input byte 0',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=0x10000000000000000`,
      'strconv.ParseUint: parsing "0x10000000000000000": value out of range',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=%01`,
      'strconv.ParseUint: parsing "\\x01": invalid syntax',
    ],
    [
      '/sdk/base/tendermint/v1beta1/blocks/0x8000000000000000',
      'type mismatch, parameter: height, error: strconv.ParseInt: parsing "0x8000000000000000": value out of range',
    ],
    [
      '/sdk/base/tendermint/v1beta1/blocks/abc',
      'type mismatch, parameter: height, error: strconv.ParseInt: parsing "abc": invalid syntax',
    ],
    [
      '/sdk/upgrade/v1beta1/upgraded_consensus_state/1x',
      'type mismatch, parameter: last_height, error: strconv.ParseInt: parsing "1x": invalid syntax',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom.x=1`,
      'unexpected nested field x in denom',
    ],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination=1`,
      'type mismatch, parameter: pagination, error: pagination is a message; set its fields as pagination.<field>',
    ],
    [`/sdk/bank/v1beta1/balances/${ALICE}?a=%zz`, 'invalid URL escape "%zz"'],
    [`/sdk/bank/v1beta1/balances/${ALICE}?a=1;b=2`, 'invalid semicolon separator in query'],
    [
      `/sdk/bank/v1beta1/balances/${ALICE}?pagination.offset=1&pagination.key=AA==`,
      'paginate: invalid request, either offset or key is expected, got both',
    ],
    [
      '/sdk/bank/v1beta1/balances/sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2x',
      'invalid address: decoding bech32 failed: invalid checksum (expected 86df2f got 86df2x)',
    ],
    [
      '/sdk/bank/v1beta1/balances/cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du',
      "invalid address: hrp does not match bech32 prefix: expected 'sdk' got 'cosmos': internal logic error",
    ],
    // A valid bech32 string of no bytes fails upstream's VerifyAddressFormat (an ErrUnknownAddress).
    [
      '/sdk/bank/v1beta1/balances/sdk1m8glya',
      'invalid address: addresses cannot be empty: unknown address',
    ],
    // Account returns the codec's error as it is: the registered one's status text.
    [
      '/sdk/auth/v1beta1/accounts/sdk1m8glya',
      'codespace sdk code 9: unknown address: addresses cannot be empty',
    ],
    [`/sdk/bank/v1beta1/balances/${ALICE}/by_denom`, 'invalid denom: '],
    [`/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=1x`, 'invalid denom: 1x'],
    // Upstream SupplyOf: sdk.ValidateDenom's text, the empty denom after it.
    ['/sdk/bank/v1beta1/supply/by_denom', 'invalid denom: '],
    ['/sdk/bank/v1beta1/supply/by_denom?denom=', 'invalid denom: '],
    [
      '/sdk/auth/v1beta1/accounts/notanaddress',
      'decoding bech32 failed: invalid separator index -1',
    ],
    [
      '/sdk/base/tendermint/v1beta1/blocks/99',
      'requested block height is bigger then the chain length',
    ],
    ['/sdk/base/tendermint/v1beta1/blocks/0', 'height must be greater than 0, but got 0'],
  ])('error: malformed argument %s → 400 naming it', async (path, message) => {
    const r = await get(app, path)
    expect(r.status).toBe(400)
    expect(r.body).toEqual({ code: 3, message, details: [] })
  })

  // The query servers that return the address codec's error as it is (`return nil, err`): a
  // registered one (the prefix mismatch, upstream's ErrLogic; VerifyAddressFormat's
  // ErrUnknownAddress) reaches the body as its gRPC status text.
  const OTHER = 'cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du'
  const VALOPER = 'sdkvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du'
  const logic = (expected: string) =>
    `codespace sdk code 35: internal logic error: hrp does not match bech32 prefix: expected '${expected}' got 'cosmos'`
  test.each([
    [`/sdk/auth/v1beta1/accounts/${OTHER}`, logic('sdk')],
    [`/sdk/auth/v1beta1/account_info/${OTHER}`, logic('sdk')],
    [`/sdk/staking/v1beta1/validators/${OTHER}`, logic('sdkvaloper')],
    [`/sdk/staking/v1beta1/delegations/${OTHER}`, logic('sdk')],
    [`/sdk/staking/v1beta1/delegators/${OTHER}/validators`, logic('sdk')],
    [`/sdk/staking/v1beta1/validators/${VALOPER}/delegations/${OTHER}`, logic('sdk')],
    [`/sdk/distribution/v1beta1/delegators/${OTHER}/rewards`, logic('sdk')],
    [`/sdk/distribution/v1beta1/validators/${OTHER}/commission`, logic('sdkvaloper')],
    [`/sdk/slashing/v1beta1/signing_infos/${OTHER}`, logic('sdkvalcons')],
    [`/sdk/gov/v1/proposals/1/votes/${OTHER}`, logic('sdk')],
    [`/sdk/gov/v1beta1/proposals/1/deposits/${OTHER}`, logic('sdk')],
    [
      `/sdk/staking/v1beta1/validators/${VALOPER}/delegations/sdk1m8glya`,
      'codespace sdk code 9: unknown address: addresses cannot be empty',
    ],
  ])(
    'error: an address the codec refuses, %s → 400 with upstream’s text',
    async (path, message) => {
      const r = await get(app, path)
      expect(r.status).toBe(400)
      expect(r.body).toEqual({ code: 3, message, details: [] })
    },
  )

  // The generated handlers parse the query string only when the request has a field left for it.
  test.each([
    '/sdk/bank/v1beta1/params?x=%zz',
    '/sdk/bank/v1beta1/params?a=1;b=2',
    `/sdk/auth/v1beta1/accounts/${ALICE}?x=%zz`,
    '/sdk/upgrade/v1beta1/applied_plan/v9?name=%zz',
  ])(
    'behavior: %s, a route with no query field, ignores a malformed query string',
    async (path) => {
      const plain = await get(app, path.slice(0, path.indexOf('?')))
      const r = await get(app, path)
      expect(r.status).toBe(200)
      expect(r.text).toBe(plain.text)
    },
  )

  test('error: a bad path variable is the error before a malformed query string, as upstream', async () => {
    expect((await get(app, '/sdk/gov/v1/proposals/abc/votes?x=%zz')).body).toEqual({
      code: 3,
      message:
        'type mismatch, parameter: proposal_id, error: strconv.ParseUint: parsing "abc": invalid syntax',
      details: [],
    })
    expect((await get(app, '/sdk/gov/v1/proposals/1/votes?x=%zz')).body).toEqual({
      code: 3,
      message: 'invalid URL escape "%zz"',
      details: [],
    })
  })

  test('behavior: a POST whose body is the whole request ignores a malformed query string', async () => {
    const post = async (path: string) => {
      const res = await app.request(path, { method: 'POST', body: '{}' })
      return { status: res.status, text: await res.text() }
    }
    const plain = await post('/sdk/tx/v1beta1/txs')
    expect(plain.status).not.toBe(200)
    expect(await post('/sdk/tx/v1beta1/txs?x=%zz')).toEqual(plain)
  })

  // grpc-gateway's pattern takes an empty last path component (a trailing slash) as the variable's
  // value: the handler runs with an empty field and answers as the query server does for one.
  test.each([
    ['/sdk/bank/v1beta1/balances/', 'invalid address: empty address string is not allowed'],
    [
      '/sdk/bank/v1beta1/spendable_balances/',
      'invalid address: empty address string is not allowed',
    ],
    ['/sdk/auth/v1beta1/accounts/', 'Address cannot be empty'],
    ['/sdk/auth/v1beta1/account_info/', 'address cannot be empty'],
    ['/sdk/auth/v1beta1/module_accounts/', 'module name is empty'],
    ['/sdk/bank/v1beta1/denom_owners/', 'invalid denom: '],
    ['/sdk/staking/v1beta1/validators/', 'validator address cannot be empty'],
    [
      '/sdk/staking/v1beta1/validators/sdkvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du/delegations/',
      'delegator address cannot be empty',
    ],
    ['/sdk/gov/v1/proposals/1/votes/', 'empty voter address'],
    ['/sdk/slashing/v1beta1/signing_infos/', 'invalid request'],
    ['/sdk/tx/v1beta1/txs/', 'tx hash cannot be empty'],
    [
      '/sdk/base/tendermint/v1beta1/blocks/',
      'type mismatch, parameter: height, error: strconv.ParseInt: parsing "": invalid syntax',
    ],
  ])('error: an empty last path segment %s → 400 from the query server', async (path, message) => {
    for (const gw of [app, createGateway({ router: t.node.router, preRouter: false })]) {
      const r = await get(gw, path)
      expect(r.status, path).toBe(400)
      expect(r.body).toEqual({ code: 3, message, details: [] })
    }
  })

  test('behavior: an empty last path segment is an empty field where the query server takes one', async () => {
    expect((await get(app, '/sdk/upgrade/v1beta1/applied_plan/')).text).toBe('{"height":"0"}')
    const gov = await get(app, '/sdk/gov/v1/params/')
    expect(gov.status).toBe(200)
    expect(gov.body).toMatchObject({
      voting_params: null,
      deposit_params: null,
      tally_params: null,
    })
  })

  test.each([
    [
      `/sdk/auth/v1beta1/accounts/${'sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7'}`,
      'account sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7 not found',
    ],
    [
      '/sdk/upgrade/v1beta1/module_versions?module_name=nope',
      'codespace upgrade code 2: module version not found: x/upgrade: QueryModuleVersions module nope not found',
    ],
  ])('error: missing %s → 404', async (path, message) => {
    const r = await get(app, path)
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ code: 5, message, details: [] })
    // The height was valid, so the gateway still forwards the height the handler ran at.
    expect(r.headers.get('grpc-metadata-x-sdk-block-height')).toBe(String(HEIGHTS))
  })

  test('error: a body over rpc-max-body-bytes is refused as CometBFT’s server refuses it before its handler: 400, a JSON-RPC error, the connection closed', async () => {
    const small = createGateway({ router: t.node.router, maxBodyBytes: 64 })
    const res = await small.request('/sdk/bank/v1beta1/params', {
      method: 'POST',
      body: 'x'.repeat(65),
      headers: { 'content-type': 'application/json', 'content-length': '65' },
    })
    expect([res.status, res.headers.get('connection'), await res.json()]).toEqual([
      400,
      'close',
      BODY_TOO_LARGE_ANSWER,
    ])
  })

  test('behavior: no client mistake is logged at error level', async () => {
    // Its own node, logger and requests: one of each kind of client mistake.
    const own = capturingLogger()
    const t2 = await createQueryTestNode({ logger: own.logger })
    try {
      const gw = createGateway({ router: t2.node.router, logger: own.logger, maxBodyBytes: 64 })
      const mistakes: [string, RequestInit, number][] = [
        ['/sdk/bank/v1beta1/params', {}, 400], // before the first block
      ]
      const afterBlocks: [string, RequestInit, number][] = [
        ['/sdk/bank/v1beta1/nope', {}, 404],
        ['/sdk/bank/v1beta1/params', { method: 'POST' }, 405],
        ['/sdk/bank/v1beta1/params', { method: 'OPTIONS' }, 405],
        [
          '/sdk/bank/v1beta1/params',
          { method: 'POST', body: 'x'.repeat(65), headers: { 'content-length': '65' } },
          400,
        ],
        [`/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=abc`, {}, 400],
        [`/sdk/bank/v1beta1/balances/${ALICE}?pagination.key=%3F%3F`, {}, 400],
        [`/sdk/bank/v1beta1/balances/${ALICE}?pagination.offset=1&pagination.key=AA==`, {}, 400],
        [`/sdk/bank/v1beta1/balances/${ALICE}?a=%zz`, {}, 400],
        [`/sdk/bank/v1beta1/balances/${ALICE}?a=1;b=2`, {}, 400],
        ['/sdk/bank/v1beta1/balances/sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2x', {}, 400],
        ['/sdk/bank/v1beta1/balances/cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du', {}, 400],
        [`/sdk/bank/v1beta1/balances/${ALICE}/by_denom`, {}, 400],
        ['/sdk/auth/v1beta1/accounts/notanaddress', {}, 400],
        ['/sdk/base/tendermint/v1beta1/blocks/abc', {}, 400],
        ['/sdk/base/tendermint/v1beta1/blocks/99', {}, 400],
        ['/sdk/auth/v1beta1/accounts/sdk1qvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrhw2dt7', {}, 404],
        ['/sdk/upgrade/v1beta1/module_versions?module_name=nope', {}, 404],
        ...['abc', '9223372036854775808', '-1', '99999999'].map(
          (h): [string, RequestInit, number] => [
            '/sdk/upgrade/v1beta1/current_plan',
            { headers: { 'x-sdk-block-height': h } },
            400,
          ],
        ),
      ]
      for (const [path, init, status] of mistakes) {
        expect((await gw.request(path, init)).status, path).toBe(status)
      }
      await t2.node.producer.produceBlocks(3)
      for (const [path, init, status] of afterBlocks) {
        const res = await gw.request(path, init)
        expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(status)
      }
      expect(own.errors()).toEqual([])
      // The capture does see error lines: a server fault through the same logger is one.
      const faulty = createQueryRouter({
        registry: protoRegistry(),
        chain: emptyChain(3),
        handlers: new Map([
          [
            'sdk.bank.v1beta1.Query/Params',
            async () => {
              throw new TypeError('boom')
            },
          ],
        ]),
      })
      const fault = await createGateway({ router: faulty, logger: own.logger }).request(
        '/sdk/bank/v1beta1/params',
      )
      expect(fault.status).toBe(500)
      expect(own.errors().map((l) => l.msg)).toEqual(['query failed'])
    } finally {
      await t2.close()
    }
  })

  test('error: a failing handler → 500 JSON without a stack, logged at error level', async () => {
    const router = createQueryRouter({
      registry: protoRegistry(),
      chain: emptyChain(3),
      handlers: new Map([
        [
          'sdk.bank.v1beta1.Query/Params',
          async () => {
            throw new TypeError('boom')
          },
        ],
      ]),
    })
    const before = errorLines().length
    const r = await get(createGateway({ router, logger }), '/sdk/bank/v1beta1/params')
    expect(r.status).toBe(500)
    expect(r.body).toEqual({ code: 13, message: 'boom', details: [] })
    expect(errorLines().length).toBe(before + 1)
  })
})

describe('CORS', () => {
  test('behavior: off by default: no Access-Control headers', async () => {
    const r = await app.request('/sdk/bank/v1beta1/params', {
      headers: { origin: 'http://x.test' },
    })
    expect(r.status).toBe(200)
    expect([...r.headers.keys()].filter((k) => k.startsWith('access-control'))).toEqual([])
  })

  test('behavior: enabled-unsafe-cors allows every origin and the height header', async () => {
    const open = createGateway({ router: t.node.router, enabledUnsafeCors: true })
    const pre = await open.request('/sdk/bank/v1beta1/params', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://x.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-sdk-block-height,content-type',
      },
    })
    expect(pre.status).toBe(200)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    // Go's canonical names, as gorilla/handlers echoes them; no Allow-Methods for the defaults.
    expect(pre.headers.get('access-control-allow-headers')).toBe('X-Sdk-Block-Height,Content-Type')
    expect(pre.headers.get('access-control-allow-methods')).toBeNull()
    expect(await pre.text()).toBe('')
    const r = await open.request('/sdk/bank/v1beta1/params', {
      headers: { origin: 'http://x.test', 'x-sdk-block-height': '2' },
    })
    expect(r.status).toBe(200)
    expect(r.headers.get('access-control-allow-origin')).toBe('*')
    expect(r.headers.get('access-control-expose-headers')).toContain('x-sdk-block-height')
    const refused = await open.request('/sdk/bank/v1beta1/params', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://x.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-secret',
      },
    })
    expect(refused.status).toBe(403)
    const badMethod = await open.request('/sdk/bank/v1beta1/params', {
      method: 'OPTIONS',
      headers: { origin: 'http://x.test', 'access-control-request-method': 'DELETE' },
    })
    expect(badMethod.status).toBe(405)
  })

  test('behavior: a refused preflight is an empty answer without CORS headers, as gorilla/handlers sends it', async () => {
    const open = createGateway({ router: t.node.router, enabledUnsafeCors: true })
    const preflight = (headers: Record<string, string>) =>
      open.request('/sdk/bank/v1beta1/params', {
        method: 'OPTIONS',
        headers: { origin: 'http://x.test', ...headers },
      })
    for (const [headers, status] of [
      [{}, 400],
      // Present but empty, or not as sent upper case: no method gorilla/handlers allows.
      [{ 'access-control-request-method': '' }, 405],
      [{ 'access-control-request-method': 'get' }, 405],
      [{ 'access-control-request-method': 'DELETE' }, 405],
      [
        { 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-secret' },
        403,
      ],
    ] as const) {
      const r = await preflight(headers)
      expect(r.status, JSON.stringify(headers)).toBe(status)
      expect(await r.text()).toBe('')
      expect(r.headers.get('content-type')).toBeNull()
      expect([...r.headers.keys()].filter((k) => k.startsWith('access-control'))).toEqual([])
    }
    // The simple headers are allowed and not echoed; empty names are skipped.
    const simple = await preflight({
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'accept, origin,,ACCEPT-LANGUAGE , content-language',
    })
    expect(simple.status).toBe(200)
    expect(simple.headers.get('access-control-allow-headers')).toBeNull()
    // An empty Origin is no Origin: a plain request gets no CORS headers, an OPTIONS an empty 200.
    const plain = await open.request('/sdk/bank/v1beta1/params', { headers: { origin: '' } })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
    const bare = await open.request('/sdk/bank/v1beta1/params', {
      method: 'OPTIONS',
      headers: { origin: '', 'access-control-request-method': 'DELETE' },
    })
    expect(bare.status).toBe(200)
    expect(bare.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('Swagger', () => {
  test('behavior: swagger = true serves the UI with local assets and the OpenAPI document', async () => {
    const gw = createGateway({ router: t.node.router, swagger: true, version: '9.9.9' })
    const page = await gw.request('/swagger')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('SwaggerUIBundle')
    expect(html).toContain('/swagger/swagger.json')
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(assets.length).toBeGreaterThanOrEqual(2)
    for (const asset of assets) {
      expect(asset.startsWith('/')).toBe(true) // served by sdkd itself, not a CDN
      const res = await gw.request(asset)
      expect(res.status).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    }
    const doc = (await get(gw, '/swagger/swagger.json')).body
    expect(doc.swagger).toBe('2.0')
    expect(doc.info.version).toBe('9.9.9')
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops as object).map((verb) => `${verb} ${p}`),
    )
    expect(routes.sort()).toEqual([...README_ROUTES].sort())
    const op = doc.paths['/sdk/bank/v1beta1/balances/{address}'].get
    expect(op.parameters.map((p: any) => `${p.in}:${p.name}`)).toEqual([
      'path:address',
      'query:pagination.key',
      'query:pagination.offset',
      'query:pagination.limit',
      'query:pagination.count_total',
      'query:pagination.reverse',
      'query:resolve_denom',
      'header:x-sdk-block-height',
    ])
    expect(op.responses['200'].schema.$ref).toBe(
      '#/definitions/sdk.bank.v1beta1.QueryAllBalancesResponse',
    )
    // Every reference resolves.
    const refs = [...JSON.stringify(doc).matchAll(/"#\/definitions\/([^"]+)"/g)].map((m) => m[1]!)
    for (const ref of refs) expect(doc.definitions[ref], ref).toBeDefined()
    expect(doc.definitions['sdk.base.v1beta1.Coin'].properties).toEqual({
      denom: { type: 'string' },
      amount: { type: 'string' },
    })
  })

  test('behavior: swagger = false → /swagger is 404', async () => {
    const r = await get(app, '/swagger')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ code: 5, message: 'Not Found', details: [] })
  })
})

describe('GET pre-router', () => {
  /** Status, every header and the body, as a client sees them. */
  async function seen(gw: Hono, path: string, init: RequestInit = {}) {
    const res = await gw.request(path, init)
    return { status: res.status, headers: [...res.headers.entries()], body: await res.text() }
  }

  test('behavior: every request answers exactly as through Hono’s router', async () => {
    const viaHono = createGateway({ router: t.node.router, logger, preRouter: false })
    const balances = `/sdk/bank/v1beta1/balances/${ALICE}`
    const paths = [
      ...README_ROUTES.filter((r) => r.startsWith('get ')).map((r) =>
        r
          .slice(4)
          .replace('{address}', ALICE)
          .replace('{denom}', 'stake')
          .replace('{name}', 'v9')
          .replace('{last_height}', '5')
          .replace('{height}', '2')
          .replace('{hash}', 'AB'.repeat(32))
          .replace('{proposal_id}', '1')
          .replace('{voter}', BOB)
          .replace('{depositor}', BOB)
          .replace('{params_type}', 'voting')
          .replace('{validator_addr}', 'sdkvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du')
          .replace('{delegator_addr}', ALICE)
          .replace('{validator_address}', 'sdkvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du')
          .replace('{delegator_address}', ALICE),
      ),
      `${balances}/by_denom?denom=stake`,
      `${balances}/by_denom?denom=stake&denom=token`,
      `${balances}/by_denom?denom=%zz`,
      `${balances}/by_denom?denom=a;b`,
      `${balances}/by_denom?denom=`,
      `${balances}/by_denom?denom=stake#fragment`,
      `${balances}?pagination.limit=1&pagination.count_total=true`,
      `${balances}?pagination.key=%2F%2F&pagination.limit=1`,
      `${balances}?pagination.offset=1&pagination.key=AA==`,
      '/sdk/bank/v1beta1/balances/not-an-address',
      '/sdk/bank/v1beta1/balances/sdk1%71yqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f',
      '/sdk/bank/v1beta1/balances/',
      '/sdk/bank/v1beta1/balances//by_denom',
      '/sdk/bank/v1beta1/params/',
      '//sdk/bank/v1beta1/params',
      '/sdk/base/tendermint/v1beta1/blocks/latest',
      '/sdk/base/tendermint/v1beta1/blocks/abc',
      '/sdk/base/tendermint/v1beta1/blocks/99',
      '/sdk/upgrade/v1beta1/module_versions?module_name=nope',
      '/sdk/tx/v1beta1/txs',
      '/sdk/tx/v1beta1/txs/decode',
      '/sdk/nothing/here',
      '/swagger',
      '/',
    ]
    const headerSets: Record<string, string>[] = [
      {},
      { 'x-sdk-block-height': '3' },
      { 'x-sdk-block-height': '0' },
      { 'x-sdk-block-height': 'abc' },
      { 'x-sdk-block-height': '-1' },
      { 'x-sdk-block-height': '99999' },
      { 'x-sdk-block-height': '2, 3' },
      { 'Grpc-Metadata-X-Sdk-Block-Height': '4' },
      { 'x-sdk-block-height': '2', 'Grpc-Metadata-X-Sdk-Block-Height': '3' },
    ]
    // With CORS on, a request without an Origin is pre-routed too; one with an Origin is not.
    const cors = { router: t.node.router, logger, enabledUnsafeCors: true }
    const pairs = [
      { pre: app, hono: viaHono, headerSets },
      {
        pre: createGateway(cors),
        hono: createGateway({ ...cors, preRouter: false }),
        headerSets: [
          ...headerSets,
          { origin: 'https://wallet.example', 'x-sdk-block-height': '3' },
        ],
      },
    ]
    let compared = 0
    for (const pair of pairs) {
      for (const path of paths) {
        for (const headers of pair.headerSets) {
          for (const method of ['GET', 'HEAD']) {
            const init = { method, headers }
            expect(
              await seen(pair.pre, path, init),
              `${method} ${path} ${JSON.stringify(headers)}`,
            ).toEqual(await seen(pair.hono, path, init))
            compared++
          }
        }
      }
    }
    expect(compared).toBe(paths.length * (2 * headerSets.length + 1) * 2)
  })

  test('behavior: on a real server, the answers and headers are those of Hono’s router', async () => {
    const { listenHttp } = await import('../../../../src/server/listen.js')
    const fast = await listenHttp(app, 'tcp://127.0.0.1:0', 'fast')
    const slow = await listenHttp(
      createGateway({ router: t.node.router, logger, preRouter: false }),
      'tcp://127.0.0.1:0',
      'hono',
    )
    try {
      for (const path of [
        `/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`,
        '/sdk/upgrade/v1beta1/module_versions',
        '/sdk/upgrade/v1beta1/current_plan',
        '/sdk/bank/v1beta1/balances/bad',
        '/sdk/bank/v1beta1/balances/',
        '/sdk/bank/v1beta1/params/',
      ]) {
        for (const headers of [{}, { 'x-sdk-block-height': '2' }, { 'x-sdk-block-height': 'x' }]) {
          const a = await fetch(`http://${fast.address}${path}`, { headers })
          const b = await fetch(`http://${slow.address}${path}`, { headers })
          const strip = (h: Headers) => [...h.entries()].filter(([k]) => k !== 'date')
          expect(a.status).toBe(b.status)
          expect(strip(a.headers)).toEqual(strip(b.headers))
          expect(await a.text()).toBe(await b.text())
        }
      }
    } finally {
      await fast.close()
      await slow.close()
    }
  })
})
