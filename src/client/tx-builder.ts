import type protobuf from 'protobufjs'
import { addressToBech32 } from '../codec/address.js'
import { aminoSignBytes, SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import type { Bytes } from '../codec/bytes.js'
import { type Coin, coinsToProto } from '../codec/coins.js'
import { int64Of } from '../codec/int64.js'
import type { JsonValue } from '../codec/json.js'
import { jsonToMessage } from '../codec/json-parser.js'
import { messageToJson } from '../codec/json-writer.js'
import type { AnyMessage, ProtoInit, ProtoRegistry } from '../codec/proto.js'
import { SIGN_MODE_DIRECT, signBytes } from '../codec/sign-doc.js'
import { msgSigners, uniqueSigners } from '../codec/signers.js'
import { SECP256K1_PUBKEY_URL, signSecp256k1 } from './keyring.js'

/**
 * Building and signing transactions exactly as upstream clients do: a Tx is body + auth_info +
 * signatures; in SIGN_MODE_DIRECT what is signed is sha256 of the SignDoc {body_bytes,
 * auth_info_bytes, chain_id, account_number}, in SIGN_MODE_LEGACY_AMINO_JSON sha256 of the amino
 * JSON sign document (codec/amino-json.ts); what is broadcast is TxRaw with the very same bytes.
 * Txs are kept as protobufjs plain objects (snake_case), so their JSON is the gateway's `Tx` JSON.
 */

/** The sign modes a tx can be signed in, by their CLI names (upstream `--sign-mode`). */
export const SIGN_MODES = {
  direct: SIGN_MODE_DIRECT,
  'amino-json': SIGN_MODE_LEGACY_AMINO_JSON,
} as const

/** A sign mode's CLI name. */
export type SignModeName = keyof typeof SIGN_MODES

/** Type URL of a whole Tx (what GetTx's `tx_response.tx` carries). */
export const TX_TYPE_URL = '/sdk.tx.v1beta1.Tx'

/** Default gas limit of tx commands (upstream flags.DefaultGasLimit). */
export const DEFAULT_GAS_LIMIT = 200_000n

/**
 * A tx as plain fields: `{body, auth_info, signatures}` (sdk.tx.v1beta1.Tx). In the shape
 * `fromObject` takes, since it comes built here (64-bit integers as decimal strings), decoded from
 * TxRaw (Longs) or read from JSON; every one of those has each message's type URL and value.
 */
export type TxObject = ProtoInit<'sdk.tx.v1beta1.Tx'>

/** A tx's messages, which every way of making a TxObject gives whole (see TxObject). */
const messagesOf = (tx: TxObject): AnyMessage[] => (tx.body?.messages ?? []) as AnyMessage[]

/** Thrown for a tx that cannot be read, encoded or signed; the message says why. */
export class TxBuildError extends Error {
  override readonly name = 'TxBuildError'
}

/** The fee of a tx. */
export interface TxFee {
  amount: readonly Coin[]
  gasLimit: bigint
  payer?: string
  granter?: string
}

/** What an unsigned tx is made of. */
export interface UnsignedTxParameters {
  messages: readonly AnyMessage[]
  fee: TxFee
  memo?: string
  timeoutHeight?: bigint
}

/** The chain facts a signature binds. */
export interface SignerData {
  chainId: string
  accountNumber: bigint
  sequence: bigint
}

/** A secp256k1 key pair (33-byte compressed public key). */
export interface SigningKey {
  privateKey: Bytes
  pubKey: Bytes
}

/** An unsigned tx: no signer infos, no signatures (what `--generate-only` prints). */
export function createUnsignedTx(p: UnsignedTxParameters): TxObject {
  if (p.messages.length === 0) throw new TxBuildError('tx must contain at least one message')
  return {
    body: {
      messages: p.messages.map((m) => ({ type_url: m.type_url, value: m.value })),
      memo: p.memo ?? '',
      timeout_height: (p.timeoutHeight ?? 0n).toString(),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [],
      fee: {
        amount: coinsToProto(p.fee.amount),
        gas_limit: p.fee.gasLimit.toString(),
        payer: p.fee.payer ?? '',
        granter: p.fee.granter ?? '',
      },
    },
    signatures: [],
  }
}

/** `/sdk.crypto.secp256k1.PubKey` Any of a 33-byte compressed public key. */
export function pubKeyAny(registry: ProtoRegistry, pubKey: Bytes): AnyMessage {
  return registry.packAny(SECP256K1_PUBKEY_URL, { key: pubKey })
}

/** The deterministic encoding of the tx body (what body_bytes are). */
export function encodeTxBody(registry: ProtoRegistry, tx: TxObject): Bytes {
  return registry.encode('sdk.tx.v1beta1.TxBody', tx.body ?? {})
}

/** The deterministic encoding of the auth info (what auth_info_bytes are). */
export function encodeAuthInfo(registry: ProtoRegistry, tx: TxObject): Bytes {
  return registry.encode('sdk.tx.v1beta1.AuthInfo', tx.auth_info ?? {})
}

/** The signer info of a secp256k1 key signing in a sign mode (default direct) at a sequence. */
function signerInfo(
  registry: ProtoRegistry,
  pubKey: Bytes,
  sequence: bigint,
  mode: number = SIGN_MODE_DIRECT,
): ProtoInit<'sdk.tx.v1beta1.SignerInfo'> {
  return {
    public_key: pubKeyAny(registry, pubKey),
    mode_info: { single: { mode } },
    sequence: sequence.toString(),
  }
}

/**
 * The SIGN_MODE_LEGACY_AMINO_JSON sign bytes of a tx for a signer: the amino sign document of its
 * messages, memo, timeout height and fee (what the node re-derives to verify).
 */
export function aminoSignDocBytes(
  registry: ProtoRegistry,
  tx: TxObject,
  signer: SignerData,
): Bytes {
  const body = tx.body ?? {}
  if (
    (body.extension_options ?? []).length > 0 ||
    (body.non_critical_extension_options ?? []).length > 0
  ) {
    throw new TxBuildError(
      'SIGN_MODE_LEGACY_AMINO_JSON does not support protobuf extension options: invalid request',
    )
  }
  const fee = tx.auth_info?.fee ?? {}
  return aminoSignBytes(registry, {
    chainId: signer.chainId,
    accountNumber: signer.accountNumber,
    sequence: signer.sequence,
    memo: body.memo ?? '',
    timeoutHeight: int64Of(body.timeout_height),
    msgs: messagesOf(tx),
    fee: {
      amount: (fee.amount ?? []).map((c) => ({ denom: c.denom ?? '', amount: c.amount ?? '' })),
      gasLimit: int64Of(fee.gas_limit),
      payer: fee.payer ?? '',
      granter: fee.granter ?? '',
    },
  })
}

/**
 * Signs a tx (upstream `tx.Sign`) in SIGN_MODE_DIRECT, or SIGN_MODE_LEGACY_AMINO_JSON with
 * `signMode: 'amino-json'`: sets this key's signer info — replacing every signer with
 * `overwrite`, else appended after the existing ones — then signs the SignDoc built from the
 * resulting body and auth info bytes (direct) or the amino sign document (amino-json). Returns a
 * new tx; the input is not changed.
 */
export function signTx(
  registry: ProtoRegistry,
  tx: TxObject,
  key: SigningKey,
  signer: SignerData,
  options: { overwrite?: boolean; signMode?: SignModeName } = {},
): TxObject {
  if (signer.chainId === '') throw new TxBuildError('chain ID required but not specified')
  const mode = SIGN_MODES[options.signMode ?? 'direct']
  const info = signerInfo(registry, key.pubKey, signer.sequence, mode)
  const prevInfos = options.overwrite ? [] : [...(tx.auth_info?.signer_infos ?? [])]
  const prevSigs = options.overwrite ? [] : [...(tx.signatures ?? [])]
  const next: TxObject = {
    body: tx.body,
    auth_info: { ...(tx.auth_info ?? {}), signer_infos: [...prevInfos, info] },
    signatures: prevSigs,
  }
  const bytes =
    mode === SIGN_MODE_LEGACY_AMINO_JSON
      ? aminoSignDocBytes(registry, next, signer)
      : signBytes(registry, {
          bodyBytes: encodeTxBody(registry, next),
          authInfoBytes: encodeAuthInfo(registry, next),
          chainId: signer.chainId,
          accountNumber: signer.accountNumber,
        })
  next.signatures = [...prevSigs, signSecp256k1(key.privateKey, bytes)]
  return next
}

/**
 * The tx as simulation wants it (upstream BuildSimTx): the signer's public key and sequence with an
 * empty signature, so the node counts signature-verification gas without a real signature.
 */
export function simulationTx(
  registry: ProtoRegistry,
  tx: TxObject,
  pubKey: Bytes | undefined,
  sequence: bigint,
): TxObject {
  const infos = pubKey ? [signerInfo(registry, pubKey, sequence)] : []
  return {
    body: tx.body,
    auth_info: { ...(tx.auth_info ?? {}), signer_infos: infos },
    signatures: infos.map(() => new Uint8Array(0)),
  }
}

/**
 * The tx as a devnet that impersonates its signer takes it (`--impersonate`): a signer info with the
 * sequence and no key, and an empty signature.
 */
export function impersonatedTx(tx: TxObject, sequence: bigint): TxObject {
  return {
    body: tx.body,
    auth_info: {
      ...(tx.auth_info ?? {}),
      signer_infos: [
        { mode_info: { single: { mode: SIGN_MODE_DIRECT } }, sequence: sequence.toString() },
      ],
    },
    signatures: [new Uint8Array(0)],
  }
}

/** The TxRaw bytes that are broadcast (body and auth info encoded once, as signed). */
export function encodeTxRaw(registry: ProtoRegistry, tx: TxObject): Bytes {
  return registry.encode('sdk.tx.v1beta1.TxRaw', {
    body_bytes: encodeTxBody(registry, tx),
    auth_info_bytes: encodeAuthInfo(registry, tx),
    signatures: tx.signatures ?? [],
  })
}

/** Decodes TxRaw bytes into a tx (body and auth info decoded; unknown type URLs rejected). */
export function decodeTxRaw(registry: ProtoRegistry, bytes: Bytes): TxObject {
  try {
    const raw = registry.decode('sdk.tx.v1beta1.TxRaw', bytes)
    const body = registry.decode('sdk.tx.v1beta1.TxBody', raw.body_bytes ?? new Uint8Array(0))
    const authInfo = registry.decode(
      'sdk.tx.v1beta1.AuthInfo',
      raw.auth_info_bytes ?? new Uint8Array(0),
    )
    const tx = { body, auth_info: authInfo, signatures: raw.signatures ?? [] }
    // Rendering resolves every Any: a tx this node cannot read fails here, not later.
    txToJson(registry, tx)
    return tx
  } catch (err) {
    throw new TxBuildError(`tx parse error: ${(err as Error).message}`)
  }
}

function txType(registry: ProtoRegistry): protobuf.Type {
  return registry.type('sdk.tx.v1beta1.Tx')
}

/** The tx as upstream prints it (`Tx` JSON: body, auth_info, signatures; every field present). */
export function txToJson(registry: ProtoRegistry, tx: TxObject): { [key: string]: JsonValue } {
  const t = txType(registry)
  return messageToJson(registry, t, t.fromObject(tx))
}

/** Reads upstream `Tx` JSON (as `--generate-only` and `tx sign` print it) into a tx. */
export function txFromJson(registry: ProtoRegistry, json: unknown): TxObject {
  try {
    const t = txType(registry)
    const tx = jsonToMessage(registry, t, json, 'tx')
    if (!tx.body) throw new TxBuildError('tx: missing "body"')
    return t.toObject(t.fromObject(tx), { longs: String, defaults: true, arrays: true })
  } catch (err) {
    if (err instanceof TxBuildError) throw err
    throw new TxBuildError((err as Error).message)
  }
}

/** Parses tx JSON text. */
export function txFromJsonText(registry: ProtoRegistry, text: string): TxObject {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new TxBuildError(`invalid tx JSON: ${(err as Error).message}`)
  }
  return txFromJson(registry, json)
}

/** The addresses that must sign a message: its `(sdk.msg.v1.signer)` fields, nested ones followed. */
export function messageSigners(registry: ProtoRegistry, any: AnyMessage): string[] {
  const type = registry.typeOfUrl(any.type_url)
  if (!type) throw new TxBuildError(`unable to resolve type URL ${any.type_url}`)
  return signerAddresses(() => msgSigners(type, registry.decode(type, any.value)))
}

/** Every signer of a tx's messages, in order of first appearance (upstream GetSigners). */
export function txSigners(registry: ProtoRegistry, tx: TxObject): string[] {
  return signerAddresses(() =>
    uniqueSigners(
      messagesOf(tx).map((m) => {
        const type = registry.typeOfUrl(m.type_url)
        if (!type) throw new TxBuildError(`unable to resolve type URL ${m.type_url}`)
        return msgSigners(type, registry.decode(type, m.value))
      }),
    ),
  )
}

/** Signer addresses as bech32; a signer field that is not an address is a build error. */
function signerAddresses(signers: () => Bytes[]): string[] {
  try {
    return signers().map((a) => addressToBech32(a))
  } catch (err) {
    if (err instanceof TxBuildError) throw err
    throw new TxBuildError(`invalid signer: ${(err as Error).message}`)
  }
}
