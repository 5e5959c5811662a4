import { availableParallelism } from 'node:os'
import type { RuntimeConfig } from '../config/app-config.js'
import { DEFAULT_SECP256K1, type Secp256k1Choice } from '../tx/secp256k1.js'

/**
 * Where a node runs its work, and with what. The CLI reads them once (app.toml's `[runtime]` with
 * the SDKD_ variables over it) and passes them to `Node.create`; V8's flags are the process's, so
 * the CLI applies `v8Pretenuring` itself: a node never changes them.
 */
export interface RuntimeOptions {
  /** Hash and sign the empty blocks of a burst on a worker thread. */
  blockWorker: boolean
  /** Check the invariants of the blocks the node makes on a worker thread. */
  invariantWorker: boolean
  /** Worker threads verifying tx signatures ahead of CheckTx (0: the node's thread verifies). */
  verifyWorkers: number
  /** The secp256k1 library of every thread. */
  secp256k1: Secp256k1Choice
  /** V8's allocation-site pretenuring (applied by the CLI). */
  v8Pretenuring: boolean
  /**
   * V8's old-generation growth between full collections, percent of what the last one kept
   * (applied by the CLI); `v8`: V8's own factor, up to 400%.
   */
  v8HeapGrowingPercent: number | 'v8'
}

/**
 * The old generation may double what a full collection kept before the next one (why: the CLI's
 * `applyHeapGrowth`; figures: docs/performance-log.md, "the old generation may double").
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 100

/**
 * Verify workers for `verify-workers = "auto"`: one where the machine has a second core (the
 * node's thread is the bottleneck under load; the worker takes the signatures off it), else none.
 */
export function defaultVerifyWorkers(cores: number = availableParallelism()): number {
  return cores >= 2 ? 1 : 0
}

/** The options app.toml's `[runtime]` asks for, `auto` resolved for this machine. */
export function runtimeOptionsOf(config: RuntimeConfig, cores?: number): RuntimeOptions {
  return {
    blockWorker: config.blockWorker,
    invariantWorker: config.invariantWorker,
    verifyWorkers:
      config.verifyWorkers === 'auto' ? defaultVerifyWorkers(cores) : config.verifyWorkers,
    secp256k1:
      config.secp256k1 === 'node'
        ? { library: 'node:crypto', askedBy: 'config/app.toml: runtime.secp256k1 = "node"' }
        : DEFAULT_SECP256K1,
    v8Pretenuring: config.v8Pretenuring,
    v8HeapGrowingPercent: DEFAULT_HEAP_GROWING_PERCENT,
  }
}

/**
 * The options of a node that runs no blocks or txs (a command on a stopped home, `start
 * --grpc-only`): app.toml's, without worker threads.
 */
export function runtimeWithoutWorkers(config: RuntimeConfig): RuntimeOptions {
  return {
    ...runtimeOptionsOf(config),
    blockWorker: false,
    invariantWorker: false,
    verifyWorkers: 0,
  }
}
