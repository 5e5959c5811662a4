import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  COMETBFT,
  type CometNode,
  cometHeightAtLeast,
  cometStartArgs,
  configureCometHome,
  startCometNode,
} from '../helpers/comet-node.js'
import { createDevnetHome, type DevnetHome } from '../helpers/devnet.js'
import {
  getJson,
  rpcCall,
  runCommand,
  runSdkd,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'

/**
 * Crashes and restarts of `sdkd start --consensus cometbft` with one validator, with real sdkd and
 * cometbft processes (reference: abci-cometbft-engine.md §2.2, §7): every restart goes through
 * CometBFT's handshake (`Completed ABCI Handshake - CometBFT and App are synced`), heights go on,
 * and every height's app hash, as CometBFT's RPC serves it in the block headers, never changes.
 * Crashes at exact instants come from CometBFT's own crash injector (`FAIL_TEST_INDEX=k` in its
 * environment, which sdkd passes on: it exits with `*** fail-test k ***` at its k-th crash point),
 * the rest from kill -9 of sdkd, of CometBFT, or of both at random instants.
 */

const cleanups = cleanupAfterEach()

const SYNCED = 'Completed ABCI Handshake - CometBFT and App are synced'
const COMET_EXITED = 'cometbft exited: stopping the app too (restart both together)'

/** Deterministic pseudo-random numbers (a failing run can be replayed with the same seed). */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A devnet home set up for CometBFT, and the app hash of every height seen on it so far. */
interface Chain {
  home: DevnetHome
  rpcPort: number
  /** Height → the app hash in its header, as first seen. */
  seen: Map<number, string>
  /** The highest height seen. */
  max: number
}

async function newChain(chainId: string): Promise<Chain> {
  const home = await createDevnetHome(chainId)
  cleanups.push(home.cleanup)
  const { rpcPort } = await configureCometHome(home.dir)
  return { home, rpcPort, seen: new Map(), max: 0 }
}

/** Starts the node (resolves once REST serves); it is SIGKILLed after the test if still up. */
async function start(c: Chain, env?: NodeJS.ProcessEnv): Promise<CometNode> {
  const node = await startCometNode(c.home.dir, c.rpcPort, [], env ? { env } : {})
  cleanups.push(() => killTree(c, node.p))
  return node
}

/** The same start as a bare process (for starts that are expected to end by themselves). */
function startBare(c: Chain, env?: NodeJS.ProcessEnv): SdkdProcess {
  const p = startSdkd(cometStartArgs(c.home.dir), env ? { env } : {})
  cleanups.push(() => killTree(c, p))
  return p
}

/** The pid of the cometbft the last start of the home runs (its pidfile), if any. */
async function cometPid(c: Chain): Promise<number | undefined> {
  const file = join(c.home.dir, 'data/cometbft.pid')
  if (!existsSync(file)) return undefined
  const pid = Number((await readFile(file, 'utf8')).trim())
  return pid > 0 ? pid : undefined
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function killTree(c: Chain, p: SdkdProcess): Promise<void> {
  const pid = await cometPid(c)
  if (pid !== undefined && alive(pid)) {
    process.kill(pid, 'SIGCONT')
    process.kill(pid, 'SIGKILL')
  }
  await p.stop('SIGKILL')
}

/** Waits until `pid` has exited; fails after `ms`. */
function gone(pid: number, ms: number, what: string) {
  return waitFor(async () => (alive(pid) ? undefined : true), ms, what)
}

/**
 * Reads the app hash of every height up to the latest (CometBFT's `/blockchain` headers) and checks
 * that each height seen before still has the same one; returns the latest height.
 */
async function checkHashes(c: Chain, label: string): Promise<number> {
  const status = (await getJson(`http://127.0.0.1:${c.rpcPort}/status`)).body
  const latest = Number(status.result.sync_info.latest_block_height)
  expect(latest, `${label}: heights only grow`).toBeGreaterThanOrEqual(c.max)
  for (let lo = 1; lo <= latest; lo += 20) {
    const hi = Math.min(latest, lo + 19)
    const r = (
      await getJson(`http://127.0.0.1:${c.rpcPort}/blockchain?minHeight=${lo}&maxHeight=${hi}`)
    ).body
    for (const m of r.result.block_metas) {
      const h = Number(m.header.height)
      const before = c.seen.get(h)
      if (before !== undefined) expect(m.header.app_hash, `${label}: height ${h}`).toBe(before)
      else c.seen.set(h, m.header.app_hash)
    }
  }
  c.max = latest
  return latest
}

/**
 * `/abci_info` (the app's Info, asked through CometBFT) names the last committed height L and its
 * app hash, which must be the one CometBFT put in block L+1's header.
 */
async function checkAbciInfo(c: Chain, label: string): Promise<void> {
  const info = (await getJson(`http://127.0.0.1:${c.rpcPort}/abci_info`)).body.result.response
  const last = Number(info.last_block_height)
  expect(last, `${label}: /abci_info height`).toBeGreaterThan(0)
  await cometHeightAtLeast(c.rpcPort, last + 1, 30_000)
  const header = (await getJson(`http://127.0.0.1:${c.rpcPort}/block?height=${last + 1}`)).body
    .result.block.header
  const hash = Buffer.from(info.last_block_app_hash, 'base64').toString('hex').toUpperCase()
  expect(hash, `${label}: /abci_info app hash of ${last}`).toBe(header.app_hash)
}

/** After a start: the handshake completed, heights went past `c.max`, old hashes unchanged. */
async function checkRestarted(c: Chain, node: CometNode, label: string): Promise<string> {
  const before = c.max
  await cometHeightAtLeast(c.rpcPort, before + 2, 30_000)
  const out = node.p.output()
  expect(out, `${label}: handshake`).toContain(SYNCED)
  await checkHashes(c, label)
  await checkAbciInfo(c, label)
  return out
}

/** The `ABCI Replay Blocks` line: the app's, the block store's and CometBFT's state heights. */
function replayHeights(out: string): { app: number; store: number; state: number } | undefined {
  const m =
    /ABCI Replay Blocks\s+module=consensus appHeight=(\d+) storeHeight=(\d+) stateHeight=(\d+)/.exec(
      out,
    )
  return m ? { app: Number(m[1]), store: Number(m[2]), state: Number(m[3]) } : undefined
}

/** The pid of the cometbft a start spawned (its `started cometbft` line). */
async function startedCometbft(p: SdkdProcess): Promise<number> {
  const line = await p.waitForLog((l) => l.msg === 'started cometbft', 30_000)
  return Number(line.pid)
}

/**
 * A bank send signed offline by the CLI (`tx bank send --generate-only`, `tx sign --offline`,
 * `tx encode`) as the first tx of a devnet key: its base64 bytes.
 */
async function signedSend(
  c: Chain,
  from: string,
  to: string,
  amount: string,
): Promise<{ base64: string }> {
  const home = c.home.dir
  const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
  // Every devnet account is numbered 0 in genesis.json; InitGenesis numbers them in file order.
  const accounts = genesis.app_state.auth.accounts as { address: string; account_number: string }[]
  expect(accounts.every((a) => a.account_number === '0')).toBe(true)
  const number = accounts.findIndex((a) => a.address === c.home.accounts[from]!.address)
  const run = async (args: string[]) => {
    const r = await runSdkd(['--home', home, ...args])
    if (r.code !== 0) throw new Error(`sdkd ${args.join(' ')}: ${r.stderr}`)
    return r.stdout
  }
  const unsigned = join(home, 'unsigned.json')
  const signed = join(home, 'signed.json')
  await writeFile(
    unsigned,
    await run([
      'tx',
      'bank',
      'send',
      from,
      to,
      amount,
      '--fees',
      '200stake',
      '--generate-only',
      '--chain-id',
      c.home.chainId,
      '--keyring-backend',
      'test',
    ]),
  )
  await writeFile(
    signed,
    await run([
      'tx',
      'sign',
      unsigned,
      '--from',
      from,
      '--keyring-backend',
      'test',
      '--offline',
      '--account-number',
      String(number),
      '--sequence',
      '0',
      '--chain-id',
      c.home.chainId,
    ]),
  )
  return { base64: (await run(['tx', 'encode', signed])).trim() }
}

interface TxEvent {
  type: string
  attributes: { key: string; value: string }[]
}

/** Every block that holds `base64` (CometBFT's `/block`), with the tx's result code and events. */
async function inclusions(
  c: Chain,
  base64: string,
): Promise<{ height: number; code: number; events: TxEvent[] }[]> {
  const rpc = `http://127.0.0.1:${c.rpcPort}`
  const latest = Number((await getJson(`${rpc}/status`)).body.result.sync_info.latest_block_height)
  const found: { height: number; code: number; events: TxEvent[] }[] = []
  for (let lo = 1; lo <= latest; lo += 20) {
    const hi = Math.min(latest, lo + 19)
    const metas = (await getJson(`${rpc}/blockchain?minHeight=${lo}&maxHeight=${hi}`)).body.result
      .block_metas
    for (const m of metas) {
      if (Number(m.num_txs) === 0) continue
      const height = Number(m.header.height)
      const txs: string[] = (await getJson(`${rpc}/block?height=${height}`)).body.result.block.data
        .txs
      const results = (await getJson(`${rpc}/block_results?height=${height}`)).body.result
        .txs_results
      txs.forEach((t, k) => {
        if (t === base64) found.push({ height, code: results[k].code, events: results[k].events })
      })
    }
  }
  return found
}

describe.skipIf(!COMETBFT.path)(
  `sdkd under CometBFT ${COMETBFT.version ?? ''}: crashes and replay`,
  () => {
    test('app equal: after a clean stop (SIGTERM) the restart handshakes with nothing to replay and goes on with the same app hashes', async () => {
      const c = await newChain('replay-equal')
      const first = await start(c)
      await cometHeightAtLeast(c.rpcPort, 4)
      await checkHashes(c, 'first run')
      await checkAbciInfo(c, 'first run')
      expect((await first.p.stop('SIGTERM')).code).toBe(0)
      await checkRestartedAfter(c, 'clean restart', (r, _out, before) => {
        expect(r.app).toBe(r.store)
        expect(r.store).toBe(r.state)
        expect(r.app).toBeGreaterThanOrEqual(before)
      })
    }, 60_000)

    test('crash points between FinalizeBlock and Commit (app behind by one) and after Commit before CometBFT saved its state (app ahead by one): the restart replays exactly', async () => {
      const c = await newChain('replay-crash')
      const first = await start(c)
      await cometHeightAtLeast(c.rpcPort, 3)
      await checkHashes(c, 'first run')
      expect((await first.p.stop('SIGTERM')).code).toBe(0)
      // From a restart with CometBFT and the app synced, CometBFT's crash points of the first new
      // height are counted in this order: its prevote and precommit (0, 1), the block saved (2), the
      // end of the height written to its WAL (3, 4), FinalizeBlock answered (5), its response saved
      // (6), the app's Commit answered (7), CometBFT's state saved (8). An extra round moves them on,
      // so each case tries its indices in turn until the restart shows the case.
      const cases = [
        { name: 'app behind by one', line: 'Replay last block using real app', tries: [6, 5, 4] },
        { name: 'app ahead by one', line: 'Replay last block using mock app', tries: [7, 8, 6] },
      ]
      for (const k of cases) {
        let shown = false
        for (const index of k.tries) {
          const crashing = startBare(c, { FAIL_TEST_INDEX: String(index) })
          const exit = await crashing.exited
          const out = crashing.output()
          expect(out, `${k.name}: CometBFT's crash injector`).toContain(
            `*** fail-test ${index} ***`,
          )
          // CometBFT exiting on its own ends sdkd too, non-zero, saying why.
          expect(exit.code, `${k.name}: sdkd's exit code`).toBe(1)
          expect(crashing.logs().some((l) => l.msg === COMET_EXITED)).toBe(true)
          let seenLine = false
          await checkRestartedAfter(c, `${k.name} (FAIL_TEST_INDEX=${index})`, (r, o) => {
            seenLine = o.includes(k.line)
            if (k.line.includes('real app')) {
              if (seenLine) expect(r.store).toBe(r.app + 1)
            } else if (seenLine) expect(r.app).toBe(r.store)
          })
          if (seenLine) {
            shown = true
            break
          }
        }
        expect(shown, `${k.name}: a restart logged "${k.line}"`).toBe(true)
      }
    }, 120_000)

    test('app behind by several heights (its data restored from an older copy): CometBFT replays the missing blocks into it and every app hash comes out the same', async () => {
      const c = await newChain('replay-behind')
      const first = await start(c)
      await cometHeightAtLeast(c.rpcPort, 3)
      expect((await first.p.stop('SIGTERM')).code).toBe(0)
      const copied = Number(first.p.logs().find((l) => l.msg === 'stopped cleanly')!.height)
      const copy = join(c.home.dir, 'application.db.copy')
      await cp(join(c.home.dir, 'data/application.db'), copy, { recursive: true })
      const second = await start(c)
      await cometHeightAtLeast(c.rpcPort, copied + 6)
      await checkHashes(c, 'second run')
      expect((await second.p.stop('SIGTERM')).code).toBe(0)
      await rm(join(c.home.dir, 'data/application.db'), { recursive: true })
      await rename(copy, join(c.home.dir, 'data/application.db'))
      await checkRestartedAfter(c, 'restored app data', (r, out) => {
        expect(r.app).toBe(copied)
        expect(r.store).toBeGreaterThanOrEqual(copied + 5)
        expect(out).toContain('Applying block')
      })
    }, 90_000)

    test('crash before the first Commit: the restart sends InitChain again and the chain starts with the same genesis app hash', async () => {
      const c = await newChain('replay-genesis')
      const initChains = (p: SdkdProcess) =>
        p
          .logs()
          .filter((l) => String(l.msg).startsWith('InitChain: genesis state prepared'))
          .map((l) => String(l.app_hash))
      // CometBFT's crash point 5 of the first height: FinalizeBlock(1) answered, no Commit yet.
      const crashing = startBare(c, { FAIL_TEST_INDEX: '5' })
      expect((await crashing.exited).code).toBe(1)
      expect(crashing.output()).toContain('*** fail-test 5 ***')
      const genesisHash = initChains(crashing)
      expect(genesisHash).toHaveLength(1)
      // The restart finds the app at no height (block 1 saved by CometBFT, nothing committed by
      // the app), so InitChain comes again; sdkd is killed -9 just after answering it.
      const killed = startBare(c)
      await killed.waitForLog((l) => String(l.msg).startsWith('InitChain: genesis state prepared'))
      killed.child.kill('SIGKILL')
      await killed.exited
      expect(initChains(killed)).toEqual(genesisHash)
      expect(replayHeights(killed.output())).toEqual({ app: 0, store: 1, state: 0 })

      const node = await start(c)
      await cometHeightAtLeast(c.rpcPort, 3)
      expect(node.p.output()).toContain(SYNCED)
      const r = replayHeights(node.p.output())!
      // The app's data held no height after the first crash; InitChain again wherever it is still 0.
      if (r.app === 0) expect(initChains(node.p)).toEqual(genesisHash)
      else expect(initChains(node.p)).toEqual([])
      const header = (await getJson(`http://127.0.0.1:${c.rpcPort}/block?height=1`)).body.result
        .block.header
      expect(header.app_hash).toBe(genesisHash[0])
      await checkHashes(c, 'after the crashes')
      await checkAbciInfo(c, 'after the crashes')
      expect((await node.p.stop('SIGTERM')).code).toBe(0)
    }, 90_000)

    test("CometBFT's data reset but the app's kept: the start fails with a clear message and exit code 1 (no panic), and resetting both together starts the chain over", async () => {
      const c = await newChain('replay-reset')
      const first = await start(c)
      await cometHeightAtLeast(c.rpcPort, 3)
      const kept = await checkHashes(c, 'first run')
      expect((await first.p.stop('SIGTERM')).code).toBe(0)
      // CometBFT's data removed by upstream's reset of it alone (its block store, state, WAL,
      // evidence and tx index), and its signing state too (what a backup of part of data/
      // leaves); the app's is kept.
      const reset = await runSdkd([
        '--home',
        c.home.dir,
        '--log_format',
        'plain',
        'comet',
        'reset-state',
      ])
      expect(reset.code, reset.stderr).toBe(0)
      const data = join(c.home.dir, 'data')
      expect(reset.stdout.split('\n').filter((l) => l.includes('Removed'))).toEqual(
        [
          ['blockstore.db', 'Removed all blockstore.db'],
          ['state.db', 'Removed all state.db'],
          ['cs.wal', 'Removed all cs.wal'],
          ['evidence.db', 'Removed all evidence.db'],
          ['tx_index.db', 'Removed tx_index.db'],
        ].map(([db, msg]) => expect.stringMatching(`INFO: ${msg} dir=${join(data, db!)}$`)),
      )
      expect((await readdir(data)).sort()).toEqual(['application.db', 'priv_validator_state.json'])
      await writeFile(
        join(c.home.dir, 'data/priv_validator_state.json'),
        '{"height":"0","round":0,"step":0}\n',
      )
      for (let attempt = 0; attempt < 2; attempt++) {
        if (attempt === 1) {
          // `cometbft start` run by hand on the home opens (so creates) its databases, then fails
          // on the SDK-format genesis.json: an empty block store is left behind.
          const alone = await runCommand(
            COMETBFT.path!,
            ['start', '--home', c.home.dir, '--proxy_app', 'tcp://127.0.0.1:1'],
            { timeoutMs: 10_000 },
          )
          expect(alone.code, alone.stdout + alone.stderr).toBe(1)
          expect(existsSync(join(c.home.dir, 'data/blockstore.db'))).toBe(true)
        }
        const r = await runSdkd(cometStartArgs(c.home.dir), { timeoutMs: 30_000 })
        expect(r.code, r.stdout + r.stderr).toBe(1)
        expect(r.stderr).toContain(
          `CometBFT's data in ${join(c.home.dir, 'data')} (blockstore.db, state.db) holds no block, but the app's data (data/application.db) is at height `,
        )
        expect(r.stderr).toContain(
          `Reset both together: \`sdkd comet unsafe-reset-all --home ${c.home.dir}\``,
        )
        expect(r.stdout + r.stderr).not.toContain('panic')
        expect(existsSync(join(c.home.dir, 'data/cometbft.pid'))).toBe(false)
      }
      const both = await runSdkd(['--home', c.home.dir, 'comet', 'unsafe-reset-all'])
      expect(both.code, both.stderr).toBe(0)
      c.seen.clear()
      c.max = 0
      const node = await start(c)
      await cometHeightAtLeast(c.rpcPort, 3)
      expect(node.p.output()).toContain(SYNCED)
      expect(replayHeights(node.p.output())).toEqual({ app: 0, store: 0, state: 0 })
      expect(kept).toBeGreaterThanOrEqual(3)
      expect((await node.p.stop('SIGTERM')).code).toBe(0)
    }, 90_000)

    test("CometBFT's data restored from an older copy than the app's: CometBFT refuses the handshake (app block height higher than core), and sdkd exits 1 saying CometBFT exited", async () => {
      const c = await newChain('replay-comet-behind')
      const first = await start(c)
      await cometHeightAtLeast(c.rpcPort, 3)
      expect((await first.p.stop('SIGTERM')).code).toBe(0)
      const cometData = ['blockstore.db', 'state.db', 'cs.wal', 'evidence.db', 'tx_index.db']
      const backup = join(c.home.dir, 'comet-backup')
      for (const d of cometData)
        await cp(join(c.home.dir, 'data', d), join(backup, d), { recursive: true })
      const copied = Number(first.p.logs().find((l) => l.msg === 'stopped cleanly')!.height)
      const second = await start(c)
      await cometHeightAtLeast(c.rpcPort, copied + 3)
      expect((await second.p.stop('SIGTERM')).code).toBe(0)
      for (const d of cometData) {
        await rm(join(c.home.dir, 'data', d), { recursive: true })
        await rename(join(backup, d), join(c.home.dir, 'data', d))
      }
      const r = await runSdkd(cometStartArgs(c.home.dir), { timeoutMs: 30_000 })
      expect(r.code, r.stdout + r.stderr).toBe(1)
      expect(r.stdout + r.stderr).toMatch(/app block height \(\d+\) is higher than core \(\d+\)/)
      expect(r.stdout + r.stderr).toContain(COMET_EXITED)
    }, 60_000)

    test('kill loop: kill -9 of sdkd, of CometBFT or of both at random instants; every restart handshakes, heights only grow, no app hash changes, no cometbft is left behind, and a bank send is applied exactly once', async () => {
      const seed = Number(process.env.SDKD_CRASH_SEED ?? Date.now() % 100_000)
      const random = rng(seed)
      const c = await newChain('replay-kills')
      const label = (i: number) => `run ${i} (seed ${seed})`
      const tx = await signedSend(c, 'alice', c.home.accounts.bob!.address, '1000stake')
      const modes = ['sdkd', 'cometbft', 'both'] as const
      const KILLS = 9
      for (let i = 0; i < KILLS; i++) {
        const node = await start(c)
        const pid = await startedCometbft(node.p)
        if (i % 4 === 3) {
          // Every fourth run dies during CometBFT's handshake (or its replay of the last block).
          await node.p.waitForLog((l) => l.msg === 'ABCI handshake: Info')
          await sleep(random() * 150)
        } else {
          const h = await cometHeightAtLeast(c.rpcPort, c.max + 1, 30_000)
          expect(node.p.output(), label(i)).toContain(SYNCED)
          expect(h, label(i)).toBeGreaterThan(c.max)
          await checkHashes(c, label(i))
          // The bank send goes in with the third run, and again after later restarts (what a
          // client that saw no answer does): CometBFT's mempool is not kept across a crash, so it
          // may have been lost; once applied, the app refuses it on its account sequence.
          if (i >= 2) {
            const r = await rpcCall(c.rpcPort, 'broadcast_tx_sync', { tx: tx.base64 })
            if (i === 2) expect(r.result?.code, JSON.stringify(r)).toBe(0)
          }
          await sleep(random() * 400)
        }
        const mode = modes[Math.floor(random() * 3)]!
        const exited = new Promise<number | null>((resolve) =>
          node.p.child.once('exit', (code) => resolve(code)),
        )
        if (mode === 'sdkd') {
          node.p.child.kill('SIGKILL')
          // cometbft ends with sdkd, within a few seconds.
          await gone(
            pid,
            3_000,
            `${label(i)}: cometbft ${pid} to exit after sdkd was killed`,
          ).catch((err: Error) => {
            throw new Error(`${err.message}; output:\n${node.p.output().slice(-4000)}`)
          })
          expect((await node.p.exited).signal).toBe('SIGKILL')
        } else if (mode === 'cometbft') {
          process.kill(pid, 'SIGKILL')
          // sdkd sees its child die: it says so, stops the app and exits non-zero.
          expect(await exited, label(i)).toBe(1)
          const line = node.p.logs().find((l) => l.msg === COMET_EXITED)
          expect(line?.signal, label(i)).toBe('SIGKILL')
          expect(existsSync(join(c.home.dir, 'data/cometbft.pid'))).toBe(false)
        } else {
          process.kill(pid, 'SIGKILL')
          node.p.child.kill('SIGKILL')
          await gone(pid, 3_000, `${label(i)}: cometbft ${pid} to exit`)
          await node.p.exited
        }
        expect(alive(pid), `${label(i)}: no cometbft left behind`).toBe(false)
      }

      // sdkd killed while its cometbft cannot act (stopped): cometbft goes all the same, with sdkd.
      const node = await start(c)
      const stopped = await startedCometbft(node.p)
      await cometHeightAtLeast(c.rpcPort, c.max + 1, 30_000)
      process.kill(stopped, 'SIGSTOP')
      node.p.child.kill('SIGKILL')
      await gone(stopped, 3_000, 'the stopped cometbft to end with sdkd')
      await node.p.exited

      // A cometbft of an earlier run still holding the home's databases (here one started by hand,
      // its pid in the pidfile): the next start waits for it to exit before it starts its own.
      const leftover = spawn(
        COMETBFT.path!,
        ['start', '--home', c.home.dir, '--proxy_app', 'tcp://127.0.0.1:1'],
        {
          env: {
            ...process.env,
            CMT_GENESIS_FILE: join(c.home.dir, 'config/cometbft-genesis.json'),
          },
          stdio: 'ignore',
        },
      )
      cleanups.push(() => leftover.kill('SIGKILL'))
      await writeFile(join(c.home.dir, 'data/cometbft.pid'), `${leftover.pid}\n`)
      const next = startBare(c)
      const waiting = await next.waitForLog(
        (l) => l.msg === 'waiting for the cometbft of a previous run to exit',
      )
      expect(waiting.pid).toBe(leftover.pid)
      await sleep(1_000)
      expect(next.logs().some((l) => l.msg === 'started cometbft')).toBe(false)
      leftover.kill('SIGKILL')
      const own = await startedCometbft(next)
      expect(own).not.toBe(leftover.pid)
      await cometHeightAtLeast(c.rpcPort, c.max + 2, 30_000)
      expect(next.output()).toContain(SYNCED)
      await checkHashes(c, `final (seed ${seed})`)
      await checkAbciInfo(c, `final (seed ${seed})`)

      // The bank send, sent once more (it may have been lost with a mempool): applied already, the
      // app refuses it on its account sequence, which moved once; else it goes in now, and the
      // check is made after one more restart (CometBFT's cache would answer for the app before).
      let final = next
      let again = await rpcCall(c.rpcPort, 'broadcast_tx_sync', { tx: tx.base64 })
      if (again.result?.code === 0) {
        await waitFor(
          async () => ((await inclusions(c, tx.base64)).length > 0 ? true : undefined),
          30_000,
          'the bank send in a block',
        )
        expect((await next.stop('SIGTERM')).code).toBe(0)
        final = (await start(c)).p
        await cometHeightAtLeast(c.rpcPort, c.max + 1, 30_000)
        again = await rpcCall(c.rpcPort, 'broadcast_tx_sync', { tx: tx.base64 })
      }
      expect(again.result?.code, JSON.stringify(again)).toBe(32)
      expect(again.result.log).toContain('account sequence mismatch, expected 1, got 0')
      // In exactly one block, with code 0, and one transfer of 1000stake to bob.
      const included = await inclusions(c, tx.base64)
      expect(
        included.filter((x) => x.code === 0),
        `seed ${seed}`,
      ).toHaveLength(1)
      const transfers = included
        .flatMap((x) => x.events)
        .filter(
          (e) =>
            e.type === 'transfer' &&
            e.attributes.some(
              (a) => a.key === 'recipient' && a.value === c.home.accounts.bob!.address,
            ) &&
            e.attributes.some((a) => a.key === 'amount' && a.value === '1000stake'),
        )
      expect(transfers, `seed ${seed}`).toHaveLength(1)
      await checkHashes(c, `final (seed ${seed})`)
      expect((await final.stop('SIGTERM')).code).toBe(0)
    }, 150_000)

    /**
     * Starts the node, checks the restart (see `checkRestarted`) and the heights of its replay line,
     * then stops it cleanly.
     */
    async function checkRestartedAfter(
      c: Chain,
      label: string,
      heights: (
        r: { app: number; store: number; state: number },
        out: string,
        before: number,
      ) => void,
    ): Promise<void> {
      const before = c.max
      const node = await start(c)
      const out = await checkRestarted(c, node, label)
      const r = replayHeights(out)
      expect(r, `${label}: the ABCI Replay Blocks line`).toBeDefined()
      heights(r!, out, before)
      expect((await node.p.stop('SIGTERM')).code, `${label}: clean stop`).toBe(0)
    }
  },
)
