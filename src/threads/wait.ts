import { CTRL, type SharedRing } from './shared-ring.js'

type WaitAsyncResult =
  | { async: false; value: 'not-equal' | 'timed-out' }
  | { async: true; value: Promise<string> }

/** Atomics.waitAsync (Node 16+; not in this project's TypeScript lib). */
export const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number, timeoutMs?: number): WaitAsyncResult
  }
).waitAsync.bind(Atomics)

/**
 * Resolves true once job `seq` of `ring` is done, false once the ring has failed or `timeoutMs`
 * have passed, without blocking this thread. A pending waitAsync does not keep the process alive:
 * the caller refs its worker meanwhile if it must.
 */
export async function whenDone(ring: SharedRing, seq: number, timeoutMs: number): Promise<boolean> {
  const { ctrl } = ring
  const deadline = performance.now() + timeoutMs
  for (;;) {
    // Read once: the wait below sleeps only while the count is still this one.
    const done = Atomics.load(ctrl, CTRL.done)
    if (ring.isDone(seq, done)) return true
    if (ring.failed) return false
    const left = deadline - performance.now()
    if (left <= 0) return false
    const w = waitAsync(ctrl, CTRL.done, done, left)
    if (w.async) await w.value
  }
}

/**
 * Calls `then` (in a microtask, never at once) once a worker has counted another job done after
 * this call, or at once when `ready()` already says the next result is in: a worker stores a
 * result before it counts it done, so one counted already is visible. The count is read before
 * `ready()`, so a job finished in between wakes the wait. Never blocks this thread.
 */
export function afterNextDone(ring: SharedRing, ready: () => boolean, then: () => void): void {
  const done = Atomics.load(ring.ctrl, CTRL.done)
  if (ready()) {
    queueMicrotask(then)
    return
  }
  const w = waitAsync(ring.ctrl, CTRL.done, done)
  if (w.async) void w.value.then(then)
  else queueMicrotask(then)
}
