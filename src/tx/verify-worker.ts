import { parentPort, workerData } from 'node:worker_threads'
import { secp256k1Verifier } from './secp256k1.js'
import { CTRL, RESULT, VerifyRing } from './verify-ring.js'

/**
 * Verifies the jobs of a ring: claims the next published job, verifies it with this process's
 * library (the same rules as on the node's thread), stores the result and wakes the node; sleeps
 * while there is nothing to claim, and returns once told to stop with nothing left.
 */
export function serveRing(ring: VerifyRing): void {
  const { ctrl, results } = ring
  const verifier = secp256k1Verifier()
  for (;;) {
    const claimed = Atomics.load(ctrl, CTRL.claimed)
    if (claimed === Atomics.load(ctrl, CTRL.written)) {
      if (Atomics.load(ctrl, CTRL.stop) === 1) return
      Atomics.add(ctrl, CTRL.sleeping, 1)
      // the node publishes before it looks at `sleeping`: nothing is missed between the two loads
      if (claimed === Atomics.load(ctrl, CTRL.written) && Atomics.load(ctrl, CTRL.stop) === 0) {
        Atomics.wait(ctrl, CTRL.written, claimed)
      }
      Atomics.sub(ctrl, CTRL.sleeping, 1)
      continue
    }
    if (Atomics.compareExchange(ctrl, CTRL.claimed, claimed, (claimed + 1) | 0) !== claimed) {
      continue
    }
    const job = ring.read(claimed)
    const ok = verifier.verify(job.pub, job.msg, job.sig, job.digest)
    Atomics.store(results, ring.slotOf(claimed), ok ? RESULT.valid : RESULT.invalid)
    Atomics.add(ctrl, CTRL.done, 1)
    Atomics.notify(ctrl, CTRL.done)
  }
}

if (parentPort && workerData?.ring instanceof SharedArrayBuffer) {
  serveRing(new VerifyRing(workerData.ring))
}
