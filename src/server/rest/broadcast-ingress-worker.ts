import { type BrandName, useBrand } from '../../codec/brand.js'
import { protoRegistry } from '../../codec/proto.js'
import {
  reportJobError,
  serveInWorker,
  workerOptions,
  workerRing,
} from '../../threads/in-worker.js'
import { AccountNumbers } from '../../tx/ingress-accounts.js'
import { chooseSecp256k1, type Secp256k1Choice } from '../../tx/secp256k1.js'
import { checkBroadcastBody } from './broadcast-ingress-check.js'
import { INGRESS_SLOT, readBody, storeOutcome } from './broadcast-ingress-ring.js'

/** What a broadcast ingress worker needs besides its ring. */
export interface IngressWorkerData {
  brand: BrandName
  bodyField: string
  chainId: string
  secp256k1: Secp256k1Choice
  /** The account numbers' table (tx/ingress-accounts.ts). */
  accounts: SharedArrayBuffer
}

/**
 * A broadcast ingress worker: parses and checks the bodies of its ring (broadcast-ingress-check.ts)
 * with the node's brand, chain id and secp256k1 library, and stores each outcome in its slot.
 */
const ring = workerRing(INGRESS_SLOT)
serveInWorker(ring, () => {
  const o = workerOptions<IngressWorkerData>()
  useBrand(o.brand)
  const registry = protoRegistry()
  const deps = {
    registry,
    requestType: registry.type('sdk.tx.v1beta1.BroadcastTxRequest'),
    bodyField: o.bodyField,
    chainId: o.chainId,
    verifier: chooseSecp256k1(o.secp256k1),
    accounts: new AccountNumbers(o.accounts),
  }
  return (seq) => {
    const body = readBody(ring, seq)
    let checked: ReturnType<typeof checkBroadcastBody>
    try {
      checked = body ? checkBroadcastBody(deps, body) : undefined
    } catch (err) {
      // A bug of the check: the node's thread answers this body as it always did.
      reportJobError(err, {}, 'could not check a broadcast body')
      checked = undefined
    }
    storeOutcome(ring, seq, checked)
  }
})
