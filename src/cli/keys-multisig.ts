import { InvalidArgumentError } from 'commander'
import {
  type Keyring,
  type KeyringRecord,
  type MultisigKeyRecord,
  multisigRecordOf,
  sortedByAddress,
  validateMultisigThreshold,
} from '../client/keyring.js'
import type { Bytes } from '../codec/bytes.js'
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

/** `--multisig-threshold`: an integer (upstream's int flag; its range is checked with the keys). */
export function intArg(value: string): number {
  if (!/^[+-]?\d+$/.test(value.trim())) throw new InvalidArgumentError('expected an integer')
  return Number(value)
}

/** The secp256k1 key of a multisig member; sdkd's multisig keys do not nest. */
function memberKey(record: KeyringRecord): Bytes {
  if (record.type === 'local') return record.pubKey
  throw new CliError(
    `${record.name} is a multisig key: sdkd's multisig keys hold secp256k1 keys only (nested multisig keys are not supported)`,
  )
}

/**
 * `keys add <name> --multisig …`: the members are keyring keys by name, sorted by their address
 * bytes unless `nosort` (upstream's order); the key is stored unless `dryRun`.
 */
export async function addMultisigKey(
  kr: Keyring,
  name: string,
  members: readonly string[],
  threshold: number,
  options: { nosort: boolean; dryRun: boolean },
): Promise<MultisigKeyRecord> {
  validateMultisigThreshold(threshold, members.length)
  const keys: Bytes[] = []
  for (const member of members) keys.push(memberKey(await kr.record(member)))
  const pubKeys = options.nosort ? keys : sortedByAddress(keys)
  return kr.addMultisig(name, threshold, pubKeys, { dryRun: options.dryRun })
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
  const pubKeys: Bytes[] = []
  for (const ref of refs) {
    const member = await kr.resolve(ref).catch((err: Error) => {
      throw new CliError(`${ref} is not a valid name or address: ${err.message}`)
    })
    pubKeys.push(memberKey(member))
  }
  return multisigRecordOf('', threshold, pubKeys)
}
