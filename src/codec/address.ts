import { bech32 } from '@scure/base'
import { ErrInvalidAddress, ErrUnknownAddress, wrapText } from '../errors.js'
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
  let bytes: Bytes
  try {
    decoded = bech32.decode(text as `${string}1${string}`, 1023)
    bytes = bech32.fromWords(decoded.words)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`decoding bech32 failed: ${bech32Failure(text)}`, { cause: err })
  }
  // Upstream decodes and converts first, then compares the prefix.
  if (decoded.prefix !== prefix) {
    throw ErrInvalidAddress.wrap(
      `hrp does not match bech32 prefix: expected '${prefix}' got '${decoded.prefix}'`,
    )
  }
  // Upstream's VerifyAddressFormat.
  if (bytes.length === 0) throw ErrUnknownAddress.wrap('addresses cannot be empty')
  if (bytes.length > 255)
    throw ErrUnknownAddress.wrap(`address max length is 255, got ${bytes.length}`)
  // Callers may keep or change the result: hand out copies of the remembered bytes.
  remember(decodedMemo, `${prefix}:${text}`, bytes.slice())
  return bytes
}

/** The bech32 alphabet: each data character stands for its index here (5 bits). */
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/**
 * Why `text` is no bech32 address, in the words of upstream's decoder (cosmos/btcutil's bech32,
 * then the 5-to-8-bit conversion of types/bech32), its checks in its order: the length (8 to 1023
 * bytes), the characters (ASCII 33–126), one case, the separator's index, the data alphabet, the
 * checksum (with the one expected, computed by the library), the bit groups.
 */
export function bech32Failure(text: string): string {
  const bytes = new TextEncoder().encode(text)
  if (bytes.length < 8 || bytes.length > 1023) return `invalid bech32 string length ${bytes.length}`
  let lower = false
  let upper = false
  for (const b of bytes) {
    // Go prints the byte as a rune: a byte of a multi-byte character shows as its Latin-1 letter.
    if (b < 33 || b > 126) return `invalid character in string: '${String.fromCharCode(b)}'`
    lower ||= b >= 97 && b <= 122
    upper ||= b >= 65 && b <= 90
    if (lower && upper) return 'string not all lowercase or all uppercase'
  }
  const s = text.toLowerCase()
  const one = s.lastIndexOf('1')
  if (one < 1 || one + 7 > s.length) return `invalid separator index ${one}`
  const hrp = s.slice(0, one)
  const data = s.slice(one + 1)
  const values: number[] = []
  for (const ch of data) {
    const v = BECH32_CHARSET.indexOf(ch)
    if (v < 0) return `invalid character not part of charset: ${ch.charCodeAt(0)}`
    values.push(v)
  }
  const expected = bech32.encode(hrp, values.slice(0, -6), 1023).slice(-6)
  if (expected !== data.slice(-6))
    return `invalid checksum (expected ${expected} got ${data.slice(-6)})`
  return 'invalid incomplete group'
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

/**
 * The upstream address codec's error text for a bad bech32 address: the decoder's own texts as they
 * are; a prefix mismatch is an ErrLogic upstream, so its text ends with `: internal logic error`; an
 * address of no bytes or of more than 255 fails VerifyAddressFormat with an ErrUnknownAddress, so
 * its text ends with `: unknown address`.
 */
export function addressErrorText(err: unknown): string {
  if (ErrUnknownAddress.is(err)) return err.message
  const text = wrapText(err)
  return text.startsWith('hrp does not match bech32 prefix')
    ? `${text}: internal logic error`
    : text
}
