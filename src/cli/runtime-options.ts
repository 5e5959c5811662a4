import { setFlagsFromString } from 'node:v8'
import type { RuntimeConfig } from '../config/app-config.js'
import { ConfigError } from '../config/fields.js'
import type { LoadedHome } from '../config/home.js'
import type { Logger } from '../logger.js'
import { type RuntimeOptions, runtimeOptionsOf } from '../node/runtime-options.js'
import { DEFAULT_SECP256K1 } from '../tx/secp256k1.js'

/** The variables of the runtime options: each wins over its field of app.toml's `[runtime]`. */
export const RUNTIME_ENV = {
  /** `0`: blocks are built on the node's thread; any other value: on the block worker. */
  blockWorker: 'SDKD_BLOCK_WORKER',
  /** `0`: the node's thread checks the invariants; any other value: the invariant worker. */
  invariantWorker: 'SDKD_INVARIANT_WORKER',
  /** A whole number of verify workers. */
  verifyWorkers: 'SDKD_VERIFY_WORKERS',
  /** `node`: node:crypto verifies signatures; any other value: libsecp256k1. */
  secp256k1: 'SDKD_SECP256K1',
  /** `1`: V8 may pretenure; `0`: not. */
  v8Pretenuring: 'SDKD_V8_PRETENURING',
  /**
   * A whole number of percent: V8's old generation grows by that much between full collections;
   * `v8`: V8's own factor.
   */
  v8HeapGrowingPercent: 'SDKD_V8_HEAP_GROWING_PERCENT',
} as const

/**
 * A node's runtime options: app.toml's `[runtime]` with the SDKD_ variables over it (an empty
 * variable counts as unset). A bad value is an error naming the variable.
 */
export function readRuntimeOptions(
  config: RuntimeConfig,
  env: NodeJS.ProcessEnv = process.env,
  cores?: number,
): RuntimeOptions {
  const c = { ...config }
  const blockWorker = env[RUNTIME_ENV.blockWorker]
  if (blockWorker) c.blockWorker = blockWorker !== '0'
  const invariantWorker = env[RUNTIME_ENV.invariantWorker]
  if (invariantWorker) c.invariantWorker = invariantWorker !== '0'
  const workers = env[RUNTIME_ENV.verifyWorkers]?.trim()
  if (workers) {
    if (!/^\d+$/.test(workers)) {
      throw new ConfigError(
        RUNTIME_ENV.verifyWorkers,
        '',
        `invalid number of verify workers: ${workers}`,
      )
    }
    c.verifyWorkers = Number(workers)
  }
  const pretenuring = env[RUNTIME_ENV.v8Pretenuring]?.trim()
  if (pretenuring) {
    if (pretenuring !== '0' && pretenuring !== '1') {
      throw new ConfigError(RUNTIME_ENV.v8Pretenuring, '', `expected 0 or 1, got: ${pretenuring}`)
    }
    c.v8Pretenuring = pretenuring === '1'
  }
  const options = runtimeOptionsOf(c, cores)
  const growing = env[RUNTIME_ENV.v8HeapGrowingPercent]?.trim()
  if (growing === 'v8') options.v8HeapGrowingPercent = 'v8'
  else if (growing) {
    if (!/^\d+$/.test(growing) || Number(growing) < 1 || Number(growing) > 1000) {
      throw new ConfigError(
        RUNTIME_ENV.v8HeapGrowingPercent,
        '',
        `expected a whole number of percent from 1 to 1000, or v8, got: ${growing}`,
      )
    }
    options.v8HeapGrowingPercent = Number(growing)
  }
  const secp256k1 = env[RUNTIME_ENV.secp256k1]
  if (secp256k1) {
    options.secp256k1 =
      secp256k1 === 'node'
        ? { library: 'node:crypto', askedBy: `${RUNTIME_ENV.secp256k1}=node` }
        : DEFAULT_SECP256K1
  }
  return options
}

/**
 * Applies V8's allocation-site pretenuring to this process: whether V8 may allocate the objects of
 * a literal straight into the old generation once most of them were seen to outlive a
 * young-generation collection. A node's per-height objects (write batches, block records, the
 * block worker's results) live a few tens of milliseconds while a burst runs ahead of the disk,
 * long enough for V8 to pretenure them; then every young object they point at (keys, values,
 * block bytes) survives until the next full collection, and each young-generation collection
 * copies and promotes megabytes that are already dead (measured during a mined burst: 1.6 MB
 * promoted and a 12.5 ms pause per scavenge with it, 1.0 MB and 8 ms without). V8 reads the flag
 * whenever it weighs an allocation site, so it takes effect from the next collection on, in every
 * thread.
 */
export function applyV8Flags(
  options: Pick<RuntimeOptions, 'v8Pretenuring' | 'v8HeapGrowingPercent'>,
): void {
  setFlagsFromString(
    options.v8Pretenuring ? '--allocation-site-pretenuring' : '--no-allocation-site-pretenuring',
  )
  applyHeapGrowth(options)
}

/**
 * Applies how far V8's old generation grows between full collections. A node's heap holds about
 * 40–60 MB that live, but a mined burst promotes a height's dead objects (and the native buffers
 * they hold) by the megabyte, and V8's own factor (up to 4 while its collector keeps up) lets them
 * pile up to three times the live size. At 100% (the default) a long mining run holds about
 * 110 MB less, for a few percent more CPU on a mined burst or a tx load (more full collections,
 * mostly on V8's helper threads); at 50% less again, but a mined burst with invariants loses a
 * fifth of its blocks/s. V8 reads the flag at every full collection, in every thread; 0 is V8's
 * own default (its factor). The CLI applies it once the node has opened its home: while the state
 * loads, the live heap only grows, and V8's factor spares the start-up its extra full collections.
 */
export function applyHeapGrowth(options: Pick<RuntimeOptions, 'v8HeapGrowingPercent'>): void {
  const percent = options.v8HeapGrowingPercent
  setFlagsFromString(`--heap-growing-percent=${percent === 'v8' ? 0 : percent}`)
}

/**
 * The runtime options of a node this process runs on `home`: read once, V8's pretenuring applied
 * (its heap growth left at V8's own factor until `applyHeapGrowth`), the choice logged (debug);
 * pass them to `Node.create`, then call `applyHeapGrowth` once it has opened the home.
 */
export function useRuntimeOptions(
  home: Pick<LoadedHome, 'app'>,
  logger: Logger,
  env: NodeJS.ProcessEnv = process.env,
): RuntimeOptions {
  const options = readRuntimeOptions(home.app.runtime, env)
  applyV8Flags({ ...options, v8HeapGrowingPercent: 'v8' })
  logger.debug(
    {
      module: 'server',
      pretenuring: options.v8Pretenuring,
      heapGrowingPercent: options.v8HeapGrowingPercent,
    },
    'V8 allocation sites',
  )
  return options
}
