import { GrpcCode, StatusError } from '../../errors.js'

// x/consensus registers no codespace of its own; its query server answers with status errors.

/** Query/Params before any params are stored: upstream's collections error, as NotFound (decision 3). */
export function paramsNotFound(): StatusError {
  return new StatusError(
    GrpcCode.NotFound,
    "collections: not found: key 'no_key' of type tendermint.types.ConsensusParams",
  )
}
