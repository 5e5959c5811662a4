import type { Readable } from './types.js'

/**
 * The same state without gas charges where a gas meter wraps it, else the state itself: for the
 * reads sdkd makes that its pinned gas figures do not count yet (the vesting look-ups of a send or
 * a delegation, which upstream charges as account reads).
 */
export function unmetered<S extends Readable>(state: S): S {
  return (state as S & { unmetered?: S }).unmetered ?? state
}
