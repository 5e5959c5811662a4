import { parentPort, workerData } from 'node:worker_threads'
import { useBrand } from '../codec/brand.js'
import { createEd25519Signer } from '../codec/ed25519.js'
import { protoRegistry } from '../codec/proto.js'
import { BlockBuilder } from './block.js'
import { PIPE, PipelineRing, PipelineServer, type PipelineWorkerData } from './pipeline.js'

/** The block pipeline's worker: loads a builder like the node's, says it is ready, serves the ring. */
const data = workerData as PipelineWorkerData
const ring = new PipelineRing(data.ring)
try {
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
  Atomics.store(ring.ctrl, PIPE.ready, 1)
  parentPort?.postMessage('ready')
  new PipelineServer(ring, builder).serve()
} catch {
  // The node builds every block itself from here on (it checks this word before and while waiting).
  Atomics.store(ring.ctrl, PIPE.failed, 1)
  Atomics.notify(ring.ctrl, PIPE.done)
}
