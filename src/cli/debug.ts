import { existsSync } from 'node:fs'
import type { Command } from 'commander'
import { type Bytes, fromHex, toHex } from '../codec/bytes.js'
import { homePaths } from '../config/paths.js'
import { ChainError } from '../errors.js'
import { createLevelBackend, DatabaseLockedError } from '../store/level-backend.js'
import { VersionedStore } from '../store/versioned-store.js'
import { clientContext, withClientErrors } from './client-context.js'
import { registerDebugAddr } from './debug-addr.js'
import { registerDebugCodec } from './debug-codec.js'
import { registerDebugPubkey } from './debug-pubkey.js'
import { CliError } from './errors.js'
import { uintArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

interface DebugStoreFlags {
  height?: number
  prefix?: string
  node?: string
  output?: string
}

interface StoreDump {
  store: string
  height: number
  pairs: { key: Bytes; value: Bytes }[]
}

/** Reads a store's pairs from a stopped node's database (the node holds the lock while it runs). */
async function dumpFromHome(g: GlobalFlags, name: string, f: DebugStoreFlags, prefix: Bytes) {
  const path = homePaths(g.home).database
  if (!existsSync(path)) throw new CliError(`no database at ${path}: the node has not started yet`)
  let backend: Awaited<ReturnType<typeof createLevelBackend>>
  try {
    backend = await createLevelBackend({ path })
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      throw new CliError(
        `${err.message}: the node is running; stop it, or ask it with --node <rpc url>`,
      )
    }
    throw err
  }
  try {
    const store = await VersionedStore.open({ backend })
    const height = f.height || store.latestHeight
    let view: ReturnType<VersionedStore['view']>
    try {
      view = store.view(height)
    } catch (err) {
      throw new CliError(err instanceof ChainError ? err.message : String(err))
    }
    if (!view.hasStore(name)) {
      throw new CliError(
        `store "${name}" does not exist at height ${height} (stores: ${view.storeNames().join(', ')})`,
      )
    }
    const pairs: StoreDump['pairs'] = []
    for await (const [key, value] of view.store(name).iterate(prefix.length > 0 ? { prefix } : {}))
      pairs.push({ key, value })
    return { store: name, height, pairs }
  } finally {
    await backend.close()
  }
}

/** Asks a running node: ABCI `/store/<name>/subspace` through RPC `abci_query`. */
async function dumpFromNode(g: GlobalFlags, name: string, f: DebugStoreFlags, prefix: Bytes) {
  const ctx = await clientContext(g, f.node)
  const r = await withClientErrors(() =>
    ctx.node().abciQuery(`/store/${name}/subspace`, prefix, f.height ?? 0),
  )
  if (r.code !== 0) throw new CliError(r.log || `query failed with code ${r.code} (${r.codespace})`)
  const decoded = ctx.registry.decode('sdk.base.kv.v1beta1.Pairs', r.value)
  // An empty value is left out on the wire, and protobufjs then reads its default (`[]`), not bytes.
  const bytes = (b: unknown): Bytes => (b instanceof Uint8Array ? b : new Uint8Array(0))
  const pairs = ((decoded.pairs ?? []) as { key?: unknown; value?: unknown }[]).map((p) => ({
    key: bytes(p.key),
    value: bytes(p.value),
  }))
  return { store: name, height: r.height, pairs }
}

/** `sdkd debug …`: operator tools (`store`, and the address tools of `registerDebugAddr`). */
export function registerDebug(program: Command, globals: () => GlobalFlags): void {
  const debug = program.command('debug').description('tools for inspecting a node')
  registerDebugAddr(debug)
  registerDebugPubkey(debug)
  registerDebugCodec(debug, globals)
  debug
    .command('store')
    .argument('<store-name>', 'module store, e.g. upgrade, bank, auth')
    .description(
      "print a store's raw key/value pairs in hex at a height: from the home's database (node stopped) or from a running node (--node)",
    )
    .option('--height <height>', 'state at this height (default: the latest)', uintArg)
    .option('--prefix <hex>', 'only keys starting with these bytes (hex)')
    .option(
      '-n, --node <url>',
      'ask this running node (RPC address) instead of reading the database',
    )
    .option('-o, --output <format>', 'text (one "key value" line per pair) or json')
    .action(async (name: string, f: DebugStoreFlags) => {
      const g = globals()
      let prefix: Bytes = new Uint8Array(0)
      if (f.prefix !== undefined) {
        try {
          prefix = fromHex(f.prefix.replace(/^0x/i, ''))
        } catch (err) {
          throw new CliError(
            `invalid --prefix ${JSON.stringify(f.prefix)}: ${(err as Error).message}`,
          )
        }
      }
      const dump =
        f.node !== undefined
          ? await dumpFromNode(g, name, f, prefix)
          : await dumpFromHome(g, name, f, prefix)
      const format = f.output ?? 'text'
      if (format !== 'text' && format !== 'json')
        throw new CliError(`invalid output format "${format}": expected text or json`)
      if (format === 'json') {
        const out = {
          store: dump.store,
          height: String(dump.height),
          pairs: dump.pairs.map((p) => ({ key: toHex(p.key), value: toHex(p.value) })),
        }
        process.stdout.write(`${JSON.stringify(out)}\n`)
        return
      }
      process.stdout.write(dump.pairs.map((p) => `${toHex(p.key)} ${toHex(p.value)}\n`).join(''))
    })
}
