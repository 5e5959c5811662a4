import { existsSync } from 'node:fs'
import { readdir, readFile, unlink } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { bech32ToAddress } from '../codec/address.js'
import { type Bytes, toHex } from '../codec/bytes.js'
import { MULTISIG_PUBKEY_URL, type MultisigMember } from '../codec/multisig.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import { makeDir } from '../config/make-dir.js'
import {
  DEFAULT_HD_PATH,
  deriveKeyFromMnemonic,
  KeyringError,
  newMnemonic,
  pubKeyOfPrivateKey,
} from './key-crypto.js'
import {
  decodeRecord,
  encodeRecord,
  isSealed,
  openItem,
  recordOfJson,
  sealItem,
  TEST_BACKEND_PASSWORD,
} from './keyring-file.js'
import { isLegacyInfo, legacyRecord } from './keyring-legacy.js'
import {
  checkName,
  type KeyRecord,
  type KeyringRecord,
  localKey,
  type MultisigKeyRecord,
  multisigRecordOf,
  type OfflineKeyRecord,
  offlineRecordOf,
  recordAddress,
  recordOf,
} from './keyring-records.js'

export {
  DEFAULT_HD_PATH,
  deriveKeyFromMnemonic,
  KeyringError,
  keyFromMnemonic,
  newMnemonic,
  pubKeyToAddress,
  signSecp256k1,
  verifySecp256k1,
} from './key-crypto.js'
export {
  type KeyRecord,
  type KeyringRecord,
  keyOutput,
  type LedgerKeyRecord,
  localKey,
  type MultisigKeyRecord,
  memberOfRecord,
  multisigRecordOf,
  type OfflineKeyRecord,
  recordAddress,
} from './keyring-records.js'
export {
  memberAddress,
  memberJson,
  SECP256K1_PUBKEY_URL,
  secp256k1Member,
  sortedByAddress,
  validateMultisigThreshold,
} from './multisig-keys.js'

export { MULTISIG_PUBKEY_URL, type MultisigMember }

/**
 * The `test` and `file` keyring backends: one `<name>.info` file per key plus an `<address
 * hex>.address` index, under `<home>/keyring-test` or `<home>/keyring-file`, as upstream's files
 * (keyring-file.ts), so the directory moves between sdkd and an SDK chain's binary. Files of an
 * earlier sdkd (its own JSON) are read as well.
 */
export class Keyring {
  /** The password the items are sealed under, once asked for (the `file` backend asks once). */
  private password: Promise<string> | undefined

  private constructor(
    readonly dir: string,
    private readonly passwordSource: () => Promise<string>,
  ) {}

  /**
   * Opens the keyring of a home for a backend: `test` (`<home>/keyring-test`, the password
   * `test`) or `file` (`<home>/keyring-file`, sealed under a passphrase `passphrase` supplies when
   * an item is first read or written, as upstream asks once a process; see `filePassphrase`).
   */
  static open(
    home: string,
    backend = 'test',
    passphrase?: (dir: string) => Promise<string>,
  ): Keyring {
    if (backend === 'test')
      return new Keyring(join(home, 'keyring-test'), async () => TEST_BACKEND_PASSWORD)
    if (backend === 'file' && passphrase) {
      const dir = join(home, 'keyring-file')
      return new Keyring(dir, () => passphrase(dir))
    }
    throw new KeyringError(
      `unsupported keyring backend "${backend}": sdkd supports "test" (files under <home>/keyring-test) and "file" (<home>/keyring-file)`,
    )
  }

  /** The items' password, asked for once. */
  private pass(): Promise<string> {
    this.password ??= this.passwordSource()
    return this.password
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
    options: {
      mnemonic?: string
      bip39Passphrase?: string
      hdPath?: string
      dryRun?: boolean
    } = {},
  ): Promise<{ record: KeyRecord; mnemonic: string }> {
    checkName(name)
    if (!options.dryRun && this.has(name))
      throw new KeyringError(`key with name ${name} already exists`)
    const mnemonic = options.mnemonic ?? newMnemonic()
    const hdPath = options.hdPath ?? DEFAULT_HD_PATH
    // The passphrase only changes the seed: the key derived from it is what is stored.
    const { privateKey, pubKey } = await deriveKeyFromMnemonic(
      mnemonic,
      hdPath,
      options.bip39Passphrase,
    )
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
    if (this.has(name)) throw new KeyringError(`key with name ${name} already exists`)
    await this.store(record)
    return record
  }

  /**
   * Adds another holder's public key (upstream SaveOfflineKey): no private key, so it cannot sign;
   * a name in use, or a key held already under another name, is refused as for other keys.
   */
  async addOffline(
    name: string,
    pubKey: Bytes,
    options: { dryRun?: boolean } = {},
  ): Promise<OfflineKeyRecord> {
    checkName(name)
    const record = offlineRecordOf(name, pubKey)
    if (options.dryRun) return record
    if (this.has(name)) throw new KeyringError(`key with name ${name} already exists`)
    await this.store(record)
    return record
  }

  /**
   * Adds a key from its 32-byte secp256k1 private key (upstream ImportPrivKeyHex): it has no HD
   * path. A name in use is refused as upstream (`cannot overwrite key: <name>`).
   */
  async importPrivateKey(name: string, privateKey: Bytes): Promise<KeyRecord> {
    if (this.has(name)) throw new KeyringError(`cannot overwrite key: ${name}`)
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
    if (this.has(newName)) throw new KeyringError(`rename failed, ${newName}: key already exists`)
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

  /**
   * Writes a record's item, then its address index item (naming it), both sealed as upstream's
   * file keyring seals them (keyring-file.ts).
   */
  private async write(record: KeyringRecord): Promise<void> {
    await makeDir(this.dir, 0o700)
    const info = `${record.name}.info`
    await writeFileAtomic(
      this.infoPath(record.name),
      await sealItem({ key: info, data: encodeRecord(record) }, await this.pass()),
      0o600,
    )
    const index = this.indexPath(record)
    await writeFileAtomic(
      index,
      await sealItem(
        { key: basename(index), data: new TextEncoder().encode(info) },
        await this.pass(),
      ),
      0o600,
    )
  }

  /**
   * Upstream's MigrateAll: every `<name>.info` item, in name order, read and, when it is not yet a
   * protobuf Record (an SDK v0.45 item, or a file of an earlier sdkd), written back as one. An
   * item that cannot be read is reported through `failed` and the rest go on.
   */
  async migrateAll(failed: (file: string, err: Error) => void): Promise<void> {
    if (!existsSync(this.dir)) return
    const files = (await readdir(this.dir)).filter((f) => f.endsWith('.info')).sort()
    for (const file of files) {
      try {
        const text = await readFile(join(this.dir, file), 'utf8')
        // A legacy item is written back as it is read (`record`); sdkd's JSON is written here.
        if (isSealed(text)) await this.record(file.slice(0, -5))
        else await this.write(recordOfJson(text))
      } catch (err) {
        failed(file, err as Error)
      }
    }
  }

  /** Whether a key of that name is held. */
  has(name: string): boolean {
    return existsSync(this.infoPath(name))
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
    // The address in the brand of the home, whatever brand the key was added in (as upstream).
    if (!isSealed(text)) return recordOfJson(text)
    const file = `${name}.info`
    const { data } = await openItem(file, text, await this.pass())
    try {
      return decodeRecord(file, data)
    } catch (err) {
      if (!isLegacyInfo(data)) throw err
    }
    // An SDK v0.45 item: upstream's keystore migrates it as it reads it, written back as a Record.
    const record = legacyRecord(file, data)
    await this.write(record)
    return record
  }

  /** The key holding this bech32 address, if any. */
  async findByAddress(address: string): Promise<KeyringRecord | undefined> {
    let hex: string
    try {
      hex = toHex(bech32ToAddress(address))
    } catch {
      return undefined
    }
    const file = `${hex}.address`
    const path = join(this.dir, file)
    if (!existsSync(path)) return undefined
    const text = await readFile(path, 'utf8')
    // Upstream's item holds `<name>.info`; sdkd's earlier files, the name alone.
    if (!isSealed(text)) return this.record(text.trim())
    const info = new TextDecoder().decode((await openItem(file, text, await this.pass())).data)
    return this.record(info.endsWith('.info') ? info.slice(0, -5) : info)
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
