import type { AnteAccount } from '../app/tx-keepers.js'
import { addressToBech32 } from '../codec/address.js'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import { type Bytes, equalBytes, fromHex, toBase64 } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { int64Of } from '../codec/int64.js'
import type { ProtoInit, ProtoRegistry } from '../codec/proto.js'
import { SIGN_MODE_DIRECT } from '../codec/sign-doc.js'
import {
  ErrInvalidPubKey,
  ErrTooManySignatures,
  ErrUnauthorized,
  ErrUnknownAddress,
  ErrWrongSequence,
  goPanic,
} from '../errors.js'
import { eachNow, thenNow } from '../store/value-now.js'
import { aminoSignBytesOf, directSignDoc, signerTextsOf, verifyDirect } from './ante-facts.js'
import {
  addressOfMultisig,
  consumeSigGas,
  goKeyType,
  storedPubKey,
  verifyMultisignature,
} from './ante-multisig.js'
import type { AnteContext, AnteDecorator, AnteOptions, AnteRun } from './ante-types.js'
import type { DecodedTx } from './decode.js'
import { countSubKeys, ED25519_PUBKEY_URL, SECP256K1_PUBKEY_URL } from './pubkeys.js'
import { rememberedSecp256k1Address } from './secp256k1.js'
import {
  onlyLegacyAminoSigners,
  type SignatureData,
  signatureDataOf,
  signatureEventBytes,
} from './signature-data.js'

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

/**
 * Whether signer `i`'s signature is not asked for: a devnet impersonates its account (never in
 * simulation, which asks for none).
 */
function impersonated(run: AnteRun, i: number): boolean {
  const imp = run.o.impersonation
  return imp?.active === true && !run.simulate && imp.covers(run.signers![i]!)
}

/**
 * An ed25519 key's address (upstream's: the first 20 bytes of its sha256); a key of another size
 * panics there, and runTx recovers.
 */
function ed25519Address(key: Bytes): Bytes {
  if (key.length !== 32) throw goPanic('pubkey is incorrect size')
  return sha256(key).subarray(0, 20)
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
// Not async functions: the decorators read every signer's account several times per tx, in CheckTx
// and again in its block. This one is not even a promise when memory has the account (nearly
// always), and its callers await only a promise.
function signerAccount(
  o: AnteOptions,
  ctx: AnteContext,
  addr: Bytes,
): Readonly<AnteAccount> | Promise<Readonly<AnteAccount>> {
  const acc = o.keepers.accounts.peekAccountNow(ctx.state, addr)
  return acc instanceof Promise ? acc.then((a) => existing(a, addr)) : existing(acc, addr)
}

/**
 * A signer's account with its sequence one higher, to store: a new object (the one read is shared
 * with other readers), read as `getAccount` reads it.
 */
function nextSequence(
  o: AnteOptions,
  ctx: AnteContext,
  addr: Bytes,
): AnteAccount | Promise<AnteAccount> {
  return thenNow(signerAccount(o, ctx, addr), (acc) => ({ ...acc, sequence: acc.sequence + 1n }))
}

/** The account read at `addr`, or upstream's error for a signer without one. */
function existing<A>(acc: A | undefined, addr: Bytes): A {
  if (!acc) throw ErrUnknownAddress.wrap(`account ${addressToBech32(addr)} does not exist`)
  return acc
}

/**
 * The signature data of every signer whose mode info is not a single mode (upstream
 * GetSignaturesV2, whose failures these are); undefined for a tx of single signatures only.
 */
function otherSignatureData(tx: DecodedTx): (SignatureData | undefined)[] | undefined {
  let data: (SignatureData | undefined)[] | undefined
  for (let i = 0; i < tx.signerInfos.length; i++) {
    const info = tx.signerInfos[i]!
    if (info.mode !== undefined) continue
    data ??= []
    data[i] = signatureDataOf(info, tx.signatures[i] ?? new Uint8Array())
  }
  return data
}

/**
 * SetPubKey: a signer info's key must be its signer's; an account without a key gets it (in
 * simulation, a placeholder key). Emits each signer's `acc_seq` and `signature`.
 */
export const setPubKey: AnteDecorator = (run) => {
  const signerTexts = signerTextsOf(run.tx, run.signers!)
  // A promise only when a read or a write needs one (memory answers nearly every tx's).
  return thenNow(
    eachNow(run.tx.signerInfos, (info, i) => setSignerKey(run, signerTexts, info, i)),
    () => signatureEvents(run, signerTexts),
  )
}

/** SetPubKey for signer `i`: its signer info's key checked against its address, stored if new. */
function setSignerKey(
  run: AnteRun,
  signerTexts: readonly string[],
  info: DecodedTx['signerInfos'][number],
  i: number,
): void | Promise<void> {
  const { o, ctx, simulate } = run
  const signers = run.signers!
  const multisig = info.multisig
  const ed25519 = info.ed25519
  let pk = info.publicKey?.key
  if (!pk && !multisig && !ed25519) {
    if (!simulate) return
    pk = SIM_PUBKEY
  }
  if (!simulate) {
    const address = multisig
      ? addressOfMultisig(multisig.key)
      : ed25519
        ? ed25519Address(ed25519)
        : rememberedSecp256k1Address(pk!)
    if (!equalBytes(address, signers[i])) {
      // An impersonated account keeps its own key: another one is neither checked nor stored.
      if (impersonated(run, i)) return
      throw ErrInvalidPubKey.wrap(
        `pubKey does not match signer address ${signerTexts[i]} with signer index: ${i}`,
      )
    }
  }
  const key = pk
  return thenNow(signerAccount(o, ctx, signers[i]!), (acc) => {
    if (acc.pubKey) return
    // A new object with the key: the one read is shared with other readers.
    const pubKey = multisig
      ? { type_url: multisig.any.type_url, value: reencodeMultisig(o.registry, multisig.any.value) }
      : ed25519
        ? {
            type_url: o.registry.typeUrl(ED25519_PUBKEY_URL),
            value: o.registry.encode('sdk.crypto.ed25519.PubKey', { key: ed25519 }),
          }
        : {
            type_url: o.registry.typeUrl(SECP256K1_PUBKEY_URL),
            value: o.registry.encode('sdk.crypto.secp256k1.PubKey', { key: key! }),
          }
    return o.keepers.accounts.setAccount(ctx.state, { ...acc, pubKey })
  })
}

/** SetPubKey's events: each signer's `acc_seq` and `signature`. */
function signatureEvents(run: AnteRun, signerTexts: readonly string[]): void {
  const { o, ctx, tx } = run
  const other = otherSignatureData(tx)
  // CheckTx keeps no events: with every signature in a single mode (nothing below can fail), their
  // texts (a bech32 address, base64 signatures) are not made.
  if (!other && !ctx.events.keeps) return
  for (let i = 0; i < tx.signerInfos.length; i++) {
    ctx.events.emit('tx', { acc_seq: `${signerTexts[i]}/${tx.signerInfos[i]!.sequence}` })
    if (other && tx.signerInfos[i]!.mode === undefined) {
      for (const sig of signatureEventBytes(o.registry, other[i])) {
        ctx.events.emit('tx', { signature: toBase64(sig) })
      }
      continue
    }
    ctx.events.emit('tx', { signature: toBase64(tx.signatures[i] ?? new Uint8Array()) })
  }
}

/** A multisig key as the account stores it: upstream marshals the key it decoded again. */
function reencodeMultisig(registry: ProtoRegistry, value: Bytes): Bytes {
  const name = 'sdk.crypto.multisig.LegacyAminoPubKey'
  return registry.encode(name, registry.decode(name, value))
}

/**
 * ValidateSigCount: at most x/auth's `tx_sig_limit` keys in the signer infos, a multisig's members
 * counted one by one (a signer info without a key counts none). Reads the params itself, as
 * upstream's decorator does (charged).
 */
export const validateSigCount: AnteDecorator = ({ o, ctx, tx }) => {
  // Without a promise when memory has the params (every tx).
  const params = o.keepers.accounts.paramsNow(ctx.state)
  if (params instanceof Promise) return params.then((p) => countSigs(tx, p))
  countSigs(tx, params)
  return undefined
}

function countSigs(tx: DecodedTx, params: ProtoInit<'sdk.auth.v1beta1.Params'>): void {
  const sigLimit = int64Of(params.tx_sig_limit)
  let count = 0
  for (const info of tx.signerInfos) {
    count += info.multisig
      ? countSubKeys(info.multisig.key)
      : info.publicKey || info.ed25519
        ? 1
        : 0
    if (BigInt(count) > sigLimit) {
      throw ErrTooManySignatures.wrap(`signatures: ${count}, limit: ${sigLimit}`)
    }
  }
}

/**
 * SigGasConsume: every signer's key is known and its verification is charged: a secp256k1 key's
 * cost, a multisig's per member that signed. Reads the params itself, as upstream's decorator does
 * (charged).
 */
export const sigGasConsume: AnteDecorator = (run) =>
  thenNow(run.o.keepers.accounts.paramsNow(run.ctx.state), (params) =>
    eachNow(run.signers!, (signer, i) =>
      thenNow(signerAccount(run.o, run.ctx, signer), (acc) => chargeSignature(run, params, i, acc)),
    ),
  )

/** SigGasConsume for signer `i`: its key's verification charged. */
function chargeSignature(
  run: AnteRun,
  params: ProtoInit<'sdk.auth.v1beta1.Params'>,
  i: number,
  acc: Readonly<AnteAccount>,
): void {
  const { o, ctx, tx, simulate } = run
  const verifyCost = int64Of(params.sig_verify_cost_secp256k1)
  const secp256k1Url = o.registry.typeUrl(SECP256K1_PUBKEY_URL)
  // An impersonated account's verification is charged as a secp256k1 key's, whatever it holds.
  if (impersonated(run, i) && acc.pubKey?.type_url !== secp256k1Url) {
    ctx.meter.consume(verifyCost, 'ante verify: secp256k1')
    return
  }
  const known = acc.pubKey !== undefined || simulate
  if (!known) throw ErrInvalidPubKey.wrap('unrecognized public key type: <nil>')
  if (acc.pubKey && acc.pubKey.type_url !== secp256k1Url) {
    const key = storedPubKey(o.registry, acc.pubKey)
    if (!key) throw ErrInvalidPubKey.wrap(`unrecognized public key type: ${acc.pubKey.type_url}`)
    const data = signatureDataOf(tx.signerInfos[i]!, tx.signatures[i] ?? new Uint8Array())
    consumeSigGas(ctx.meter, key, data, {
      secp256k1: verifyCost,
      ed25519: int64Of(params.sig_verify_cost_ed25519),
    })
    return
  }
  ctx.meter.consume(verifyCost, 'ante verify: secp256k1')
}

/**
 * SigVerification: each signer's sequence, then its signature over SIGN_MODE_DIRECT or
 * SIGN_MODE_LEGACY_AMINO_JSON sign bytes, a multisig's members' each over their own mode's (not in
 * simulation nor in ReCheckTx).
 */
export const sigVerification: AnteDecorator = (run) => {
  const signers = run.signers!
  if (run.tx.signatures.length !== signers.length) {
    throw ErrUnauthorized.wrap(
      `invalid number of signer;  expected: ${signers.length}, got ${run.tx.signatures.length}`,
    )
  }
  return eachNow(signers, (signer, i) =>
    thenNow(signerAccount(run.o, run.ctx, signer), (acc) => verifySigner(run, i, acc)),
  )
}

/** SigVerification for signer `i`: its sequence, then its signature. */
function verifySigner(run: AnteRun, i: number, acc: Readonly<AnteAccount>): void {
  const { o, ctx, tx, simulate, recheck } = run
  const skip = impersonated(run, i)
  const pubKey = pubKeyBytes(o.registry, acc)
  if (!simulate && !skip && !acc.pubKey) throw ErrInvalidPubKey.wrap('pubkey on account is not set')
  const info = tx.signerInfos[i]!
  if (info.sequence !== acc.sequence) {
    throw ErrWrongSequence.wrap(
      `account sequence mismatch, expected ${acc.sequence}, got ${info.sequence}`,
    )
  }
  if (skip || simulate || recheck) return
  const accountNumber = ctx.height === 0 ? 0n : acc.accountNumber
  if (info.mode === undefined) {
    verifyOther(run, i, acc, accountNumber)
    return
  }
  if (info.mode === SIGN_MODE_LEGACY_AMINO_JSON) {
    // Upstream names the sequence too, and no cause, when every signature is amino.
    const bytes = aminoSignBytesOf(o, tx, accountNumber, info.sequence)
    if (typeof bytes === 'string' || !o.sigCache.verify(pubKey!, bytes, tx.signatures[i]!)) {
      throw aminoFailure(o, accountNumber, acc.sequence)
    }
    return
  }
  if (info.mode !== SIGN_MODE_DIRECT) {
    throw failure(o, accountNumber, unsupportedSignMode(info.mode))
  }
  if (!verifyDirect(o, tx, i, pubKey!, accountNumber)) {
    throw failure(o, accountNumber, 'unable to verify single signer signature')
  }
}

/** Upstream's verification failure when every signature is amino-signed. */
function aminoFailure(o: AnteOptions, accountNumber: bigint, sequence: bigint) {
  return ErrUnauthorized.wrap(
    `signature verification failed; please verify account number (${accountNumber}), sequence (${sequence}) and chain-id (${o.chainId})`,
  )
}

/** Upstream's verification failure otherwise, with the reason. */
function failure(o: AnteOptions, accountNumber: bigint, why: string) {
  return ErrUnauthorized.wrap(
    `signature verification failed; please verify account number (${accountNumber}) and chain-id (${o.chainId}): (${why})`,
  )
}

function unsupportedSignMode(mode: number): string {
  return `unsupported sign mode ${SIGN_MODE_NAMES[mode] ?? mode}`
}

/**
 * Verifies signer `i`'s multi-signature (upstream VerifySignature's MultiSignatureData case): the
 * account's key must be a multisig, and the signatures satisfy it, each member's over the sign
 * bytes of its own mode for the account's number and sequence.
 */
function verifyOther(run: AnteRun, i: number, acc: Readonly<AnteAccount>, accountNumber: bigint) {
  const { o, tx } = run
  const data = signatureDataOf(tx.signerInfos[i]!, tx.signatures[i]!)
  // Unreachable: a signer info without mode info failed in SetPubKey (no signature to emit).
  if (data?.kind !== 'multi') throw failure(o, accountNumber, 'unexpected SignatureData <nil>')
  const key = acc.pubKey ? storedPubKey(o.registry, acc.pubKey) : undefined
  let why: string | undefined
  if (key?.type !== 'multisig') {
    why = `expected <nil>, got ${key ? goKeyType(key) : '<nil>'}`
  } else {
    // The amino sign bytes are the same for every member: derived once.
    let amino: Bytes | string | undefined
    why = verifyMultisignature(
      {
        signBytes: (mode) => {
          if (mode === SIGN_MODE_LEGACY_AMINO_JSON) {
            amino ??= aminoSignBytesOf(o, tx, accountNumber, acc.sequence)
            return amino
          }
          if (mode === SIGN_MODE_DIRECT) return directSignDoc(o, tx, accountNumber).bytes
          return unsupportedSignMode(mode)
        },
        verifySecp256k1: (pub, message, sig) => o.sigCache.verify(pub, message, sig),
      },
      key,
      data,
    )
  }
  if (why === undefined) return
  if (onlyLegacyAminoSigners(data)) throw aminoFailure(o, accountNumber, acc.sequence)
  throw failure(o, accountNumber, why)
}

/** IncrementSequence: every signer's sequence goes up by one. */
export const incrementSequence: AnteDecorator = ({ o, ctx, signers }) =>
  eachNow(signers!, (signer) =>
    thenNow(nextSequence(o, ctx, signer), (acc) => o.keepers.accounts.setAccount(ctx.state, acc)),
  )
