import { setFlagsFromString } from 'node:v8'
import { ConfigError } from '../config/fields.js'

/** The variable that turns V8's allocation-site pretenuring back on (1) or keeps it off (0). */
export const PRETENURING_ENV = 'SDKD_V8_PRETENURING'

/**
 * Whether V8 may pretenure: allocate the objects of a literal straight into the old generation once
 * most of them were seen to outlive a young-generation collection. A node's per-height objects
 * (write batches, block records, the block worker's results) live a few tens of milliseconds while
 * a burst runs ahead of the disk, long enough for V8 to pretenure them; then every young object they
 * point at (keys, values, block bytes) survives until the next full collection, and each
 * young-generation collection copies and promotes megabytes that are already dead (measured during a
 * mined burst: 1.6 MB promoted and a 12.5 ms pause per scavenge with it, 1.0 MB and 8 ms without).
 * SDKD_V8_PRETENURING (0 or 1) overrides the choice; unset: off.
 */
export function pretenuring(env: NodeJS.ProcessEnv = process.env): boolean {
  const text = env[PRETENURING_ENV]?.trim()
  if (!text) return false
  if (text !== '0' && text !== '1') {
    throw new ConfigError(PRETENURING_ENV, '', `expected 0 or 1, got: ${text}`)
  }
  return text === '1'
}

/**
 * Applies `pretenuring` to this process. V8 reads the flag whenever it weighs an allocation site,
 * so it takes effect from the next collection on, in every thread. Returns the choice.
 */
export function tuneGarbageCollection(env: NodeJS.ProcessEnv = process.env): boolean {
  const on = pretenuring(env)
  setFlagsFromString(on ? '--allocation-site-pretenuring' : '--no-allocation-site-pretenuring')
  return on
}
