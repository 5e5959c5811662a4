import type { Command } from 'commander'
import type { KeyRecord } from '../client/keyring.js'
import { isMultisigSigner } from '../client/multisig-signing.js'
import type { SignModeName } from '../client/tx-builder.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'
import { resolveFrom, resolveMultisig, signingKey } from './tx-from.js'

/** The flags of `tx sign` and `tx sign-batch` that say who signs, for whom and how. */
export interface SignerFlags {
  from?: string
  keyringBackend?: string
  multisig?: string
  signMode?: SignModeName
  signatureOnly?: boolean
}

/** The key that signs, the account it signs for, the sign mode, and what is printed. */
export interface SigningAccount {
  key: KeyRecord
  /** The account's name as given (`--from`, or `--multisig`) and its address. */
  name: string | undefined
  address: string
  signMode: SignModeName
  signatureOnly: boolean
  /** Set when the key signs as a member of this multisig account. */
  multisig: boolean
}

/**
 * `--from` and `--multisig` resolved: the key's own account, or the multisig account the key is
 * a member of — directly or through a nested multisig member (upstream isMultisigSigner) —
 * which members sign for in amino-json, printing only their signature.
 */
export async function resolveSigningAccount(
  g: GlobalFlags,
  f: SignerFlags,
  cmd: Command,
): Promise<SigningAccount> {
  const from = await resolveFrom(g, f, 'sign')
  const key = signingKey(from)
  const own: SigningAccount = {
    key,
    name: f.from,
    address: from.address,
    signMode: f.signMode ?? 'direct',
    signatureOnly: f.signatureOnly === true,
    multisig: false,
  }
  if (f.multisig === undefined) return own
  const multisig = await resolveMultisig(g, f.multisig, f.keyringBackend)
  if (!isMultisigSigner(multisig.members, key.pubKey))
    throw new CliError('signing key is not a part of multisig key')
  // Upstream signs for a multisig in amino-json unless told otherwise; a direct signature
  // could not be combined (it signs the member's own signer info), so it is refused.
  const source = cmd.getOptionValueSource('signMode')
  if (f.signMode === 'direct' && source !== undefined && source !== 'default')
    throw new CliError(
      'multisig members sign in amino-json: --sign-mode direct cannot be combined by "sdkd tx multisign" (SIGN_MODE_DIRECT is not supported for multisig)',
    )
  return {
    key,
    name: f.multisig,
    address: multisig.address,
    signMode: 'amino-json',
    signatureOnly: true,
    multisig: true,
  }
}
