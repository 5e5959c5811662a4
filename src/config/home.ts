import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type BrandName, DEFAULT_BRAND } from '../codec/brand.js'
import { toBase64, toHexUpper } from '../codec/bytes.js'
import { formatRfc3339Nano, nowNs } from '../codec/time.js'
import { UserError } from '../errors.js'
import { type AppConfig, defaultAppConfig, readAppConfig, renderAppToml } from './app-config.js'
import { writeFileAtomic } from './atomic-file.js'
import {
  type ClientConfig,
  defaultClientConfig,
  readClientConfig,
  renderClientToml,
} from './client-config.js'
import { parseGoDuration } from './duration.js'
import { ConfigError } from './fields.js'
import {
  defaultConsensusParams,
  type Genesis,
  type GenesisJson,
  MAX_CHAIN_ID_LENGTH,
  readGenesis,
} from './genesis.js'
import { readHomeRecord } from './home-record.js'
import { makeDir } from './make-dir.js'
import {
  defaultNodeConfig,
  type NodeConfig,
  readNodeConfig,
  renderConfigToml,
} from './node-config.js'
import { type HomePaths, homePaths } from './paths.js'
import { parseTomlFile } from './toml.js'
import {
  consensusAddress,
  type Ed25519Key,
  generateEd25519,
  nodeId,
  nodeKeyJson,
  parsePrivKey,
  privValidatorKeyJson,
} from './validator-key.js'

/** A random chain id as upstream init makes one (`test-chain-AbC123`). */
export function randomChainId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  const bytes = randomBytes(6)
  return `test-chain-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`
}

/**
 * The devnet preset: fast blocks, API, Swagger and the dashboard on, CORS open, full history,
 * Prometheus metrics on.
 */
export const DEVNET = {
  chainId: 'sdk-devnet-1',
  timeoutCommit: '500ms',
  prometheusListenAddr: '127.0.0.1:26660',
} as const

/** The config files `init` writes: upstream defaults, or the devnet preset. */
export function presetConfig(
  moniker: string,
  chainId: string,
  devnet: boolean,
): { app: AppConfig; node: NodeConfig; client: ClientConfig } {
  const app = defaultAppConfig()
  const node = defaultNodeConfig(moniker)
  const client = defaultClientConfig(chainId)
  if (devnet) {
    app.api.enable = true
    app.api.swagger = true
    app.api.enabledUnsafeCors = true
    // A browser app may call the RPC too (cosmjs's clients reach the chain through it).
    node.rpc.corsAllowedOrigins = ['*']
    app.api.dashboard = true
    app.pruning = 'nothing'
    app.dev.enable = true
    node.consensus.timeoutCommit = DEVNET.timeoutCommit
    node.consensus.timeoutCommitMs = parseGoDuration(DEVNET.timeoutCommit)
    // Metrics on, on loopback as the RPC (the container image listens on every interface).
    node.instrumentation.prometheus = true
    node.instrumentation.prometheusListenAddr = DEVNET.prometheusListenAddr
  }
  return { app, node, client }
}

export interface InitOptions {
  home: string
  moniker: string
  chainId?: string
  overwrite?: boolean
  devnet?: boolean
  /** app_state of the genesis (each module's default section). */
  appState: Record<string, unknown>
  /** Adjusts the config before it is written (flags, presets). */
  adjust?: (c: { app: AppConfig; node: NodeConfig; client: ClientConfig }) => void
  /** Keep `app.toml`, `config.toml` and `client.toml` where they exist (a reset keeps config edits). */
  keepConfig?: boolean
}

export interface InitResult {
  home: string
  chainId: string
  moniker: string
  nodeId: string
  validatorAddress: string
  genesis: GenesisJson
}

/** Thrown when init would overwrite an existing genesis. */
export class GenesisExistsError extends UserError {
  override readonly name: string = 'GenesisExistsError'
}

/** An ed25519 key file (`priv_validator_key.json`, `node_key.json`); undefined when absent. */
export async function readKey(path: string): Promise<Ed25519Key | undefined> {
  if (!existsSync(path)) return undefined
  let json: unknown
  try {
    json = JSON.parse(await readFile(path, 'utf8'))
  } catch (err) {
    throw new ConfigError(path, '', `invalid JSON: ${(err as Error).message}`)
  }
  const key = parsePrivKey(json)
  if (typeof key === 'string') throw new ConfigError(path, '', key)
  return key
}

/** The node's key, then every `*.json` key of `dir` in file-name order, each key once. */
async function readValidatorKeys(dir: string, own: Ed25519Key): Promise<Ed25519Key[]> {
  const keys = [own]
  if (!existsSync(dir)) return keys
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()
  for (const name of names) {
    const key = await readKey(join(dir, name))
    if (key && !keys.some((k) => toHexUpper(k.pubKey) === toHexUpper(key.pubKey))) keys.push(key)
  }
  return keys
}

/** `sdkd init`: creates the home (config files, keys, genesis, data/). */
export async function initHome(o: InitOptions): Promise<InitResult> {
  const p = homePaths(o.home)
  if (existsSync(p.genesis) && !o.overwrite) {
    throw new GenesisExistsError(
      `genesis.json file already exists: ${p.genesis} (use --overwrite to replace it)`,
    )
  }
  const chainId = o.chainId ?? (o.devnet ? DEVNET.chainId : randomChainId())
  if (chainId.trim() === '' || chainId.length > MAX_CHAIN_ID_LENGTH) {
    throw new ConfigError(
      '--chain-id',
      '',
      `must be 1-${MAX_CHAIN_ID_LENGTH} characters, got ${JSON.stringify(chainId)}`,
    )
  }
  // Keys survive re-init, as upstream (the validator keeps its identity).
  const validatorKey = (await readKey(p.privValidatorKey)) ?? generateEd25519()
  const nodeKey = (await readKey(p.nodeKey)) ?? generateEd25519()

  const { app, node, client } = presetConfig(o.moniker, chainId, o.devnet ?? false)
  o.adjust?.({ app, node, client })

  const genesis: GenesisJson = {
    app_name: 'sdkd',
    app_version: '',
    genesis_time: formatRfc3339Nano(nowNs()),
    chain_id: chainId,
    initial_height: 1,
    app_hash: null,
    app_state: o.appState,
    consensus: {
      validators: [
        {
          address: toHexUpper(consensusAddress(validatorKey.pubKey)),
          pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(validatorKey.pubKey) },
          power: '10',
          name: o.moniker,
        },
      ],
      params: defaultConsensusParams(),
    },
  }

  await makeDir(p.dataDir, 0o700)
  await writeFileAtomic(
    p.privValidatorKey,
    `${JSON.stringify(privValidatorKeyJson(validatorKey), null, 2)}\n`,
    0o600,
  )
  await writeFileAtomic(p.nodeKey, `${JSON.stringify(nodeKeyJson(nodeKey))}\n`, 0o600)
  await writeFileAtomic(p.privValidatorState, PRIV_VALIDATOR_STATE_INITIAL, 0o600)
  const keep = (file: string) => o.keepConfig === true && existsSync(file)
  if (!keep(p.appToml)) await writeFileAtomic(p.appToml, renderAppToml(app))
  if (!keep(p.configToml)) await writeFileAtomic(p.configToml, renderConfigToml(node))
  if (!keep(p.clientToml)) await writeFileAtomic(p.clientToml, renderClientToml(client))
  else await updateClientToml(o.home, { chainId })
  await writeFileAtomic(p.genesis, `${JSON.stringify(genesis, null, 2)}\n`)
  return {
    home: p.home,
    chainId,
    moniker: o.moniker,
    nodeId: nodeId(nodeKey),
    validatorAddress: toHexUpper(consensusAddress(validatorKey.pubKey)),
    genesis,
  }
}

/** Everything a node reads from its home, validated. */
export interface LoadedHome {
  paths: HomePaths
  /** The home's brand (`config/sdkd.toml`; `sdk` when it records none). */
  brand: BrandName
  app: AppConfig
  node: NodeConfig
  client: ClientConfig
  genesis: Genesis
  /** The node's own validator key (config/priv_validator_key.json). */
  validatorKey: Ed25519Key
  /**
   * Every consensus key the node signs with: its own, then config/priv_validator_keys/*.json in
   * file-name order (a simulated node running several validators), each key once.
   */
  validatorKeys: Ed25519Key[]
  nodeKey: Ed25519Key
}

/** Thrown when the home has not been initialised. */
export class HomeMissingError extends UserError {
  override readonly name: string = 'HomeMissingError'
}

async function readTomlFile(path: string, label: string): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new ConfigError(
      label,
      '',
      `cannot read file: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    )
  }
  return parseTomlFile(label, text)
}

/** Reads and validates a home; nothing is written. */
export async function loadHome(home: string): Promise<LoadedHome> {
  const p = homePaths(home)
  if (!existsSync(p.genesis)) {
    throw new HomeMissingError(
      `${p.genesis} not found: run "sdkd init <moniker> --home ${p.home}" first`,
    )
  }
  const app = readAppConfig('config/app.toml', await readTomlFile(p.appToml, 'config/app.toml'))
  const node = readNodeConfig(
    'config/config.toml',
    await readTomlFile(p.configToml, 'config/config.toml'),
  )
  const client = existsSync(p.clientToml)
    ? readClientConfig('config/client.toml', await readTomlFile(p.clientToml, 'config/client.toml'))
    : defaultClientConfig('')
  let genesisJson: unknown
  try {
    genesisJson = JSON.parse(await readFile(p.genesis, 'utf8'))
  } catch (err) {
    throw new ConfigError('config/genesis.json', '', `invalid JSON: ${(err as Error).message}`)
  }
  const genesis = readGenesis('config/genesis.json', genesisJson)
  const validatorKey = await readKey(p.privValidatorKey)
  if (!validatorKey) throw new ConfigError('config/priv_validator_key.json', '', 'file not found')
  const nodeKey = (await readKey(p.nodeKey)) ?? validatorKey
  const validatorKeys = await readValidatorKeys(p.privValidatorKeysDir, validatorKey)
  const brand = (await readHomeRecord(home)).brand ?? DEFAULT_BRAND
  return { paths: p, brand, app, node, client, genesis, validatorKey, validatorKeys, nodeKey }
}

/**
 * A genesis of one validator must be one this node signs for when sdkd's simulated producer makes
 * the blocks (a wrong home, else). Under CometBFT a node that is no validator is a full node.
 */
export function assertGenesisValidatorHeld(home: LoadedHome): void {
  const { genesis, validatorKeys } = home
  const v = genesis.validators[0]
  const held = (pubKey: Uint8Array) =>
    validatorKeys.some((k) => toHexUpper(k.pubKey) === toHexUpper(pubKey))
  if (genesis.validators.length === 1 && v && !held(v.pubKey)) {
    throw new ConfigError(
      'config/genesis.json',
      'consensus.validators[0].pub_key',
      'does not match config/priv_validator_key.json (this node is not the genesis validator)',
    )
  }
}

/** `data/priv_validator_state.json` of a validator that has signed nothing (upstream's, after init or a reset). */
export const PRIV_VALIDATOR_STATE_INITIAL = `${JSON.stringify({ height: '0', round: 0, step: 0 }, null, 2)}\n`

/** Rewrites fields of `client.toml` (the others keep their values). */
export async function updateClientToml(home: string, patch: Partial<ClientConfig>): Promise<void> {
  const file = homePaths(home).clientToml
  const current = existsSync(file)
    ? readClientConfig('config/client.toml', await readTomlFile(file, 'config/client.toml'))
    : defaultClientConfig('')
  const next = { ...current, ...patch }
  if (JSON.stringify(next) !== JSON.stringify(current) || !existsSync(file))
    await writeFileAtomic(file, renderClientToml(next))
}

/** Writes genesis.json back (used by `genesis add-genesis-account`). */
export async function writeGenesis(home: string, genesis: GenesisJson): Promise<void> {
  await writeFileAtomic(homePaths(home).genesis, `${JSON.stringify(genesis, null, 2)}\n`)
}
