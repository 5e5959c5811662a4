import type { ProtoRegistry } from '../../codec/proto.js'
import { GrpcCode, registerError, UndefinedCodeError } from '../../errors.js'

// Errors of codespace `gov` (upstream x/gov/types/errors.go), with the statuses we expose.

export const ErrUnknownProposal = registerError('gov', 2, 'unknown proposal', GrpcCode.NotFound)
export const ErrInactiveProposal = registerError(
  'gov',
  3,
  'inactive proposal',
  GrpcCode.FailedPrecondition,
)
export const ErrAlreadyActiveProposal = registerError(
  'gov',
  4,
  'proposal already active',
  GrpcCode.FailedPrecondition,
)
export const ErrInvalidProposalContent = registerError(
  'gov',
  5,
  'invalid proposal content',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidProposalType = registerError(
  'gov',
  6,
  'invalid proposal type',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidVote = registerError(
  'gov',
  7,
  'invalid vote option',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidGenesis = registerError(
  'gov',
  8,
  'invalid genesis state',
  GrpcCode.InvalidArgument,
)
export const ErrNoProposalHandlerExists = registerError(
  'gov',
  9,
  'no handler exists for proposal type',
  GrpcCode.InvalidArgument,
)
export const ErrUnroutableProposalMsg = registerError(
  'gov',
  10,
  'proposal message not recognized by router',
  GrpcCode.InvalidArgument,
)
export const ErrNoProposalMsgs = registerError(
  'gov',
  11,
  'no messages proposed',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidProposalMsg = registerError(
  'gov',
  12,
  'invalid proposal message',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidSigner = registerError(
  'gov',
  13,
  'expected gov account as only signer for proposal message',
  GrpcCode.PermissionDenied,
)
export const ErrMetadataTooLong = registerError(
  'gov',
  15,
  'metadata too long',
  GrpcCode.InvalidArgument,
)
export const ErrMinDepositTooSmall = registerError(
  'gov',
  16,
  'minimum deposit is too small',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidProposer = registerError(
  'gov',
  18,
  'invalid proposer',
  GrpcCode.PermissionDenied,
)
export const ErrVotingPeriodEnded = registerError(
  'gov',
  20,
  'voting period already ended',
  GrpcCode.FailedPrecondition,
)
export const ErrInvalidProposal = registerError(
  'gov',
  21,
  'invalid proposal',
  GrpcCode.InvalidArgument,
)
export const ErrSummaryTooLong = registerError(
  'gov',
  22,
  'summary too long',
  GrpcCode.InvalidArgument,
)
export const ErrInvalidDepositDenom = registerError(
  'gov',
  23,
  'invalid deposit denom',
  GrpcCode.InvalidArgument,
)

/**
 * A proposal id the store does not hold, as MsgDeposit and MsgCancelProposal meet it: upstream
 * returns the collections map's miss as is (a plain error: code 1, codespace `undefined`), the key
 * printed by the uint64 key codec and the value type by its Go name.
 */
export function proposalNotFound(registry: ProtoRegistry, id: bigint): UndefinedCodeError {
  return new UndefinedCodeError(
    `collections: not found: key '${id}' of type github.com/cosmos/gogoproto/${registry.name('sdk.gov.v1.Proposal')}`,
  )
}
