// An example upgrade plugin: handlers for an upgrade named "example-upgrade".
//
//   sdkd start --app-version v1 --upgrade-plugin config/upgrade-plugins/example-upgrade.mjs
//
// When a plan named "example-upgrade" is due, the node applies it instead of halting: the store
// loader adds the `example` store (once, at the upgrade height), then the handler writes a key there
// and runs the module manager's migrations. Keep passing the plugin on every later start: a binary
// without the handler of the last applied upgrade refuses to run ("wrong app version …").

/** @type {import('../../dist/app/plugins.js').UpgradePlugin} */
export default {
  name: 'example-upgrade',
  storeUpgrades: { added: ['example'] },
  async handler(ctx, plan, fromVersions, tools) {
    const utf8 = (s) => new TextEncoder().encode(s)
    ctx.state.store('example').set(utf8('upgraded_at'), utf8(String(ctx.height)))
    ctx.state.store('example').set(utf8('plan_info'), utf8(plan.info))
    ctx.logger.info({ module: 'example-upgrade', height: ctx.height }, 'example upgrade applied')
    return tools.runMigrations(ctx, fromVersions)
  },
}
