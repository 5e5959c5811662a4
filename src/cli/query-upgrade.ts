import type { Command } from 'commander'
import { planEtaText } from '../client/upgrade-timing.js'
import { messageToJson } from '../codec/json.js'
import { protoRegistry } from '../codec/proto.js'
import { loadHome } from '../config/home.js'
import { queryMethod } from './abci-query.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { uintArg } from './options.js'
import type { GlobalFlags } from './start.js'
import { nodeUrl, rpcGet } from './status.js'
import { toYaml } from './yaml.js'

/** Flags every query command takes. */
export interface QueryFlags {
  node?: string
  height?: number
  output?: string
}

/** Adds `--node`, `--height` and `--output` to a query command. */
export function addQueryFlags(cmd: Command): Command {
  return cmd
    .option(
      '-n, --node <url>',
      'RPC address of the node (default: client.toml node, else tcp://localhost:26657)',
    )
    .option('--height <height>', 'query the state at this height (default: the latest)', uintArg)
    .option('-o, --output <format>', 'text|json (default: client.toml output, else text)')
}

/** The output format: the flag, else client.toml's `output`, else text. */
export async function outputFormat(
  g: GlobalFlags,
  flag: string | undefined,
): Promise<'text' | 'json'> {
  let format = flag
  if (format === undefined) {
    try {
      format = (await loadHome(g.home)).client.output
    } catch {
      format = 'text'
    }
  }
  if (format !== 'text' && format !== 'json')
    throw new CliError(`invalid output format "${format}": expected text or json`)
  return format
}

/** Prints a response: compact JSON, or the upstream CLI's YAML text. */
function print(value: unknown, format: 'text' | 'json'): void {
  process.stdout.write(format === 'json' ? `${JSON.stringify(value)}\n` : toYaml(value))
}

const SERVICE = 'sdk.upgrade.v1beta1.Query'

/** `sdkd query upgrade …`: the scheduled plan, applied upgrades and module versions. */
export function registerQueryUpgrade(program: Command, globals: () => GlobalFlags): void {
  const group = commandGroup(program, 'query')
    .command('upgrade')
    .description('querying commands for the upgrade module')

  const run = async (f: QueryFlags, method: string, request: Record<string, unknown>) => {
    const g = globals()
    const registry = protoRegistry()
    const base = await nodeUrl(g, f.node)
    const { type, response } = await queryMethod(registry, base, method, request, f.height ?? 0)
    return { g, base, registry, json: messageToJson(registry, type, response) }
  }

  addQueryFlags(
    group
      .command('plan')
      .description(
        'query the upgrade plan (if one exists): name, height, info, time, upgraded_client_state',
      ),
  ).action(async (f: QueryFlags) => {
    const { g, base, json } = await run(f, `${SERVICE}/CurrentPlan`, {})
    if (json.plan === null || json.plan === undefined) throw new CliError('no upgrade scheduled')
    print(json.plan, await outputFormat(g, f.output))
    // The estimate goes to stderr: stdout stays the plan, as upstream prints it.
    const height = Number((json.plan as { height?: string }).height ?? 0)
    process.stderr.write(`${await planEtaText(base, height)}\n`)
  })

  addQueryFlags(
    group
      .command('applied')
      .argument('<upgrade-name>', 'name of an applied upgrade')
      .description(
        "block header for height at which a completed upgrade was applied (from the node's /blockchain)",
      ),
  ).action(async (name: string, f: QueryFlags) => {
    const { g, base, json } = await run(f, `${SERVICE}/AppliedPlan`, { name })
    const height = Number(json.height ?? 0)
    if (height === 0) throw new CliError('no upgrade found')
    const result = (await rpcGet(base, `blockchain?minHeight=${height}&maxHeight=${height}`)) as
      | { block_metas?: unknown[] }
      | undefined
    const meta = result?.block_metas?.[0]
    if (meta === undefined) throw new CliError(`no headers returned for height ${height}`)
    // Upstream prints the block meta as indented JSON whatever --output says; json asks for compact.
    const format = await outputFormat(g, f.output)
    process.stdout.write(`${JSON.stringify(meta, null, format === 'json' ? 0 : 2)}\n`)
  })

  addQueryFlags(
    group
      .command('module_versions')
      .alias('module-versions')
      .argument('[module_name]', 'only this module')
      .description('query the list of module versions'),
  ).action(async (moduleName: string | undefined, f: QueryFlags) => {
    const { g, json } = await run(f, `${SERVICE}/ModuleVersions`, {
      module_name: moduleName ?? '',
    })
    print(json, await outputFormat(g, f.output))
  })

  addQueryFlags(group.command('authority').description('get the upgrade authority address')).action(
    async (f: QueryFlags) => {
      const { g, json } = await run(f, `${SERVICE}/Authority`, {})
      print(json, await outputFormat(g, f.output))
    },
  )
}
