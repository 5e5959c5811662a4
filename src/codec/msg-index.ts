import type protobuf from 'protobufjs/light.js'
import type { Brand } from './brand.js'
import { SIGNER_OPTION, signerFields } from './signer-fields.js'

/** The service option that marks a Msg service (upstream `cosmos.msg.v1.service`), canonical. */
export const MSG_SERVICE_OPTION = '(sdk.msg.v1.service)'

/** One method of a Msg service: a message type a transaction may carry. */
export interface MsgServiceMethod {
  /** Type URL of the Msg (the method's request), `/sdk.bank.v1beta1.MsgSend`. */
  readonly typeUrl: string
  /** Fully-qualified service, `sdk.bank.v1beta1.Msg`. */
  readonly service: string
  /** Method name, `Send`. */
  readonly method: string
  readonly requestType: protobuf.Type
  readonly responseType: protobuf.Type
  /** The Msg's `(sdk.msg.v1.signer)` field names. */
  readonly signers: readonly string[]
}

/** Which types are Msgs: the methods of every `(sdk.msg.v1.service)` service. */
export interface MsgIndex {
  /** Fully-qualified names of the Msg services. */
  readonly services: ReadonlySet<string>
  /** Msg methods by the type URL of their request. */
  readonly byTypeUrl: ReadonlyMap<string, MsgServiceMethod>
  /** The Msg method whose request is `type`, if `type` is a Msg. */
  ofType(type: protobuf.Type): MsgServiceMethod | undefined
}

/** Type URL of a message type (`/` + its fully-qualified name). */
function typeUrlOf(type: protobuf.Type): string {
  return `/${type.fullName.replace(/^\./, '')}`
}

/** Builds the Msg index from a registry's services. */
export function buildMsgIndex(services: readonly protobuf.Service[], brand: Brand): MsgIndex {
  const names = new Set<string>()
  const byTypeUrl = new Map<string, MsgServiceMethod>()
  const serviceOption = brand.rename(MSG_SERVICE_OPTION)
  const signerOption = brand.rename(SIGNER_OPTION)
  for (const service of services) {
    if (service.options?.[serviceOption] !== true) continue
    const serviceName = service.fullName.replace(/^\./, '')
    names.add(serviceName)
    for (const method of service.methodsArray) {
      method.resolve()
      const requestType = method.resolvedRequestType!
      const typeUrl = typeUrlOf(requestType)
      byTypeUrl.set(typeUrl, {
        typeUrl,
        service: serviceName,
        method: method.name,
        requestType,
        responseType: method.resolvedResponseType!,
        signers: signerFields(requestType, signerOption),
      })
    }
  }
  // Asked for every message of every tx: each type's answer is remembered.
  const ofType = new WeakMap<protobuf.Type, MsgServiceMethod | null>()
  return {
    services: names,
    byTypeUrl,
    ofType(type) {
      let m = ofType.get(type)
      if (m === undefined) {
        m = byTypeUrl.get(typeUrlOf(type)) ?? null
        ofType.set(type, m)
      }
      return m ?? undefined
    },
  }
}
