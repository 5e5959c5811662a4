import { GrpcCode, registerError } from '../../errors.js'

// Errors of codespace `params` (upstream x/params/types/errors.go).

/** `unknown subspace` */
export const ErrUnknownSubspace = registerError('params', 2, 'unknown subspace', GrpcCode.NotFound)
