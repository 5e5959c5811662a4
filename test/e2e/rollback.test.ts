import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  COMETBFT,
  type CometNode,
  cometHeightAtLeast,
  configureCometHome,
  startCometNode,
} from '../helpers/comet-node.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
} from '../helpers/devnet.js'
import { getJson, LOOPBACK_PORTS, rpcCall, runSdkd, startSdkd, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { governorOf, upgradeThroughGovernance } from '../helpers/upgrade-proposal.js'

/**
 * `sdkd rollback [--hard]` with real processes, as upstream's (server/rollback.go and CometBFT's
 * state rollback): the state at the latest height n goes back to n − 1 and the command prints
 * `Rolled back state to height n-1 and hash <block n's app_hash>`. Without --hard block n is kept,
 * and the next start executes its txs again into the same block; --hard removes it. Under
 * CometBFT, `cometbft rollback` takes CometBFT's side back and sdkd the app's, and CometBFT's
 * handshake replays block n at the next start.
 */

const cleanups = cleanupAfterEach()

async function home(chainId: string, appVersion = 'v2'): Promise<DevnetHome> {
  const h = await createDevnetHome(chainId, {}, appVersion)
  cleanups.push(h.cleanup)
  return h
}

async function start(h: DevnetHome, appVersion = 'v2', extra: string[] = []): Promise<RunningNode> {
  const node = await startDevnetNode(h, appVersion, '200ms', extra)
  cleanups.push(async () => void (await node.p.stop('SIGKILL')))
  return node
}

async function rpc(node: { rpcPort: number }, path: string): Promise<any> {
  const { status, body } = await getJson(`http://127.0.0.1:${node.rpcPort}${path}`)
  if (status !== 200 || !body.result) throw new Error(`GET ${path}: ${status}`)
  return body.result
}

async function dev(node: RunningNode, method: string, params: Record<string, unknown> = {}) {
  const reply = await rpcCall(node.rpcPort, method, params)
  if (!reply.result) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
  return reply.result
}

const rollback = (dir: string, extra: string[] = []) =>
  runSdkd(['--home', dir, 'rollback', ...extra])

/** `sdkd start` of the home on loopback ports, fast blocks, no gRPC; tracked for cleanup. */
function startOn(dir: string, args: string[]) {
  const p = startSdkd([
    '--home',
    dir,
    ...args.slice(0, args.indexOf('start')),
    'start',
    ...args.slice(args.indexOf('start') + 1),
    ...LOOPBACK_PORTS,
    '--grpc.enable=false',
    '--timeout-commit',
    '50ms',
  ])
  cleanups.push(async () => void (await p.stop('SIGKILL')))
  return p
}

const kept = (node: { p: { logs(): Record<string, unknown>[] } }) =>
  node.p.logs().filter((l) => l.msg === 'executed again the block a rollback kept')

describe('sdkd rollback (e2e)', () => {
  test('behavior: the last block of a devnet is rolled back and kept; the next start executes its tx again into the same block; --hard removes it; dev snapshots above the height go', async () => {
    const h = await home('rollback-e2e')
    const v2 = await start(h)
    await dev(v2, 'dev_setMining', { mode: 'manual' })
    const before = await dev(v2, 'dev_snapshot')
    const broadcast = await tx(
      h,
      v2,
      ['bank', 'send', h.accounts.alice!.address, h.accounts.bob!.address, '12345stake'],
      'alice',
      { wait: false },
    )
    expect(broadcast.code).toBe(0)
    const n = Number((await dev(v2, 'dev_mine', { blocks: 1 })).height)
    const after = await dev(v2, 'dev_snapshot')
    const first = await rpc(v2, `/block?height=${n}`)
    expect(first.block.data.txs).toHaveLength(1)
    const bob = (
      await rest(v2, `/sdk/bank/v1beta1/balances/${h.accounts.bob!.address}/by_denom?denom=stake`)
    ).balance
    expect(await v2.p.stop()).toMatchObject({ code: 0 })

    const r = await rollback(h.dir)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      `Rolled back state to height ${n - 1} and hash ${first.block.header.app_hash}`,
    )

    // The next start makes block n again from its time and tx: the same block, the tx once.
    const again = await start(h)
    await dev(again, 'dev_setMining', { mode: 'manual' })
    expect(kept(again).map((l) => [l.height, l.txs, l.hash])).toEqual([[n, 1, first.block_id.hash]])
    const remade = await rpc(again, `/block?height=${n}`)
    expect(remade.block_id.hash).toBe(first.block_id.hash)
    expect(remade.block).toEqual(first.block)
    const result = await rpc(again, `/tx?hash=0x${broadcast.txhash}`)
    expect([result.height, result.tx_result.code]).toEqual([String(n), 0])
    expect(
      (
        await rest(
          again,
          `/sdk/bank/v1beta1/balances/${h.accounts.bob!.address}/by_denom?denom=stake`,
        )
      ).balance,
    ).toEqual(bob)
    // The snapshot of height n went with it; the one below stays.
    const status = await dev(again, 'dev_status')
    expect(status.snapshots.map((s: { id: string }) => s.id)).toEqual([before.id])
    expect(after.id).not.toBe(before.id)
    const m = Number((await dev(again, 'dev_mine', { blocks: 2 })).height)
    const last = await rpc(again, `/block?height=${m}`)
    expect(await again.p.stop()).toMatchObject({ code: 0 })

    // --hard: block m goes too, and the next start makes a new block m (a later time).
    const hard = await rollback(h.dir, ['--hard'])
    expect([hard.code, hard.stdout]).toEqual([
      0,
      `Rolled back state to height ${m - 1} and hash ${last.block.header.app_hash}`,
    ])
    const third = await start(h)
    await dev(third, 'dev_setMining', { mode: 'manual' })
    expect(kept(third)).toEqual([])
    const renewed = await rpc(third, `/block?height=${m}`)
    expect(renewed.block.header.app_hash).toBe(last.block.header.app_hash)
    expect(renewed.block.header.time).not.toBe(last.block.header.time)
    expect(renewed.block_id.hash).not.toBe(last.block_id.hash)
  }, 120_000)

  test('errors: a running node, a home that never committed, a chain of one block, no home; nothing changes', async () => {
    const h = await home('rollback-errors')
    // Never started: nothing to roll back (CometBFT's text for an empty state store).
    let r = await rollback(h.dir)
    expect([r.code, r.stdout, r.stderr]).toEqual([
      1,
      '',
      'Error: failed to rollback CometBFT state: no state found\n',
    ])

    const node = await start(h)
    r = await rollback(h.dir)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /^Error: a node is running on .+ \(.+ is locked\): stop it first; nothing was rolled back\n$/,
    )
    await node.p.stop()

    // A chain of one block (halt-height 2 stops before block 2): there is no height 0 to go to.
    const one = await home('rollback-one')
    const p = startSdkd([
      '--home',
      one.dir,
      'start',
      '--halt-height',
      '2',
      ...LOOPBACK_PORTS,
      '--grpc.enable=false',
      '--timeout-commit',
      '50ms',
    ])
    expect((await p.exited).code).toBe(0)
    r = await rollback(one.dir)
    expect([r.code, r.stderr]).toEqual([
      1,
      'Error: failed to rollback CometBFT state: block at height 0 not found\n',
    ])

    const { dir, cleanup } = await tempDir('sdkd-rollback-')
    cleanups.push(cleanup)
    await mkdir(join(dir, 'data'))
    r = await rollback(dir)
    expect([r.code, r.stderr]).toEqual([
      1,
      `Error: ${dir} is not an sdkd home (no config/): nothing was rolled back\n`,
    ])
  }, 90_000)

  test('behavior: a faulty upgrade handler fixed: the plugin applied at H wrote the wrong value; rollback takes the chain back to H − 1, and the next start with the fixed plugin applies the upgrade in block H again (the same block, another app hash)', async () => {
    const h = await home('rollback-upgrade', 'v1')
    const v1 = await start(h, 'v1')
    const H = await upgradeThroughGovernance(governorOf(h, v1), { name: 'fix-me', info: '{}' })
    expect((await v1.p.exited).code).toBe(2)
    const plugin = async (file: string, answer: string) => {
      const path = join(h.dir, file)
      await writeFile(
        path,
        `export default {
  name: 'fix-me',
  storeUpgrades: { added: ['example'] },
  async handler(ctx, plan, fromVersions, tools) {
    ctx.state.store('example').set(new TextEncoder().encode('answer'), new TextEncoder().encode('${answer}'))
    return tools.runMigrations(ctx, fromVersions)
  },
}
`,
      )
      return path
    }
    const faulty = await plugin('faulty.mjs', '41')
    const fixed = await plugin('fixed.mjs', '42')
    const committed = (p: { logs(): Record<string, unknown>[] }, height: number) =>
      p.logs().find((l) => l.msg === 'committed block' && l.height === height)?.app_hash
    const answer = async () => {
      const r = await runSdkd(['--home', h.dir, 'debug', 'store', 'example'])
      expect(r.code, r.stderr).toBe(0)
      return r.stdout
    }

    // The faulty handler applies the upgrade in block H; the node stops before H + 1.
    const first = startOn(h.dir, [
      '--app-version',
      'v1',
      'start',
      '--upgrade-plugin',
      faulty,
      '--halt-height',
      String(H + 1),
    ])
    expect((await first.exited).code).toBe(0)
    const applied = (p: { logs(): Record<string, unknown>[] }) =>
      p
        .logs()
        .filter((l) => l.module === 'x/upgrade')
        .map((l) => l.msg)
    expect(applied(first)).toEqual([`applying upgrade "fix-me" at height: ${H}`])
    const wrong = committed(first, H)
    expect(wrong).toMatch(/^[0-9A-F]{64}$/)
    const ANSWER_KEY = Buffer.from('answer').toString('hex')
    expect(await answer()).toContain(`${ANSWER_KEY} ${Buffer.from('41').toString('hex')}`)

    const r = await rollback(h.dir)
    const m = /^Rolled back state to height (\d+) and hash ([0-9A-F]{64})$/.exec(r.stdout)
    expect([r.code, m?.[1]], r.stderr).toEqual([0, String(H - 1)])
    // At H − 1 the upgrade is not applied yet: there is no example store.
    expect((await runSdkd(['--home', h.dir, 'debug', 'store', 'example'])).code).toBe(1)

    const again = await start(h, 'v1', ['--upgrade-plugin', fixed])
    expect(applied(again.p)).toEqual([`applying upgrade "fix-me" at height: ${H}`])
    expect(kept(again).map((l) => l.height)).toEqual([H])
    const right = committed(again.p, H)
    expect(right).toMatch(/^[0-9A-F]{64}$/)
    expect(right).not.toBe(wrong)
    // Block H is the same block: it carries the app hash of H − 1, the state rolled back to.
    expect((await rpc(again, `/block?height=${H}`)).block.header.app_hash).toBe(m![2])
    expect(await rest(again, '/sdk/upgrade/v1beta1/applied_plan/fix-me')).toEqual({
      height: String(H),
    })
    expect(await again.p.stop()).toMatchObject({ code: 0 })
    expect(await answer()).toContain(`${ANSWER_KEY} ${Buffer.from('42').toString('hex')}`)
  }, 120_000)
  test("behavior: rolled back below the upgrade that moved it to v2, the home is v1's again: a start without --app-version runs v1 up to the upgrade halt, as the old binary would", async () => {
    const h = await home('rollback-below-v2', 'v1')
    const v1 = await start(h, 'v1')
    const H = await upgradeThroughGovernance(governorOf(h, v1), { name: 'v2', info: '{}' })
    expect((await v1.p.exited).code).toBe(2)
    // v2 applies the upgrade in block H and stops before H + 1: the home is v2's now.
    const v2 = startOn(h.dir, ['--app-version', 'v2', 'start', '--halt-height', String(H + 1)])
    expect((await v2.exited).code).toBe(0)
    expect(await readFile(join(h.dir, 'config/sdkd.toml'), 'utf8')).toContain('"v2"')

    const r = await rollback(h.dir)
    expect([r.code, r.stdout], r.stderr).toEqual([
      0,
      expect.stringMatching(
        new RegExp(`^Rolled back state to height ${H - 1} and hash [0-9A-F]{64}$`),
      ),
    ])
    expect(r.stderr).toBe(
      `the chain is back before upgrade "v2" (height ${H}), which app version v2 handles: the home runs app version v1 again, up to that upgrade\n`,
    )
    // The default start is v1's, which halts at H again (v2 would refuse: BINARY UPDATED BEFORE TRIGGER).
    const again = startOn(h.dir, ['start'])
    expect((await again.exited).code).toBe(2)
    expect(again.logs().map((l) => l.msg)).toContain(`UPGRADE "v2" NEEDED at height: ${H}: {}`)
  }, 120_000)
})

describe.skipIf(!COMETBFT.path)(
  `sdkd rollback under CometBFT ${COMETBFT.version ?? ''} (e2e)`,
  () => {
    test('behavior: cometbft rollback takes CometBFT back a height and sdkd the app with it; the handshake replays the kept block (the same app hashes), and --hard removes it', async () => {
      const h = await home('rollback-comet')
      const { rpcPort } = await configureCometHome(h.dir)
      const seen = new Map<number, string>()
      const startComet = async (): Promise<CometNode> => {
        const node = await startCometNode(h.dir, rpcPort)
        cleanups.push(async () => void (await node.p.stop('SIGKILL')))
        return node
      }
      const record = async (): Promise<number> => {
        const status = (await getJson(`http://127.0.0.1:${rpcPort}/status`)).body.result
        const latest = Number(status.sync_info.latest_block_height)
        for (let lo = 1; lo <= latest; lo += 20) {
          const path = `/blockchain?minHeight=${lo}&maxHeight=${Math.min(latest, lo + 19)}`
          for (const m of (await getJson(`http://127.0.0.1:${rpcPort}${path}`)).body.result
            .block_metas) {
            const height = Number(m.header.height)
            const before = seen.get(height)
            if (before === undefined) seen.set(height, m.header.app_hash)
            else expect(m.header.app_hash, `height ${height}`).toBe(before)
          }
        }
        return latest
      }
      const comet = ['--cometbft-bin', COMETBFT.path!]

      const node = await startComet()
      await cometHeightAtLeast(rpcPort, 4)
      await record()
      expect(await node.p.stop('SIGTERM')).toEqual({ code: 0, signal: null })

      const r = await rollback(h.dir, comet)
      expect(r.code).toBe(0)
      const m = /^Rolled back state to height (\d+) and hash ([0-9A-F]{64})$/.exec(r.stdout)
      expect(m, r.stdout + r.stderr).not.toBeNull()
      const L = Number(m![1]) + 1

      const again = await startComet()
      await cometHeightAtLeast(rpcPort, L + 2)
      expect(again.p.output()).toContain('Completed ABCI Handshake - CometBFT and App are synced')
      await record()
      // Block L was kept: CometBFT replayed it against the app rolled back to L − 1.
      expect(seen.get(L)).toBe(m![2])
      const atL = (await getJson(`${again.api}/sdk/base/tendermint/v1beta1/blocks/${L}`)).body
      expect(atL.block.header.app_hash).toBe(Buffer.from(m![2]!, 'hex').toString('base64'))
      expect(await again.p.stop('SIGTERM')).toEqual({ code: 0, signal: null })

      const hard = await rollback(h.dir, [...comet, '--hard'])
      expect(hard.code).toBe(0)
      const n = /^Rolled back state to height (\d+) and hash ([0-9A-F]{64})$/.exec(hard.stdout)
      expect(n, hard.stdout + hard.stderr).not.toBeNull()
      // CometBFT removed block M and sdkd took the app back with it: the handshake finds the
      // three at M − 1, with the app's hash the one printed. (A sole validator then stops at M:
      // its priv_validator_state.json records its signature of M, and CometBFT's double-sign
      // protection refuses to sign M again — upstream's behaviour, written in docs/commands.md.)
      const M = Number(n![1]) + 1
      const third = await startComet()
      const synced = await third.p.waitForLog(
        (l) => String(l.msg ?? '').includes('ABCI handshake: Info'),
        30_000,
      )
      expect(synced.height).toBe(M - 1)
      await waitFor(
        async () => (third.p.output().includes('Completed ABCI Handshake') ? true : undefined),
        30_000,
        'the handshake',
      )
      expect(third.p.output()).toContain(
        `ABCI Replay Blocks                           module=consensus appHeight=${M - 1} storeHeight=${M - 1} stateHeight=${M - 1}`,
      )
      expect(third.p.output()).toContain(
        `Completed ABCI Handshake - CometBFT and App are synced module=consensus appHeight=${M - 1} appHash=${n![2]}`,
      )
      expect(await third.p.stop('SIGTERM'), third.p.output().slice(-4000)).toEqual({
        code: 0,
        signal: null,
      })
    }, 180_000)
  },
)
