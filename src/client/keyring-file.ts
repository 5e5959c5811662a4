import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import bcrypt from 'bcryptjs'
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose'
import { type Bytes, fromHex, toBase64 } from '../codec/bytes.js'
import type { MultisigMember } from '../codec/multisig.js'
import { protoRegistry } from '../codec/proto.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import { makeDir } from '../config/make-dir.js'
import { KeyringError } from './key-crypto.js'
import {
  fromBase64,
  type KeyringRecord,
  ledgerRecordOf,
  memberOfStored,
  multisigRecordOf,
  offlineRecordOf,
  recordOf,
  type StoredRecord,
} from './keyring-records.js'
import { secp256k1Member } from './multisig-keys.js'

// The files of upstream's `test` and `file` keyring backends (the SDK's keyring over its fork of
// 99designs' file keyring): each item is a JWE in compact form, PBES2-HS256+A128KW and A256GCM
// under the password "test" (the `file` backend: the user's passphrase), whose plaintext is the
// item as Go's encoding/json writes it. A key's item `<name>.info` holds its `Record` in protobuf;
// `<address hex>.address` holds the text `<name>.info`. So a keyring directory moves between sdkd
// and an SDK chain's binary.

/** The test backend's password (upstream's `newTestBackendKeyringConfig`). */
export const TEST_BACKEND_PASSWORD = 'test'
const ALG = 'PBES2-HS256+A128KW'
const ENC = 'A256GCM'
/** jose2go's PBKDF2 iterations and salt length, as upstream's files carry them. */
const P2C = 8192
const P2S_BYTES = 12

/** The Any type URLs of the keys a record holds, as upstream's interface registry names them. */
const URL = {
  secp256k1Pub: '/cosmos.crypto.secp256k1.PubKey',
  secp256k1Priv: '/cosmos.crypto.secp256k1.PrivKey',
  multisig: '/cosmos.crypto.multisig.LegacyAminoPubKey',
}

/** An item of the keyring: its key (the file's name) and its data. */
export interface KeyringItem {
  key: string
  data: Bytes
}

/** Upstream's `maxPassphraseEntryAttempts`. */
const PASSPHRASE_ATTEMPTS = 3

/**
 * The `file` backend's passphrase as upstream's `newRealPrompt` gets it: asked for up to three
 * times (`Enter keyring passphrase (attempt n/3):`), checked against the bcrypt hash in the
 * keyring's `keyhash` file (`incorrect passphrase`), or, when there is none yet, asked again
 * (`Re-enter keyring passphrase:`, `passphrase do not match`) and its hash written there. A refused
 * answer (`ask` throws: too short, the input's end) is reported through `warn` and counts as an
 * attempt; after three, `too many failed passphrase attempts`.
 */
export async function filePassphrase(
  dir: string,
  ask: (prompt: string) => Promise<string>,
  warn: (line: string) => void,
): Promise<string> {
  const keyhashPath = join(dir, 'keyhash')
  let keyhash: string | undefined
  try {
    keyhash = await readFile(keyhashPath, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new KeyringError(`failed to open ${keyhashPath}: ${errText(err)}`)
  }
  for (let attempt = 1; attempt <= PASSPHRASE_ATTEMPTS; attempt++) {
    let pass: string
    try {
      pass = await ask(`Enter keyring passphrase (attempt ${attempt}/${PASSPHRASE_ATTEMPTS}):`)
    } catch (err) {
      warn(errText(err))
      continue
    }
    if (keyhash !== undefined) {
      if (bcrypt.compareSync(pass, keyhash)) return pass
      warn('incorrect passphrase')
      continue
    }
    let again: string
    try {
      again = await ask('Re-enter keyring passphrase:')
    } catch (err) {
      warn(errText(err))
      continue
    }
    if (pass !== again) {
      warn('passphrase do not match')
      continue
    }
    // Upstream asks for cost 2, which Go's bcrypt raises to its default, 10.
    await makeDir(dir, 0o700)
    await writeFileAtomic(keyhashPath, bcrypt.hashSync(pass, 10), 0o600)
    return pass
  }
  throw new KeyringError('too many failed passphrase attempts')
}

/** Whether a file's text is an item in upstream's form (else sdkd's earlier JSON or plain name). */
export function isSealed(text: string): boolean {
  return text.startsWith('eyJ')
}

/**
 * An item sealed as upstream's file keyring seals it: the item's JSON (Go's field order and
 * names), encrypted to a compact JWE with a random 12-byte salt and a `created` time.
 */
export async function sealItem(item: KeyringItem, password: string): Promise<string> {
  const json = JSON.stringify({
    Key: item.key,
    Data: toBase64(item.data),
    Label: '',
    Description: '',
    KeychainNotTrustApplication: false,
    KeychainNotSynchronizable: false,
  })
  return new CompactEncrypt(new TextEncoder().encode(json))
    .setProtectedHeader({ alg: ALG, created: goTimeString(new Date()), enc: ENC })
    .setKeyManagementParameters({
      p2c: P2C,
      p2s: crypto.getRandomValues(new Uint8Array(P2S_BYTES)),
    })
    .encrypt(new TextEncoder().encode(password))
}

/** The item a sealed file holds; a file it cannot open is named in the error. */
export async function openItem(
  file: string,
  token: string,
  password: string,
): Promise<KeyringItem> {
  let json: string
  try {
    const header = decodeProtectedHeader(token.trim())
    if (header.alg !== ALG || header.enc !== ENC)
      throw new KeyringError(`unsupported algorithms ${header.alg} and ${header.enc}`)
    const { plaintext } = await compactDecrypt(token.trim(), new TextEncoder().encode(password), {
      keyManagementAlgorithms: [ALG],
      contentEncryptionAlgorithms: [ENC],
    })
    json = new TextDecoder().decode(plaintext)
  } catch (err) {
    throw new KeyringError(`cannot open ${file} with the keyring's password: ${errText(err)}`)
  }
  const item = JSON.parse(json) as { Key?: unknown; Data?: unknown }
  if (typeof item.Key !== 'string' || (item.Data !== null && typeof item.Data !== 'string'))
    throw new KeyringError(`${file} holds no keyring item`)
  return { key: item.Key, data: fromBase64(item.Data ?? '') }
}

/** A record as upstream's `<name>.info` item holds it: `cosmos.crypto.keyring.v1.Record`. */
export function encodeRecord(r: KeyringRecord): Bytes {
  const registry = protoRegistry()
  const pubKey = (key: Bytes) => ({
    type_url: URL.secp256k1Pub,
    value: registry.encode('sdk.crypto.secp256k1.PubKey', { key }),
  })
  if (r.type === 'multi') {
    const member = (m: MultisigMember): { type_url: string; value: Bytes } => {
      if (m.type === 'secp256k1') return pubKey(m.key)
      if (m.type !== 'multisig')
        throw new KeyringError('the keyring holds secp256k1 and multisig keys only')
      return {
        type_url: URL.multisig,
        value: registry.encode('sdk.crypto.multisig.LegacyAminoPubKey', {
          threshold: m.threshold,
          public_keys: m.members.map(member),
        }),
      }
    }
    const key = member({ type: 'multisig', threshold: r.threshold, members: r.members })
    return registry.encode('sdk.crypto.keyring.v1.Record', {
      name: r.name,
      pub_key: key,
      multi: {},
    })
  }
  if (r.type === 'ledger')
    return registry.encode('sdk.crypto.keyring.v1.Record', {
      name: r.name,
      pub_key: pubKey(r.pubKey),
      ledger: {
        path: {
          purpose: r.path.purpose,
          coin_type: r.path.coinType,
          account: r.path.account,
          change: r.path.change,
          address_index: r.path.addressIndex,
        },
      },
    })
  if (r.type === 'offline')
    return registry.encode('sdk.crypto.keyring.v1.Record', {
      name: r.name,
      pub_key: pubKey(r.pubKey),
      offline: {},
    })
  return registry.encode('sdk.crypto.keyring.v1.Record', {
    name: r.name,
    pub_key: pubKey(r.pubKey),
    local: {
      priv_key: {
        type_url: URL.secp256k1Priv,
        value: registry.encode('sdk.crypto.secp256k1.PrivKey', { key: r.privateKey }),
      },
    },
  })
}

interface AnyValue {
  type_url: string
  value: Uint8Array
}

/** A record from upstream's `<name>.info` item (a local, offline or multisig key). */
export function decodeRecord(file: string, data: Bytes): KeyringRecord {
  const registry = protoRegistry()
  let r: {
    name: string
    pub_key?: AnyValue
    local?: { priv_key?: AnyValue }
    ledger?: {
      path?: {
        purpose?: number
        coin_type?: number
        account?: number
        change?: boolean
        address_index?: number
      }
    }
  }
  let multi: boolean
  let offline: boolean
  try {
    const decoded = registry.decode('sdk.crypto.keyring.v1.Record', data) as unknown as typeof r & {
      multi?: object
      offline?: object
    }
    r = decoded
    multi = decoded.multi !== undefined && decoded.multi !== null
    offline = decoded.offline !== undefined && decoded.offline !== null
  } catch (err) {
    throw new KeyringError(`${file} holds no key record: ${errText(err)}`)
  }
  const member = (any: AnyValue | undefined): MultisigMember => {
    const kind = any ? typeName(any.type_url) : ''
    if (kind === 'crypto.secp256k1.PubKey') {
      const pk = registry.decode('sdk.crypto.secp256k1.PubKey', any!.value) as { key: Bytes }
      return secp256k1Member(new Uint8Array(pk.key))
    }
    if (kind === 'crypto.multisig.LegacyAminoPubKey') {
      const m = registry.decode('sdk.crypto.multisig.LegacyAminoPubKey', any!.value) as {
        threshold: number
        public_keys: AnyValue[]
      }
      return { type: 'multisig', threshold: m.threshold, members: m.public_keys.map(member) }
    }
    throw new KeyringError(
      `${file}: the keyring holds secp256k1 and multisig keys only, not ${any?.type_url ?? 'none'}`,
    )
  }
  const key = member(r.pub_key)
  if (multi) {
    if (key.type !== 'multisig') throw new KeyringError(`${file}: a multi record of a single key`)
    return multisigRecordOf(r.name, key.threshold, key.members)
  }
  if (key.type !== 'secp256k1') throw new KeyringError(`${file}: a multisig key not marked multi`)
  if (offline) return offlineRecordOf(r.name, key.key)
  if (r.ledger !== undefined && r.ledger !== null) {
    const p = r.ledger.path ?? {}
    return ledgerRecordOf(r.name, key.key, {
      purpose: p.purpose ?? 0,
      coinType: p.coin_type ?? 0,
      account: p.account ?? 0,
      change: p.change ?? false,
      addressIndex: p.address_index ?? 0,
    })
  }
  const priv = r.local?.priv_key
  if (!priv || typeName(priv.type_url) !== 'crypto.secp256k1.PrivKey')
    throw new KeyringError(`${file}: a local key without its secp256k1 private key`)
  const pk = registry.decode('sdk.crypto.secp256k1.PrivKey', priv.value) as { key: Bytes }
  return recordOf(r.name, new Uint8Array(pk.key), key.key, '')
}

/** A record from sdkd's earlier JSON form of `<name>.info` (homes made before upstream's files). */
export function recordOfJson(text: string): KeyringRecord {
  const s = JSON.parse(text) as StoredRecord
  if (s.type === 'multi')
    return multisigRecordOf(s.name, s.threshold, s.pub_keys.map(memberOfStored))
  if (s.type === 'offline') return offlineRecordOf(s.name, fromBase64(s.pub_key))
  return recordOf(s.name, fromHex(s.priv_key), fromBase64(s.pub_key), s.hd_path)
}

/** `crypto.secp256k1.PubKey` of `/cosmos.crypto.secp256k1.PubKey` or `/sdk.crypto…` (a brand). */
function typeName(url: string): string {
  const name = url.slice(url.lastIndexOf('/') + 1)
  return name.slice(name.indexOf('.') + 1)
}

/** Go's `time.Time.String()` of a UTC time: `2006-01-02 15:04:05.999999999 +0000 UTC`. */
export function goTimeString(d: Date): string {
  const iso = d.toISOString() // 2006-01-02T15:04:05.123Z
  const fraction = iso.slice(20, 23).replace(/0+$/, '')
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''} +0000 UTC`
}

function errText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
