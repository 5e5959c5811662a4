import { GrpcCode, registerError } from '../../errors.js'

// Errors of codespace `upgrade` (upstream x/upgrade/types/errors.go), with the statuses we expose.

/** `module version not found` (ModuleVersions with an unknown module_name). */
export const ErrNoModuleVersionFound = registerError(
  'upgrade',
  2,
  'module version not found',
  GrpcCode.NotFound,
)
/** `upgrade plan not found` */
export const ErrNoUpgradePlanFound = registerError(
  'upgrade',
  3,
  'upgrade plan not found',
  GrpcCode.NotFound,
)
/** `upgraded client not found` */
export const ErrNoUpgradedClientFound = registerError(
  'upgrade',
  4,
  'upgraded client not found',
  GrpcCode.NotFound,
)
/** `upgraded consensus state not found` */
export const ErrNoUpgradedConsensusStateFound = registerError(
  'upgrade',
  5,
  'upgraded consensus state not found',
  GrpcCode.NotFound,
)
/** `expected authority account as only signer for proposal message` */
export const ErrInvalidSigner = registerError(
  'upgrade',
  6,
  'expected authority account as only signer for proposal message',
  GrpcCode.PermissionDenied,
)
