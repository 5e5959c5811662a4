import type protobuf from 'protobufjs'
import type { Bytes } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { int64Of } from '../codec/int64.js'
import type { AnyMessage, Proto, ProtoMessage, ProtoRegistry } from '../codec/proto.js'
import { ErrTxDecode } from '../errors.js'
import { checkCoinAmounts } from './coin-amounts.js'
import {
  ED25519_PUBKEY_URL,
  MULTISIG_PUBKEY_URL,
  type MultisigKey,
  pubKeyOfAny,
  SECP256K1_PUBKEY_URL,
} from './pubkeys.js'
import { checkTxRawAdr027, goTypeName, rejectUnknownFields, resolveTypeUrl } from './wire.js'

/** One message of a tx, unpacked. */
export interface TxMsg {
  typeUrl: string
  type: protobuf.Type
  /** The message decoded; of whichever Msg type `typeUrl` names, so typed only at runtime. */
  value: ProtoMessage
  any: AnyMessage
}

/** A signer's entry of AuthInfo. */
export interface TxSignerInfo {
  /**
   * The secp256k1 public key, when the signer sent one (it is stored on the account by the ante
   * handler).
   */
  publicKey?: { typeUrl: string; key: Bytes } | undefined
  /** The multisig key (LegacyAminoPubKey), when the signer sent one, and the Any it came in. */
  multisig: { key: MultisigKey; any: { type_url: string; value: Bytes } } | undefined
  /**
   * An ed25519 public key, when the signer sent one: it decodes, as upstream's does, and the ante
   * handler refuses it (`ED25519 public keys are unsupported`) once its gas is charged.
   */
  ed25519: Bytes | undefined
  /** Single sign mode (SIGN_MODE_DIRECT = 1); undefined for multi-signatures or no mode info. */
  mode: number | undefined
  /** The mode info as sent (read where `mode` is undefined: a multi-signature, or none). */
  modeInfo: Proto<'sdk.tx.v1beta1.ModeInfo'> | undefined
  sequence: bigint
}

/** A decoded transaction: the exact bytes received and their meaning. */
export interface DecodedTx {
  bytes: Bytes
  /** sha256 of the bytes (the tx hash). */
  hash: Bytes
  bodyBytes: Bytes
  authInfoBytes: Bytes
  signatures: Bytes[]
  body: Proto<'sdk.tx.v1beta1.TxBody'>
  authInfo: Proto<'sdk.tx.v1beta1.AuthInfo'>
  msgs: TxMsg[]
  memo: string
  timeoutHeight: bigint
  /** Undefined when AuthInfo carries no fee (ValidateBasic reports it). */
  fee?:
    | {
        amount: { denom: string; amount: string }[]
        gasLimit: bigint
        payer: string
        granter: string
      }
    | undefined
  signerInfos: TxSignerInfo[]
  extensionOptions: AnyMessage[]
}

/**
 * A decoded tx. A class, so every decoded tx has one object shape (the hot paths that read a tx's
 * fields stay monomorphic), with the hash computed when first asked: the node's paths hash the
 * bytes themselves (mempool, block). The whole TxBody and AuthInfo messages are decoded again from
 * their bytes when asked (queries and the amino sign mode ask): a pooled tx waits for its block
 * long enough to outlive V8's young generation, and keeping only what the node's paths read (its
 * messages, fee and signer infos) leaves less for the old generation's collections to mark.
 */
class Decoded implements DecodedTx {
  private digest: Bytes | undefined = undefined

  constructor(
    private readonly registry: ProtoRegistry,
    readonly bytes: Bytes,
    readonly bodyBytes: Bytes,
    readonly authInfoBytes: Bytes,
    readonly signatures: Bytes[],
    readonly msgs: TxMsg[],
    readonly memo: string,
    readonly timeoutHeight: bigint,
    readonly fee: DecodedTx['fee'],
    readonly signerInfos: TxSignerInfo[],
    readonly extensionOptions: AnyMessage[],
  ) {}

  get hash(): Bytes {
    this.digest ??= sha256(this.bytes)
    return this.digest
  }

  get body(): Proto<'sdk.tx.v1beta1.TxBody'> {
    return this.registry.decode(this.registry.type('sdk.tx.v1beta1.TxBody'), this.bodyBytes)
  }

  get authInfo(): Proto<'sdk.tx.v1beta1.AuthInfo'> {
    return this.registry.decode(this.registry.type('sdk.tx.v1beta1.AuthInfo'), this.authInfoBytes)
  }
}

/** Whether `type` is a transaction message (the request of a `(sdk.msg.v1.service)` method). */
export function isMsgType(registry: ProtoRegistry, type: protobuf.Type): boolean {
  return registry.msgIndex().ofType(type) !== undefined
}

/** Type URLs that resolved to a registered type, each held once (the first string seen). */
const typeUrls = new Map<string, string>()

/**
 * The one string kept for a type URL that resolved (the registry's types bound them): a pooled
 * tx's messages and keys name the same few types, and each decode makes the text anew.
 */
function knownTypeUrl(url: string): string {
  const known = typeUrls.get(url)
  if (known !== undefined) return known
  // The registry's types bound the texts that resolve; the cap guards against spellings of them.
  if (typeUrls.size < 1_000) typeUrls.set(url, url)
  return url
}

/** The repeated fields of each message type (protobufjs fills them by `push`). */
const repeatedFields = new WeakMap<protobuf.Type, string[]>()

/**
 * A decoded message's lists copied to exactly their length (a coin list of one holds room for
 * seventeen as protobufjs grows it): the message stays with its pooled tx until the block.
 */
function compactLists(type: protobuf.Type, value: ProtoMessage): void {
  let names = repeatedFields.get(type)
  if (names === undefined) {
    names = type.fieldsArray.filter((f) => f.repeated).map((f) => f.name)
    repeatedFields.set(type, names)
  }
  for (const name of names) {
    const list = value[name]
    if (Array.isArray(list) && list.length > 0) value[name] = list.slice()
  }
}

/** The extension options of every tx without any: one shared empty list, never changed. */
const NO_EXTENSION_OPTIONS = Object.freeze([]) as unknown as AnyMessage[]

const decodeError = (message: string, cause?: unknown) =>
  ErrTxDecode.wrap(message, cause === undefined ? undefined : { cause })

/**
 * A decoded bytes field as bytes: protobufjs leaves an unset one at its default, an empty plain
 * array (not a Uint8Array), whatever its declared type says.
 */
function bytesOf(v: Uint8Array): Bytes {
  return v instanceof Uint8Array ? v : new Uint8Array()
}

/**
 * Decodes tx bytes as upstream's DefaultTxDecoder: ADR-027 TxRaw, no unknown fields in TxRaw and
 * AuthInfo, only non-critical ones in TxBody, every Any resolvable; messages must be Msg types and
 * public keys secp256k1, ed25519 or multisig keys (whose members may be ed25519 keys too). Every failure is
 * `tx parse error` (code 2). `wireChecked`: these very bytes passed the wire checks (ADR-027 and
 * unknown fields) on another thread already, so they are not scanned again.
 */
export function decodeTx(
  registry: ProtoRegistry,
  bytes: Bytes,
  options: { wireChecked?: boolean } = {},
): DecodedTx {
  const scan = options.wireChecked !== true
  try {
    if (scan) checkTxRawAdr027(bytes)
  } catch (err) {
    if (ErrTxDecode.is(err)) throw err
    throw decodeError((err as Error).message, err)
  }
  const rawType = registry.type('sdk.tx.v1beta1.TxRaw')
  const bodyType = registry.type('sdk.tx.v1beta1.TxBody')
  const authType = registry.type('sdk.tx.v1beta1.AuthInfo')
  let raw: Proto<'sdk.tx.v1beta1.TxRaw'>
  let body: Proto<'sdk.tx.v1beta1.TxBody'>
  let authInfo: Proto<'sdk.tx.v1beta1.AuthInfo'>
  try {
    if (scan) rejectUnknownFields(bytes, rawType, { allowNonCritical: false, registry })
    raw = registry.decode(rawType, bytes)
    if (scan) {
      rejectUnknownFields(bytesOf(raw.body_bytes), bodyType, { allowNonCritical: true, registry })
    }
    body = registry.decode(bodyType, bytesOf(raw.body_bytes))
    if (scan) {
      rejectUnknownFields(bytesOf(raw.auth_info_bytes), authType, {
        allowNonCritical: false,
        registry,
      })
    }
    authInfo = registry.decode(authType, bytesOf(raw.auth_info_bytes))
  } catch (err) {
    if (ErrTxDecode.is(err)) throw err
    throw decodeError((err as Error).message, err)
  }

  // Lists made by `map`, of exactly their length: a pooled tx keeps them until its block, and a
  // list grown by `push` holds room for seventeen.
  const msgs = body.messages.map((any): TxMsg => {
    const type = resolveTypeUrl(registry, any.type_url)
    if (!type) throw decodeError(`unable to resolve type URL ${any.type_url}`)
    if (!isMsgType(registry, type)) {
      throw decodeError(
        `no concrete type registered for type URL ${any.type_url} against interface *types.Msg`,
      )
    }
    let value: ProtoMessage
    try {
      value = type.decode(bytesOf(any.value)) as ProtoMessage
    } catch (err) {
      throw decodeError((err as Error).message, err)
    }
    checkCoinAmounts(type, value)
    compactLists(type, value)
    any.type_url = knownTypeUrl(any.type_url)
    return { typeUrl: any.type_url, type, value, any }
  })

  const secp256k1Url = registry.typeUrl(SECP256K1_PUBKEY_URL)
  const signerInfos = authInfo.signer_infos.map((si): TxSignerInfo => {
    // Every field set at once, in one order: one object shape for every signer info.
    const info: TxSignerInfo = {
      publicKey: undefined,
      multisig: undefined,
      ed25519: undefined,
      mode: si.mode_info?.single ? si.mode_info.single.mode : undefined,
      modeInfo: si.mode_info ?? undefined,
      sequence: int64Of(si.sequence),
    }
    if (si.public_key) {
      const type = resolveTypeUrl(registry, si.public_key.type_url)
      if (!type) throw decodeError(`unable to resolve type URL ${si.public_key.type_url}`)
      const url = knownTypeUrl(si.public_key.type_url)
      const value = bytesOf(si.public_key.value)
      if (url === secp256k1Url) {
        // The type URL was just checked: the key is a secp256k1 PubKey.
        const pk = registry.decode(type, value) as Proto<'sdk.crypto.secp256k1.PubKey'>
        info.publicKey = { typeUrl: url, key: bytesOf(pk.key) }
      } else if (url === registry.typeUrl(MULTISIG_PUBKEY_URL)) {
        info.multisig = { key: multisigKeyOf(registry, url, value), any: { type_url: url, value } }
      } else if (url === registry.typeUrl(ED25519_PUBKEY_URL)) {
        info.ed25519 = bytesOf(
          (registry.decode(type, value) as Proto<'sdk.crypto.ed25519.PubKey'>).key,
        )
      } else {
        throw decodeError(
          `no concrete type registered for type URL ${url} against interface *types.PubKey`,
        )
      }
    }
    return info
  })

  const feeMsg = authInfo.fee
  checkCoinAmounts(authType, authInfo)
  return new Decoded(
    registry,
    bytes,
    bytesOf(raw.body_bytes),
    bytesOf(raw.auth_info_bytes),
    raw.signatures.map(bytesOf),
    msgs,
    body.memo,
    int64Of(body.timeout_height),
    feeMsg
      ? {
          amount: feeMsg.amount.map((c) => ({ denom: c.denom, amount: c.amount })),
          gasLimit: int64Of(feeMsg.gas_limit),
          payer: feeMsg.payer,
          granter: feeMsg.granter,
        }
      : undefined,
    signerInfos,
    body.extension_options.length === 0 ? NO_EXTENSION_OPTIONS : body.extension_options,
  )
}

/** A signer info's multisig key, its members secp256k1, ed25519 or multisig keys themselves. */
function multisigKeyOf(registry: ProtoRegistry, url: string, value: Bytes): MultisigKey {
  try {
    return pubKeyOfAny(registry, { type_url: url, value }) as MultisigKey
  } catch (err) {
    if (ErrTxDecode.is(err)) throw err
    throw decodeError((err as Error).message, err)
  }
}

/** The decoded tx as the `sdk.tx.v1beta1.Tx` message (body, auth_info, signatures). */
export function txMessage(tx: DecodedTx): Proto<'sdk.tx.v1beta1.Tx'> {
  return { body: tx.body, auth_info: tx.authInfo, signatures: tx.signatures }
}

/** Go type name of a message, for `%T` in upstream messages. */
export function msgGoType(msg: TxMsg): string {
  return goTypeName(msg.type.fullName)
}
