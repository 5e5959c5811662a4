import { parentPort, workerData } from 'node:worker_threads'
import { serveRing } from './serve-ring.js'
import { CTRL, SharedRing } from './shared-ring.js'

/** What a worker tells the node's thread (`RingWorker` logs the errors). */
export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'job-error'; err: unknown; fields: object; message: string }

/** In a worker thread: its ring (`workerData.ring`), whose slots are `slotBytes` long. */
export function workerRing(slotBytes: number): SharedRing {
  return new SharedRing((workerData as { ring: SharedArrayBuffer }).ring, slotBytes)
}

/** In a worker thread: what the node passed besides the ring. */
export function workerOptions<T extends object>(): T {
  return workerData as T
}

/**
 * In a worker thread: sets up the job handler (`load`), says it is ready and serves the ring until
 * told to stop (`options.pollForMs`: how long it polls for a job before it sleeps, see serveRing).
 * A failure marks the ring failed at once (the node does the jobs itself) and is thrown on, so the
 * node logs it as the worker's error.
 */
export function serveInWorker(
  ring: SharedRing,
  load: () => (seq: number) => void,
  options: { pollForMs?: number } = {},
): void {
  try {
    const handle = load()
    Atomics.store(ring.ctrl, CTRL.ready, 1)
    parentPort?.postMessage({ kind: 'ready' } satisfies WorkerMessage)
    serveRing(ring, handle, options)
  } catch (err) {
    ring.fail()
    throw err
  }
}

/**
 * In a worker thread: tells the node a job failed here (it logs the error with `fields`; the job's
 * result says what the node does about it).
 */
export function reportJobError(err: unknown, fields: object, message: string): void {
  const sent: WorkerMessage = {
    kind: 'job-error',
    // An Error crosses threads whole (message, stack, cause); anything else as its text.
    err: err instanceof Error ? err : String(err),
    fields,
    message,
  }
  parentPort?.postMessage(sent)
}
