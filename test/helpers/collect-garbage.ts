import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// V8's collector, for tests that check what is still reachable: exposed to new contexts only.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * A full collection, after a turn of the event loop: a WeakRef's target stays alive until the job
 * that made or read it ends, so collecting at once would find it alive whatever the code holds.
 */
export async function collectGarbage(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve))
  gc()
}
