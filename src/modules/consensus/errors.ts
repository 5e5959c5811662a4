import { GrpcCode, StatusError, UndefinedCodeError } from '../../errors.js'

// x/consensus registers no codespace of its own: its query server answers with status errors, its
// msg server with upstream's plain errors (code 1 in a block).

/** Upstream's collections error for the params before any are stored. */
const PARAMS_NOT_FOUND =
  "collections: not found: key 'no_key' of type tendermint.types.ConsensusParams"

/** Query/Params before any params are stored: upstream's collections error, as NotFound (decision 3). */
export function paramsNotFound(): StatusError {
  return new StatusError(GrpcCode.NotFound, PARAMS_NOT_FOUND)
}

/** MsgUpdateParams before any params are stored: the same error, a plain one in a block. */
export function paramsNotStored(): UndefinedCodeError {
  return new UndefinedCodeError(PARAMS_NOT_FOUND)
}
