import { describe, expect, test } from 'vitest'
import { TEST_BLOCK_PARAMS, testBlockSigner } from '../../test/helpers/block-signer.js'
import { sha256 } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { parseRfc3339 } from '../codec/time.js'
import { serveRing } from '../threads/serve-ring.js'
import { CTRL, SharedRing } from '../threads/shared-ring.js'
import {
  type Block,
  BlockBuilder,
  type BlockId,
  type BlockSigner,
  EMPTY_BLOCK_ID,
} from './block.js'
import type { BlockJob } from './block-source.js'
import type { HeightConsensus } from './height-consensus.js'
import { ThreadBlockSource } from './thread-source.js'
import { BlockJobs } from './worker-jobs.js'
import { BlockSlots } from './worker-ring.js'
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
 * jobs are the real ones); `workWith` gives the worker another builder, `keys` the validator keys
 * both sides hold (the worker signs with `workerKeys`, by default the same).
 */
function sourceOnThisThread(
  options: {
    capacity?: number
    workWith?: BlockBuilder
    keys?: BlockSigner[]
    workerKeys?: BlockSigner[]
  } = {},
) {
  const keys = options.keys ?? []
  const slots = new BlockSlots(keys.length)
  const ring = SharedRing.create(options.capacity ?? 8, slots.bytes)
  const errors: [unknown, number][] = []
  const jobs = new BlockJobs(
    ring,
    slots,
    options.workWith ?? builder(),
    options.workerKeys ?? keys,
    (err, height) => errors.push([err, height]),
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
  const source = new WorkerBlockSource(
    ring,
    slots,
    new ThreadBlockSource(own),
    own,
    new Map(keys.map((k, i) => [k, i])),
  )
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

  test('behavior: out of a burst, an empty block of a validator set goes to the worker, one with txs is built here, and the next set block chains from it', async () => {
    const keys = [11, 12, 13].map(testBlockSigner)
    const consensus: HeightConsensus = {
      validatorsHash: sha256(Uint8Array.of(3)),
      nextValidatorsHash: sha256(Uint8Array.of(3)),
      proposerAddress: keys[1]!.address,
      lastCommit: keys.map((k) => ({ address: k.address, key: k })),
    }
    const tx = Uint8Array.of(1, 2, 3)
    const b = builder()
    const want: Block[] = []
    let last: BlockId = EMPTY_BLOCK_ID
    for (let h = 1; h <= 3; h++) {
      const block = b.build({
        ...inputsOf(h),
        lastBlockId: last,
        txs: h === 2 ? [tx] : [],
        consensus,
      })
      want.push(block)
      last = block.blockId
    }
    const { source, serve, builtHere } = sourceOnThisThread({ keys })
    for (let h = 1; h <= 3; h++) {
      const made = source.submit({
        ...job(h, { burst: false, ...(h === 2 ? { txs: [tx] } : {}) }),
        consensus,
      })
      // Heights 1 and 3 wait for the worker; height 2 (txs) is made at once.
      expect(made.isBuilt).toBe(h === 2)
      serve()
      await made.built()
      expect(view(made.block())).toEqual(view(want[h - 1]!))
    }
    expect(builtHere()).toBe(1)
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
    const slots = new BlockSlots(0)
    const ring = SharedRing.create(2, slots.bytes)
    const time = parseRfc3339('9999-12-31T23:59:59.999999999Z')
    const worker = {
      ...inputsOf(7),
      time,
      lastBlockId: EMPTY_BLOCK_ID,
      consensusHash: undefined,
      set: undefined,
    }
    slots.writeJob(ring, 3, worker)
    expect(slots.readJob(ring, 3)).toEqual(worker)
    const changed = { ...worker, consensusHash: sha256(Uint8Array.of(1)) }
    slots.writeJob(ring, 4, changed)
    expect(slots.readJob(ring, 4)).toEqual(changed)
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

  test('behavior: blocks of a validator set are signed and built through the ring byte for byte as on one thread, an ABSENT validator included; a set with a key the worker lacks, or too large for a slot, is built here', async () => {
    const keys = [11, 12, 13, 14].map(testBlockSigner)
    // Validator 13 is told not to sign from height 4: its CommitSig is ABSENT.
    const consensusOf = (h: number, signing = keys): HeightConsensus => ({
      validatorsHash: sha256(Uint8Array.of(1, h % 2)),
      nextValidatorsHash: sha256(Uint8Array.of(1, (h + 1) % 2)),
      proposerAddress: keys[h % keys.length]!.address,
      lastCommit: signing.map((k) => ({
        address: k.address,
        key: h >= 4 && k === keys[2] ? undefined : k,
      })),
    })
    const b = builder()
    const want: Block[] = []
    let last: BlockId = EMPTY_BLOCK_ID
    for (let h = 1; h <= 8; h++) {
      const block = b.build({
        ...inputsOf(h),
        lastBlockId: last,
        txs: [],
        consensus: consensusOf(h),
      })
      want.push(block)
      last = block.blockId
    }
    expect(want[4]!.lastCommit.signatures.map((s) => s.blockIdFlag)).toEqual([2, 2, 1, 2])
    const { source, serve, builtHere, errors } = sourceOnThisThread({ keys, capacity: 16 })
    const submitted = want.map((_, i) =>
      source.submit({ ...job(i + 1), consensus: consensusOf(i + 1) }),
    )
    expect(submitted.some((s) => s.isBuilt)).toBe(false)
    serve()
    for (const s of submitted) await s.built()
    expect(submitted.map((s) => view(s.block()))).toEqual(want.map(view))
    expect(builtHere()).toBe(0)
    expect(errors).toEqual([])

    // A signer whose key only the node holds, or one validator more than a slot has room for.
    const stranger = testBlockSigner(15)
    for (const signing of [
      [...keys.slice(0, 3), stranger],
      [...keys, stranger],
    ]) {
      const other = sourceOnThisThread({ keys })
      other.source.follow(want[7]!.blockId)
      const reference = builder().build({
        ...inputsOf(9),
        lastBlockId: want[7]!.blockId,
        txs: [],
        consensus: consensusOf(9, signing),
      })
      const made = other.source.submit({ ...job(9), consensus: consensusOf(9, signing) })
      expect(made.isBuilt).toBe(true)
      expect(view(made.block())).toEqual(view(reference))
      expect(other.builtHere()).toBe(1)
    }
  })

  test('error: a set whose key index the worker does not hold is answered "not built" and reported: the node builds that block', async () => {
    const keys = [11, 12].map(testBlockSigner)
    const consensus: HeightConsensus = {
      validatorsHash: sha256(Uint8Array.of(1)),
      nextValidatorsHash: sha256(Uint8Array.of(1)),
      proposerAddress: keys[0]!.address,
      lastCommit: keys.map((k) => ({ address: k.address, key: k })),
    }
    const b = builder()
    const first = b.build({ ...inputsOf(1), lastBlockId: EMPTY_BLOCK_ID, txs: [], consensus })
    const second = b.build({ ...inputsOf(2), lastBlockId: first.blockId, txs: [], consensus })
    const { source, serve, builtHere, errors } = sourceOnThisThread({
      keys,
      workerKeys: keys.slice(0, 1),
    })
    const submitted = [1, 2].map((h) => source.submit({ ...job(h), consensus }))
    serve()
    for (const s of submitted) await s.built()
    expect(submitted.map((s) => view(s.block()))).toEqual([first, second].map(view))
    // The first is not built there; the second has no previous block there to chain from.
    expect(builtHere()).toBe(2)
    expect(errors.map(([err, height]) => [(err as Error).message, height])).toEqual([
      ['no key 1: the worker holds 1: internal logic error', 1],
    ])
  })
})
