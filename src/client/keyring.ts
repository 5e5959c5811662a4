import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { type Bytes, fromHex, toBase64, toHex } from '../codec/bytes.js'
import { MULTISIG_PUBKEY_URL, type MultisigMember } from '../codec/multisig.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import {
  DEFAULT_HD_PATH,
  KeyringError,
  keyFromMnemonic,
  newMnemonic,
  pubKeyOfPrivateKey,
  pubKeyToAddress,
} from './key-crypto.js'
import {
  memberAddress,
  memberJson,
  secp256k1Member,
  validateMultisigThreshold,
} from './multisig-keys.js'

export {
  DEFAULT_HD_PATH,
  KeyringError,
  keyFromMnemonic,
  newMnemonic,
  pubKeyToAddress,
  signSecp256k1,
  verifySecp256k1,
} from './key-crypto.js'
export {
  memberAddress,
  memberJson,
  SECP256K1_PUBKEY_URL,
  secp256k1Member,
  sortedByAddress,
  validateMultisigThreshold,
} from './multisig-keys.js'

export { MULTISIG_PUBKEY_URL, type MultisigMember }

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

/** Any record of the keyring: a local key or a multisig key. */
export type KeyringRecord = KeyRecord | MultisigKeyRecord

/** A record's key as a multisig member (what `keys add --multisig` takes of each key it names). */
export function memberOfRecord(k: KeyringRecord): MultisigMember {
  if (k.type === 'local') return secp256k1Member(k.pubKey)
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
  throw new KeyringError(
    `cannot sign with offline keys: ${k.name} is a multisig key; its members sign for it (tx sign --multisig, then tx multisign)`,
  )
}

type StoredRecord =
  | {
      name: string
      type: 'local'
      algo: 'secp256k1'
      address: string
      pub_key: string
      priv_key: string
      hd_path: string
    }
  | { name: string; type: 'multi'; address: string; threshold: number; pub_keys: StoredMember[] }

/** A multisig member in a record's file: a secp256k1 key in base64, or a nested multisig. */
type StoredMember = string | { threshold: number; pub_keys: StoredMember[] }

function storedMemberOf(m: MultisigMember): StoredMember {
  if (m.type === 'multisig')
    return { threshold: m.threshold, pub_keys: m.members.map(storedMemberOf) }
  if (m.type === 'secp256k1') return toBase64(m.key)
  throw new KeyringError('the keyring holds secp256k1 and multisig keys only')
}

function memberOfStored(s: StoredMember): MultisigMember {
  if (typeof s === 'string') return secp256k1Member(fromBase64(s))
  return { type: 'multisig', threshold: s.threshold, members: s.pub_keys.map(memberOfStored) }
}

/** A record as its file holds it. */
function storedOf(r: KeyringRecord): StoredRecord {
  if (r.type === 'multi') {
    return {
      name: r.name,
      type: 'multi',
      address: r.address,
      threshold: r.threshold,
      pub_keys: r.members.map(storedMemberOf),
    }
  }
  return {
    name: r.name,
    type: 'local',
    algo: 'secp256k1',
    address: r.address,
    pub_key: toBase64(r.pubKey),
    priv_key: toHex(r.privateKey),
    hd_path: r.hdPath,
  }
}

const fromBase64 = (text: string): Bytes => new Uint8Array(Buffer.from(text, 'base64'))

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/** Refuses a key name the keyring cannot hold. */
function checkName(name: string): void {
  if (!NAME.test(name))
    throw new KeyringError(`invalid key name "${name}": use letters, digits, '.', '_' or '-'`)
}

/** A key's record: its account address from its public key. */
function recordOf(name: string, privateKey: Bytes, pubKey: Bytes, hdPath: string): KeyRecord {
  const address = addressToBech32(pubKeyToAddress(pubKey))
  return { name, type: 'local', algo: 'secp256k1', address, pubKey, privateKey, hdPath }
}

/**
 * The `test` keyring backend: one `<name>.info` file per key plus an `<address hex>.address` index,
 * under `<home>/keyring-test` (the upstream layout; the file contents are sdkd's own JSON, unencrypted
 * like upstream's test backend).
 */
export class Keyring {
  private constructor(readonly dir: string) {}

  /** Opens the keyring of a home for a backend (only `test` exists in sdkd). */
  static open(home: string, backend = 'test'): Keyring {
    if (backend !== 'test') {
      throw new KeyringError(
        `unsupported keyring backend "${backend}": sdkd supports only "test" (files under <home>/keyring-test)`,
      )
    }
    return new Keyring(join(home, 'keyring-test'))
  }

  private infoPath(name: string): string {
    return join(this.dir, `${name}.info`)
  }

  private indexPath(record: KeyringRecord): string {
    return join(this.dir, `${toHex(recordAddress(record))}.address`)
  }

  /**
   * Adds a key; a new 24-word mnemonic unless one is given. Returns the record and the mnemonic.
   * `dryRun` derives the key without storing it (upstream's `--dry-run`: an empty in-memory keyring).
   */
  async add(
    name: string,
    options: { mnemonic?: string; hdPath?: string; dryRun?: boolean } = {},
  ): Promise<{ record: KeyRecord; mnemonic: string }> {
    checkName(name)
    if (!options.dryRun && existsSync(this.infoPath(name)))
      throw new KeyringError(`key with name ${name} already exists`)
    const mnemonic = options.mnemonic ?? newMnemonic()
    const hdPath = options.hdPath ?? DEFAULT_HD_PATH
    const { privateKey, pubKey } = keyFromMnemonic(mnemonic, hdPath)
    const record = recordOf(name, privateKey, pubKey, hdPath)
    if (!options.dryRun) await this.store(record)
    return { record, mnemonic }
  }

  /**
   * Adds a multisig key (upstream SaveMultisig) of a threshold of member keys (secp256k1 or
   * multisig keys), in the order given; `dryRun` makes the record without storing it. A name in use, or a multisig key the
   * keyring holds already under another name, is refused as a second local key is.
   */
  async addMultisig(
    name: string,
    threshold: number,
    members: readonly MultisigMember[],
    options: { dryRun?: boolean } = {},
  ): Promise<MultisigKeyRecord> {
    checkName(name)
    const record = multisigRecordOf(name, threshold, members)
    if (options.dryRun) return record
    if (existsSync(this.infoPath(name)))
      throw new KeyringError(`key with name ${name} already exists`)
    await this.store(record)
    return record
  }

  /**
   * Adds a key from its 32-byte secp256k1 private key (upstream ImportPrivKeyHex): it has no HD
   * path. A name in use is refused as upstream (`cannot overwrite key: <name>`).
   */
  async importPrivateKey(name: string, privateKey: Bytes): Promise<KeyRecord> {
    if (existsSync(this.infoPath(name))) throw new KeyringError(`cannot overwrite key: ${name}`)
    const pubKey = pubKeyOfPrivateKey(privateKey)
    checkName(name)
    const record = recordOf(name, privateKey, pubKey, '')
    await this.store(record)
    return record
  }

  /**
   * Renames a key (upstream Rename): its file and its address index move to the new name. A new
   * name in use is refused (`rename failed, <name>: key already exists`).
   */
  async rename(oldName: string, newName: string): Promise<KeyringRecord> {
    const record = await this.record(oldName)
    checkName(newName)
    if (existsSync(this.infoPath(newName)))
      throw new KeyringError(`rename failed, ${newName}: key already exists`)
    const renamed = { ...record, name: newName }
    await this.write(renamed)
    await unlink(this.infoPath(oldName))
    return renamed
  }

  /**
   * Stores a new record (its name checked by the caller) unless its address is held already, as
   * upstream refuses a second name for one key.
   */
  private async store(record: KeyringRecord): Promise<void> {
    const existing = await this.findByAddress(record.address)
    if (existing)
      throw new KeyringError(`public key already exists in keybase under the name ${existing.name}`)
    await this.write(record)
  }

  /** Writes a record's file, then its address index entry (naming it). */
  private async write(record: KeyringRecord): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    await writeFileAtomic(
      this.infoPath(record.name),
      `${JSON.stringify(storedOf(record))}\n`,
      0o600,
    )
    await writeFileAtomic(this.indexPath(record), record.name, 0o600)
  }

  /** Every key, sorted by name. */
  async list(): Promise<KeyringRecord[]> {
    if (!existsSync(this.dir)) return []
    const names = (await readdir(this.dir))
      .filter((f) => f.endsWith('.info'))
      .map((f) => f.slice(0, -5))
    const out: KeyringRecord[] = []
    for (const n of names.sort()) out.push(await this.record(n))
    return out
  }

  /**
   * The local key of that name, the one that signs; throws `<name>.info: key not found`, and for a
   * multisig key `cannot sign with offline keys` (`record` reads any key).
   */
  async get(name: string): Promise<KeyRecord> {
    return localKey(await this.record(name))
  }

  /** The key of that name, local or multisig; throws `<name>.info: key not found`. */
  async record(name: string): Promise<KeyringRecord> {
    let text: string
    try {
      text = await readFile(this.infoPath(name), 'utf8')
    } catch {
      throw new KeyringError(`${name}.info: key not found`)
    }
    const s = JSON.parse(text) as StoredRecord
    // The address in the brand of the home, whatever brand the key was added in (as upstream).
    if (s.type === 'multi')
      return multisigRecordOf(s.name, s.threshold, s.pub_keys.map(memberOfStored))
    return recordOf(s.name, fromHex(s.priv_key), fromBase64(s.pub_key), s.hd_path)
  }

  /** The key holding this bech32 address, if any. */
  async findByAddress(address: string): Promise<KeyringRecord | undefined> {
    let hex: string
    try {
      hex = toHex(bech32ToAddress(address))
    } catch {
      return undefined
    }
    const path = join(this.dir, `${hex}.address`)
    if (!existsSync(path)) return undefined
    return this.record((await readFile(path, 'utf8')).trim())
  }

  /** A key by name or by address (what `--from` accepts). */
  async resolve(nameOrAddress: string): Promise<KeyringRecord> {
    const byAddress = await this.findByAddress(nameOrAddress)
    if (byAddress) return byAddress
    return this.record(nameOrAddress)
  }

  /** Deletes a key and its address index entry. */
  async delete(name: string): Promise<void> {
    const record = await this.record(name)
    await unlink(this.infoPath(name))
    const index = this.indexPath(record)
    if (existsSync(index)) await unlink(index)
  }
}
