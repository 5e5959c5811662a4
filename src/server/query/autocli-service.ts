import type { App } from '../../app/app.js'
import { queryEntry } from '../../app/handlers.js'
import type { RoutedQueryHandler } from '../../app/types.js'
import type { ProtoInit } from '../../codec/proto.js'

type ModuleOptions = ProtoInit<'sdk.autocli.v1.ModuleOptions'>

/** `v1` → [1, 2, 0]; `v1beta1` → [1, 1, 1]; `v2alpha1` → [2, 0, 1]: newer sorts higher. */
function versionRank(version: string): number[] {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version)
  if (!m) return [0, 0, 0]
  return [Number(m[1]), m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0, Number(m[3] ?? 0)]
}

function newer(a: string, b: string): boolean {
  const [x, y] = [versionRank(a.split('.')[2]!), versionRank(b.split('.')[2]!)]
  const i = x.findIndex((n, j) => n !== y[j])
  return i >= 0 && x[i]! > y[i]!
}

/**
 * What upstream's AppOptions answers for modules that give no options of their own: by module, the
 * Msg service (`tx`) and the query service (`query`) it registers, the newest version where it has
 * several (gov: v1, registered after v1beta1). A module is named by its services' package
 * (`sdk.bank.v1beta1.Query` → `bank`; the vesting Msgs make a `vesting` module, as upstream's
 * x/auth/vesting); a module without services is left out (genutil).
 */
export function appModuleOptions(app: App): Record<string, ModuleOptions> {
  const { registry } = app
  const msgs = registry.msgIndex().byTypeUrl
  const services = {
    tx: [...app.msgHandlers.keys()].map((url) => msgs.get(url)!.service),
    query: [...app.queryHandlers.keys()].map((method) => registry.name(method.split('/')[0]!)),
  }
  const byModule = new Map<string, ModuleOptions>()
  for (const kind of ['tx', 'query'] as const) {
    for (const service of services[kind]) {
      const module = service.split('.')[1]!
      const options = byModule.get(module) ?? {}
      const current = options[kind]?.service
      if (!current || newer(service, current)) options[kind] = { service }
      byModule.set(module, options)
    }
  }
  return Object.fromEntries([...byModule].sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** `sdk.autocli.v1.Query` (upstream's runtime/services), over gRPC and ABCI query. */
export function createAutocliHandlers(app: App): Map<string, RoutedQueryHandler> {
  // Built when first asked for, not with every node's router.
  let moduleOptions: Record<string, ModuleOptions> | undefined
  return new Map([
    queryEntry('sdk.autocli.v1.Query/AppOptions', async () => {
      moduleOptions ??= appModuleOptions(app)
      return { module_options: moduleOptions }
    }),
  ])
}
