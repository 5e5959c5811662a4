import {
  type Keyring,
  type MultisigKeyRecord,
  type MultisigMember,
  memberOfRecord,
  multisigRecordOf,
  sortedByAddress,
  validateMultisigThreshold,
} from '../client/keyring.js'
import { CliError } from './errors.js'

// The multisig keys of `sdkd keys add --multisig` and of `sdkd keys show <k1> <k2> …`.

/** `--multisig k1,k2 --multisig k3`: key names, comma-separated, the flag repeatable (upstream's string slice). */
export function keyNamesArg(value: string, previous: string[] | undefined): string[] {
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
  return [...(previous ?? []), ...names]
}

/**
 * `keys add <name> --multisig …`: the members are keyring keys by name — local keys or multisig
 * keys, which then nest as upstream's do — sorted by their address bytes unless `nosort`
 * (upstream's order); the key is stored unless `dryRun`.
 */
export async function addMultisigKey(
  kr: Keyring,
  name: string,
  members: readonly string[],
  threshold: number,
  options: { nosort: boolean; dryRun: boolean },
): Promise<MultisigKeyRecord> {
  validateMultisigThreshold(threshold, members.length)
  const keys: MultisigMember[] = []
  for (const member of members) keys.push(memberOfRecord(await kr.record(member)))
  return kr.addMultisig(name, threshold, options.nosort ? keys : sortedByAddress(keys), {
    dryRun: options.dryRun,
  })
}

/**
 * `keys show <k1> <k2> …`: upstream's ephemeral multisig key of the keys (names or addresses) in
 * the order given, under an empty name.
 */
export async function ephemeralMultisigKey(
  kr: Keyring,
  refs: readonly string[],
  threshold: number,
): Promise<MultisigKeyRecord> {
  const members: MultisigMember[] = []
  for (const ref of refs) {
    const member = await kr.resolve(ref).catch((err: Error) => {
      throw new CliError(`${ref} is not a valid name or address: ${err.message}`)
    })
    members.push(memberOfRecord(member))
  }
  return multisigRecordOf('', threshold, members)
}
