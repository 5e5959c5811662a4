import { describe, expect, test } from 'vitest'
import { TEST_BLOCK_PARAMS, testBlockSigner } from '../../test/helpers/block-signer.js'
import { sha256 } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { parseRfc3339 } from '../codec/time.js'
import { serveRing } from '../threads/serve-ring.js'
import { CTRL, SharedRing } from '../threads/shared-ring.js'
import { type Block, BlockBuilder, type BlockId, EMPTY_BLOCK_ID } from './block.js'
import type { BlockJob } from './block-source.js'
import { ThreadBlockSource } from './thread-source.js'
import { BlockJobs } from './worker-jobs.js'
import { BLOCK_SLOT, readBlockJob, writeBlockJob } from './worker-ring.js'
import { WorkerBlockSource } from './worker-source.js'

const registry = protoRegistry()
const signer = testBlockSigner(9)
const params = TEST_BLOCK_PARAMS
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

/** The job of height h (in a burst unless said otherwise, with `txs` if given). */
function job(h: number, o: { burst?: boolean; txs?: Uint8Array[] } = {}): BlockJob {
  return { ...inputsOf(h), txs: o.txs ?? [], burst: o.burst ?? true }
}

/** The chain 1..n built on this thread, block after block (the reference). */
function reference(n: number, txsAt: Record<number, Uint8Array[]> = {}): Block[] {
  const b = builder()
  const out: Block[] = []
  let last: BlockId = EMPTY_BLOCK_ID
  for (let h = 1; h <= n; h++) {
    const block = b.build({ ...inputsOf(h), lastBlockId: last, txs: txsAt[h] ?? [] })
    out.push(block)
    last = block.blockId
  }
  return out
}

/**
 * A source whose "worker" runs on this thread when the test serves it (the ring and the worker's
 * jobs are the real ones); `workWith` gives the worker another builder.
 */
function sourceOnThisThread(options: { capacity?: number; workWith?: BlockBuilder } = {}) {
  const ring = SharedRing.create(options.capacity ?? 8, BLOCK_SLOT)
  const errors: [unknown, number][] = []
  const jobs = new BlockJobs(ring, options.workWith ?? builder(), (err, height) =>
    errors.push([err, height]),
  )
  Atomics.store(ring.ctrl, CTRL.ready, 1)
  // The node's own builder, counting the blocks it has to build itself.
  const own = builder()
  const build = own.build.bind(own)
  let builtHere = 0
  own.build = (inputs) => {
    builtHere++
    return build(inputs)
  }
  const source = new WorkerBlockSource(ring, new ThreadBlockSource(own), own)
  return {
    source,
    ring,
    errors,
    serve: () => serveRing(ring, jobs.handle, { untilIdle: true }),
    builtHere: () => builtHere,
  }
}

const view = (b: Block) => ({
  header: b.header,
  lastCommit: b.lastCommit,
  bytes: Buffer.from(b.bytes).toString('hex'),
  blockId: b.blockId,
})

describe('worker block source', () => {
  test('behavior: blocks built through the ring are byte for byte those built on one thread, header fields included', async () => {
    const want = reference(40)
    const { source, serve, builtHere } = sourceOnThisThread({ capacity: 64 })
    const submitted = want.map((_, i) => source.submit(job(i + 1)))
    expect(submitted.some((s) => s.isBuilt)).toBe(false)
    serve()
    for (const s of submitted) await s.built()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(0)
  })

  test('behavior: a block after blocks still on the worker (txs, or the end of a burst) waits for them, not for the worker: it is built here when taken', async () => {
    const tx = Uint8Array.of(1, 2, 3)
    const want = reference(8, { 4: [tx] })
    const { source, serve, builtHere } = sourceOnThisThread()
    const submitted = [1, 2, 3].map((h) => source.submit(job(h)))
    submitted.push(source.submit(job(4, { txs: [tx] })))
    // Its previous block is out: the next empty one cannot chain on the worker either.
    submitted.push(source.submit(job(5)))
    expect(submitted[3]!.isBuilt).toBe(false)
    serve()
    await submitted[4]!.built()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.slice(0, 5).map(view))
    expect(builtHere()).toBe(2)
    // Everything taken: the next blocks go to the worker again, naming their previous one.
    const more = [6, 7, 8].map((h) => source.submit(job(h)))
    serve()
    for (const s of more) await s.built()
    expect(more.map((s) => view(s.block()))).toEqual(want.slice(5).map(view))
    expect(builtHere()).toBe(2)
  })

  test('behavior: a block out of a burst, with nothing out, is built at once', () => {
    const want = reference(2)
    const { source, builtHere } = sourceOnThisThread()
    const first = source.submit(job(1, { burst: false }))
    expect(first.isBuilt).toBe(true)
    expect(view(first.block())).toEqual(view(want[0]!))
    expect(view(source.submit(job(2, { burst: false })).block())).toEqual(view(want[1]!))
    expect(builtHere()).toBe(2)
  })

  test('behavior: a block the worker cannot build is built on the node thread, the error is reported, and the chain continues unchanged', async () => {
    const want = reference(12)
    // The worker fails height 5: it answers "not built", then cannot chain height 6 either.
    const failing = builder()
    const build = failing.build.bind(failing)
    failing.build = (inputs) => {
      if (inputs.height === 5) throw new RangeError('boom')
      return build(inputs)
    }
    const { source, serve, builtHere, errors } = sourceOnThisThread({ workWith: failing })
    const submitted = want.slice(0, 8).map((_, i) => source.submit(job(i + 1)))
    serve()
    await submitted[7]!.built()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.slice(0, 8).map(view))
    // 5 failed; 6..8 were out already and could not chain, so they were built here too.
    expect(builtHere()).toBe(4)
    expect(errors.map(([err, height]) => [(err as Error).message, height])).toEqual([['boom', 5]])
    // The next block handed out names its previous one: the worker builds again.
    const more = want.slice(8).map((_, i) => source.submit(job(i + 9)))
    serve()
    for (const s of more) await s.built()
    expect(more.map((s) => view(s.block()))).toEqual(want.slice(8).map(view))
    expect(builtHere()).toBe(4)
  })

  test('behavior: a block taken before the worker built it is built here, and the worker’s later blocks still chain', () => {
    const want = reference(6)
    const { source, serve, builtHere } = sourceOnThisThread()
    const submitted = want.map((_, i) => source.submit(job(i + 1)))
    expect(view(submitted[1]!.block())).toEqual(view(want[1]!))
    expect(builtHere()).toBe(2)
    serve()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(2)
  })

  test('behavior: a worker that reports failure is not asked again', () => {
    const want = reference(4)
    const { source, ring, builtHere } = sourceOnThisThread()
    expect(source.ready).toBe(true)
    const first = source.submit(job(1))
    ring.fail()
    expect(source.ready).toBe(false)
    // A block handed out already is built here (the failure says it will not come).
    expect(first.isBuilt).toBe(true)
    const rest = [2, 3, 4].map((h) => source.submit(job(h)))
    expect([first, ...rest].map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(4)
  })

  test('behavior: a full ring costs time, not blocks: what does not fit is built here', async () => {
    const want = reference(6)
    const { source, serve, builtHere } = sourceOnThisThread({ capacity: 2 })
    const submitted = want.map((_, i) => source.submit(job(i + 1)))
    serve()
    for (const s of submitted) await s.built()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(4)
  })

  test('behavior: after follow (a rollback), blocks not taken are dropped and the chain continues from the block followed', async () => {
    const want = reference(6)
    const { source, serve } = sourceOnThisThread()
    for (let h = 1; h <= 4; h++) source.submit(job(h))
    source.follow(want[1]!.blockId)
    const again = [3, 4, 5, 6].map((h) => source.submit(job(h)))
    serve()
    for (const s of again) await s.built()
    expect(again.map((s) => view(s.block()))).toEqual(want.slice(2).map(view))
  })

  test('behavior: built() resolves once the worker has built the block, without blocking this thread', async () => {
    const want = reference(3)
    const { source, serve, builtHere } = sourceOnThisThread()
    const submitted = want.map((_, i) => source.submit(job(i + 1)))
    let resolved = false
    const built = submitted[2]!.built().then(() => {
      resolved = true
    })
    await new Promise((r) => setTimeout(r, 20))
    expect(resolved).toBe(false)
    // The "worker" builds the jobs later, on a timer of this thread: built() hears its notify.
    setTimeout(serve, 5)
    await built
    expect(submitted.every((s) => s.isBuilt)).toBe(true)
    expect(submitted.map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(0)
  })

  test('behavior: block times past what an int64 of nanoseconds holds travel through the ring exactly', () => {
    const ring = SharedRing.create(2, BLOCK_SLOT)
    const time = parseRfc3339('9999-12-31T23:59:59.999999999Z')
    const worker = { ...inputsOf(7), time, lastBlockId: EMPTY_BLOCK_ID, consensusHash: undefined }
    writeBlockJob(ring, 3, worker)
    expect(readBlockJob(ring, 3)).toEqual(worker)
    const changed = { ...worker, consensusHash: sha256(Uint8Array.of(1)) }
    writeBlockJob(ring, 4, changed)
    expect(readBlockJob(ring, 4)).toEqual(changed)
  })

  test('behavior: blocks after a change of the consensus params are built by the worker, their headers hashing the new params', () => {
    const changed = builder().paramsHash({ blockMaxBytes: 22020096n, blockMaxGas: 300000n })
    const hashAt = (h: number) => (h >= 3 ? changed : undefined)
    const b = builder()
    const want: Block[] = []
    let last: BlockId = EMPTY_BLOCK_ID
    for (let h = 1; h <= 5; h++) {
      const block = b.build({
        ...inputsOf(h),
        lastBlockId: last,
        txs: [],
        consensusHash: hashAt(h),
      })
      want.push(block)
      last = block.blockId
    }
    expect(want[1]!.header.consensusHash).toEqual(b.consensusHash)
    expect(want[2]!.header.consensusHash).toEqual(changed)
    const { source, serve, builtHere } = sourceOnThisThread()
    const submitted = want.map((_, i) =>
      source.submit({ ...job(i + 1), consensusHash: hashAt(i + 1) }),
    )
    serve()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(0)
  })
})
