import type { Command } from 'commander'
import { toBase64, toHexUpper, utf8 } from '../codec/bytes.js'
import { timestampToJson } from '../codec/json-well-known.js'
import { timeToTimestamp } from '../codec/time.js'
import { printOutput } from './client-context.js'
import { CliError } from './errors.js'
import { offlineHome } from './offline-node.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * `sdkd module-hash-by-height <height>`, as upstream's (server/module_hash.go): with the node
 * stopped, the hash of every module store at a height (the leaves of that height's app hash), as
 * the store's CommitInfo — `version`, `store_infos` sorted by name, each `{name, commit_id:
 * {version, hash}}`, and `timestamp`, the block's time. As upstream, each hash is the upper-case
 * hex text of the store hash, and the proto JSON of those bytes is their base64. Two nodes whose
 * app hashes differ at a height show which modules' states differ.
 */
async function moduleHashes(g: GlobalFlags, heightText: string, f: { output?: string }) {
  const output = f.output ?? 'text'
  if (output !== 'text' && output !== 'json')
    throw new CliError(`unsupported output format ${JSON.stringify(output)}: use text or json`)
  if (!/^-?\d+$/.test(heightText))
    throw new CliError(`invalid height: ${JSON.stringify(heightText)} is not an integer`)
  const height = Number(heightText)
  const o = await offlineHome(g, 'nothing was read')
  if (!o.hasData) throw new CliError(`the chain of ${o.home.paths.home} has no state yet`)
  const node = await o.open()
  try {
    const hashes = await node.store.storeHashesAt(height).catch((err: unknown) => {
      throw new CliError((err as Error).message)
    })
    const block = node.blocks.latest ? await node.blocks.get(height) : undefined
    const version = String(height)
    printOutput(
      {
        version,
        store_infos: [...hashes].map(([name, hash]) => ({
          name,
          commit_id: { version, hash: toBase64(utf8(toHexUpper(hash))) },
        })),
        timestamp: block
          ? timestampToJson(timeToTimestamp(block.block.header.time))
          : '0001-01-01T00:00:00Z',
      },
      output,
    )
  } finally {
    await node.stop()
  }
}

/** `sdkd module-hash-by-height <height>`: every module store's hash at a height. */
export function registerModuleHash(program: Command, globals: () => GlobalFlags): void {
  program
    .command('module-hash-by-height')
    .argument('<height>', 'the height')
    .description(
      "get module hashes at a given height: each module store's hash, the leaves of that height's app hash (the node must be stopped)",
    )
    .option('-o, --output <format>', 'output format (text|json)', 'text')
    .action((height: string, f: { output?: string }) => moduleHashes(globals(), height, f))
}
