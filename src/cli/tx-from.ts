import type {
  KeyRecord,
  LedgerKeyRecord,
  MultisigKeyRecord,
  OfflineKeyRecord,
} from '../client/keyring.js'
import { bech32ToAddress, isAddress } from '../codec/address.js'
import { ErrInvalidAddress, wrapText } from '../errors.js'
import { CliError } from './errors.js'
import { keyringFor, keysCommand } from './keys.js'
import type { GlobalFlags } from './start-flags.js'

// The signer a tx command's `--from` names, and the multisig key a `--multisig` names.

/**
 * The signer named by `--from`: a keyring key, or a multisig key of the keyring (its members sign
 * for it), or (for --generate-only and --dry-run) a bare address.
 */
export interface FromAccount {
  address: string
  key?: KeyRecord
  multisig?: MultisigKeyRecord
  /**
   * A public key held for someone else (`keys add --pubkey`), or a Ledger device's key: its txs are
   * generated, not signed.
   */
  offline?: OfflineKeyRecord | LedgerKeyRecord
}

/**
 * The key that signs for `--from`: a multisig key has none (upstream's `cannot sign with offline
 * keys`), and the error says how its members sign for it.
 */
export function signingKey(from: FromAccount): KeyRecord {
  if (from.key) return from.key
  if (from.offline?.type === 'ledger')
    throw new CliError(
      `cannot sign with ${from.offline.name}: a Ledger key, and sdkd drives no device; generate the tx with --generate-only and sign it with the device`,
    )
  if (from.offline)
    throw new CliError(
      `cannot sign with offline keys: ${from.offline.name} is a public key only (keys add --pubkey); generate the tx with --generate-only and have the key's holder sign it`,
    )
  const name = from.multisig?.name ?? from.address
  throw new CliError(
    `cannot sign with offline keys: ${name} is a multisig key; generate the tx with --generate-only, have its members sign it with "sdkd tx sign <file> --from <member> --multisig ${name}", then combine their signatures with "sdkd tx multisign <file> ${name} <signature files>"`,
  )
}

/**
 * What `--from` is read for, as upstream's GetFromFields tells it by the flags: to sign, a key of
 * the keyring (by name or address); to generate (`--generate-only`), a key or a bare address; to
 * simulate (`--dry-run`, with or without `--generate-only`), an address only, taken as it is.
 */
export type FromUse = 'sign' | 'generate' | 'simulate'

/** The use of `--from` a tx command's flags make. */
export function fromUse(flags: {
  generateOnly?: boolean
  dryRun?: boolean
  impersonate?: boolean
}): FromUse {
  // An impersonated account signs nothing either: a bare address will do.
  return flags.dryRun ? 'simulate' : flags.generateOnly || flags.impersonate ? 'generate' : 'sign'
}

/** Resolves `--from` (required) for its use. */
export async function resolveFrom(
  g: GlobalFlags,
  flags: { from?: string; keyringBackend?: string },
  use: FromUse,
): Promise<FromAccount> {
  if (!flags.from) throw new CliError('--from is required: the name or address of the signer')
  if (use === 'simulate') {
    // Upstream reads no key in simulation mode: a key name is refused.
    const problem = accAddressProblem(flags.from)
    if (problem !== undefined)
      throw new CliError(
        `failed to convert address field to address: a valid bech32 address must be provided in simulation mode: ${problem}`,
      )
    return { address: flags.from }
  }
  const kr = await keyringFor(g, flags.keyringBackend)
  try {
    const record = await kr.resolve(flags.from)
    if (record.type === 'multi') return { address: record.address, multisig: record }
    if (record.type === 'offline' || record.type === 'ledger')
      return { address: record.address, offline: record }
    return { address: record.address, key: record }
  } catch (err) {
    if (use === 'generate' && isAddress(flags.from)) return { address: flags.from }
    // Upstream's words first (scripts match them: the client context's prefix, then the
    // keyring's miss), then where the keyring's names are listed.
    if (err instanceof Error && err.message.endsWith('key not found'))
      throw new CliError(
        `failed to convert address field to address: ${err.message}: ${noKeyHint(g, flags.from, flags.keyringBackend)}`,
      )
    throw err
  }
}

/**
 * Why `text` is no account address, in the words of upstream's sdk.AccAddressFromBech32 (its
 * decoding errors plain, another prefix worded by GetFromBech32, the format check's with its
 * root); undefined when it is one.
 */
function accAddressProblem(text: string): string | undefined {
  try {
    bech32ToAddress(text)
    return undefined
  } catch (err) {
    if (!ErrInvalidAddress.is(err)) return err instanceof Error ? err.message : String(err)
    return wrapText(err).replace(
      /^hrp does not match bech32 prefix: expected '(.*)' got '(.*)'$/,
      'invalid Bech32 prefix; expected $1, got $2',
    )
  }
}

/**
 * The multisig key a `--multisig` flag or a `multisign` argument names: by name or address, a
 * multisig key of the keyring (upstream GetFromFields, then the record's multisig public key).
 */
export async function resolveMultisig(
  g: GlobalFlags,
  nameOrAddress: string,
  backend: string | undefined,
  /** Upstream's prefix of a lookup failure. */
  failure = 'error getting account from keybase',
): Promise<MultisigKeyRecord> {
  const kr = await keyringFor(g, backend)
  const record = await kr.resolve(nameOrAddress).catch((err: Error) => {
    throw new CliError(`${failure}: ${err.message}: ${noKeyHint(g, nameOrAddress, backend)}`)
  })
  if (record.type !== 'multi')
    throw new CliError(
      `${nameOrAddress} is not a multisig key: add one with "sdkd keys add <name> --multisig <keys> --multisig-threshold <k>"`,
    )
  return record
}

/** What follows a keyring miss: where the keyring's names are listed. */
function noKeyHint(g: GlobalFlags, name: string, backend: string | undefined): string {
  return `no key ${JSON.stringify(name)} in this keyring; \`${keysCommand(g, 'list', backend)}\` lists its keys`
}
