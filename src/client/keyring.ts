import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { HDKey } from '@scure/bip32'
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { brand } from '../codec/brand.js'
import { type Bytes, fromHex, toBase64, toHex } from '../codec/bytes.js'
import { writeFileAtomic } from '../config/atomic-file.js'

/** Cosmos HD path of the first account (coin type 118). */
export const DEFAULT_HD_PATH = "m/44'/118'/0'/0/0"

/** Type URL of secp256k1 public keys (canonical: brand it with `brand().typeUrl`). */
export const SECP256K1_PUBKEY_URL = '/sdk.crypto.secp256k1.PubKey'

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

/** A key's public view, as `keys list/show --output json` print it (upstream shape). */
export function keyOutput(k: KeyRecord): {
  name: string
  type: string
  address: string
  pubkey: string
} {
  return {
    name: k.name,
    type: k.type,
    address: k.address,
    pubkey: JSON.stringify({
      '@type': brand().typeUrl(SECP256K1_PUBKEY_URL),
      key: toBase64(k.pubKey),
    }),
  }
}

/** Account address of a secp256k1 public key: ripemd160(sha256(pubkey33)). */
export function pubKeyToAddress(pubKey: Bytes): Bytes {
  return ripemd160(sha256(pubKey))
}

/** Derives a key from a BIP39 mnemonic along an HD path. */
export function keyFromMnemonic(
  mnemonic: string,
  hdPath = DEFAULT_HD_PATH,
): { privateKey: Bytes; pubKey: Bytes } {
  const words = mnemonic.trim().split(/\s+/).join(' ')
  if (!validateMnemonic(words, wordlist)) throw new KeyringError('invalid mnemonic')
  const node = HDKey.fromMasterSeed(mnemonicToSeedSync(words)).derive(hdPath)
  if (!node.privateKey || !node.publicKey)
    throw new KeyringError(`cannot derive a key at ${hdPath}`)
  return { privateKey: node.privateKey, pubKey: node.publicKey }
}

/** A fresh 24-word mnemonic (256 bits of entropy, as upstream `keys add`). */
export function newMnemonic(): string {
  return generateMnemonic(wordlist, 256)
}

/** 64-byte low-S secp256k1 signature r‖s over sha256(message) (SIGN_MODE_DIRECT). */
export function signSecp256k1(privateKey: Bytes, message: Bytes): Bytes {
  return secp256k1.sign(sha256(message), privateKey, { prehash: false, lowS: true })
}

/** Verifies a 64-byte low-S signature over sha256(message). */
export function verifySecp256k1(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
  if (signature.length !== 64) return false
  try {
    return secp256k1.verify(signature, sha256(message), pubKey, { prehash: false, lowS: true })
  } catch {
    return false
  }
}

/** Keyring failures (missing key, duplicate name, bad mnemonic): user errors with clear messages. */
export class KeyringError extends Error {
  override readonly name = 'KeyringError'
}

interface StoredRecord {
  name: string
  type: 'local'
  algo: 'secp256k1'
  address: string
  pub_key: string
  priv_key: string
  hd_path: string
}

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
    const record = options.dryRun
      ? recordOf(name, privateKey, pubKey, hdPath)
      : await this.store(name, privateKey, pubKey, hdPath)
    return { record, mnemonic }
  }

  /**
   * Adds a key from its 32-byte secp256k1 private key (upstream ImportPrivKeyHex): it has no HD
   * path. A name in use is refused as upstream (`cannot overwrite key: <name>`).
   */
  async importPrivateKey(name: string, privateKey: Bytes): Promise<KeyRecord> {
    if (existsSync(this.infoPath(name))) throw new KeyringError(`cannot overwrite key: ${name}`)
    let pubKey: Bytes
    try {
      pubKey = secp256k1.getPublicKey(privateKey, true)
    } catch {
      throw new KeyringError(
        'invalid secp256k1 private key: expected 32 bytes below the curve order',
      )
    }
    checkName(name)
    return this.store(name, privateKey, pubKey, '')
  }

  /**
   * Renames a key (upstream Rename): its file and its address index move to the new name. A new
   * name in use is refused (`rename failed, <name>: key already exists`).
   */
  async rename(oldName: string, newName: string): Promise<KeyRecord> {
    const record = await this.get(oldName)
    checkName(newName)
    if (existsSync(this.infoPath(newName)))
      throw new KeyringError(`rename failed, ${newName}: key already exists`)
    const renamed = await this.write(newName, record.privateKey, record.pubKey, record.hdPath)
    await unlink(this.infoPath(oldName))
    return renamed
  }

  /**
   * Stores a new key (its name checked by the caller) unless its public key is held already, as
   * upstream refuses a second name for one key.
   */
  private async store(
    name: string,
    privateKey: Bytes,
    pubKey: Bytes,
    hdPath: string,
  ): Promise<KeyRecord> {
    const existing = await this.findByAddress(addressToBech32(pubKeyToAddress(pubKey)))
    if (existing)
      throw new KeyringError(`public key already exists in keybase under the name ${existing.name}`)
    return this.write(name, privateKey, pubKey, hdPath)
  }

  /** Writes a key's file, then its address index entry (naming it). */
  private async write(
    name: string,
    privateKey: Bytes,
    pubKey: Bytes,
    hdPath: string,
  ): Promise<KeyRecord> {
    const record = recordOf(name, privateKey, pubKey, hdPath)
    const stored: StoredRecord = {
      name,
      type: 'local',
      algo: 'secp256k1',
      address: record.address,
      pub_key: toBase64(pubKey),
      priv_key: toHex(privateKey),
      hd_path: hdPath,
    }
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    await writeFileAtomic(this.infoPath(name), `${JSON.stringify(stored)}\n`, 0o600)
    await writeFileAtomic(join(this.dir, `${toHex(pubKeyToAddress(pubKey))}.address`), name, 0o600)
    return record
  }

  /** Every key, sorted by name. */
  async list(): Promise<KeyRecord[]> {
    if (!existsSync(this.dir)) return []
    const names = (await readdir(this.dir))
      .filter((f) => f.endsWith('.info'))
      .map((f) => f.slice(0, -5))
    const out: KeyRecord[] = []
    for (const n of names.sort()) out.push(await this.get(n))
    return out
  }

  /** The key of that name; throws `<name>.info: key not found`. */
  async get(name: string): Promise<KeyRecord> {
    let text: string
    try {
      text = await readFile(this.infoPath(name), 'utf8')
    } catch {
      throw new KeyringError(`${name}.info: key not found`)
    }
    const s = JSON.parse(text) as StoredRecord
    const pubKey = new Uint8Array(Buffer.from(s.pub_key, 'base64'))
    // The address in the brand of the home, whatever brand the key was added in (as upstream).
    return recordOf(s.name, fromHex(s.priv_key), pubKey, s.hd_path)
  }

  /** The key holding this bech32 address, if any. */
  async findByAddress(address: string): Promise<KeyRecord | undefined> {
    let hex: string
    try {
      hex = toHex(bech32ToAddress(address))
    } catch {
      return undefined
    }
    const path = join(this.dir, `${hex}.address`)
    if (!existsSync(path)) return undefined
    return this.get((await readFile(path, 'utf8')).trim())
  }

  /** A key by name or by address (what `--from` accepts). */
  async resolve(nameOrAddress: string): Promise<KeyRecord> {
    const byAddress = await this.findByAddress(nameOrAddress)
    if (byAddress) return byAddress
    return this.get(nameOrAddress)
  }

  /** Deletes a key and its address index entry. */
  async delete(name: string): Promise<void> {
    const record = await this.get(name)
    await unlink(this.infoPath(name))
    const index = join(this.dir, `${toHex(pubKeyToAddress(record.pubKey))}.address`)
    if (existsSync(index)) await unlink(index)
  }
}
