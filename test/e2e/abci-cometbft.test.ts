import { describe, expect, test } from 'vitest'
import { listenAbciGrpc } from '../../src/server/abci/grpc-server.js'
import { listenAbci } from '../../src/server/abci/socket-server.js'
import { appHashAt, capturedLogger, testApp } from '../helpers/abci-client.js'
import { cleanupAfterAll, cleanupAfterEach } from '../helpers/cleanup.js'
import { runTool } from '../helpers/run-tool.js'
import { freePort, getJson, heightAtLeast, startProcess } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * The ABCI socket server against CometBFT's own programs: `abci-cli` (CometBFT's ABCI console,
 * whose socket client is the one `cometbft` uses) printing what the server answered, and a real
 * `cometbft start` driving a small app over the four connections to height 3.
 */

const cli = requireUpstreamTool('abci-cli', 'abci-cli against the ABCI server')
const comet = requireUpstreamTool('cometbft', 'cometbft against the ABCI server')
const each = cleanupAfterEach()
const all = cleanupAfterAll()

async function serve(app = testApp()) {
  const { logger, lines } = capturedLogger()
  const server = await listenAbci({ address: 'tcp://127.0.0.1:0', app, logger })
  each.push(() => server.close())
  return { server, lines }
}

describe.skipIf(!cli.path)(`abci-cli ${cli.version ?? ''} against the ABCI server`, () => {
  const run = (address: string, ...args: string[]) =>
    runTool(cli.path!, ['--address', address, '--log_level', 'error', ...args])

  test('behavior: echo, info, check_tx, query and the consensus calls print what the server answered', async () => {
    const { server } = await serve(
      testApp({
        checkTx: async (req) => ({
          code: req.tx[0] === 0 ? 0 : 5,
          log: `checked ${req.tx.length} byte(s)`,
        }),
      }),
    )
    const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' })
    expect(await run(server.address, 'echo', 'hello')).toEqual(
      ok('-> code: OK\n-> data: hello\n-> data.hex: 0x68656C6C6F\n'),
    )
    expect(await run(server.address, 'info')).toEqual(
      ok('-> code: OK\n-> data: abci-test\n-> data.hex: 0x616263692D74657374\n'),
    )
    expect(await run(server.address, 'check_tx', '0x00')).toEqual(
      ok('-> code: OK\n-> log: checked 1 byte(s)\n'),
    )
    expect(await run(server.address, 'check_tx', '0x0102')).toEqual(
      ok('-> code: 5\n-> log: checked 2 byte(s)\n'),
    )
    expect(await run(server.address, 'query', '0x01')).toEqual(
      ok(
        '-> code: OK\n-> height: 7\n-> key: \x01\n-> key.hex: 01\n-> value: \x01\n-> value.hex: 01\n',
      ),
    )
    // One result per tx, then the app hash (the test app's: sha256 of the height, 0 here).
    const hash = Buffer.from(appHashAt(0n)).toString('hex').toUpperCase()
    expect(await run(server.address, 'finalize_block', '0x01', '0x02')).toEqual(
      ok(`-> code: OK\n-> code: OK\n-> code: OK\n-> data.hex: 0x${hash}\n`),
    )
    expect(await run(server.address, 'process_proposal', '0x01')).toEqual(
      ok('-> code: OK\n-> status: ACCEPT\n'),
    )
    expect(await run(server.address, 'commit')).toEqual(ok('-> code: OK\n'))
  })

  test('error: an app method that throws reaches abci-cli as the error it prints, exit 1', async () => {
    const { server } = await serve(
      testApp({
        query: async () => {
          throw new Error('store is gone')
        },
      }),
    )
    // abci-cli can hang on its own here: when the exception arrives before its Query call has
    // queued the flush it waits on, the client has already stopped, and nothing ever answers that
    // flush (its socket client queues requests without checking it still runs). A run it killed
    // (exit -1 at the timeout) is tried again; the answer it prints is the same either way.
    const query = () =>
      runTool(cli.path!, ['--address', server.address, '--log_level', 'error', 'query', '0x01'], {
        timeoutMs: 10_000,
      })
    let r = await query()
    for (let tries = 1; r.code === -1 && tries < 3; tries++) r = await query()
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('Stopping abci.socketClient for error: store is gone')
    expect(r.stderr).toMatch(/^Error: store is gone\n/)
  })
})

describe.skipIf(!comet.path)(`cometbft ${comet.version ?? ''} on the ABCI server`, () => {
  /** `cometbft init` in a fresh home, then `cometbft start` against the server, on free ports. */
  async function startComet(address: string) {
    const { dir: home, cleanup } = await tempDir('abci-comet-')
    all.push(cleanup)
    const init = await runTool(comet.path!, ['init', '--home', home])
    expect(init.code, init.stderr).toBe(0)
    const [rpc, p2p] = [await freePort(), await freePort()]
    const node = startProcess(comet.path!, [
      'start',
      '--home',
      home,
      '--proxy_app',
      address,
      '--rpc.laddr',
      `tcp://127.0.0.1:${rpc}`,
      '--p2p.laddr',
      `tcp://127.0.0.1:${p2p}`,
    ])
    each.push(() => node.stop('SIGKILL'))
    return { node, rpc }
  }

  test("behavior: cometbft start reaches height 3 with the app's hashes, logs no error, and exits 0 on SIGTERM", async () => {
    const { server, lines } = await serve()
    const { node, rpc } = await startComet(server.address)
    await heightAtLeast(rpc, 3, 15_000)
    // Block 3's header carries the app hash FinalizeBlock returned for block 2.
    const block = await getJson(`http://127.0.0.1:${rpc}/block?height=3`)
    expect(block.body.result.block.header.app_hash).toBe(
      Buffer.from(appHashAt(2n)).toString('hex').toUpperCase(),
    )
    // A query through CometBFT's RPC goes over the query connection to the app.
    const query = await getJson(`http://127.0.0.1:${rpc}/abci_query?data=0x01`)
    expect(query.body.result.response).toMatchObject({ value: 'AQ==', height: '7' })
    // The four connections: query, snapshot, mempool, consensus.
    expect(lines().filter((l) => l.msg === 'ABCI connection opened')).toHaveLength(4)
    const errors = (out: string) => out.split('\n').filter((l) => l.startsWith('E['))
    expect(errors(node.output())).toEqual([])
    const running = node.output().length
    const exit = await node.stop('SIGTERM')
    expect(exit).toEqual({ code: 0, signal: null })
    // CometBFT's shutdown logs its closed listeners at error level; none is about the app.
    expect(node.output().slice(running)).toContain('captured terminated, exiting...')
    expect(errors(node.output().slice(running)).filter((l) => /abci|proxy|app/i.test(l))).toEqual(
      [],
    )
    expect(lines().filter((l) => Number(l.level) >= 50)).toEqual([])
  }, 25_000)

  test('error: an app exception on the mempool connection stops cometbft, which exits 0 as CometBFT does', async () => {
    const { server, lines } = await serve(
      testApp({
        checkTx: async () => {
          throw new Error('mempool state is corrupt')
        },
      }),
    )
    const { node, rpc } = await startComet(server.address)
    await heightAtLeast(rpc, 1, 15_000)
    // The RPC call itself may fail or answer with the error: CometBFT is stopping either way.
    await getJson(`http://127.0.0.1:${rpc}/broadcast_tx_sync?tx=0x01`).catch(() => undefined)
    expect(await node.exited).toEqual({ code: 0, signal: null })
    expect(node.output()).toContain(
      'Stopping abci.socketClient for error: mempool state is corrupt',
    )
    expect(node.output()).toMatch(/mempool connection terminated\. Did the application crash\?/)
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: 50, method: 'checkTx', error: 'mempool state is corrupt' }),
    )
  }, 25_000)
})

describe.skipIf(!cli.path)(`abci-cli ${cli.version ?? ''} against the ABCI gRPC server`, () => {
  async function serveGrpc(app = testApp()) {
    const { logger, lines } = capturedLogger()
    const server = await listenAbciGrpc({ address: 'tcp://127.0.0.1:0', app, logger })
    each.push(() => server.close())
    // CometBFT's gRPC client takes the address without its scheme.
    return { address: server.address.replace(/^tcp:\/\//, ''), lines }
  }
  const run = (address: string, ...args: string[]) =>
    runTool(cli.path!, ['--abci', 'grpc', '--address', address, '--log_level', 'error', ...args], {
      timeoutMs: 15_000,
    })

  test('behavior: echo, info, check_tx, query, finalize_block and commit over `--abci grpc` print what the server answered', async () => {
    const { address } = await serveGrpc(
      testApp({
        checkTx: async (req) => ({
          code: req.tx[0] === 0 ? 0 : 5,
          log: `checked ${req.tx.length} byte(s)`,
        }),
      }),
    )
    const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' })
    expect(await run(address, 'echo', 'hello')).toEqual(
      ok('-> code: OK\n-> data: hello\n-> data.hex: 0x68656C6C6F\n'),
    )
    expect(await run(address, 'info')).toEqual(
      ok('-> code: OK\n-> data: abci-test\n-> data.hex: 0x616263692D74657374\n'),
    )
    expect(await run(address, 'check_tx', '0x0102')).toEqual(
      ok('-> code: 5\n-> log: checked 2 byte(s)\n'),
    )
    expect(await run(address, 'query', '0x01')).toEqual(
      ok(
        '-> code: OK\n-> height: 7\n-> key: \x01\n-> key.hex: 01\n-> value: \x01\n-> value.hex: 01\n',
      ),
    )
    const hash = Buffer.from(appHashAt(0n)).toString('hex').toUpperCase()
    expect(await run(address, 'finalize_block', '0x01', '0x02')).toEqual(
      ok(`-> code: OK\n-> code: OK\n-> code: OK\n-> data.hex: 0x${hash}\n`),
    )
    expect(await run(address, 'commit')).toEqual(ok('-> code: OK\n'))
  })

  test('error: an app method that throws is answered with status Unknown and its message, which abci-cli prints (exit 1); the server logs it', async () => {
    const { address, lines } = await serveGrpc(
      testApp({
        query: async () => {
          throw new Error('store is gone')
        },
      }),
    )
    const r = await run(address, 'query', '0x01')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^Error: rpc error: code = Unknown desc = store is gone\n/)
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: 50, method: 'Query', error: 'store is gone' }),
    )
  })
})
