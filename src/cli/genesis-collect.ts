import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { type ProtoRegistry, protoRegistry } from '../codec/proto.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import type { GenesisJson } from '../config/genesis.js'
import { readNodeConfig, renderConfigToml } from '../config/node-config.js'
import { homePaths } from '../config/paths.js'
import { parseTomlFile } from '../config/toml.js'
import { nodeId as nodeIdOf, parsePrivKey } from '../config/validator-key.js'
import { decodeGenTx, type GenTx, GenTxError } from '../modules/genutil/genesis.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { goJsonStringify } from '../server/rpc/go-json.js'
import { CliError } from './errors.js'
import { refuseStartedChain } from './genesis-accounts.js'
import type { GlobalFlags } from './start-flags.js'

// biome-ignore lint/suspicious/noExplicitAny: genesis sections are free-form JSON
type Obj = Record<string, any>

/**
 * Upstream CollectTxs: every `*.json` of the directory, in name order, as a gentx whose validator's
 * account has a genesis balance covering the self-delegation. Returns the gentxs and the persistent
 * peers (the memos of the gentxs of other monikers than `moniker`, sorted, comma-joined).
 */
export async function collectTxs(
  registry: ProtoRegistry,
  dir: string,
  moniker: string,
  genesis: GenesisJson,
): Promise<{ genTxs: GenTx[]; persistentPeers: string }> {
  let entries: { name: string; isDir: boolean }[]
  try {
    entries = (await readdir(dir, { withFileTypes: true }))
      .map((e) => ({ name: e.name, isDir: e.isDirectory() }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  } catch (err) {
    throw new CliError(
      `open ${dir}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (err as Error).message}`,
    )
  }
  const balances = new Map<string, Obj[]>(
    ((genesis.app_state as Obj).bank?.balances ?? []).map((b: Obj) => [b.address, b.coins ?? []]),
  )
  const genTxs: GenTx[] = []
  const peers: string[] = []
  for (const e of entries) {
    if (e.isDir || !e.name.endsWith('.json')) continue
    const text = await readFile(join(dir, e.name), 'utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (err) {
      throw new CliError(`failed to decode gentx: ${text.trim()}, error: ${(err as Error).message}`)
    }
    let genTx: GenTx
    try {
      genTx = decodeGenTx(registry, json, text.trim())
    } catch (err) {
      if (err instanceof GenTxError) throw new CliError(err.message)
      throw err
    }
    genTxs.push(genTx)
    if (genTx.memo === '') throw new CliError(`failed to find node's address and IP in ${e.name}`)
    const { msg } = genTx
    let account: string
    try {
      account = addressToBech32(bech32ToAddress(String(msg.validator_address), valoperPrefix()))
    } catch (err) {
      throw new CliError(
        `invalid validator address ${msg.validator_address}: ${(err as Error).message}`,
      )
    }
    const coins = balances.get(account)
    if (!coins) {
      const all = [...balances].map(([a, c]) => `${a}:${coinsText(c)}`).join(' ')
      throw new CliError(`account ${account} balance not in genesis state: map[${all}]`)
    }
    const denom = String(msg.value?.denom ?? '')
    const want = BigInt(msg.value?.amount || '0')
    const has = BigInt(coins.find((c) => c.denom === denom)?.amount ?? '0')
    if (has < want)
      throw new CliError(`insufficient fund for delegation ${account}: ${has} < ${want}`)
    // A node does not dial itself.
    if (msg.description?.moniker !== moniker) peers.push(genTx.memo)
  }
  return { genTxs, persistentPeers: peers.sort().join(',') }
}

function coinsText(coins: readonly Obj[]): string {
  return coins.map((c) => `${c.amount}${c.denom}`).join(',')
}

/**
 * `sdkd genesis collect-gentxs [--gentx-dir D]`: puts the gentxs in `app_state.genutil.gen_txs`,
 * sets config.toml's `persistent_peers`, and returns upstream's summary (sorted compact JSON).
 */
export async function runCollectGentxs(g: GlobalFlags, gentxDir?: string): Promise<string> {
  const paths = homePaths(g.home)
  refuseStartedChain(
    g.home,
    'a new genesis would not match its data (reset it first: sdkd comet unsafe-reset-all)',
  )
  const nodeKey = existsSync(paths.nodeKey)
    ? parsePrivKey(JSON.parse(await readFile(paths.nodeKey, 'utf8')))
    : 'file not found'
  if (typeof nodeKey === 'string')
    throw new CliError(`failed to initialize node validator files: ${paths.nodeKey}: ${nodeKey}`)
  let genesis: GenesisJson
  try {
    genesis = JSON.parse(await readFile(paths.genesis, 'utf8')) as GenesisJson
  } catch (err) {
    throw new CliError(`failed to read genesis doc from file: ${(err as Error).message}`)
  }
  const dir = gentxDir ? resolve(gentxDir) : join(paths.configDir, 'gentx')
  const node = readNodeConfig(
    'config/config.toml',
    parseTomlFile('config/config.toml', await readFile(paths.configToml, 'utf8')),
  )
  const registry = protoRegistry()
  let collected: Awaited<ReturnType<typeof collectTxs>>
  try {
    collected = await collectTxs(registry, dir, node.moniker, genesis)
  } catch (err) {
    throw new CliError(`failed to get genesis app state from config: ${(err as Error).message}`)
  }
  // As upstream, the peers are written before the count is checked.
  node.p2p.persistentPeers = collected.persistentPeers
  await writeFileAtomic(paths.configToml, renderConfigToml(node))
  if (collected.genTxs.length === 0)
    throw new CliError(
      'failed to get genesis app state from config: there must be at least one genesis tx',
    )
  const appState = genesis.app_state as Obj
  appState.genutil = { ...(appState.genutil ?? {}), gen_txs: collected.genTxs.map((t) => t.json) }
  // The validator set is now the one the gentxs make at InitChain, as on a chain whose genesis
  // `simd init` wrote (no consensus validators): the one `sdkd init` lists for its own key goes.
  const consensus = (genesis as Obj).consensus as Obj | undefined
  if (consensus) consensus.validators = []
  await writeFileAtomic(paths.genesis, `${JSON.stringify(genesis, null, 2)}\n`)
  // Upstream's printInfo (x/genutil/client/cli/init.go), its fields in that order, as Go's
  // json.MarshalIndent with a one-space indent writes it.
  return goJsonStringify(
    {
      moniker: node.moniker,
      chain_id: genesis.chain_id,
      node_id: nodeIdOf(nodeKey),
      gentxs_dir: dir,
      // A Go map of the modules' sections: in name order.
      app_message: Object.fromEntries(
        Object.keys(appState)
          .sort()
          .map((m) => [m, appState[m]]),
      ),
    },
    1,
  )
}
