import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { fromHex } from '../../src/codec/bytes.js'
import { appHashOf } from '../../src/store/app-hash.js'
import { LARGE_VALUE_BYTES } from '../../src/store/version-index.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  getJson,
  LOOPBACK_PORTS,
  rpcCall,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Values over `LARGE_VALUE_BYTES` are held in memory only until their height is durable, then read
 * from LevelDB (docs/ARCHITECTURE.md, "State"). x/staking's historical info of 20 validators is one:
 * each block writes one and, with `historical_entries` 3, deletes the one three heights back, whose
 * bytes the app hash's accumulator must remove. What a client reads of them, before and after a
 * restart, and the app hashes the headers carry, must be what values held in memory give.
 */

const cleanups = cleanupAfterEach()
const VALIDATORS = 20
const ENTRIES = 3

/** The store hashes `module-hash-by-height` prints for `height` (the node stopped), hashed as the app hash. */
async function appHashFromModules(home: string, height: number): Promise<string> {
  const r = await runSdkd(['--home', home, 'module-hash-by-height', String(height), '-o', 'json'])
  expect([r.code, r.stderr]).toEqual([0, ''])
  const leaves = JSON.parse(r.stdout).store_infos.map(
    (s: { name: string; commit_id: { hash: string } }) =>
      [s.name, fromHex(Buffer.from(s.commit_id.hash, 'base64').toString('utf8'))] as const,
  )
  return Buffer.from(appHashOf(leaves)).toString('hex').toUpperCase()
}

describe('large state values (e2e)', () => {
  test('behavior: the historical infos of 20 validators read back, are deleted and hash as upstream’s entries, across a restart', async () => {
    const t = await tempDir('sdkd-large-values-')
    cleanups.push(t.cleanup)
    const home = join(t.dir, 'home')
    const init = await runSdkd([
      '--home',
      home,
      'init',
      'node0',
      '--devnet',
      '--validators',
      String(VALIDATORS),
      '--accounts',
      '1',
    ])
    expect(init.code).toBe(0)
    const genesisFile = join(home, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(genesisFile, 'utf8'))
    genesis.app_state.staking.params.historical_entries = ENTRIES
    await writeFile(genesisFile, JSON.stringify(genesis, null, 2))

    let node: SdkdProcess | undefined
    cleanups.push(async () => void (await node?.stop('SIGKILL')))
    const start = async () => {
      node = startSdkd([
        '--home',
        home,
        'start',
        ...LOOPBACK_PORTS,
        '--grpc.enable=false',
        '--instrumentation.prometheus=false',
      ])
      const { rpcPort, apiPort } = await boundPorts(node, { api: true })
      const manual = await rpcCall(rpcPort, 'dev_setMining', { mode: 'manual' })
      expect(manual.error).toBeUndefined()
      return { rpcPort, apiPort: apiPort! }
    }
    const header = async (rpcPort: number, height: number) =>
      (await getJson(`http://127.0.0.1:${rpcPort}/block?height=${height}`)).body.result.block.header

    /** Checks every historical info the chain keeps at its latest height, and the one it deleted. */
    const checkEntries = async (ports: { rpcPort: number; apiPort: number }, latest: number) => {
      for (let h = latest - ENTRIES + 1; h <= latest; h++) {
        const r = await getJson(
          `http://127.0.0.1:${ports.apiPort}/sdk/staking/v1beta1/historical_info/${h}`,
        )
        expect(r.status).toBe(200)
        expect(r.body.hist.header.height).toBe(String(h))
        // The header an entry keeps is its block's: the app hash of the height before.
        const block = await header(ports.rpcPort, h)
        expect(
          Buffer.from(r.body.hist.header.app_hash, 'base64').toString('hex').toUpperCase(),
        ).toBe(block.app_hash)
        expect(r.body.hist.valset).toHaveLength(VALIDATORS)
        // What makes the entry a large value.
        expect(r.text.length).toBeGreaterThan(LARGE_VALUE_BYTES)
      }
      const gone = await getJson(
        `http://127.0.0.1:${ports.apiPort}/sdk/staking/v1beta1/historical_info/${latest - ENTRIES}`,
      )
      expect(gone).toMatchObject({
        status: 404,
        body: { code: 5, message: `historical info for height ${latest - ENTRIES} not found` },
      })
    }

    let ports = await start()
    const first = await devMine(ports.rpcPort, 12)
    await checkEntries(ports, first)
    const nextHeader = await header(ports.rpcPort, first)
    expect((await node!.stop()).code).toBe(0)
    // The accumulators the commits left, taken back to the height before: the app hash recorded then.
    expect(await appHashFromModules(home, first - 1)).toBe(nextHeader.app_hash)

    // After a restart (the live entries loaded as left in the database), the next deletions; a
    // block at a time, so that each entry deleted was left in the database when its height was durable.
    ports = await start()
    let second = 0
    for (let i = 0; i < 6; i++) second = await devMine(ports.rpcPort, 1)
    expect(second).toBeGreaterThanOrEqual(first + 6)
    await checkEntries(ports, second)
    const headers = await Promise.all(
      [first + 1, second].map((h) => header(ports.rpcPort, h).then((x) => x.app_hash)),
    )
    expect((await node!.stop()).code).toBe(0)
    expect(await appHashFromModules(home, first)).toBe(headers[0])
    expect(await appHashFromModules(home, second - 1)).toBe(headers[1])
  })
})
