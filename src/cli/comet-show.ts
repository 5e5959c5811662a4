import type { Command } from 'commander'
import type { Ed25519Key } from '../config/validator-key.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * A key file of the home, or an error naming it and how to make it (upstream fails on the missing
 * file too: `open <path>: no such file or directory`).
 */
async function keyOf(g: GlobalFlags, which: 'nodeKey' | 'privValidatorKey'): Promise<Ed25519Key> {
  const [{ homePaths }, { readKey }] = await Promise.all([
    import('../config/paths.js'),
    import('../config/home.js'),
  ])
  const paths = homePaths(g.home)
  const file = paths[which]
  // A file that is not a key is refused with its path and what is wrong (a ConfigError).
  const key = await readKey(file)
  if (key) return key
  throw new CliError(`${file} not found: run "sdkd init <moniker> --home ${paths.home}" first`)
}

/**
 * Upstream's `comet show-node-id`, `show-validator`, `show-address` and `version` (server/cmt_cmds.go):
 * what an operator copies into `persistent_peers`, a `create-validator` file or a support request.
 * They read the home's key files only, so they work with the node stopped or running.
 */
export function registerCometShow(comet: Command, globals: () => GlobalFlags): void {
  comet
    .command('show-node-id')
    .description(
      "show this node's ID (the hex of its node_key.json address, as in persistent_peers)",
    )
    .action(async () => {
      const { nodeId } = await import('../config/validator-key.js')
      process.stdout.write(`${nodeId(await keyOf(globals(), 'nodeKey'))}\n`)
    })

  comet
    .command('show-validator')
    .description("show this node's CometBFT validator consensus public key, as JSON")
    .action(async () => {
      const [{ brand }, { toBase64 }] = await Promise.all([
        import('../codec/brand.js'),
        import('../codec/bytes.js'),
      ])
      const key = await keyOf(globals(), 'privValidatorKey')
      const json = {
        '@type': brand().typeUrl('sdk.crypto.ed25519.PubKey'),
        key: toBase64(key.pubKey),
      }
      process.stdout.write(`${JSON.stringify(json)}\n`)
    })

  comet
    .command('show-address')
    .description("show this node's CometBFT validator consensus address")
    .action(async () => {
      const [{ brand }, { addressToBech32 }, { consensusAddress }] = await Promise.all([
        import('../codec/brand.js'),
        import('../codec/address.js'),
        import('../config/validator-key.js'),
      ])
      const key = await keyOf(globals(), 'privValidatorKey')
      const address = addressToBech32(consensusAddress(key.pubKey), brand().bech32.consensus)
      process.stdout.write(`${address}\n`)
    })

  comet
    .command('version')
    .description("print the CometBFT protocols' and libraries' version numbers this node speaks")
    .action(async () => {
      const [{ ABCI_VERSION, COMETBFT_VERSION, P2P_PROTOCOL }, { BLOCK_PROTOCOL }] =
        await Promise.all([import('../server/node-info.js'), import('../block/block.js')])
      // Upstream prints YAML of these four fields (keys sorted), then an empty line.
      process.stdout.write(
        `ABCI: ${ABCI_VERSION}\nBlockProtocol: ${BLOCK_PROTOCOL}\nCometBFT: ${COMETBFT_VERSION}\nP2PProtocol: ${P2P_PROTOCOL}\n\n`,
      )
    })
}
