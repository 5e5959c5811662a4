import { spawn } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { protoRegistry } from '../../src/codec/proto.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome } from '../helpers/devnet.js'
import { boundPorts, getJson, LOOPBACK_PORTS, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { createGovernor, softwareUpgrade } from '../helpers/upgrade-proposal.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * The upstream schemathesis (property-based API testing) against a real `sdkd` devnet process: every
 * GET operation of the node's own OpenAPI document (`/swagger/swagger.json`), called with generated
 * path, query and header values, its answers checked against that document. The node is given state
 * first (blocks, a transfer, a passed proposal with its deposit and vote) so list and lookup routes
 * answer with real items, and schemathesis's stateful phase can feed the ones it reads into others.
 */

const tool = requireUpstreamTool('schemathesis', 'schemathesis against sdkd')

const registry = protoRegistry()

/**
 * The checks, each a property of every answer:
 * - not_a_server_error: no 5xx, whatever the input;
 * - status_code_conformance: the status is one the document declares (200, or the `default` error);
 * - content_type_conformance: `application/json`, as declared (`produces`);
 * - response_schema_conformance: the body fits the 200 schema, or the error schema
 *   `{"code","message","details"}` (google.rpc.Status);
 * - response_headers_conformance: the declared height headers are integers;
 * - unsupported_method: any method the document does not declare for a path is 405 with `Allow`.
 *
 * Left out: positive_data_acceptance, because the document (as upstream's, from the same protos)
 * types parameters but cannot state what the node rightly refuses with 400: heights above the
 * latest block, a bech32 address of another prefix, a denom of a bad shape, a 64-bit integer
 * given as the free string the gateway's convention declares; and negative_data_rejection, because
 * an enum query parameter is also taken by number (`proposal_status=0`), as grpc-gateway does,
 * while the document lists the names only, as upstream's does. missing_required_header,
 * ignored_auth, use_after_free and the other stateful or auth checks have nothing to act on here:
 * no required header, no auth, no operation that creates or deletes.
 */
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'unsupported_method',
]

/** Test cases per operation and phase: about 20 s for the 46 GET operations here. */
const MAX_EXAMPLES = 25
/** The whole schemathesis run is killed (and the test fails) after this. */
const RUN_TIMEOUT_MS = 150_000

/** Where the JUnit report goes (`.tmp/` is git-ignored). */
const REPORT_DIR = fileURLToPath(new URL('../../.tmp/schemathesis/', import.meta.url))

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  output: string
  seconds: number
}

/** Runs the tool to its end (or kills it at RUN_TIMEOUT_MS), its stdout and stderr interleaved. */
function runSchemathesis(args: string[], cwd: string): Promise<Run> {
  // No inherited SCHEMATHESIS_* settings, and never a proxy: every request goes to loopback.
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' }
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(SCHEMATHESIS_|HTTPS?_PROXY$|ALL_PROXY$)/i.test(k)) env[k] ??= v
  }
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, output, seconds: (performance.now() - started) / 1000 })
    })
  })
}

describe.skipIf(!tool.path)(`schemathesis ${tool.version ?? ''}`, () => {
  const cleanups = cleanupAfterAll()

  test('behavior: every documented GET operation, with generated inputs, answers without a 5xx and as the OpenAPI document says', async () => {
    const home = await createDevnetHome('schemathesis-e2e')
    cleanups.push(home.cleanup)
    const work = await tempDir('sdkd-schemathesis-')
    cleanups.push(work.cleanup)
    // Loopback, ports the OS picks; Swagger on (it is in a devnet home; said here all the same);
    // gRPC and Prometheus off, as their default ports are fixed; blocks only when asked.
    const p = startSdkd([
      '--home',
      home.dir,
      'start',
      ...LOOPBACK_PORTS,
      '--api.swagger=true',
      '--grpc.enable=false',
      '--instrumentation.prometheus=false',
      '--timeout-commit',
      '1h',
    ])
    cleanups.push(() => p.stop('SIGKILL'))
    const { rpcPort, apiPort } = await boundPorts(p, { api: true })
    await p.waitForLog((l) => l.msg === 'committed block')
    const api = `http://127.0.0.1:${apiPort}`

    // State for the list and lookup routes: a transfer, a proposal passed (deposit, vote, tally,
    // and the upgrade plan it schedules far ahead), more blocks.
    const validator = home.accounts.validator!
    const g = createGovernor({
      rpcPort,
      apiPort: apiPort!,
      chainId: home.chainId,
      mnemonic: validator.mnemonic,
    })
    await g.dev('dev_setMining', { mode: 'manual' })
    await g.mine(2)
    await g.deliver([
      registry.packAny('/sdk.bank.v1beta1.MsgSend', {
        from_address: validator.address,
        to_address: home.accounts.alice!.address,
        amount: [{ denom: 'stake', amount: '1000' }],
      }),
    ])
    const far = Number((await g.dev('dev_status')).height) + 100_000
    await g.pass([softwareUpgrade({ name: 'schemathesis', height: far })], 'Schemathesis plan')
    await g.mine(2)
    const document = await getJson(`${api}/swagger/swagger.json`)
    expect(document.status).toBe(200)
    expect(document.body.swagger).toBe('2.0')

    await mkdir(REPORT_DIR, { recursive: true })
    const args = [
      'run',
      `${api}/swagger/swagger.json`,
      '--url',
      api,
      '--include-method',
      'GET',
      '--checks',
      CHECKS.join(','),
      '--max-examples',
      String(MAX_EXAMPLES),
      '--workers',
      '1',
      '--request-timeout',
      '10',
      // Each run starts afresh (no example database left in a working directory).
      '--generation-database',
      'none',
      '--report',
      'junit',
      '--report-junit-path',
      `${REPORT_DIR}junit.xml`,
      '--no-color',
    ]
    const run = await runSchemathesis(args, work.dir)
    const summary = `schemathesis ${args.join(' ')}\nexit ${run.code ?? run.signal} after ${run.seconds.toFixed(1)} s (killed at ${RUN_TIMEOUT_MS / 1000} s)\n`
    // On failure the whole report (each failure with its curl line and `st replay` id, and the
    // seed) is printed, for a CI log.
    if (run.code !== 0) console.error(`${summary}\n${run.output}`)
    expect(run.code, `${summary}\n${run.output}`).toBe(0)
    // The run did test every GET operation of the document.
    const gets = Object.values(document.body.paths as Record<string, object>).filter(
      (ops) => 'get' in ops,
    ).length
    expect(run.output).toMatch(new RegExp(`Tested: ${gets}\\b`))
    expect(p.logs().filter((l) => Number(l.level) >= 50)).toEqual([])
  }, 240_000)
})
