import { serveInWorker, workerOptions, workerRing } from '../threads/in-worker.js'
import { chooseSecp256k1 } from './secp256k1.js'
import type { VerifyWorkerData } from './verify-pool.js'
import { readVerifyJob, storeVerifyResult, VERIFY_SLOT } from './verify-ring.js'

/**
 * A verify worker: verifies the jobs of its ring with the library the node chose (the same rules
 * as on the node's thread) and stores each result in the job's slot.
 */
const ring = workerRing(VERIFY_SLOT)
serveInWorker(ring, () => {
  const verifier = chooseSecp256k1(workerOptions<VerifyWorkerData>().secp256k1)
  return (seq) => {
    const job = readVerifyJob(ring, seq)
    storeVerifyResult(ring, seq, verifier.verify(job.pub, job.msg, job.sig, job.digest))
  }
})
