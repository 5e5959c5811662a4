import { describe, expect, test } from 'vitest'
import { createEd25519Signer } from '../codec/ed25519.js'
import { sha256 } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { parseRfc3339 } from '../codec/time.js'
import { consensusAddress, ed25519FromSeed } from '../config/validator-key.js'
import { type Block, BlockBuilder, type BlockId, EMPTY_BLOCK_ID } from './block.js'
import { BlockPipeline, PIPE, PipelineRing, PipelineServer } from './pipeline.js'

const registry = protoRegistry()
const key = ed25519FromSeed(new Uint8Array(32).fill(9))
const signer = {
  address: consensusAddress(key.pubKey),
  pubKey: key.pubKey,
  power: 10n,
  sign: createEd25519Signer(key.seed).sign,
}
const params = { blockMaxBytes: 22020096n, blockMaxGas: -1n }
const T0 = parseRfc3339('2026-03-04T05:06:07.000000001Z')
const builder = () => new BlockBuilder(registry, 'pipe-chain', signer, params)

/** Inputs of height h: app and results hashes that change every few heights, times 1 s apart. */
function inputsOf(h: number) {
  return {
    height: h,
    time: T0 + BigInt(h - 1) * 1_000_000_000n,
    appHash: sha256(Uint8Array.of(Math.floor(h / 3))),
    lastResultsHash: h === 1 ? new Uint8Array() : sha256(Uint8Array.of(h % 2)),
  }
}

/** The chain 1..n built on this thread, block after block (the reference). */
function reference(n: number): Block[] {
  const b = builder()
  const out: Block[] = []
  let last: BlockId = EMPTY_BLOCK_ID
  for (let h = 1; h <= n; h++) {
    const block = b.build({ ...inputsOf(h), lastBlockId: last, txs: [] })
    out.push(block)
    last = block.blockId
  }
  return out
}

/**
 * A pipeline whose "worker" is `serve` run on this thread when the node would wait (the ring and
 * the worker loop are the real ones); `serveWith` lets a test give the worker another builder.
 */
function pipelineOnThisThread(options: { serveWith?: BlockBuilder; giveUp?: boolean } = {}) {
  const ring = PipelineRing.create(8)
  const worker = new PipelineServer(ring, options.serveWith ?? builder())
  let served = 0
  // The node's own builder, counting the blocks it has to build itself.
  const own = builder()
  const build = own.build.bind(own)
  let builtHere = 0
  own.build = (inputs) => {
    builtHere++
    return build(inputs)
  }
  const pipeline = new BlockPipeline(ring, own, () => {
    if (options.giveUp) return false
    worker.serve({ untilIdle: true })
    served++
    return true
  })
  return { pipeline, ring, served: () => served, builtHere: () => builtHere }
}

const view = (b: Block) => ({
  header: b.header,
  lastCommit: b.lastCommit,
  bytes: Buffer.from(b.bytes).toString('hex'),
  blockId: b.blockId,
})

describe('block pipeline', () => {
  test('behavior: blocks built through the ring are byte for byte those built on one thread, header fields included', () => {
    const want = reference(40)
    const { pipeline, served, builtHere } = pipelineOnThisThread()
    // More blocks than the ring has slots: the oldest is collected to make room.
    const pending = want.map((_, i) =>
      pipeline.submit({ ...inputsOf(i + 1), lastBlockId: i === 0 ? EMPTY_BLOCK_ID : undefined }),
    )
    // The header a height runs with is there at once (its ids come with the block).
    expect(pending[5]!.block.header.height).toBe(6)
    expect(pending[5]!.block.header.appHash).toEqual(want[5]!.header.appHash)
    const got = pending.map((p) => p.complete())
    expect(got.map(view)).toEqual(want.map(view))
    expect(served()).toBeGreaterThan(0)
    expect(builtHere()).toBe(0)
    expect(pipeline.busy).toBe(false)
  })

  test('behavior: a block the worker cannot build is built on the node thread; the chain continues unchanged', () => {
    const want = reference(12)
    // The worker fails height 5: it answers "not built", then cannot chain height 6 either.
    const failing = builder()
    const build = failing.build.bind(failing)
    failing.build = (inputs) => {
      if (inputs.height === 5) throw new Error('boom')
      return build(inputs)
    }
    const { pipeline, builtHere } = pipelineOnThisThread({ serveWith: failing })
    const pending = want
      .slice(0, 8)
      .map((_, i) =>
        pipeline.submit({ ...inputsOf(i + 1), lastBlockId: i === 0 ? EMPTY_BLOCK_ID : undefined }),
      )
    expect(pending.map((p) => view(p.complete()))).toEqual(want.slice(0, 8).map(view))
    // 5 failed; 6..8 were out already and could not chain, so they were built here too.
    expect(builtHere()).toBe(4)
    // The next block handed out names its previous one: the worker builds again.
    const more = want
      .slice(8)
      .map((_, i) => pipeline.submit({ ...inputsOf(i + 9), lastBlockId: undefined }))
    expect(more.map((p) => view(p.complete()))).toEqual(want.slice(8).map(view))
    expect(builtHere()).toBe(4)
  })

  test('behavior: a worker that stops answering costs time, not blocks: every block is built on the node thread', () => {
    const want = reference(6)
    const { pipeline } = pipelineOnThisThread({ giveUp: true })
    const pending = want.map((_, i) =>
      pipeline.submit({ ...inputsOf(i + 1), lastBlockId: i === 0 ? EMPTY_BLOCK_ID : undefined }),
    )
    expect(pending.map((p) => view(p.complete()))).toEqual(want.map(view))
  })

  test('behavior: a worker that reports failure is not asked again', () => {
    const want = reference(4)
    const ring = PipelineRing.create(8)
    Atomics.store(ring.ctrl, PIPE.ready, 1)
    const pipeline = new BlockPipeline(ring, builder())
    expect(pipeline.ready).toBe(true)
    Atomics.store(ring.ctrl, PIPE.failed, 1)
    expect(pipeline.ready).toBe(false)
    // Jobs already handed out are built here (the default wait sees the failure at once).
    const p = pipeline.submit({ ...inputsOf(1), lastBlockId: EMPTY_BLOCK_ID })
    expect(view(p.complete())).toEqual(view(want[0]!))
  })

  test('behavior: blocks built elsewhere in between: the next one handed out names its previous block', () => {
    const want = reference(9)
    const { pipeline } = pipelineOnThisThread()
    const got: Block[] = []
    for (let h = 1; h <= 3; h++)
      got.push(
        pipeline
          .submit({ ...inputsOf(h), lastBlockId: h === 1 ? EMPTY_BLOCK_ID : undefined })
          .complete(),
      )
    // Heights 4 and 5 are built by the node itself (blocks with txs, say).
    got.push(want[3]!, want[4]!)
    for (let h = 6; h <= 9; h++)
      got.push(
        pipeline
          .submit({ ...inputsOf(h), lastBlockId: h === 6 ? want[4]!.blockId : undefined })
          .complete(),
      )
    expect(got.map(view)).toEqual(want.map(view))
  })

  test('behavior: built() resolves once the worker has built the block, without blocking this thread', async () => {
    const want = reference(3)
    const ring = PipelineRing.create(8)
    const server = new PipelineServer(ring, builder())
    // Collecting must find every job finished: built() said so.
    const pipeline = new BlockPipeline(ring, builder(), (seq) => {
      if (Atomics.load(ring.ctrl, PIPE.done) > seq) return true
      throw new Error('complete() would wait: built() resolved before the block was built')
    })
    const pending = want.map((_, i) =>
      pipeline.submit({ ...inputsOf(i + 1), lastBlockId: i === 0 ? EMPTY_BLOCK_ID : undefined }),
    )
    let resolved = false
    const built = pending[2]!.built().then(() => {
      resolved = true
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(resolved).toBe(false)
    // The "worker" builds the jobs later, on a timer of this thread: built() hears its notify.
    setTimeout(() => server.serve({ untilIdle: true }), 5)
    await built
    expect(Atomics.load(ring.ctrl, PIPE.done)).toBe(3)
    expect(pending.map((p) => view(p.complete()))).toEqual(want.map(view))
  })

  test('error: the first block handed out must name its previous block', () => {
    const { pipeline } = pipelineOnThisThread()
    expect(() => pipeline.submit({ ...inputsOf(2), lastBlockId: undefined })).toThrow(
      'the first block handed to the pipeline needs its last block id',
    )
  })

  test('behavior: block times past what an int64 of nanoseconds holds travel through the ring exactly', () => {
    const ring = PipelineRing.create(2)
    const time = parseRfc3339('9999-12-31T23:59:59.999999999Z')
    const job = { ...inputsOf(7), time, lastBlockId: EMPTY_BLOCK_ID }
    ring.writeJob(3, job)
    expect(ring.readJob(3)).toEqual(job)
  })
})
