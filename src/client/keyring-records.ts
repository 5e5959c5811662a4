import { addressToBech32 } from '../codec/address.js'
import type { Bytes } from '../codec/bytes.js'
import type { MultisigMember } from '../codec/multisig.js'
import { KeyringError, pubKeyToAddress } from './key-crypto.js'
import {
  memberAddress,
  memberJson,
  secp256k1Member,
  validateMultisigThreshold,
} from './multisig-keys.js'

// The keyring's records (local keys, public keys held for others, multisig keys), their public
// views, and the JSON of their files.

/** One key as the keyring stores it. */
export interface KeyRecord {
  name: string
  type: 'local'
  algo: 'secp256k1'
  /** bech32 account address. */
  address: string
  /** 33-byte compressed public key. */
  pubKey: Bytes
  /** 32-byte private key (the test backend keeps it unencrypted, as upstream's). */
  privateKey: Bytes
  hdPath: string
}

/**
 * A multisig key (upstream's `multi` record, from `keys add --multisig`): a threshold of member
 * keys and no private key. Its members sign for it (`tx sign --multisig`, `tx multisign`).
 */
export interface MultisigKeyRecord {
  name: string
  type: 'multi'
  /** bech32 account address of the multisig key. */
  address: string
  threshold: number
  /** The member keys in the key's order: secp256k1 keys, or multisig keys (upstream's nesting). */
  members: MultisigMember[]
}

/**
 * A public key alone (upstream's `offline` record, from `keys add --pubkey`): another holder's key,
 * named here to make multisig keys of it or to read its address; it cannot sign.
 */
export interface OfflineKeyRecord {
  name: string
  type: 'offline'
  /** bech32 account address. */
  address: string
  /** 33-byte compressed secp256k1 public key. */
  pubKey: Bytes
}

/** A BIP44 derivation path as a Ledger record keeps it (`cosmos.crypto.hd.v1.BIP44Params`). */
export interface Bip44Path {
  purpose: number
  coinType: number
  account: number
  change: boolean
  addressIndex: number
}

/**
 * A Ledger device's key (upstream's `ledger` record, made by an SDK binary with `--ledger`): its
 * public key and derivation path. sdkd drives no device, so it reads, shows and keeps such a key
 * but cannot sign with it.
 */
export interface LedgerKeyRecord {
  name: string
  type: 'ledger'
  /** bech32 account address. */
  address: string
  /** 33-byte compressed secp256k1 public key. */
  pubKey: Bytes
  path: Bip44Path
}

/**
 * Any record of the keyring: a local key, a public key held for someone else, a Ledger device's
 * key, or a multisig key.
 */
export type KeyringRecord = KeyRecord | OfflineKeyRecord | LedgerKeyRecord | MultisigKeyRecord

/** A record's key as a multisig member (what `keys add --multisig` takes of each key it names). */
export function memberOfRecord(k: KeyringRecord): MultisigMember {
  if (k.type !== 'multi') return secp256k1Member(k.pubKey)
  return { type: 'multisig', threshold: k.threshold, members: k.members }
}

/** A record's key as the account's public key JSON (`keys show -p`, upstream's Any JSON). */
function pubKeyJson(k: KeyringRecord): object {
  return memberJson(memberOfRecord(k))
}

/** A key's public view, as `keys list/show --output json` print it (upstream shape). */
export function keyOutput(k: KeyringRecord): {
  name: string
  type: string
  address: string
  pubkey: string
} {
  return { name: k.name, type: k.type, address: k.address, pubkey: JSON.stringify(pubKeyJson(k)) }
}

/** The account address bytes of a record: of its public key, or of its multisig key. */
export function recordAddress(k: KeyringRecord): Bytes {
  return memberAddress(memberOfRecord(k))
}

/**
 * A multisig record of a threshold of member keys, taken in the order given (upstream
 * NewLegacyAminoPubKey; `sortedByAddress` orders them as `keys add --multisig` does).
 */
export function multisigRecordOf(
  name: string,
  threshold: number,
  members: readonly MultisigMember[],
): MultisigKeyRecord {
  validateMultisigThreshold(threshold, members.length)
  const record: MultisigKeyRecord = {
    name,
    type: 'multi',
    address: '',
    threshold,
    members: [...members],
  }
  record.address = addressToBech32(recordAddress(record))
  return record
}

/**
 * The record as a key that signs: a multisig key has no private key, and is refused with
 * upstream's words (`cannot sign with offline keys`) and what to do instead.
 */
export function localKey(k: KeyringRecord): KeyRecord {
  if (k.type === 'local') return k
  if (k.type === 'offline')
    throw new KeyringError(
      `cannot sign with offline keys: ${k.name} is a public key only (keys add --pubkey); its holder signs with it`,
    )
  if (k.type === 'ledger')
    throw new KeyringError(
      `cannot sign with ${k.name}: a Ledger key, and sdkd drives no device; generate the tx with --generate-only and sign it with the device`,
    )
  throw new KeyringError(
    `cannot sign with offline keys: ${k.name} is a multisig key; its members sign for it (tx sign --multisig, then tx multisign)`,
  )
}

/** A record as the files of an earlier sdkd hold it (its own JSON; read, never written). */
export type StoredRecord =
  | {
      name: string
      type: 'local'
      algo: 'secp256k1'
      address: string
      pub_key: string
      priv_key: string
      hd_path: string
    }
  | { name: string; type: 'offline'; algo: 'secp256k1'; address: string; pub_key: string }
  | { name: string; type: 'multi'; address: string; threshold: number; pub_keys: StoredMember[] }

/** A multisig member in a record's file: a secp256k1 key in base64, or a nested multisig. */
type StoredMember = string | { threshold: number; pub_keys: StoredMember[] }

export function memberOfStored(s: StoredMember): MultisigMember {
  if (typeof s === 'string') return secp256k1Member(fromBase64(s))
  return { type: 'multisig', threshold: s.threshold, members: s.pub_keys.map(memberOfStored) }
}

export const fromBase64 = (text: string): Bytes => new Uint8Array(Buffer.from(text, 'base64'))

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/** Refuses a key name the keyring cannot hold. */
export function checkName(name: string): void {
  if (!NAME.test(name))
    throw new KeyringError(`invalid key name "${name}": use letters, digits, '.', '_' or '-'`)
}

/** A key's record: its account address from its public key. */
export function recordOf(
  name: string,
  privateKey: Bytes,
  pubKey: Bytes,
  hdPath: string,
): KeyRecord {
  const address = addressToBech32(pubKeyToAddress(pubKey))
  return { name, type: 'local', algo: 'secp256k1', address, pubKey, privateKey, hdPath }
}

/** A Ledger record of a public key and its path: its account address from the key. */
export function ledgerRecordOf(name: string, pubKey: Bytes, path: Bip44Path): LedgerKeyRecord {
  return { name, type: 'ledger', address: addressToBech32(pubKeyToAddress(pubKey)), pubKey, path }
}

/** An offline record of a public key: its account address from the key. */
export function offlineRecordOf(name: string, pubKey: Bytes): OfflineKeyRecord {
  return { name, type: 'offline', address: addressToBech32(pubKeyToAddress(pubKey)), pubKey }
}
