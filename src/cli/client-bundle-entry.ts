import { createProgram } from './program.js'

// The entry of the client bundle (bundles.ts): the CLI, and the build's warm-up.
export { runCli } from './run-cli.js'

/** Query methods the warm-up runs through the codecs, with a request and a response to encode. */
const WARM_UP_QUERIES: readonly [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'sdk.upgrade.v1beta1.Query/CurrentPlan',
    {},
    { plan: { name: 'v2', height: '10', info: '{}', time: { seconds: '0', nanos: 0 } } },
  ],
  [
    'sdk.bank.v1beta1.Query/AllBalances',
    { address: 'sdk1' },
    { balances: [{ denom: 'stake', amount: '1' }], pagination: { total: '1' } },
  ],
]

/**
 * Runs, offline, the code every client call runs (client.toml's parser, building the command tree,
 * the registry, a query's encode, decode and JSON, the text output), so that the code cache the build writes
 * after it holds that code compiled. Writes nothing and prints nothing.
 */
export async function warmUp(): Promise<void> {
  // Imported as the calls import them: a bundle runs a module's top level when it is first imported.
  const [{ messageToJson }, { ProtoRegistry }, { toYaml }, { parseTomlFile }] = await Promise.all([
    import('../codec/json-writer.js'),
    import('../codec/proto.js'),
    import('./yaml.js'),
    import('../config/toml.js'),
  ])
  parseTomlFile('client.toml', 'chain-id = "warm-up"\nnode = "tcp://localhost:26657"\n')
  const exit = () => undefined
  await createProgram(exit, ['status'])
  await createProgram(exit, ['query'])
  const registry = ProtoRegistry.load()
  for (const [method, request, response] of WARM_UP_QUERIES) {
    const [service, name] = method.split('/') as [string, string]
    const m = registry.service(service).methods[name]!
    m.resolve()
    registry.decode(m.resolvedRequestType!, registry.encode(m.resolvedRequestType!, request))
    const type = m.resolvedResponseType!
    toYaml(messageToJson(registry, type, registry.decode(type, registry.encode(type, response))))
  }
}
