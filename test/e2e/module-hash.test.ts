import { describe, expect, test } from 'vitest'
import { fromHex } from '../../src/codec/bytes.js'
import { appHashOf } from '../../src/store/app-hash.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, startDevnetNode, txOk } from '../helpers/devnet.js'
import { getJson, heightAtLeast, runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd module-hash-by-height <height>`, as upstream's: with the node stopped, every module store's
 * hash at a height as upstream's CommitInfo JSON (each hash the base64 of its upper-case hex text).
 * The leaves it prints are those of the app hash the next block's header carries.
 */

const cleanups = cleanupAfterEach()

describe('sdkd module-hash-by-height (e2e)', () => {
  test('behavior: the printed store hashes of a past and of the latest height hash to the app hash of the next header; text and JSON; refusals', async () => {
    const h = await createDevnetHome('module-hash-e2e')
    cleanups.push(h.cleanup)
    const node = await startDevnetNode(h, 'v2', '100ms')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const sent = await txOk(
      h,
      node,
      ['bank', 'send', h.accounts.alice!.address, h.accounts.bob!.address, '5stake'],
      'alice',
    )
    const H = Number(sent.height)
    const header = async (height: number) =>
      (await getJson(`http://127.0.0.1:${node.rpcPort}/block?height=${height}`)).body.result.block
        .header
    await heightAtLeast(node.rpcPort, H + 1)
    const next = await header(H + 1)
    const at = await header(H)
    expect((await node.p.stop()).code).toBe(0)
    const latest = Number(node.p.logs().find((l) => l.msg === 'stopped cleanly')!.height)

    const r = await runSdkd(['--home', h.dir, 'module-hash-by-height', String(H), '-o', 'json'])
    expect([r.code, r.stderr]).toEqual([0, ''])
    const info = JSON.parse(r.stdout)
    expect(info.version).toBe(String(H))
    // Proto JSON: RFC 3339 with 0, 3, 6 or 9 fractional digits (CometBFT's drops trailing zeros).
    expect(Date.parse(info.timestamp)).toBe(Date.parse(at.time))
    expect(info.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.(\d{3}|\d{6}|\d{9}))?Z$/)
    expect(info.timestamp.replace(/0+Z$/, 'Z').replace(/\.Z$/, 'Z')).toBe(at.time)
    const names = info.store_infos.map((s: { name: string }) => s.name)
    expect(names).toEqual([...names].sort())
    expect(names).toEqual(expect.arrayContaining(['auth', 'bank', 'staking', 'upgrade']))
    const leaves = info.store_infos.map(
      (s: { name: string; commit_id: { version: string; hash: string } }) => {
        expect(s.commit_id.version).toBe(String(H))
        const hex = Buffer.from(s.commit_id.hash, 'base64').toString('utf8')
        expect(hex).toMatch(/^[0-9A-F]{64}$/)
        return [s.name, fromHex(hex)] as const
      },
    )
    expect(Buffer.from(appHashOf(leaves)).toString('hex').toUpperCase()).toBe(next.app_hash)

    // The latest height, as text (YAML).
    const text = await runSdkd(['--home', h.dir, 'module-hash-by-height', String(latest)])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(
      /^store_infos:\n- commit_id:\n {4}hash: \S+\n {4}version: "\d+"\n {2}name: auth\n/,
    )
    expect(text.stdout).toContain(`version: "${latest}"`)

    const beyond = await runSdkd(['--home', h.dir, 'module-hash-by-height', String(latest + 1)])
    expect([beyond.code, beyond.stderr]).toEqual([
      1,
      `Error: failed to load state at height ${latest + 1}; version does not exist (latest height: ${latest}): invalid request\n`,
    ])
    const bad = await runSdkd(['--home', h.dir, 'module-hash-by-height', 'x'])
    expect([bad.code, bad.stderr]).toEqual([1, 'Error: invalid height: "x" is not an integer\n'])
  }, 90_000)
})
