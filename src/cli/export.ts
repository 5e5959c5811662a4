import { writeFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { EventManager } from '../block/events.js'
import { bech32ToAddress } from '../codec/address.js'
import { type Bytes, fromBase64Strict, toHexUpper } from '../codec/bytes.js'
import type { GenesisJson, GenesisValidatorJson } from '../config/genesis.js'
import { consensusAddress } from '../config/validator-key.js'
import { UserError } from '../errors.js'
import { ConsensusKeeper } from '../modules/consensus/keeper.js'
import { consensusParamsFromProto } from '../modules/consensus/params.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { type Node, SDKD_VERSION } from '../node/node.js'
import type { StateReader } from '../store/types.js'
import { CliError } from './errors.js'
import { offlineHome } from './offline-node.js'
import { pflagIntArg, stringListArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

interface ExportFlags {
  height: number
  forZeroHeight?: boolean
  jailAllowedAddrs?: string[]
  modulesToExport?: string[]
  outputDocument?: string
}

/** Upstream's prefix of an export that failed once the database was open. */
const FAILED = 'error exporting state: '

/** The staking section's parts `WriteValidators` reads (upstream genesis JSON). */
interface StakingSection {
  last_validator_powers: { address: string; power: string }[]
  validators: {
    operator_address: string
    consensus_pubkey: { key?: string }
    description?: { moniker?: string }
  }[]
}

/**
 * Upstream staking WriteValidators: the validators of the last validator set (the last-power index,
 * in its order) as genesis validators — consensus address, amino-JSON ed25519 key, power, moniker.
 */
export function genesisValidatorsOf(staking: StakingSection): GenesisValidatorJson[] {
  const byOperator = new Map(staking.validators.map((v) => [v.operator_address, v]))
  return staking.last_validator_powers.map(({ address, power }) => {
    const v = byOperator.get(address)
    const key = v?.consensus_pubkey.key
    const pubKey = key === undefined ? undefined : fromBase64Strict(key)
    if (!v || !pubKey) throw new UserError(`validator ${address} has no ed25519 consensus key`)
    return {
      address: toHexUpper(consensusAddress(pubKey)),
      pub_key: { type: 'tendermint/PubKeyEd25519', value: key! },
      power,
      name: v.description?.moniker ?? '',
    }
  })
}

/**
 * `sdkd export`, as upstream's (server/export.go with simapp's exporter): the state at a height as a
 * genesis document — this home's genesis.json with every module's exported section as `app_state`,
 * `initial_height` the next height (0 with `--for-zero-height`), the validators of the last validator
 * set and the consensus params in force. A new chain started from it (a home whose
 * `config/genesis.json` it is) continues from that state.
 */
async function exportState(g: GlobalFlags, f: ExportFlags): Promise<void> {
  const asked = f.height
  if (asked < -1)
    throw new CliError(
      `--height must be -1 (the latest) or a height, got ${JSON.stringify(String(f.height))}`,
    )
  const modules = f.modulesToExport ?? []
  const jailAllowed = (f.jailAllowedAddrs ?? []).map((a) => {
    try {
      return bech32ToAddress(a, valoperPrefix())
    } catch (err) {
      throw new CliError(`--jail-allowed-addrs: ${(err as Error).message}`)
    }
  })
  if (jailAllowed.length > 0 && f.forZeroHeight !== true)
    throw new CliError('--jail-allowed-addrs goes with --for-zero-height')
  const o = await offlineHome(g, 'nothing was exported')
  const noBlock = () =>
    new CliError(
      `${FAILED}the chain of ${o.home.paths.home} has no block yet: its state is config/genesis.json`,
    )
  if (!o.hasData) throw noBlock()
  const node = await o.open()
  let genesis: GenesisJson
  try {
    const { store, app } = node
    const latest = store.latestHeight
    if (latest < store.earliestHeight) throw noBlock()
    const height = asked === -1 ? latest : asked
    if (height > latest || height < store.earliestHeight)
      throw new CliError(
        `${FAILED}the state at height ${height} is not kept: this home holds heights ${store.earliestHeight} to ${latest}`,
      )
    const zero = f.forZeroHeight === true
    if (zero && height !== latest)
      throw new CliError(
        `${FAILED}--for-zero-height exports the latest height (${latest}) only, not ${height}`,
      )
    const state = zero ? await zeroHeightState(node, jailAllowed) : store.view(height)
    const appState = await app.exportGenesis(state, modules).catch((err: unknown) => {
      throw new CliError(`${FAILED}${(err as Error).message}`)
    })
    const staking = (appState.staking ??
      (await app.exportGenesis(state, ['staking'])).staking) as StakingSection
    const params = await new ConsensusKeeper({ registry: node.registry }).params(state)
    const base = o.home.genesis.json
    genesis = {
      app_name: 'sdkd',
      app_version: SDKD_VERSION,
      genesis_time: base.genesis_time,
      chain_id: base.chain_id,
      initial_height: zero ? 0 : height + 1,
      app_hash: base.app_hash,
      app_state: appState,
      consensus: {
        validators: genesisValidatorsOf(staking),
        params: params ? consensusParamsFromProto(params) : base.consensus.params,
      },
    }
  } finally {
    await node.stop()
  }
  if (f.outputDocument !== undefined) {
    await writeFile(f.outputDocument, `${JSON.stringify(genesis, null, 2)}\n`)
    return
  }
  process.stdout.write(JSON.stringify(genesis))
}

/**
 * The latest state reset for a chain starting at height zero (the app version's `zeroHeight`,
 * upstream prepForZeroHeightGenesis), in a branch that is exported and never committed.
 */
async function zeroHeightState(node: Node, jailAllowed: readonly Bytes[]): Promise<StateReader> {
  const reset = node.app.version.zeroHeight
  if (!reset)
    throw new CliError(
      `${FAILED}app version ${node.app.name} cannot reset its state for height zero`,
    )
  const branch = node.store.branch()
  const ctx = node.producer.context(branch, node.producer.checkHeader(), new EventManager(true))
  await reset(ctx, jailAllowed)
  return branch
}

/** `sdkd export`: the state at a height as a genesis document. */
export function registerExport(program: Command, globals: () => GlobalFlags): void {
  program
    .command('export')
    .description(
      'export the state at a height to JSON: a genesis document a new chain can start from (the node must be stopped)',
    )
    .option(
      '--height <height>',
      'export state from a particular height (-1 means latest height)',
      pflagIntArg('int64'),
      -1,
    )
    .option('--for-zero-height', 'export state to start at height zero (perform preprocessing)')
    .option(
      '--jail-allowed-addrs <addrs>',
      'comma-separated list of allowed addresses not to jail (with --for-zero-height)',
      stringListArg,
    )
    .option(
      '--modules-to-export <modules>',
      'comma-separated list of modules to export; all if empty',
      stringListArg,
    )
    .option(
      '--output-document <file>',
      'exported state is written to the given file instead of STDOUT',
    )
    .action((f: ExportFlags) => exportState(globals(), f))
}
