import { CTRL, type SharedRing } from './shared-ring.js'

/**
 * How often an idle worker looks for jobs (ms) in the first FAST_FOR_MS after its last one: a lone
 * client's next request comes about a millisecond after its answer, and waits no longer for it.
 */
const FAST_POLL_MS = 0.2
/** How long an idle worker looks every FAST_POLL_MS (ms). */
const FAST_FOR_MS = 2
/**
 * How often it looks after that (ms), until POLL_FOR_MS. While a block of txs runs, the node's
 * thread hands a worker bodies once every 20 ms: a timed wait that runs out costs the machine about
 * 25 µs of CPU and can take the node's core, and under a broadcast load looking every 1 ms after
 * the first 2 took about 4% off the node's CPU per included tx (the performance log, 2026-12-07,
 * evening).
 */
const POLL_MS = 1
/** How long an idle worker keeps looking after its last job (ms). */
const POLL_FOR_MS = 50

/**
 * A worker's loop: claims the next published job, runs `handle(seq)` (which stores the job's result
 * in its slot), counts it done and wakes the node; returns once told to stop with nothing left, or,
 * with `untilIdle`, as soon as nothing is left (tests serve a ring on their own thread). Several
 * workers may serve one ring. With nothing to claim a worker looks again every FAST_POLL_MS, after
 * FAST_FOR_MS every POLL_MS, for `pollForMs` (POLL_FOR_MS unless told), then sleeps until the node
 * wakes it: under load the node never pays for a wake-up (on a busy machine, waking a thread can
 * cost the waker as much as a job). A worker whose results are not waited for at once (the block
 * worker) polls for 0 ms: the node wakes it for several jobs at a time.
 */
export function serveRing(
  ring: SharedRing,
  handle: (seq: number) => void,
  options: { untilIdle?: boolean; pollForMs?: number } = {},
): void {
  const { ctrl } = ring
  const pollForMs = options.pollForMs ?? POLL_FOR_MS
  let idleSince: number | undefined
  for (;;) {
    const claimed = Atomics.load(ctrl, CTRL.claimed)
    if (claimed === Atomics.load(ctrl, CTRL.written)) {
      if (options.untilIdle || Atomics.load(ctrl, CTRL.stop) === 1) return
      idleSince ??= performance.now()
      const idle = performance.now() - idleSince
      if (idle < pollForMs) {
        Atomics.wait(ctrl, CTRL.written, claimed, idle < FAST_FOR_MS ? FAST_POLL_MS : POLL_MS)
        continue
      }
      Atomics.add(ctrl, CTRL.sleeping, 1)
      // The node publishes before it looks at `sleeping`: nothing is missed between the two loads.
      if (claimed === Atomics.load(ctrl, CTRL.written) && Atomics.load(ctrl, CTRL.stop) === 0)
        Atomics.wait(ctrl, CTRL.written, claimed)
      Atomics.sub(ctrl, CTRL.sleeping, 1)
      continue
    }
    if (Atomics.compareExchange(ctrl, CTRL.claimed, claimed, (claimed + 1) | 0) !== claimed)
      continue
    idleSince = undefined
    handle(claimed)
    Atomics.add(ctrl, CTRL.done, 1)
    Atomics.notify(ctrl, CTRL.done)
  }
}
