import type { Command } from 'commander'
import {
  addQueryFlags,
  clientAction,
  clientContext,
  nodeTarget,
  outputFormat,
  printOutput,
  type QueryFlags,
  readClientToml,
} from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'

const SERVICE = 'sdk.upgrade.v1beta1.Query'

/** `sdkd query upgrade …`: the scheduled plan, applied upgrades and module versions. */
export function registerQueryUpgrade(program: Command, globals: () => GlobalFlags): void {
  const group = commandGroup(program, 'query')
    .command('upgrade')
    .description('querying commands for the upgrade module')

  const run = async (f: QueryFlags, method: string, request: Record<string, unknown>) => {
    const ctx = await clientContext(globals(), f.node)
    const format = outputFormat(f.output, ctx.config, 'text')
    const { type, response } = await ctx.node().query(method, request, f.height ?? 0)
    const { messageToJson } = await import('../codec/json-writer.js')
    return { ctx, format, json: messageToJson(ctx.registry, type, response) }
  }

  addQueryFlags(
    group
      .command('plan')
      .description(
        'query the upgrade plan (if one exists): name, height, info, time, upgraded_client_state',
      ),
  ).action(
    clientAction(async (f: QueryFlags) => {
      const config = await readClientToml(globals().home)
      const format = outputFormat(f.output, config, 'text')
      // The recent blocks the estimate needs take no protobuf: asked for first, answered while the
      // registry loads (unused when no plan is scheduled).
      const { createNodeClient } = await import('../client/node-client.js')
      const recent = createNodeClient(nodeTarget(f.node, config)).recentBlockTimes()
      recent.catch(() => undefined)
      const ctx = await clientContext(globals(), f.node, config)
      const { type, response } = await ctx.node().query(`${SERVICE}/CurrentPlan`, {}, f.height ?? 0)
      const { messageToJson } = await import('../codec/json-writer.js')
      const json = messageToJson(ctx.registry, type, response)
      if (json.plan === null || json.plan === undefined) throw new CliError('no upgrade scheduled')
      printOutput(json.plan, format)
      // The estimate goes to stderr: stdout stays the plan, as upstream prints it.
      const height = Number((json.plan as { height?: string }).height ?? 0)
      try {
        const { estimateTimeUntilHeight } = await import('../client/upgrade-timing.js')
        process.stderr.write(
          `${(await estimateTimeUntilHeight(ctx.node(), height, recent)).text}\n`,
        )
      } catch (err) {
        process.stderr.write(
          `note: cannot estimate the time until height ${height}: ${(err as Error).message}\n`,
        )
      }
    }),
  )

  addQueryFlags(
    group
      .command('applied')
      .argument('<upgrade-name>', 'name of an applied upgrade')
      .description(
        "block header for height at which a completed upgrade was applied (from the node's /blockchain)",
      ),
  ).action(
    clientAction(async (name: string, f: QueryFlags) => {
      const { ctx, format, json } = await run(f, `${SERVICE}/AppliedPlan`, { name })
      const height = Number(json.height ?? 0)
      if (height === 0) throw new CliError('no upgrade found')
      const result = (await ctx.node().call('blockchain', {
        minHeight: String(height),
        maxHeight: String(height),
      })) as { block_metas?: unknown[] } | undefined
      const meta = result?.block_metas?.[0]
      if (meta === undefined) throw new CliError(`no headers returned for height ${height}`)
      // Upstream prints the block meta as indented JSON whatever --output says; json asks for compact.
      process.stdout.write(`${JSON.stringify(meta, null, format === 'json' ? 0 : 2)}\n`)
    }),
  )

  addQueryFlags(
    group
      .command('module_versions')
      .alias('module-versions')
      .argument('[module_name]', 'only this module')
      .description('query the list of module versions'),
  ).action(
    clientAction(async (moduleName: string | undefined, f: QueryFlags) => {
      const { format, json } = await run(f, `${SERVICE}/ModuleVersions`, {
        module_name: moduleName ?? '',
      })
      printOutput(json, format)
    }),
  )

  addQueryFlags(group.command('authority').description('get the upgrade authority address')).action(
    clientAction(async (f: QueryFlags) => {
      const { format, json } = await run(f, `${SERVICE}/Authority`, {})
      printOutput(json, format)
    }),
  )
}
