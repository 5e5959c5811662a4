import type { App } from '../../app/app.js'
import { queryEntry } from '../../app/handlers.js'
import { interfaceRegistryOf, MSG_INTERFACE } from '../../app/interface-registry.js'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../../codec/amino-json.js'
import { SIGN_MODE_DIRECT } from '../../codec/sign-doc.js'
import { ErrLogic } from '../../errors.js'
import type { QueryRouter, RoutedMethod } from '../query/router.js'

/** The app descriptor service, canonical. */
const SERVICE = 'sdk.base.reflection.v2alpha1.ReflectionService'

/** What the app descriptor tells besides the router's services. */
export interface AppDescriptorFacts {
  /** The chain id (genesis.json's). */
  chainId: string
  /** The app, whose interface registry it lists. */
  app: App
}

/** The sign modes the ante handler verifies, by number. */
const SIGN_MODES = [
  { name: 'SIGN_MODE_DIRECT', number: SIGN_MODE_DIRECT },
  { name: 'SIGN_MODE_LEGACY_AMINO_JSON', number: SIGN_MODE_LEGACY_AMINO_JSON },
]

/**
 * `sdk.base.reflection.v2alpha1.ReflectionService`, as upstream's server/grpc/reflection/v2alpha1:
 * registered on the gRPC server alone, outside the query router, so answered without a height (no
 * height header, the height asked ignored) and never over ABCI query or REST. Its answers are
 * fixed (built when first asked for, not at the server's start): the sign modes the node verifies; the chain id; every interface with
 * its implementations' names and type URLs; the account address prefix; the query router's services
 * with their methods (the gRPC and ABCI query path of each); the tx type and the Msgs it may carry.
 * Upstream lists what its Go maps give, in their random order; here interfaces, implementations
 * and services are sorted, methods in their .proto order. The methods are given as routed methods
 * marked heightless, for the server to serve as the others.
 */
export function appDescriptorMethods(
  router: QueryRouter,
  facts: AppDescriptorFacts,
): RoutedMethod[] {
  const { registry } = router
  const interfaces = () => interfaceRegistryOf(facts.app)
  let queries: { fullname: string; methods: { name: string; full_query_path: string }[] }[]
  const queryServices = () =>
    (queries ??= [...router.services].sort().map((fullname) => ({
      fullname,
      methods: router.methods
        .filter((m) => m.service.fullName.slice(1) === fullname)
        .map((m) => ({ name: m.method.name, full_query_path: m.path })),
    })))
  const handlers = [
    queryEntry(`${SERVICE}/GetAuthnDescriptor`, async () => ({
      authn: { sign_modes: SIGN_MODES },
    })),
    queryEntry(`${SERVICE}/GetChainDescriptor`, async () => ({ chain: { id: facts.chainId } })),
    queryEntry(`${SERVICE}/GetCodecDescriptor`, async () => ({
      codec: {
        interfaces: interfaces().names.map((fullname) => ({
          fullname,
          interface_implementers: interfaces()
            .implementations(fullname)
            .map((typeUrl) => ({
              fullname: typeUrl.slice(1),
              type_url: typeUrl,
            })),
        })),
      },
    })),
    queryEntry(`${SERVICE}/GetConfigurationDescriptor`, async () => ({
      config: { bech32_account_address_prefix: registry.brand.bech32.account },
    })),
    queryEntry(`${SERVICE}/GetQueryServicesDescriptor`, async () => ({
      queries: { query_services: queryServices() },
    })),
    queryEntry(`${SERVICE}/GetTxDescriptor`, async () => ({
      tx: {
        fullname: registry.name('sdk.tx.v1beta1.Tx'),
        msgs: interfaces()
          .implementations(registry.name(MSG_INTERFACE))
          .map((url) => ({ msg_type_url: url })),
      },
    })),
  ]
  const service = registry.service(SERVICE)
  return handlers.map(([canonical, handler]) => {
    const method = service.methods[canonical.split('/')[1]!]
    if (!method) throw ErrLogic.wrap(`no method ${canonical} in the app descriptor service`)
    method.resolve()
    const name = registry.name(canonical)
    return {
      name,
      path: `/${name}`,
      service,
      method,
      requestType: method.resolvedRequestType!,
      responseType: method.resolvedResponseType!,
      http: [],
      cacheable: false,
      heightless: true,
      handler,
    }
  })
}
