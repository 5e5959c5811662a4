import { bech32 } from '@scure/base'
import { ErrInvalidAddress } from '../errors.js'
import { brand } from './brand.js'
import { type Bytes, bytesToLatin1 } from './bytes.js'
import { sha256 } from './hash.js'

/** Bech32 prefix of account addresses: the brand's (`sdk1…`, or `cosmos1…` in brand cosmos). */
const accountPrefix = () => brand().bech32.account

/** Most addresses remembered by each memo (the checksum is costly; txs repeat few addresses). */
const MEMO_SIZE = 10_000
const encoded = new Map<string, string>()
const decodedMemo = new Map<string, Bytes>()

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(key, value)
  return value
}

/** Encodes address bytes as bech32 with the brand's account prefix unless told another. */
export function addressToBech32(bytes: Bytes, prefix: string = accountPrefix()): string {
  const key = `${prefix}:${bytesToLatin1(bytes)}`
  return (
    encoded.get(key) ?? remember(encoded, key, bech32.encode(prefix, bech32.toWords(bytes), 1023))
  )
}

/**
 * Decodes a bech32 account address with the upstream errors: `empty address string is not allowed`,
 * `decoding bech32 failed: …`, `hrp does not match bech32 prefix: expected 'sdk' got '…'`.
 */
export function bech32ToAddress(text: string, prefix: string = accountPrefix()): Bytes {
  const hit = decodedMemo.get(`${prefix}:${text}`)
  if (hit) return hit.slice()
  if (text.trim() === '') throw ErrInvalidAddress.wrap('empty address string is not allowed')
  let decoded: { prefix: string; words: number[] }
  try {
    decoded = bech32.decode(text as `${string}1${string}`, 1023)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`decoding bech32 failed: ${bech32Reason(err)}`, { cause: err })
  }
  if (decoded.prefix !== prefix) {
    throw ErrInvalidAddress.wrap(
      `hrp does not match bech32 prefix: expected '${prefix}' got '${decoded.prefix}'`,
    )
  }
  const bytes = bech32.fromWords(decoded.words)
  if (bytes.length === 0 || bytes.length > 255) {
    throw ErrInvalidAddress.wrap(`address length must be 1-255 bytes, got ${bytes.length}`)
  }
  // Callers may keep or change the result: hand out copies of the remembered bytes.
  remember(decodedMemo, `${prefix}:${text}`, bytes.slice())
  return bytes
}

function bech32Reason(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err)
  if (/checksum/i.test(msg)) return 'invalid checksum'
  if (/separator|"1"/i.test(msg)) return 'invalid separator index'
  if (/character|alphabet|Unknown letter/i.test(msg)) return 'invalid character not part of charset'
  if (/length/i.test(msg)) return 'invalid bech32 string length'
  if (/case/i.test(msg)) return 'string not all lowercase or all uppercase'
  return msg
}

/** Whether `text` is a valid account address. */
export function isAddress(text: string, prefix: string = accountPrefix()): boolean {
  try {
    bech32ToAddress(text, prefix)
    return true
  } catch {
    return false
  }
}

/**
 * Module account addresses by name: every block asks for several (mint, distribution, the fee
 * collector). Bounded, as a name may come from a request.
 */
const moduleAddresses = new Map<string, Bytes>()
const MODULE_ADDRESSES_MAX = 64

/**
 * Address of a module account: sha256(module name)[:20] (upstream NewModuleAddress). Hashed once
 * per name; each caller gets its own copy, so none can change another's.
 */
export function moduleAddress(name: string): Bytes {
  let address = moduleAddresses.get(name)
  if (!address) {
    address = sha256(new TextEncoder().encode(name)).slice(0, 20)
    if (moduleAddresses.size < MODULE_ADDRESSES_MAX) moduleAddresses.set(name, address)
  }
  return address.slice()
}
