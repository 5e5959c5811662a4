import { useBrand } from '../codec/brand.js'
import { createEd25519Signer } from '../codec/ed25519.js'
import { protoRegistry } from '../codec/proto.js'
import { reportJobError, serveInWorker, workerOptions, workerRing } from '../threads/in-worker.js'
import { BlockBuilder } from './block.js'
import { BlockJobs } from './worker-jobs.js'
import { BlockSlots } from './worker-ring.js'
import type { BlockWorkerData } from './worker-source.js'

/**
 * The block worker: loads a builder like the node's and builds the empty blocks of its ring. It
 * sleeps as soon as it runs out of jobs: the node wakes it (WorkerBlockSource).
 */
const data = workerOptions<BlockWorkerData>()
const slots = new BlockSlots(data.maxSigners)
const ring = workerRing(slots.bytes)
serveInWorker(
  ring,
  () => {
    useBrand(data.brand)
    const builder = new BlockBuilder(
      protoRegistry(),
      data.chainId,
      {
        address: data.address,
        pubKey: data.pubKey,
        power: BigInt(data.power),
        sign: createEd25519Signer(data.seed).sign,
      },
      { blockMaxBytes: BigInt(data.blockMaxBytes), blockMaxGas: BigInt(data.blockMaxGas) },
    )
    const keys = data.keySeeds.map((seed) => createEd25519Signer(seed))
    const jobs = new BlockJobs(ring, slots, builder, keys, (err, height) =>
      reportJobError(err, { height }, "could not build a block: the node's thread builds it"),
    )
    return jobs.handle
  },
  { pollForMs: 0 },
)
