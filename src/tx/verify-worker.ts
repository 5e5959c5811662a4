import { parentPort, workerData } from 'node:worker_threads'
import { secp256k1Verifier } from './secp256k1.js'
import { CTRL, RESULT, VerifyRing } from './verify-ring.js'

/** How often an idle worker looks for jobs (ms) before it sleeps until woken. */
const POLL_MS = 0.2
/** How long a worker keeps looking after its last job (ms). */
const POLL_FOR_MS = 50

/**
 * Verifies the jobs of a ring: claims the next published job, verifies it with this process's
 * library (the same rules as on the node's thread), stores the result and wakes the node; returns
 * once told to stop with nothing left. With nothing to claim it looks again every POLL_MS for a
 * while, then sleeps until the node wakes it: under load the node never pays for a wake-up (on a
 * busy machine, waking a thread can cost the waker as much as a verification).
 */
export function serveRing(ring: VerifyRing): void {
  const { ctrl, results } = ring
  const verifier = secp256k1Verifier()
  let idleSince: number | undefined
  for (;;) {
    const claimed = Atomics.load(ctrl, CTRL.claimed)
    if (claimed === Atomics.load(ctrl, CTRL.written)) {
      if (Atomics.load(ctrl, CTRL.stop) === 1) return
      idleSince ??= performance.now()
      if (performance.now() - idleSince < POLL_FOR_MS) {
        Atomics.wait(ctrl, CTRL.written, claimed, POLL_MS)
        continue
      }
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
    idleSince = undefined
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
