import { createHash } from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { type Disk, disks, openChain, version } from '../../test/helpers/producer-chain.js'
import type { AppModule } from '../app/types.js'
import { toHexUpper } from '../codec/bytes.js'
import { protoRegistry } from '../codec/proto.js'
import { defaultConsensusParams } from '../config/genesis.js'
import { ConsensusKeeper } from '../modules/consensus/keeper.js'
import { createConsensusModule } from '../modules/consensus/module.js'
import { consensusParamsToProto } from '../modules/consensus/params.js'
import type { ParamsInEffect } from './consensus-params.js'

const registry = protoRegistry()

/** CometBFT's params hash of block max bytes 22020096 and `maxGas` (HashedParams, by hand). */
function hashOf(maxGas: number): string {
  const varint = (n: number) => {
    const out: number[] = []
    while (n >= 0x80) {
      out.push((n & 0x7f) | 0x80)
      n = Math.floor(n / 128)
    }
    return [...out, n]
  }
  const gas =
    maxGas < 0 ? [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01] : varint(maxGas)
  const bytes = Uint8Array.from([0x08, ...varint(22020096), 0x10, ...gas])
  return createHash('sha256').update(bytes).digest('hex').toUpperCase()
}

/** x/consensus, and a module that stores new params (max gas `gas`) in the EndBlock of `at`. */
function versionSetting(at: number, gas: string) {
  const keeper = new ConsensusKeeper({ registry })
  const setter: AppModule = {
    name: 'setter',
    consensusVersion: 1,
    async endBlock(ctx) {
      if (ctx.height === at) {
        const p = defaultConsensusParams()
        keeper.setParams(
          ctx.state,
          consensusParamsToProto({ ...p, block: { ...p.block, max_gas: gas } }),
        )
      }
      return []
    },
  }
  return version([
    createConsensusModule({ keeper, consensusParams: defaultConsensusParams() }),
    setter,
  ])
}

describe.each(disks)('consensus params in effect ($name)', ({ make }) => {
  const open: { close(): Promise<void> }[] = []
  const used: Disk[] = []
  afterEach(async () => {
    for (const c of open.splice(0).reverse()) await c.close().catch(() => {})
    for (const d of used.splice(0)) await d.cleanup()
  })

  test('behavior: params stored in block 3 are hashed by header 4 on, reach the listeners once, survive a reopen, and go with a rollback', async () => {
    const disk = make()
    used.push(disk)
    const heard: ParamsInEffect[] = []
    const options = { onConsensusParams: (p: ParamsInEffect) => void heard.push(p) }
    const c = await openChain(versionSetting(3, '5000'), disk, options)
    open.push(c)
    const blocks = []
    for (let i = 0; i < 4; i++) blocks.push(await c.producer.produceBlock())
    blocks.push(await c.producer.produceBlocks(3))
    const hashes = blocks.map((b) => toHexUpper(b!.block.header.consensusHash))
    expect(hashes).toEqual([hashOf(-1), hashOf(-1), hashOf(-1), hashOf(5000), hashOf(5000)])
    expect(heard.map((p) => [p.maxGas, p.json.block.max_gas])).toEqual([[5000n, '5000']])
    expect(c.producer.params.current.maxGas).toBe(5000n)

    // Reopened: read from the state at start, heard once more.
    await c.close()
    open.pop()
    const again = await openChain(versionSetting(3, '5000'), disk, options)
    open.push(again)
    expect(again.producer.params.current.maxGas).toBe(5000n)
    expect(heard).toHaveLength(2)
    const next = await again.producer.produceBlock()
    expect(toHexUpper(next.block.header.consensusHash)).toBe(hashOf(5000))

    // Back before block 3: the genesis params again.
    await again.producer.rollbackTo(2)
    expect(again.producer.params.current.maxGas).toBe(-1n)
    expect(heard.at(-1)!.maxGas).toBe(-1n)
    expect(again.producer.params.current.hash).toBeUndefined()
  })
})
