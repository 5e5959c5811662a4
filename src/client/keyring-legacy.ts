import protobuf from 'protobufjs/light.js'
import { type Bytes, toHex } from '../codec/bytes.js'
import type { MultisigMember } from '../codec/multisig.js'
import { KeyringError } from './key-crypto.js'
import {
  type Bip44Path,
  type KeyringRecord,
  ledgerRecordOf,
  multisigRecordOf,
  offlineRecordOf,
  recordOf,
} from './keyring-records.js'
import { secp256k1Member } from './multisig-keys.js'

// The keyring items of SDK v0.45 and before: a key's `LegacyInfo` in legacy amino, length-prefixed
// (`legacy.Cdc.MarshalLengthPrefixed`). Upstream v0.46+ reads them and writes them back as a
// protobuf `Record` (its keystore's `migrate`); so does sdkd. Amino's binary form is protobuf's wire
// format after a 4-byte prefix naming the concrete type (sha256 of its registered name).

/** The prefixes of the registered `LegacyInfo` types (`crypto/keys/localInfo`, …). */
const INFO = {
  local: '0dad153d',
  offline: '1f4d3ed6',
  multi: '34878fb8',
  ledger: 'a08cb0fb',
}

/** The prefixes of the key types (`tendermint/PubKeySecp256k1`, …). */
const KEY = {
  secp256k1Pub: 'eb5ae987',
  secp256k1Priv: 'e1b0f79b',
  multisig: '22c1f7e2',
}

/** The type prefix of an item in the legacy form, if its length prefix covers it exactly. */
function legacyKind(data: Bytes): string | undefined {
  try {
    const r = protobuf.Reader.create(data)
    const length = r.uint32()
    if (r.pos + length !== data.length || length < 4) return undefined
    const kind = toHex(data.subarray(r.pos, r.pos + 4))
    return Object.values(INFO).includes(kind) ? kind : undefined
  } catch {
    return undefined
  }
}

/** Whether an item's data is a `LegacyInfo` of SDK v0.45 and before. */
export function isLegacyInfo(data: Bytes): boolean {
  return legacyKind(data) !== undefined
}

/** The fields of an amino struct: each field number's values (bytes, or a varint's number). */
function fieldsOf(bytes: Bytes): Map<number, (Bytes | number)[]> {
  const r = protobuf.Reader.create(bytes)
  const out = new Map<number, (Bytes | number)[]>()
  while (r.pos < r.len) {
    const tag = r.uint32()
    const field = tag >>> 3
    const value = (tag & 7) === 0 ? r.uint32() : (tag & 7) === 2 ? r.bytes() : undefined
    if (value === undefined) throw new KeyringError(`unexpected wire type ${tag & 7}`)
    out.set(field, [...(out.get(field) ?? []), value])
  }
  return out
}

const bytesField = (f: Map<number, (Bytes | number)[]>, n: number): Bytes | undefined => {
  const v = f.get(n)?.[0]
  return v instanceof Uint8Array ? v : undefined
}

/** A public key in legacy amino (its type prefix, then the key): a secp256k1 key or a multisig. */
function aminoMember(bytes: Bytes): MultisigMember {
  const prefix = toHex(bytes.subarray(0, 4))
  const rest = bytes.subarray(4)
  if (prefix === KEY.secp256k1Pub) return secp256k1Member(protobuf.Reader.create(rest).bytes())
  if (prefix === KEY.multisig) {
    const f = fieldsOf(rest)
    const threshold = Number(f.get(1)?.[0] ?? 0)
    const members = (f.get(2) ?? []).map((m) => aminoMember(m as Bytes))
    return { type: 'multisig', threshold, members }
  }
  throw new KeyringError(`a public key of amino prefix ${prefix}, not secp256k1 or multisig`)
}

/** A `ledgerInfo`'s `hd.BIP44Params` (an amino struct of five varints; zero values left out). */
function bip44Of(bytes: Bytes | undefined): Bip44Path {
  const f = bytes ? fieldsOf(bytes) : new Map<number, (Bytes | number)[]>()
  const n = (i: number) => {
    const v = f.get(i)?.[0]
    if (v instanceof Uint8Array) throw new KeyringError('a BIP44 path field not a number')
    return v ?? 0
  }
  return { purpose: n(1), coinType: n(2), account: n(3), change: n(4) !== 0, addressIndex: n(5) }
}

/**
 * The record of a `LegacyInfo` item: a local key (its private key's amino bytes in
 * `privkey.armor`, as the test and file backends kept it), a public key alone, a Ledger key (its
 * derivation path), or a multisig key.
 */
export function legacyRecord(file: string, data: Bytes): KeyringRecord {
  const kind = legacyKind(data)
  try {
    const r = protobuf.Reader.create(data)
    r.uint32()
    const f = fieldsOf(data.subarray(r.pos + 4))
    const name = new TextDecoder().decode(bytesField(f, 1) ?? new Uint8Array())
    const pub = bytesField(f, 2)
    if (!pub) throw new KeyringError('no public key')
    const member = aminoMember(pub)
    if (kind === INFO.multi) {
      if (member.type !== 'multisig') throw new KeyringError('a multi info of a single key')
      return multisigRecordOf(name, member.threshold, member.members)
    }
    if (member.type !== 'secp256k1') throw new KeyringError('a multisig key not in a multi info')
    if (kind === INFO.offline) return offlineRecordOf(name, member.key)
    if (kind === INFO.ledger) return ledgerRecordOf(name, member.key, bip44Of(bytesField(f, 3)))
    const armor = bytesField(f, 3)
    if (!armor || toHex(armor.subarray(0, 4)) !== KEY.secp256k1Priv)
      throw new KeyringError('a local key without its secp256k1 private key')
    return recordOf(name, protobuf.Reader.create(armor.subarray(4)).bytes(), member.key, '')
  } catch (err) {
    throw new KeyringError(`${file}: ${(err as Error).message}`)
  }
}
