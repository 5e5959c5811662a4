import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { ErrInvalidSigner } from './errors.js'

/** The gov module account: the authority of every module's governance-only messages. */
export function govAuthority(): string {
  return addressToBech32(moduleAddress('gov'))
}

/** Upstream's msg servers' check of a governance-only message's authority (gov 13). */
export function checkAuthority(authority: string, expected: string = govAuthority()): void {
  if (authority !== expected)
    throw ErrInvalidSigner.wrap(`invalid authority; expected ${expected}, got ${authority}`)
}
