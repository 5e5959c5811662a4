import { type BlockContext, EMPTY_COMET_INFO } from '../../src/app/types.js'
import { EventManager } from '../../src/block/events.js'
import { scratchState } from '../../src/store/scratch.js'
import type { KVReader } from '../../src/store/types.js'

const EMPTY: KVReader = {
  get: async () => undefined,
  has: async () => false,
  async *iterate() {},
}

/**
 * The block context of an InitGenesis in a module's unit test: an empty scratch state at height 0
 * (time 0), no events yet, no votes. Only the fields genesis code reads are set.
 */
export function genesisContext(): BlockContext {
  return {
    state: scratchState({ store: () => EMPTY }),
    events: new EventManager(),
    height: 0,
    time: 0n,
    comet: EMPTY_COMET_INFO,
  } as unknown as BlockContext
}
