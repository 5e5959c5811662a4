import { utf8 } from '../../codec/bytes.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { Item, protoValue } from '../../store/collections.js'

export const MODULE_NAME = 'consensus'

/** Store layout of x/consensus (upstream collections prefix `Consensus`). */
export function consensusCollections(registry: ProtoRegistry) {
  return {
    /** "Consensus" → tendermint.types.ConsensusParams */
    params: new Item(
      utf8('Consensus'),
      protoValue(registry.type('tendermint.types.ConsensusParams')),
    ),
  }
}
