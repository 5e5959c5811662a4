import type protobuf from 'protobufjs'
import { type Bytes, equalBytes } from '../../codec/bytes.js'
import { sha256 } from '../../codec/hash.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import { SIGN_MODE_DIRECT } from '../../codec/sign-doc.js'
import { directSignDoc, txSigners } from '../../tx/ante-facts.js'
import { type DecodedTx, decodeTx } from '../../tx/decode.js'
import type { AccountNumbers } from '../../tx/ingress-accounts.js'
import { rememberedSecp256k1Address, type Secp256k1Verifier } from '../../tx/secp256k1.js'
import type { CheckedBroadcast } from './broadcast-ingress-ring.js'
import { parseJsonBody } from './query-call.js'
import { requestFromHttp } from './request-fields.js'

/** What checking a broadcast body needs: all of it available on a worker thread. */
export interface BroadcastCheckDeps {
  registry: ProtoRegistry
  /** BroadcastTxRequest of the registry's brand. */
  requestType: protobuf.Type
  /** The route's body binding (`*`). */
  bodyField: string
  chainId: string
  verifier: Secp256k1Verifier
  /** Account numbers the node's thread has published. */
  accounts: AccountNumbers
}

/** BroadcastMode numbers the node answers (sync, async); any other is refused on the node's side. */
const MODE_SYNC = 2
const MODE_ASYNC = 3

/** Decodes bodies as a Web Request's text() does (UTF-8, a leading BOM dropped). */
const UTF8 = new TextDecoder()

/**
 * The work of a broadcast that needs no state, done off the node's thread: the body's JSON, the
 * request's base64 tx bytes, the tx decoded (the same decoder and rules as CheckTx's), its hash,
 * and each SIGN_MODE_DIRECT signature verified against the account number the node has published
 * for its signer. Undefined for anything unusual — a body that does not parse, a tx that does not
 * decode, a mode the node refuses: the node's thread answers those itself, with the very code and
 * text it always did. A signature it cannot check here (an unpublished account, another sign mode,
 * a multi-signature, a key not in the tx) or finds invalid is simply not reported: the ante handler
 * verifies it.
 */
export function checkBroadcastBody(
  d: BroadcastCheckDeps,
  body: Uint8Array,
): CheckedBroadcast | undefined {
  let txBytes: Bytes
  let mode: number
  try {
    const json = parseJsonBody(UTF8.decode(body))
    const request = requestFromHttp(d.registry, d.requestType, {
      pathParams: [],
      query: new Map(),
      body: { field: d.bodyField, json },
    }) as { tx_bytes?: unknown; mode?: unknown }
    if (!Object.hasOwn(request, 'tx_bytes') || !(request.tx_bytes instanceof Uint8Array)) {
      return undefined
    }
    if (request.mode !== MODE_SYNC && request.mode !== MODE_ASYNC) return undefined
    txBytes = request.tx_bytes
    mode = request.mode
  } catch {
    return undefined
  }
  if (txBytes.length === 0) return undefined
  let tx: DecodedTx
  let signers: Bytes[]
  try {
    tx = decodeTx(d.registry, txBytes)
    signers = txSigners(tx)
  } catch {
    return undefined
  }
  return {
    txBytes,
    mode,
    hash: sha256(txBytes),
    signers: signers.length,
    verified: verifySignatures(d, tx, signers),
  }
}

/** The signatures of `tx` this thread can verify and finds valid. */
function verifySignatures(
  d: BroadcastCheckDeps,
  tx: DecodedTx,
  signers: readonly Bytes[],
): CheckedBroadcast['verified'] {
  const verified: CheckedBroadcast['verified'] = []
  for (let i = 0; i < signers.length; i++) {
    const sig = tx.signatures[i]
    const info = tx.signerInfos[i]
    const pub = info?.publicKey?.key
    if (sig?.length !== 64 || info?.mode !== SIGN_MODE_DIRECT || pub?.length !== 33) continue
    const signer = signers[i]!
    // The tx's key counts only if it is the signer's (the ante handler checks the same).
    if (!equalBytes(rememberedSecp256k1Address(pub), signer)) continue
    const accountNumber = d.accounts.get(signer)
    if (accountNumber === undefined) continue
    const doc = directSignDoc(d, tx, accountNumber)
    if (d.verifier.verify(pub, doc.bytes, sig, doc.digest))
      verified.push({ index: i, accountNumber })
  }
  return verified
}
