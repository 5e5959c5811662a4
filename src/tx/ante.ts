import type { AnteAccount, TxKeepers } from '../app/tx-keepers.js'
import type { EventManager } from '../block/events.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../codec/address.js'
import { aminoSignBytes, SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import { type Bytes, equalBytes, fromHex, toBase64 } from '../codec/bytes.js'
import type { Coin } from '../codec/coins.js'
import { sha256 } from '../codec/hash.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { signBytes } from '../codec/sign-doc.js'
import { msgSigners, uniqueSigners } from '../codec/signers.js'
import {
  ErrInsufficientFee,
  ErrInsufficientFunds,
  ErrInvalidAddress,
  ErrInvalidGasLimit,
  ErrInvalidPubKey,
  ErrInvalidRequest,
  ErrMemoTooLarge,
  ErrNoSignatures,
  ErrTooManySignatures,
  ErrTxTimeoutHeight,
  ErrUnauthorized,
  ErrUnknownAddress,
  ErrUnknownExtensionOptions,
  ErrWrongSequence,
  SdkError,
} from '../errors.js'
import type { StateBranch } from '../store/types.js'
import { type DecodedTx, int64Of, SECP256K1_PUBKEY_URL } from './decode.js'
import { UndefinedCodeError } from './errors.js'
import { checkMinGasPrices, type DecCoin, feeCoinsToString } from './fees.js'
import type { GasMeter } from './gas.js'
import { type SignatureCache, secp256k1Address } from './secp256k1.js'
import { rejectUnknownFields } from './wire.js'

/** How a tx runs: mempool admission, mempool re-admission after a block, in a block, or simulated. */
export type TxMode = 'check' | 'recheck' | 'deliver' | 'simulate'

/** Upstream SIGN_MODE_DIRECT. */
export const SIGN_MODE_DIRECT = 1

const SIGN_MODE_NAMES: Record<number, string> = {
  0: 'SIGN_MODE_UNSPECIFIED',
  1: 'SIGN_MODE_DIRECT',
  2: 'SIGN_MODE_TEXTUAL',
  3: 'SIGN_MODE_DIRECT_AUX',
  127: 'SIGN_MODE_LEGACY_AMINO_JSON',
  191: 'SIGN_MODE_EIP_191',
}

/** Upstream MaxGasWanted (math.MaxInt64). */
const MAX_GAS_WANTED = 2n ** 63n - 1n

/** The key simulation charges for a signer that has none yet (upstream simSecp256k1Pubkey). */
const SIM_PUBKEY = fromHex('035ad6810a47f073553ff30d2fcc7e0d3b1c0b74b61a1aaa2582344037151e143a')
/** Legacy amino size of a secp256k1 StdSignature, charged per missing signature in simulation. */
const SIM_SIGNATURE_BYTES = 106

/** Module account receiving fees. */
const FEE_COLLECTOR = moduleAddress('fee_collector')

/** Addresses of public keys seen recently (two hashes per tx saved). */
const keyAddresses = new Map<string, Bytes>()

function addressOfKey(pubKey: Bytes): Bytes {
  const id = Buffer.from(pubKey).toString('latin1')
  let address = keyAddresses.get(id)
  if (!address) {
    address = secp256k1Address(pubKey)
    if (keyAddresses.size >= 10_000) keyAddresses.clear()
    keyAddresses.set(id, address)
  }
  return address
}

/** What the ante handler is configured with. */
export interface AnteOptions {
  registry: ProtoRegistry
  chainId: string
  keepers: TxKeepers
  /** The node's minimum-gas-prices (checked in CheckTx only). */
  minGasPrices: readonly DecCoin[]
  /** Consensus block max gas (-1 or 0: unlimited). */
  blockMaxGas: bigint
  sigCache: SignatureCache
}

/** One tx's ante context: a metered branch, its event manager, the height it runs at. */
export interface AnteContext {
  state: StateBranch
  events: EventManager
  height: number
  mode: TxMode
  meter: GasMeter
}

/**
 * What the ante handler derives from a tx alone (no state), worked out once per decoded tx: a tx
 * runs through CheckTx, then its block, then maybe rechecks, with the very same decoded object.
 */
interface TxFacts {
  signers: Bytes[] | undefined
  signerTexts: string[] | undefined
  fee: { coins: Coin[]; text: string; isZero: boolean; valid: boolean } | undefined
  /** SIGN_MODE_DIRECT sign bytes and their sha256, by chain id and account number. */
  signDocs: Map<string, { bytes: Bytes; digest: Bytes }> | undefined
  /** Signatures of this tx found valid: chain id, account number, signer index and key. */
  verified: Set<string> | undefined
}

const txFacts = new WeakMap<DecodedTx, TxFacts>()

function factsOf(tx: DecodedTx): TxFacts {
  let facts = txFacts.get(tx)
  if (!facts) {
    // Every field present from the start: one object shape, however the facts are filled in.
    facts = {
      signers: undefined,
      signerTexts: undefined,
      fee: undefined,
      signDocs: undefined,
      verified: undefined,
    }
    txFacts.set(tx, facts)
  }
  return facts
}

/** Signers of a tx: each message's signers, deduplicated, then the fee payer if distinct. */
export function txSigners(tx: DecodedTx): Bytes[] {
  const facts = factsOf(tx)
  facts.signers ??= computeTxSigners(tx)
  // Callers may keep what they get: the list is theirs, the addresses are never changed.
  return facts.signers.slice()
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

/** Keys of stored PubKey values (the keeper hands out the same value object for the same bytes). */
const storedKeys = new WeakMap<Bytes, Bytes>()

function pubKeyBytes(registry: ProtoRegistry, acc: AnteAccount): Bytes | undefined {
  if (!acc.pubKey) return undefined
  if (acc.pubKey.type_url !== registry.typeUrl(SECP256K1_PUBKEY_URL)) return undefined
  const value = acc.pubKey.value
  let key = storedKeys.get(value)
  if (!key) {
    key = registry.decode('sdk.crypto.secp256k1.PubKey', value).key as Bytes
    storedKeys.set(value, key)
  }
  return key
}

/** The fee of a tx as the ante handler charges it (parsed once per tx). */
function feeOf(tx: DecodedTx): NonNullable<TxFacts['fee']> {
  const facts = factsOf(tx)
  if (!facts.fee) {
    const feeCoins = tx.fee?.amount ?? []
    const valid = coinsAreValid(feeCoins)
    facts.fee = {
      coins: valid ? feeCoins.map((c) => ({ denom: c.denom, amount: BigInt(c.amount) })) : [],
      text: feeCoinsToString(feeCoins),
      isZero: feeCoins.every((c) => /^0*$/.test(c.amount)),
      valid,
    }
  }
  return facts.fee
}

/** SIGN_MODE_DIRECT sign bytes of a tx for an account number, and their sha256 (once per tx). */
export function directSignDoc(
  o: AnteOptions,
  tx: DecodedTx,
  accountNumber: bigint,
): { bytes: Bytes; digest: Bytes } {
  const facts = factsOf(tx)
  facts.signDocs ??= new Map()
  const id = `${o.chainId}\n${accountNumber}`
  let doc = facts.signDocs.get(id)
  if (!doc) {
    const bytes = signBytes(o.registry, {
      bodyBytes: tx.bodyBytes,
      authInfoBytes: tx.authInfoBytes,
      chainId: o.chainId,
      accountNumber,
    })
    doc = { bytes, digest: sha256(bytes) }
    facts.signDocs.set(id, doc)
  }
  return doc
}

/**
 * Whether signature `i` of `tx` signs its SIGN_MODE_DIRECT sign bytes under `pubKey`: verified once
 * per tx, key and account number (through the signature cache, which CheckTx may have filled).
 */
function verifyDirect(
  o: AnteOptions,
  tx: DecodedTx,
  i: number,
  pubKey: Bytes,
  accountNumber: bigint,
): boolean {
  const verified = verifiedOf(tx)
  const id = verifiedId(o, i, pubKey, accountNumber)
  if (verified.has(id)) return true
  const doc = directSignDoc(o, tx, accountNumber)
  const ok = o.sigCache.verifyDigest(pubKey, doc.bytes, doc.digest, tx.signatures[i]!)
  if (ok) verified.add(id)
  return ok
}

function verifiedOf(tx: DecodedTx): Set<string> {
  const facts = factsOf(tx)
  facts.verified ??= new Set()
  return facts.verified
}

function verifiedId(o: AnteOptions, i: number, pubKey: Bytes, accountNumber: bigint): string {
  const key = Buffer.from(pubKey.buffer, pubKey.byteOffset, pubKey.length).toString('latin1')
  return `${o.chainId}\n${accountNumber}\n${i}\n${key}`
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
  verifiedOf(tx).add(verifiedId(o, i, pubKey, accountNumber))
}

async function signerAccount(o: AnteOptions, ctx: AnteContext, addr: Bytes): Promise<AnteAccount> {
  const acc = await o.keepers.accounts.getAccount(ctx.state, addr)
  if (!acc) throw ErrUnknownAddress.wrap(`account ${addressToBech32(addr)} does not exist`)
  return acc
}

function coinsAreValid(coins: readonly { denom: string; amount: string }[]): boolean {
  let prev = ''
  for (const c of coins) {
    if (!/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/.test(c.denom)) return false
    if (!/^\d+$/.test(c.amount) || BigInt(c.amount) <= 0n) return false
    if (prev !== '' && c.denom <= prev) return false
    prev = c.denom
  }
  return true
}

/**
 * The SIGN_MODE_LEGACY_AMINO_JSON sign bytes of a tx for one signer, re-derived from the tx as
 * upstream's handler does; undefined where upstream cannot build them (extension options, unknown
 * body fields, a message the amino encoder refuses), which fails verification.
 */
function aminoSignBytesOf(
  o: AnteOptions,
  tx: DecodedTx,
  accountNumber: bigint,
  sequence: bigint,
): Bytes | undefined {
  if (tx.extensionOptions.length > 0) return undefined
  if (((tx.body.non_critical_extension_options ?? []) as unknown[]).length > 0) return undefined
  if (!tx.fee) return undefined
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
  } catch {
    return undefined
  }
}

/**
 * The upstream ante handler chain, in order; the first failure wins and nothing of the tx is kept
 * (the caller runs it on a branch). Deducts the fee, stores new public keys, verifies signatures
 * and increments sequences.
 */
export async function runAnte(o: AnteOptions, ctx: AnteContext, tx: DecodedTx): Promise<void> {
  const simulate = ctx.mode === 'simulate'
  const recheck = ctx.mode === 'recheck'
  const isCheck = ctx.mode === 'check' || recheck
  const fee = tx.fee
  const gasLimit = fee?.gasLimit ?? 0n
  const { accounts, bank } = o.keepers

  // 1. SetUpContext (the meter was created with the gas limit by the caller)
  if (o.blockMaxGas > 0n && gasLimit > o.blockMaxGas) {
    throw ErrInvalidGasLimit.wrap(`tx gas limit ${gasLimit} exceeds block max gas ${o.blockMaxGas}`)
  }
  // 2. ExtensionOptions: none are supported
  if (tx.extensionOptions.length > 0) throw ErrUnknownExtensionOptions.error()

  // 3. ValidateBasic
  const signers = txSigners(tx)
  if (!recheck) {
    if (!fee) throw new UndefinedCodeError('missing fee')
    if (fee.gasLimit > MAX_GAS_WANTED) {
      throw ErrInvalidRequest.wrap(`invalid gas supplied; ${fee.gasLimit} > ${MAX_GAS_WANTED}`)
    }
    if (fee.amount.some((c) => c.amount === '')) {
      throw ErrInsufficientFee.wrap('invalid fee provided: null')
    }
    if (fee.amount.some((c) => c.amount.startsWith('-'))) {
      throw ErrInsufficientFee.wrap(`invalid fee provided: ${feeCoinsToString(fee.amount)}`)
    }
    if (fee.payer) {
      try {
        bech32ToAddress(fee.payer)
      } catch (err) {
        throw ErrInvalidAddress.wrap(`Invalid fee payer address (${(err as Error).message})`)
      }
    }
    if (tx.signatures.length === 0) throw ErrNoSignatures.error()
    if (tx.signatures.length !== signers.length) {
      throw ErrUnauthorized.wrap(
        `wrong number of signers; expected ${signers.length}, got ${tx.signatures.length}`,
      )
    }
  }
  if (tx.signerInfos.length !== signers.length) {
    throw ErrUnauthorized.wrap(
      `wrong number of signers; expected ${signers.length}, got ${tx.signerInfos.length}`,
    )
  }

  // 4. TxTimeoutHeight
  if (tx.timeoutHeight > 0n && BigInt(ctx.height) > tx.timeoutHeight) {
    throw ErrTxTimeoutHeight.wrap(
      `block height: ${ctx.height}, timeout height: ${tx.timeoutHeight}`,
    )
  }

  // 5. ValidateMemo
  const memoLength = Buffer.byteLength(tx.memo, 'utf8')
  if (memoLength > 0) {
    const max = int64Of((await accounts.params(ctx.state)).max_memo_characters)
    if (BigInt(memoLength) > max) {
      throw ErrMemoTooLarge.wrap(
        `maximum number of characters is ${max} but received ${memoLength} characters`,
      )
    }
  }

  // 6. ConsumeGasForTxSize
  const params = await accounts.params(ctx.state)
  const perByte = int64Of(params.tx_size_cost_per_byte)
  ctx.meter.consume(perByte * BigInt(tx.bytes.length), 'txSize')
  if (simulate) {
    for (const [i, signer] of signers.entries()) {
      if ((tx.signatures[i]?.length ?? 0) > 0) continue
      await accounts.getAccount(ctx.state, signer)
      ctx.meter.consume(perByte * BigInt(SIM_SIGNATURE_BYTES + 6), 'txSize')
    }
  }

  // 7. DeductFee
  if (!simulate && ctx.height > 0 && gasLimit === 0n) {
    throw ErrInvalidGasLimit.wrap('must provide positive gas')
  }
  const feeCoins = fee?.amount ?? []
  if (!simulate && isCheck) checkMinGasPrices(feeCoins, gasLimit, o.minGasPrices)
  if (fee?.granter) throw ErrInvalidRequest.wrap('fee grants are not enabled')
  // upstream FeePayer(): the fee's payer when set, else the first signer
  const payer = fee?.payer ? bech32ToAddress(fee.payer) : signers[0]
  if (!payer) throw ErrUnauthorized.wrap('wrong number of signers; expected 1, got 0')
  const payerAccount = await accounts.getAccount(ctx.state, payer)
  if (!payerAccount) {
    throw ErrUnknownAddress.wrap(`fee payer address: ${addressToBech32(payer)} does not exist`)
  }
  const feeFacts = feeOf(tx)
  if (!feeFacts.isZero) {
    if (!feeFacts.valid) {
      throw ErrInsufficientFee.wrap(`invalid fee amount: ${feeFacts.text}`)
    }
    try {
      // a copy: the keeper gets coins of its own
      await bank.send(
        ctx,
        payer,
        FEE_COLLECTOR,
        feeFacts.coins.map((c) => ({ ...c })),
      )
    } catch (err) {
      if (err instanceof SdkError) throw ErrInsufficientFunds.wrap(err.message, { cause: err })
      throw err
    }
  }
  ctx.events.emit('tx', { fee: feeFacts.text, fee_payer: addressToBech32(payer) })

  // 8. SetPubKey
  const facts = factsOf(tx)
  facts.signerTexts ??= signers.map((s) => addressToBech32(s))
  const signerTexts = facts.signerTexts
  for (const [i, info] of tx.signerInfos.entries()) {
    let pk = info.publicKey?.key
    if (!pk) {
      if (!simulate) continue
      pk = SIM_PUBKEY
    }
    if (!simulate && !equalBytes(addressOfKey(pk), signers[i])) {
      throw ErrInvalidPubKey.wrap(
        `pubKey does not match signer address ${signerTexts[i]} with signer index: ${i}`,
      )
    }
    const acc = await signerAccount(o, ctx, signers[i]!)
    if (acc.pubKey) continue
    acc.pubKey = {
      type_url: o.registry.typeUrl(SECP256K1_PUBKEY_URL),
      value: o.registry.encode('sdk.crypto.secp256k1.PubKey', { key: pk }),
    }
    accounts.setAccount(ctx.state, acc)
  }
  for (const [i, info] of tx.signerInfos.entries()) {
    ctx.events.emit('tx', { acc_seq: `${signerTexts[i]}/${info.sequence}` })
    ctx.events.emit('tx', { signature: toBase64(tx.signatures[i] ?? new Uint8Array()) })
  }

  // 9. ValidateSigCount (every key is a single secp256k1 key)
  const sigLimit = int64Of(params.tx_sig_limit)
  if (BigInt(tx.signerInfos.length) > sigLimit) {
    throw ErrTooManySignatures.wrap(`signatures: ${tx.signerInfos.length}, limit: ${sigLimit}`)
  }

  // 10. SigGasConsume
  const verifyCost = int64Of(params.sig_verify_cost_secp256k1)
  for (const signer of signers) {
    const acc = await signerAccount(o, ctx, signer)
    const known = acc.pubKey !== undefined || simulate
    if (!known) throw ErrInvalidPubKey.wrap('unrecognized public key type: <nil>')
    if (acc.pubKey && acc.pubKey.type_url !== o.registry.typeUrl(SECP256K1_PUBKEY_URL)) {
      throw ErrInvalidPubKey.wrap(`unrecognized public key type: ${acc.pubKey.type_url}`)
    }
    ctx.meter.consume(verifyCost, 'ante verify: secp256k1')
  }

  // 11. SigVerification
  if (tx.signatures.length !== signers.length) {
    throw ErrUnauthorized.wrap(
      `invalid number of signer;  expected: ${signers.length}, got ${tx.signatures.length}`,
    )
  }
  for (const [i, signer] of signers.entries()) {
    const acc = await signerAccount(o, ctx, signer)
    const pubKey = pubKeyBytes(o.registry, acc)
    if (!simulate && !pubKey) throw ErrInvalidPubKey.wrap('pubkey on account is not set')
    const info = tx.signerInfos[i]!
    if (info.sequence !== acc.sequence) {
      throw ErrWrongSequence.wrap(
        `account sequence mismatch, expected ${acc.sequence}, got ${info.sequence}`,
      )
    }
    const accountNumber = ctx.height === 0 ? 0n : acc.accountNumber
    if (!simulate && !recheck) {
      if (info.mode === SIGN_MODE_LEGACY_AMINO_JSON) {
        // Upstream names the sequence too, and no cause, when every signature is amino.
        const bytes = aminoSignBytesOf(o, tx, accountNumber, info.sequence)
        if (!bytes || !o.sigCache.verify(pubKey!, bytes, tx.signatures[i]!)) {
          throw ErrUnauthorized.wrap(
            `signature verification failed; please verify account number (${accountNumber}), sequence (${acc.sequence}) and chain-id (${o.chainId})`,
          )
        }
        continue
      }
      const fail = (why: string) =>
        ErrUnauthorized.wrap(
          `signature verification failed; please verify account number (${accountNumber}) and chain-id (${o.chainId}): (${why})`,
        )
      if (info.mode !== SIGN_MODE_DIRECT) {
        throw fail(
          `unsupported sign mode ${info.mode === undefined ? 'multi' : (SIGN_MODE_NAMES[info.mode] ?? info.mode)}`,
        )
      }
      if (!verifyDirect(o, tx, i, pubKey!, accountNumber)) {
        throw fail('unable to verify single signer signature')
      }
    }
  }

  // 12. IncrementSequence
  for (const signer of signers) {
    const acc = await signerAccount(o, ctx, signer)
    acc.sequence += 1n
    accounts.setAccount(ctx.state, acc)
  }
}
