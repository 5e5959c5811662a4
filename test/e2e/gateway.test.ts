import { readFile, writeFile } from 'node:fs/promises'
import { get as httpGet } from 'node:http'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { BODY_TOO_LARGE_ANSWER } from '../helpers/go-prechecks.js'
import {
  boundPorts,
  getJson,
  heightAtLeast,
  initHome,
  rpcHeight,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const ALICE = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
const GOV = 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x'

interface Running {
  p: SdkdProcess
  rpcPort: number
  api: string
  /** Undefined when gRPC is off. */
  grpc: string | undefined
  rpc: string
}

const cleanups = cleanupAfterAll()

/** `sdkd init`, genesis funds for ALICE, app.toml edits, then `sdkd start` with the flags. */
async function startNode(flags: string[], appToml: Record<string, string> = {}): Promise<Running> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  await initHome(t.dir)
  const genesisPath = join(t.dir, 'config/genesis.json')
  const genesis = JSON.parse(await readFile(genesisPath, 'utf8'))
  genesis.app_state.bank.balances = [{ address: ALICE, coins: [{ denom: 'stake', amount: '777' }] }]
  genesis.app_state.auth.accounts = [
    {
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address: ALICE,
      pub_key: null,
      account_number: '0',
      sequence: '0',
    },
  ]
  await writeFile(genesisPath, JSON.stringify(genesis, null, 2))
  const appPath = join(t.dir, 'config/app.toml')
  let app = await readFile(appPath, 'utf8')
  for (const [key, value] of Object.entries(appToml)) {
    app = app.replace(new RegExp(`^${key} = .*$`, 'm'), `${key} = ${value}`)
  }
  await writeFile(appPath, app)
  // Port 0 everywhere: the OS picks free ports and the node logs the ones it bound.
  const p = startSdkd([
    '--home',
    t.dir,
    'start',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.address',
    '127.0.0.1:0',
    ...flags,
  ])
  cleanups.push(() => p.stop('SIGKILL'))
  const grpcOn = !flags.includes('--grpc.enable=false')
  const ports = await boundPorts(p, { api: true, grpc: grpcOn })
  await p.waitForLog((l) => l.msg === 'node started')
  await p.waitForLog((l) => l.msg === 'committed block')
  return {
    p,
    rpcPort: ports.rpcPort,
    api: `http://127.0.0.1:${ports.apiPort}`,
    grpc: grpcOn ? `127.0.0.1:${ports.grpcPort}` : undefined,
    rpc: `http://127.0.0.1:${ports.rpcPort}`,
  }
}

let open: Running
let closed: Running

/** GET on a new connection (no keep-alive pool); resolves with the status. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.setTimeout(5000, () => req.destroy(new Error('timed out')))
  })
}

/**
 * A connection the server has accepted and serves: one keep-alive request answered on it. The
 * socket stays open (and counted by the server) until the caller destroys it.
 */
function servedConnection(url: URL): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(Number(url.port), url.hostname)
    let head = ''
    const onData = (d: Buffer) => {
      head += d
      if (!head.includes('\r\n\r\n')) return
      s.off('data', onData)
      s.off('close', onClose)
      s.resume()
      if (head.startsWith('HTTP/1.1 200 ')) resolve(s)
      else reject(new Error(`unexpected answer: ${head.split('\r\n')[0]}`))
    }
    const onClose = () => reject(new Error(`the server closed the connection: ${head}`))
    s.on('error', (err) => reject(err))
    s.on('data', onData)
    s.once('close', onClose)
    s.write(
      `GET /sdk/bank/v1beta1/params HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`,
    )
  })
}

beforeAll(async () => {
  ;[open, closed] = await Promise.all([
    startNode([
      '--timeout-commit',
      '20ms',
      '--api.enable',
      '--api.swagger',
      '--api.enabled-unsafe-cors',
    ]),
    startNode(['--timeout-commit', '200ms', '--api.enable', '--grpc.enable=false'], {
      'max-open-connections': '2',
      'rpc-max-body-bytes': '1000',
    }),
  ])
  // Tests below read height 2 of `open`.
  await heightAtLeast(open.rpcPort, 2)
}, 60_000)

describe('REST gateway of a running sdkd', () => {
  test('behavior: max-open-connections bounds the open connections', async () => {
    // First test to reach `closed`: no pooled keep-alive connection to it exists yet.
    const url = new URL(closed.api)
    const sockets: Socket[] = []
    try {
      // Two connections the server has answered on (so it counts them), held open.
      for (let i = 0; i < 2; i++) sockets.push(await servedConnection(url))
      expect(sockets.every((s) => !s.destroyed)).toBe(true)
      await expect(freshGet(`${closed.api}/sdk/bank/v1beta1/params`)).rejects.toThrow()
    } finally {
      for (const s of sockets) s.destroy()
    }
    const status = await waitFor(async () => {
      const r = await freshGet(`${closed.api}/sdk/bank/v1beta1/params`).catch(() => undefined)
      return r === 200 ? r : undefined
    })
    expect(status).toBe(200)
  })

  test('behavior: the servers log their real addresses', async () => {
    // Asked for port 0, each server logs the port it bound, and answers there.
    const line = (msg: string) => open.p.logs().find((l) => l.msg === msg)
    expect(line('serving CometBFT RPC')).toMatchObject({ module: 'rpc-server' })
    expect(line('serving REST API')).toMatchObject({ module: 'api-server' })
    expect(line('serving gRPC')).toMatchObject({ module: 'grpc-server' })
    const [rpc, api, g] = ['serving CometBFT RPC', 'serving REST API', 'serving gRPC'].map((m) =>
      String(line(m)?.address),
    ) as [string, string, string]
    for (const address of [rpc, api, g]) expect(address).toMatch(/^127\.0\.0\.1:[1-9]\d*$/)
    expect(new Set([rpc, api, g]).size).toBe(3)
    expect((await getJson(`http://${rpc}/health`)).body.result).toEqual({})
    expect((await getJson(`http://${api}/sdk/bank/v1beta1/params`)).status).toBe(200)
    const client = new grpc.Client(g, grpc.credentials.createInsecure())
    try {
      await new Promise<void>((resolve, reject) =>
        client.waitForReady(Date.now() + 10_000, (err) => (err ? reject(err) : resolve())),
      )
    } finally {
      client.close()
    }
    expect(closed.p.logs().some((l) => l.msg === 'serving gRPC')).toBe(false)
  })

  test('behavior: curl-equivalent queries answer gateway JSON with the height headers', async () => {
    const r = await getJson(`${open.api}/sdk/bank/v1beta1/balances/${ALICE}`, {
      headers: { accept: 'application/json' },
    })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      balances: [{ denom: 'stake', amount: '777' }],
      pagination: { next_key: null, total: '1' },
    })
    const height = Number(r.headers.get('x-sdk-block-height'))
    expect(height).toBeGreaterThanOrEqual(1)
    expect(r.headers.get('grpc-metadata-x-sdk-block-height')).toBe(String(height))
    expect(r.headers.get('grpc-metadata-content-type')).toBe('application/grpc')
    expect((await getJson(`${open.api}/sdk/upgrade/v1beta1/current_plan`)).body).toEqual({
      plan: null,
    })
    expect((await getJson(`${open.api}/sdk/upgrade/v1beta1/applied_plan/v2`)).body).toEqual({
      height: '0',
    })
    expect((await getJson(`${open.api}/sdk/upgrade/v1beta1/authority`)).body).toEqual({
      address: GOV,
    })
    // A fresh chain of the newest app version, v2 (docs/upgrades.md, "App versions"): v1's modules without
    // crisis, plus consensus 1; sorted by name, as upstream answers.
    const versions = (await getJson(`${open.api}/sdk/upgrade/v1beta1/module_versions`)).body
    expect(versions.module_versions).toEqual([
      { name: 'auth', version: '5' },
      { name: 'bank', version: '4' },
      { name: 'consensus', version: '1' },
      { name: 'distribution', version: '3' },
      { name: 'evidence', version: '1' },
      { name: 'genutil', version: '1' },
      { name: 'gov', version: '5' },
      { name: 'mint', version: '2' },
      { name: 'params', version: '1' },
      { name: 'slashing', version: '4' },
      { name: 'staking', version: '5' },
      { name: 'upgrade', version: '2' },
    ])
    const one = await getJson(`${open.api}/sdk/upgrade/v1beta1/module_versions?module_name=upgrade`)
    expect(one.body.module_versions).toEqual([{ name: 'upgrade', version: '2' }])
    const past = await getJson(
      `${open.api}/sdk/bank/v1beta1/balances/${ALICE}/by_denom?denom=stake`,
      {
        headers: { 'x-sdk-block-height': '1' },
      },
    )
    expect(past.body).toEqual({ balance: { denom: 'stake', amount: '777' } })
    expect(past.headers.get('x-sdk-block-height')).toBe('1')
  })

  test('behavior: parameters convert as grpc-gateway v1.16: integers with Go base 0, enums as its query parser', async () => {
    const api = open.api
    const limited = async (limit: string) =>
      (await getJson(`${api}/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=${limit}`)).body
    expect(await limited('0x1')).toEqual(await limited('1'))
    expect(await limited('0b1')).toEqual(await limited('1'))
    const block = await getJson(`${api}/sdk/base/tendermint/v1beta1/blocks/0x1`)
    expect([block.status, block.body.block.header.height]).toEqual([200, '1'])
    const refusals: [string, string][] = [
      [
        `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=%7F`,
        'strconv.ParseUint: parsing "\\x7f": invalid syntax',
      ],
      ['/sdk/gov/v1/proposals?proposal_status=0x3', '0x3 is not a valid v1.ProposalStatus'],
      ['/sdk/gov/v1/proposals?proposal_status=6', '6 is not a valid v1.ProposalStatus'],
      [
        '/sdk/gov/v1beta1/proposals?proposal_status=PROPOSAL_STATUS_PASSED',
        'strconv.ParseInt: parsing "PROPOSAL_STATUS_PASSED": invalid syntax',
      ],
      ['/sdk/tx/v1beta1/txs?query=tx.height%3E0&order_by=desc', 'desc is not a valid tx.OrderBy'],
    ]
    for (const [path, message] of refusals) {
      const r = await getJson(`${api}${path}`)
      expect([r.status, r.body], path).toEqual([400, { code: 3, message, details: [] }])
    }
    for (const path of [
      '/sdk/gov/v1/proposals?proposal_status=PROPOSAL_STATUS_PASSED',
      '/sdk/gov/v1/proposals?proposal_status=03',
      '/sdk/gov/v1beta1/proposals?proposal_status=0x3',
    ]) {
      const r = await getJson(`${api}${path}`)
      expect([r.status, r.body.proposals], path).toEqual([200, []])
    }
  })

  test('behavior: queries racing block commits never see a half-committed height', async () => {
    // The waves ask for heights 1 to 5 too: they must exist (a later one is refused, 400).
    await heightAtLeast(open.rpcPort, 5)
    const seen = new Set<number>()
    // At least 20 waves, and on until blocks were seen committing meanwhile (however slow they come).
    const deadline = Date.now() + 30_000
    for (let wave = 0; wave < 20 || (seen.size <= 3 && Date.now() < deadline); wave++) {
      const answers = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const headers: Record<string, string> =
            i % 4 === 3 ? { 'x-sdk-block-height': String(1 + ((wave * 7 + i) % 5)) } : {}
          const r = await getJson(`${open.api}/sdk/base/tendermint/v1beta1/blocks/latest`, {
            headers,
          })
          return { r, asked: headers['x-sdk-block-height'] }
        }),
      )
      for (const { r, asked } of answers) {
        expect(r.status).toBe(200)
        const header = r.headers.get('x-sdk-block-height')
        expect(r.body.sdk_block.header.height).toBe(header)
        expect(r.body.block.header.height).toBe(header)
        if (asked) expect(header).toBe(asked)
        else seen.add(Number(header))
      }
    }
    // Blocks were being committed while the queries ran.
    expect(seen.size).toBeGreaterThan(3)
  })

  test('behavior: Swagger UI and its assets come from sdkd itself', async () => {
    const page = await fetch(`${open.api}/swagger`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(assets).toEqual([
      '/swagger/swagger-ui-dist/swagger-ui.css',
      '/swagger/swagger-ui-dist/swagger-ui-bundle.js',
    ])
    for (const asset of assets) {
      const res = await fetch(`${open.api}${asset}`)
      expect(res.status).toBe(200)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
    }
    const doc = (await getJson(`${open.api}/swagger/swagger.json`)).body
    expect(doc.swagger).toBe('2.0')
    expect(Object.keys(doc.paths)).toContain('/sdk/upgrade/v1beta1/current_plan')
    expect((await getJson(`${closed.api}/swagger`)).status).toBe(404)
  })

  test('behavior: CORS preflight is granted with enabled-unsafe-cors, refused by default', async () => {
    const preflight = {
      method: 'OPTIONS',
      headers: {
        origin: 'http://wallet.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-sdk-block-height',
      },
    }
    const granted = await fetch(`${open.api}/sdk/bank/v1beta1/params`, preflight)
    expect(granted.status).toBe(200)
    expect(granted.headers.get('access-control-allow-origin')).toBe('*')
    expect(granted.headers.get('access-control-allow-headers')).toBe('X-Sdk-Block-Height')
    // A refused preflight over the wire: an empty answer of length 0, as Go's WriteHeader alone.
    const forbidden = await fetch(`${open.api}/sdk/bank/v1beta1/params`, {
      method: 'OPTIONS',
      headers: { ...preflight.headers, 'access-control-request-headers': 'x-secret' },
    })
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('content-length')).toBe('0')
    expect(await forbidden.text()).toBe('')
    const refused = await fetch(`${closed.api}/sdk/bank/v1beta1/params`, preflight)
    expect(refused.status).toBe(405)
    expect([...refused.headers.keys()].filter((k) => k.startsWith('access-control'))).toEqual([])
    const plain = await fetch(`${closed.api}/sdk/bank/v1beta1/params`, {
      headers: { origin: 'http://wallet.test' },
    })
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('error: bad input gets JSON errors and never takes the node down', async () => {
    const cases: [string, RequestInit, number, object][] = [
      ['/sdk/nope', {}, 404, { code: 5, message: 'Not Found', details: [] }],
      [
        '/sdk/bank/v1beta1/params',
        { method: 'PUT' },
        405,
        { code: 12, message: 'Method Not Allowed', details: [] },
      ],
      [
        `/sdk/bank/v1beta1/balances/${ALICE}?pagination.limit=x`,
        {},
        400,
        {
          code: 3,
          // A query parameter's error is the converter's alone (a path variable's names it).
          message: 'strconv.ParseUint: parsing "x": invalid syntax',
          details: [],
        },
      ],
      [
        '/sdk/bank/v1beta1/params',
        { headers: { 'x-sdk-block-height': '1e3' } },
        400,
        {
          code: 3,
          message:
            'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "x-sdk-block-height": strconv.ParseInt: parsing "1e3": invalid syntax',
          details: [],
        },
      ],
      [
        '/sdk/bank/v1beta1/params',
        { method: 'POST', body: 'x'.repeat(2000) },
        400,
        BODY_TOO_LARGE_ANSWER,
      ],
    ]
    const logsBefore = closed.p.logs().length
    for (const [path, init, status, body] of cases) {
      const r = await getJson(`${closed.api}${path}`, init)
      expect(r.status, path).toBe(status)
      expect(r.body, path).toEqual(body)
    }
    expect((await getJson(`${closed.api}/sdk/bank/v1beta1/params`)).status).toBe(200)
    // Log lines come through a pipe, not with the answers: wait for a block committed after the
    // last answer, whose line follows any line those requests caused.
    const h = (await rpcHeight(closed.rpcPort))!
    await closed.p.waitForLog((l) => l.msg === 'committed block' && (l.height as number) > h)
    // None of these client mistakes was logged at error level.
    expect(
      closed.p
        .logs()
        .slice(logsBefore)
        .filter((l) => (l.level as number) >= 50),
    ).toEqual([])
  })
})

describe('gRPC and abci_query of a running sdkd', () => {
  test('behavior: a gRPC call returns the answer and the height served', async () => {
    const client = new grpc.Client(open.grpc!, grpc.credentials.createInsecure())
    try {
      const md = new grpc.Metadata()
      md.set('x-sdk-block-height', '2')
      let headers: grpc.Metadata | undefined
      const bytes = await new Promise<Buffer>((resolve, reject) => {
        const call = client.makeUnaryRequest(
          '/sdk.upgrade.v1beta1.Query/Authority',
          (b: Buffer) => b,
          (b: Buffer) => b,
          Buffer.alloc(0),
          md,
          (err, res) => (err ? reject(err) : resolve(res!)),
        )
        call.on('metadata', (m) => {
          headers = m
        })
      })
      // QueryAuthorityResponse { string address = 1 }
      expect(bytes.subarray(2).toString()).toBe(GOV)
      expect(headers?.get('x-sdk-block-height')).toEqual(['2'])
    } finally {
      client.close()
    }
  })

  test('behavior: RPC abci_query runs the same handlers', async () => {
    const res = await getJson(`${open.rpc}/`, {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'abci_query',
        params: {
          path: '/sdk.upgrade.v1beta1.Query/Authority',
          data: '',
          height: '1',
          prove: false,
        },
      }),
    })
    expect(res.body.result.response.height).toBe('1')
    expect(Buffer.from(res.body.result.response.value, 'base64').subarray(2).toString()).toBe(GOV)
  })
})
