/** The query services sdkd serves over gRPC, without the brand's package root. */
const QUERY_SERVICES = [
  'auth.v1beta1.Query',
  'autocli.v1.Query',
  'bank.v1beta1.Query',
  'base.node.v1beta1.Service',
  'base.reflection.v1beta1.ReflectionService',
  'base.tendermint.v1beta1.Service',
  'consensus.v1.Query',
  'distribution.v1beta1.Query',
  'evidence.v1beta1.Query',
  'gov.v1.Query',
  'gov.v1beta1.Query',
  'mint.v1beta1.Query',
  'params.v1beta1.Query',
  'reflection.v1.ReflectionService',
  'slashing.v1beta1.Query',
  'staking.v1beta1.Query',
  'tx.v1beta1.Service',
  'upgrade.v1beta1.Query',
]

/**
 * Every service a gRPC client sees listed (docs/endpoints.md, "REST gateway and gRPC") for a brand's package root
 * (`sdk`, `cosmos`): the query services, the app descriptor service and the two server reflection
 * services, sorted as grpc-go sorts.
 */
export function grpcServices(pkg: string): string[] {
  return [
    'grpc.reflection.v1.ServerReflection',
    'grpc.reflection.v1alpha.ServerReflection',
    `${pkg}.base.reflection.v2alpha1.ReflectionService`,
    ...QUERY_SERVICES.map((s) => `${pkg}.${s}`),
  ].sort()
}
