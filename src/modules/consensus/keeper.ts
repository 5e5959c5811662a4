import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { Readable, Writable } from '../../store/types.js'
import { consensusCollections, MODULE_NAME } from './keys.js'
import { consensusParamsWrites } from './writes.js'

export interface ConsensusKeeperOptions {
  registry: ProtoRegistry
}

/** x/consensus keeper: the chain's consensus params as app state. */
export class ConsensusKeeper {
  readonly c: ReturnType<typeof consensusCollections>

  constructor({ registry }: ConsensusKeeperOptions) {
    this.c = consensusCollections(registry)
  }

  /** The stored params, or undefined (the store is empty or did not exist at that height). */
  async params(state: Readable): Promise<Proto<'tendermint.types.ConsensusParams'> | undefined> {
    return this.c.params.get(state.store(MODULE_NAME))
  }

  setParams(state: Writable, params: ProtoInit<'tendermint.types.ConsensusParams'>): void {
    this.c.params.set(state.store(MODULE_NAME), params)
    consensusParamsWrites.count++
  }
}
