import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { aminoSignBytes } from '../codec/amino-json.js'
import { type Bytes, bytesToLatin1 } from '../codec/bytes.js'
import { type Coin, coinsText, isValidCoins } from '../codec/coins.js'
import { sha256 } from '../codec/hash.js'
import { signBytes } from '../codec/sign-doc.js'
import { msgSigners, uniqueSigners } from '../codec/signers.js'
import type { AnteOptions } from './ante-types.js'
import type { DecodedTx } from './decode.js'
import { rejectUnknownFields } from './wire.js'

/**
 * What the ante handler derives from a tx alone (no state), worked out once per decoded tx: a tx
 * runs through CheckTx, then its block, then maybe rechecks, with the very same decoded object.
 */
interface TxFacts {
  signers: Bytes[] | undefined
  signerTexts: string[] | undefined
  fee: TxFee | undefined
  /**
   * SIGN_MODE_DIRECT sign bytes and their sha256, by chain id and account number: the first alone
   * (a tx is signed for one chain, most often by one account), any other in a map.
   */
  signDocFirst: { id: string; doc: SignDoc } | undefined
  signDocs: Map<string, SignDoc> | undefined
  /**
   * Signatures of this tx found valid: chain id, account number, signer index and key. The first
   * alone while it is the only one (a tx has one signer, most often), the rest in a set.
   */
  verifiedFirst: string | undefined
  verified: Set<string> | undefined
}

/** SIGN_MODE_DIRECT sign bytes and their sha256. */
interface SignDoc {
  bytes: Bytes
  digest: Bytes
}

/** The fee of a tx as the ante handler charges it. */
export interface TxFee {
  coins: Coin[]
  text: string
  isZero: boolean
  valid: boolean
}

const txFacts = new WeakMap<DecodedTx, TxFacts>()

/** The facts of a tx (an empty record on first use). */
function factsOf(tx: DecodedTx): TxFacts {
  let facts = txFacts.get(tx)
  if (!facts) {
    // Every field present from the start: one object shape, however the facts are filled in.
    facts = {
      signers: undefined,
      signerTexts: undefined,
      fee: undefined,
      signDocFirst: undefined,
      signDocs: undefined,
      verifiedFirst: undefined,
      verified: undefined,
    }
    txFacts.set(tx, facts)
  }
  return facts
}

/** Signers of a tx: each message's signers, deduplicated, then the fee payer if distinct. */
export function txSigners(tx: DecodedTx): Bytes[] {
  const facts = factsOf(tx)
  // Kept until the block: a copy of exactly its length, not the list that grew to hold them.
  facts.signers ??= computeTxSigners(tx).slice()
  // Callers may keep what they get: the list is theirs, the addresses are never changed.
  return facts.signers.slice()
}

/** The bech32 texts of a tx's signers (as `txSigners` lists them), worked out once per tx. */
export function signerTextsOf(tx: DecodedTx, signers: readonly Bytes[]): string[] {
  const facts = factsOf(tx)
  facts.signerTexts ??= signers.map((s) => addressToBech32(s))
  return facts.signerTexts
}

function computeTxSigners(tx: DecodedTx): Bytes[] {
  const lists = tx.msgs.map((m) => msgSigners(m.type, m.value))
  const payer = tx.fee?.payer
  if (payer) {
    try {
      lists.push([bech32ToAddress(payer)])
    } catch {
      // a malformed payer is reported by the basic checks, with upstream's message
    }
  }
  return uniqueSigners(lists)
}

/** The fee of a tx as the ante handler charges it (parsed once per tx). */
export function feeOf(tx: DecodedTx): TxFee {
  const facts = factsOf(tx)
  if (!facts.fee) {
    const feeCoins = tx.fee?.amount ?? []
    const valid = isValidCoins(feeCoins)
    facts.fee = {
      coins: valid ? feeCoins.map((c) => ({ denom: c.denom, amount: BigInt(c.amount) })) : [],
      text: coinsText(feeCoins),
      isZero: feeCoins.every((c) => /^0*$/.test(c.amount)),
      valid,
    }
  }
  return facts.fee
}

/** SIGN_MODE_DIRECT sign bytes of a tx for an account number, and their sha256 (once per tx). */
export function directSignDoc(
  o: Pick<AnteOptions, 'registry' | 'chainId'>,
  tx: DecodedTx,
  accountNumber: bigint,
): SignDoc {
  const facts = factsOf(tx)
  const id = [o.chainId, accountNumber].join('\n')
  const first = facts.signDocFirst
  if (first?.id === id) return first.doc
  let doc = facts.signDocs?.get(id)
  if (!doc) {
    const bytes = signBytes(o.registry, {
      bodyBytes: tx.bodyBytes,
      authInfoBytes: tx.authInfoBytes,
      chainId: o.chainId,
      accountNumber,
    })
    doc = { bytes, digest: sha256(bytes) }
    if (!first) facts.signDocFirst = { id, doc }
    else {
      facts.signDocs ??= new Map()
      facts.signDocs.set(id, doc)
    }
  }
  return doc
}

/**
 * The SIGN_MODE_LEGACY_AMINO_JSON sign bytes of a tx for one signer, re-derived from the tx as
 * upstream's handler does; the reason where upstream cannot build them (extension options, unknown
 * body fields, a message the amino encoder refuses), which fails verification.
 */
export function aminoSignBytesOf(
  o: Pick<AnteOptions, 'registry' | 'chainId'>,
  tx: DecodedTx,
  accountNumber: bigint,
  sequence: bigint,
): Bytes | string {
  if (tx.extensionOptions.length > 0 || tx.body.non_critical_extension_options.length > 0) {
    return 'SIGN_MODE_LEGACY_AMINO_JSON does not support protobuf extension options: invalid request'
  }
  if (!tx.fee) return 'fee cannot be nil'
  try {
    const bodyType = o.registry.type('sdk.tx.v1beta1.TxBody')
    rejectUnknownFields(tx.bodyBytes, bodyType, { allowNonCritical: false, registry: o.registry })
    return aminoSignBytes(o.registry, {
      chainId: o.chainId,
      accountNumber,
      sequence,
      memo: tx.memo,
      timeoutHeight: tx.timeoutHeight,
      msgs: tx.msgs.map((m) => m.any),
      fee: tx.fee,
    })
  } catch (err) {
    return err instanceof Error ? err.message : String(err)
  }
}

/**
 * Whether signature `i` of `tx` signs its SIGN_MODE_DIRECT sign bytes under `pubKey`: verified once
 * per tx, key and account number (through the signature cache, which CheckTx may have filled).
 */
export function verifyDirect(
  o: AnteOptions,
  tx: DecodedTx,
  i: number,
  pubKey: Bytes,
  accountNumber: bigint,
): boolean {
  const facts = factsOf(tx)
  const id = verifiedId(o, i, pubKey, accountNumber)
  if (facts.verifiedFirst === id || facts.verified?.has(id)) return true
  const doc = directSignDoc(o, tx, accountNumber)
  const ok = o.sigCache.verifyDigest(pubKey, doc.bytes, doc.digest, tx.signatures[i]!)
  if (ok) addVerified(facts, id)
  return ok
}

function addVerified(facts: TxFacts, id: string): void {
  if (facts.verifiedFirst === undefined) facts.verifiedFirst = id
  else if (facts.verifiedFirst !== id) {
    facts.verified ??= new Set()
    facts.verified.add(id)
  }
}

/**
 * The id of a signature found valid. Joined, not concatenated: the id stays with its tx until the
 * block, and a concatenated string would keep each of its pieces besides.
 */
function verifiedId(o: AnteOptions, i: number, pubKey: Bytes, accountNumber: bigint): string {
  return [o.chainId, accountNumber, i, bytesToLatin1(pubKey)].join('\n')
}

/**
 * Records that signature `i` of `tx` was found valid for its SIGN_MODE_DIRECT sign bytes under
 * `pubKey` and `accountNumber` (verified elsewhere, e.g. on a worker thread): the ante handler
 * does not verify it again.
 */
export function rememberDirectVerified(
  o: AnteOptions,
  tx: DecodedTx,
  i: number,
  pubKey: Bytes,
  accountNumber: bigint,
): void {
  addVerified(factsOf(tx), verifiedId(o, i, pubKey, accountNumber))
}
