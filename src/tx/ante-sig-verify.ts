import type { AnteAccount } from '../app/tx-keepers.js'
import { addressToBech32 } from '../codec/address.js'
import { aminoSignBytes, SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import { type Bytes, bytesToLatin1, equalBytes, fromHex, toBase64 } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { SIGN_MODE_DIRECT } from '../codec/sign-doc.js'
import {
  ErrInvalidPubKey,
  ErrTooManySignatures,
  ErrUnauthorized,
  ErrUnknownAddress,
  ErrWrongSequence,
} from '../errors.js'
import { signerTextsOf, verifyDirect } from './ante-facts.js'
import type { AnteContext, AnteDecorator, AnteOptions } from './ante-types.js'
import { type DecodedTx, SECP256K1_PUBKEY_URL } from './decode.js'
import { secp256k1Address } from './secp256k1.js'
import { rejectUnknownFields } from './wire.js'

// The ante handler's signature decorators (upstream x/auth/ante sigverify.go): public keys, the
// number of signatures, their gas, the signatures themselves, then the sequences.

const SIGN_MODE_NAMES: Record<number, string> = {
  0: 'SIGN_MODE_UNSPECIFIED',
  1: 'SIGN_MODE_DIRECT',
  2: 'SIGN_MODE_TEXTUAL',
  3: 'SIGN_MODE_DIRECT_AUX',
  127: 'SIGN_MODE_LEGACY_AMINO_JSON',
  191: 'SIGN_MODE_EIP_191',
}

/** The key simulation charges for a signer that has none yet (upstream simSecp256k1Pubkey). */
const SIM_PUBKEY = fromHex('035ad6810a47f073553ff30d2fcc7e0d3b1c0b74b61a1aaa2582344037151e143a')

/** Addresses of public keys seen recently (two hashes per tx saved). */
const keyAddresses = new Map<string, Bytes>()

function addressOfKey(pubKey: Bytes): Bytes {
  const id = bytesToLatin1(pubKey)
  let address = keyAddresses.get(id)
  if (!address) {
    address = secp256k1Address(pubKey)
    if (keyAddresses.size >= 10_000) keyAddresses.clear()
    keyAddresses.set(id, address)
  }
  return address
}

/** Keys of stored PubKey values (the keeper hands out the same value object for the same bytes). */
const storedKeys = new WeakMap<Bytes, Bytes>()

function pubKeyBytes(registry: ProtoRegistry, acc: AnteAccount): Bytes | undefined {
  if (!acc.pubKey) return undefined
  if (acc.pubKey.type_url !== registry.typeUrl(SECP256K1_PUBKEY_URL)) return undefined
  const value = acc.pubKey.value
  let key = storedKeys.get(value)
  if (!key) {
    key = registry.decode('sdk.crypto.secp256k1.PubKey', value).key
    storedKeys.set(value, key)
  }
  return key
}

/** A signer's account, not to be changed (`peekAccount`); `signerAccountCopy` for a changed one. */
// Both chain on the read instead of being async functions: the decorators read every signer's
// account several times per tx, in CheckTx and again in its block.
function signerAccount(
  o: AnteOptions,
  ctx: AnteContext,
  addr: Bytes,
): Promise<Readonly<AnteAccount>> {
  return o.keepers.accounts.peekAccount(ctx.state, addr).then((acc) => existing(acc, addr))
}

/** A signer's account as a copy to change and store. */
function signerAccountCopy(o: AnteOptions, ctx: AnteContext, addr: Bytes): Promise<AnteAccount> {
  return o.keepers.accounts.getAccount(ctx.state, addr).then((acc) => existing(acc, addr))
}

/** The account read at `addr`, or upstream's error for a signer without one. */
function existing<A>(acc: A | undefined, addr: Bytes): A {
  if (!acc) throw ErrUnknownAddress.wrap(`account ${addressToBech32(addr)} does not exist`)
  return acc
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
  if (tx.body.non_critical_extension_options.length > 0) return undefined
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
 * SetPubKey: a signer info's key must be its signer's; an account without a key gets it (in
 * simulation, a placeholder key). Emits each signer's `acc_seq` and `signature`.
 */
export const setPubKey: AnteDecorator = async (run) => {
  const { o, ctx, tx, simulate } = run
  const signers = run.signers!
  const signerTexts = signerTextsOf(tx, signers)
  for (let i = 0; i < tx.signerInfos.length; i++) {
    const info = tx.signerInfos[i]!
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
    // A new object with the key: the one read is shared with other readers.
    const pubKey = {
      type_url: o.registry.typeUrl(SECP256K1_PUBKEY_URL),
      value: o.registry.encode('sdk.crypto.secp256k1.PubKey', { key: pk }),
    }
    await o.keepers.accounts.setAccount(ctx.state, { ...acc, pubKey })
  }
  for (let i = 0; i < tx.signerInfos.length; i++) {
    ctx.events.emit('tx', { acc_seq: `${signerTexts[i]}/${tx.signerInfos[i]!.sequence}` })
    ctx.events.emit('tx', { signature: toBase64(tx.signatures[i] ?? new Uint8Array()) })
  }
}

/**
 * ValidateSigCount: at most x/auth's `tx_sig_limit` (every key is a single secp256k1 key). Reads
 * the params itself, as upstream's decorator does (charged).
 */
export const validateSigCount: AnteDecorator = async ({ o, ctx, tx }) => {
  const sigLimit = int64Of((await o.keepers.accounts.params(ctx.state)).tx_sig_limit)
  if (BigInt(tx.signerInfos.length) > sigLimit) {
    throw ErrTooManySignatures.wrap(`signatures: ${tx.signerInfos.length}, limit: ${sigLimit}`)
  }
}

/**
 * SigGasConsume: every signer's key is a known secp256k1 key, and its verification is charged.
 * Reads the params itself, as upstream's decorator does (charged).
 */
export const sigGasConsume: AnteDecorator = async ({ o, ctx, signers, simulate }) => {
  const verifyCost = int64Of((await o.keepers.accounts.params(ctx.state)).sig_verify_cost_secp256k1)
  for (const signer of signers!) {
    const acc = await signerAccount(o, ctx, signer)
    const known = acc.pubKey !== undefined || simulate
    if (!known) throw ErrInvalidPubKey.wrap('unrecognized public key type: <nil>')
    if (acc.pubKey && acc.pubKey.type_url !== o.registry.typeUrl(SECP256K1_PUBKEY_URL)) {
      throw ErrInvalidPubKey.wrap(`unrecognized public key type: ${acc.pubKey.type_url}`)
    }
    ctx.meter.consume(verifyCost, 'ante verify: secp256k1')
  }
}

/**
 * SigVerification: each signer's sequence, then its signature over SIGN_MODE_DIRECT or
 * SIGN_MODE_LEGACY_AMINO_JSON sign bytes (not in simulation nor in ReCheckTx).
 */
export const sigVerification: AnteDecorator = async (run) => {
  const { o, ctx, tx, simulate, recheck } = run
  const signers = run.signers!
  if (tx.signatures.length !== signers.length) {
    throw ErrUnauthorized.wrap(
      `invalid number of signer;  expected: ${signers.length}, got ${tx.signatures.length}`,
    )
  }
  for (let i = 0; i < signers.length; i++) {
    const acc = await signerAccount(o, ctx, signers[i]!)
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
}

/** IncrementSequence: every signer's sequence goes up by one. */
export const incrementSequence: AnteDecorator = async ({ o, ctx, signers }) => {
  for (const signer of signers!) {
    const acc = await signerAccountCopy(o, ctx, signer)
    acc.sequence += 1n
    await o.keepers.accounts.setAccount(ctx.state, acc)
  }
}
