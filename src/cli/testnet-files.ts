import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { txToJson } from '../client/tx-builder.js'
import { brand } from '../codec/brand.js'
import { addCoins, type Coin, coinsToProto } from '../codec/coins.js'
import { decFromString } from '../codec/dec.js'
import { type ProtoRegistry, protoRegistry } from '../codec/proto.js'
import { formatRfc3339Nano, nowNs } from '../codec/time.js'
import { writeFileAtomic } from '../config/atomic-file.js'
import { defaultConsensusParams, type GenesisJson } from '../config/genesis.js'
import { initHome } from '../config/home.js'
import { writeHomeRecord } from '../config/home-record.js'
import { makeDir } from '../config/make-dir.js'
import { readNodeConfig, renderConfigToml } from '../config/node-config.js'
import { homePaths } from '../config/paths.js'
import { parseTomlFile } from '../config/toml.js'
import { BASE_ACCOUNT_URL } from '../modules/auth/keeper.js'
import { parseDecCoins } from '../tx/fees.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import { CliError } from './errors.js'
import { collectTxs } from './genesis-collect.js'
import { buildGentx } from './genesis-gentx.js'
import { defaultAppState } from './init.js'
import { openKeyring } from './keys-io.js'
import type { GlobalFlags } from './start-flags.js'

/** The flags of `sdkd testnet init-files` (upstream simd's, `--validators` for its `--v`). */
export interface TestnetFlags {
  validators: number
  outputDir: string
  chainId?: string
  keyringBackend: string
  nodeDirPrefix: string
  nodeDaemonHome: string
  startingIpAddress: string
  startingPort: number
  minimumGasPrices: string
}

/** Upstream's economics: each operator's genesis coins and self-delegation (power 100). */
const STAKE_BALANCE = 500_000_000n
const NODE_TOKEN_BALANCE = 1_000_000_000n
const SELF_DELEGATION = 100_000_000n

/**
 * Round timeouts for a network on one host: peers answer within milliseconds, so rounds need not
 * wait CometBFT's defaults (the deltas stay at CometBFT's 500ms).
 */
const TESTNET_TIMEOUTS = {
  timeoutPropose: '1s',
  timeoutPrevote: '500ms',
  timeoutPrecommit: '500ms',
  timeoutCommit: '500ms',
  timeoutCommitMs: 500,
}

/** Node 0's P2P port in the default layout (CometBFT's). */
export const DEFAULT_STARTING_PORT = 26656

/** The listeners of one node, by what they serve. */
export interface TestnetPorts {
  p2p: number
  rpc: number
  abci: number
  prometheus: number
  api: number
  grpc: number
}

/**
 * The ports of node i on one host: node 0's are CometBFT's and the SDK's defaults moved by
 * `startingPort − 26656`, and every listener of node i is 10·i above node 0's.
 */
export function testnetPorts(i: number, startingPort = DEFAULT_STARTING_PORT): TestnetPorts {
  const o = startingPort - DEFAULT_STARTING_PORT + 10 * i
  return {
    p2p: 26656 + o,
    rpc: 26657 + o,
    abci: 26658 + o,
    prometheus: 26660 + o,
    api: 1317 + o,
    grpc: 9090 + o,
  }
}

/** Refuses a `--starting-port` that would put a listener of one of `count` nodes outside 1–65535. */
export function checkTestnetPorts(count: number, startingPort: number): void {
  const first = testnetPorts(0, startingPort)
  const last = testnetPorts(count - 1, startingPort)
  const low = Math.min(...Object.values(first))
  const high = Math.max(...Object.values(last))
  if (low < 1 || high > 65535)
    throw new CliError(
      `--starting-port ${startingPort} puts the ports of ${count} nodes at ${low}–${high}, outside 1–65535: the REST API of node 0 is ${DEFAULT_STARTING_PORT - 1317} below the starting port, and node ${count - 1}'s Prometheus ${10 * (count - 1) + 4} above it`,
    )
}

/** The IPv4 address `n` above `ip` (upstream's per-node increment). */
export function nextIp(ip: string, n: number): string {
  const parts = ip.split('.').map(Number)
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255))
    throw new CliError(
      `invalid --starting-ip-address ${JSON.stringify(ip)}: expected an IPv4 address`,
    )
  let value = parts.reduce((a, p) => a * 256 + p, 0) + n
  if (value > 0xffffffff)
    throw new CliError(`--starting-ip-address ${ip} + ${n} is past 255.255.255.255`)
  const out: number[] = []
  for (let k = 0; k < 4; k++) {
    out.unshift(value % 256)
    value = Math.floor(value / 256)
  }
  return out.join('.')
}

/** A random chain id as upstream's testnet command makes one (`chain-AbC123`). */
function randomTestnetChainId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return `chain-${[...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')}`
}

interface NodeFiles {
  name: string
  home: string
  nodeId: string
  address: string
  coins: Coin[]
  p2p: number
}

/**
 * `sdkd testnet init-files`: one home per validator under `<output-dir>/<prefix><i>/<daemon home>`
 * (its own node key, consensus key and operator key, the mnemonic in `key_seed.json`), each
 * validator's gentx in `<output-dir>/gentxs/`, and one genesis with every gentx collected (and no
 * `consensus.validators`: the set comes from InitChain), written into every home; each home's
 * config.toml has its own ports and the other nodes as persistent peers. Returns upstream's line.
 */
export async function runTestnetInitFiles(g: GlobalFlags, f: TestnetFlags): Promise<string> {
  const appVersion = g.appVersion ?? DEFAULT_APP_VERSION
  if (!APP_VERSIONS[appVersion]) {
    throw new CliError(
      `unknown app version "${appVersion}" (built in: ${Object.keys(APP_VERSIONS).join(', ')})`,
    )
  }
  // A backend sdkd lacks is refused before anything is written. With `file`, each home's new
  // keyring asks for its passphrase (twice), as upstream's prompt does.
  openKeyring(f.outputDir, f.keyringBackend)
  // Checked before anything is written: a prefix with a path in it put a node's home (keys
  // included) outside the output directory, and bad prices gave homes no node would start.
  if (/[\\/]/.test(f.nodeDirPrefix) || f.nodeDirPrefix === '.' || f.nodeDirPrefix === '..') {
    throw new CliError(
      `invalid --node-dir-prefix ${JSON.stringify(f.nodeDirPrefix)}: a directory name, without / or \\`,
    )
  }
  try {
    parseDecCoins(f.minimumGasPrices)
  } catch (err) {
    throw new CliError(
      `invalid --minimum-gas-prices ${JSON.stringify(f.minimumGasPrices)}: ${(err as Error).message}`,
    )
  }
  const out = resolve(f.outputDir)
  const chainId = f.chainId ?? randomTestnetChainId()
  checkTestnetPorts(f.validators, f.startingPort)
  const ips = Array.from({ length: f.validators }, (_, i) => nextIp(f.startingIpAddress, i))
  const nodeDirs = Array.from({ length: f.validators }, (_, i) =>
    join(out, `${f.nodeDirPrefix}${i}`),
  )
  for (const dir of nodeDirs) {
    if (existsSync(dir))
      throw new CliError(`${dir} already exists: choose another --output-dir, or remove it`)
  }
  const gentxsDir = join(out, 'gentxs')
  // What this run makes is removed again if it fails partway (a key whose passphrase was not
  // confirmed, a full disk), so that the same command can run again; upstream removes the whole
  // output directory.
  const made = [out, gentxsDir].filter((dir) => !existsSync(dir)).concat(nodeDirs)
  try {
    const registry = protoRegistry()
    await makeDir(gentxsDir, 0o700)
    const nodes: NodeFiles[] = []
    for (let i = 0; i < f.validators; i++) {
      nodes.push(
        await writeNodeHome(registry, f, {
          i,
          dir: nodeDirs[i]!,
          ip: ips[i]!,
          chainId,
          appVersion,
          gentxsDir,
        }),
      )
    }
    await writeNetworkFiles(registry, appVersion, chainId, gentxsDir, nodes)
  } catch (err) {
    for (const dir of made.reverse()) await rm(dir, { recursive: true, force: true })
    throw err
  }
  return `Successfully initialized ${f.validators} node directories`
}

/** Where node `i` of a testnet goes, and what its home shares with the others. */
interface NodePlace {
  i: number
  /** `<output-dir>/<prefix><i>`. */
  dir: string
  /** Its IP address, in its gentx's memo. */
  ip: string
  chainId: string
  appVersion: string
  gentxsDir: string
}

/**
 * Node `i`'s home (its ports, its operator key and `key_seed.json`) and its gentx in `gentxsDir`;
 * returns what the shared genesis and the peers need of it.
 */
async function writeNodeHome(
  registry: ProtoRegistry,
  f: TestnetFlags,
  at: NodePlace,
): Promise<NodeFiles> {
  const name = `${f.nodeDirPrefix}${at.i}`
  const home = join(at.dir, f.nodeDaemonHome)
  const ports = testnetPorts(at.i, f.startingPort)
  const init = await initHome({
    home,
    moniker: name,
    chainId: at.chainId,
    appState: {},
    adjust: ({ app, node, client }) => {
      node.proxyApp = `tcp://127.0.0.1:${ports.abci}`
      node.rpc.laddr = `tcp://127.0.0.1:${ports.rpc}`
      // Every node of the network runs on this host: peers dial each other on loopback.
      node.p2p.laddr = `tcp://127.0.0.1:${ports.p2p}`
      node.p2p.addrBookStrict = false
      node.p2p.allowDuplicateIp = true
      node.consensus = { ...node.consensus, ...TESTNET_TIMEOUTS }
      node.instrumentation.prometheusListenAddr = `127.0.0.1:${ports.prometheus}`
      app.api.enable = true
      app.api.address = `tcp://127.0.0.1:${ports.api}`
      app.grpc.address = `127.0.0.1:${ports.grpc}`
      app.minimumGasPrices = f.minimumGasPrices
      client.keyringBackend = f.keyringBackend
      client.node = `tcp://127.0.0.1:${ports.rpc}`
    },
  })
  await writeHomeRecord(home, { createdBy: at.appVersion })
  const { record, mnemonic } = await openKeyring(home, f.keyringBackend).add(name)
  await writeFile(join(home, 'key_seed.json'), `${JSON.stringify({ secret: mnemonic })}\n`, {
    mode: 0o600,
  })
  const coins = [
    { denom: `${name}token`, amount: NODE_TOKEN_BALANCE },
    { denom: 'stake', amount: STAKE_BALANCE },
  ].sort((a, b) => (a.denom < b.denom ? -1 : 1))
  const pubKey = Buffer.from(init.genesis.consensus.validators[0]!.pub_key.value, 'base64')
  const one = decFromString('1')
  const tx = buildGentx(registry, record, {
    chainId: at.chainId,
    description: { moniker: name, identity: '', website: '', security_contact: '', details: '' },
    rates: [one, one, one],
    minSelfDelegation: '1',
    pubKey: new Uint8Array(pubKey),
    value: { denom: 'stake', amount: SELF_DELEGATION },
    memo: `${init.nodeId}@${at.ip}:${ports.p2p}`,
    fees: [],
    gas: 200_000n,
  })
  await writeFile(join(at.gentxsDir, `${name}.json`), `${JSON.stringify(txToJson(registry, tx))}\n`)
  return { name, home, nodeId: init.nodeId, address: record.address, coins, p2p: ports.p2p }
}

/**
 * The shared genesis, with every gentx collected, into each node's home, and each home's
 * config.toml with the other nodes as persistent peers.
 */
async function writeNetworkFiles(
  registry: ProtoRegistry,
  appVersion: string,
  chainId: string,
  gentxsDir: string,
  nodes: NodeFiles[],
): Promise<void> {
  const genesis = await sharedGenesis(appVersion, chainId, nodes)
  for (const node of nodes) {
    const { genTxs } = await collectTxs(registry, gentxsDir, node.name, genesis)
    const own = structuredClone(genesis)
    ;(own.app_state as Record<string, unknown>).genutil = { gen_txs: genTxs.map((t) => t.json) }
    const paths = homePaths(node.home)
    await writeFileAtomic(paths.genesis, `${JSON.stringify(own, null, 2)}\n`)
    const config = readNodeConfig(
      'config/config.toml',
      parseTomlFile('config/config.toml', await readFile(paths.configToml, 'utf8')),
    )
    config.p2p.persistentPeers = loopbackPeers(nodes, node)
    await writeFileAtomic(paths.configToml, renderConfigToml(config))
  }
}

/**
 * config.toml's `persistent_peers` of `self`: every other node at its P2P port on loopback (the
 * gentx memos keep `--starting-ip-address`, upstream's addresses for one host per node), sorted and
 * comma-joined as collect-gentxs joins memos.
 */
function loopbackPeers(nodes: readonly NodeFiles[], self: NodeFiles): string {
  return nodes
    .filter((n) => n !== self)
    .map((n) => `${n.nodeId}@127.0.0.1:${n.p2p}`)
    .sort()
    .join(',')
}

/** The genesis every node shares: the operators' accounts and balances, one genesis time, no consensus validators. */
async function sharedGenesis(
  appVersion: string,
  chainId: string,
  nodes: readonly NodeFiles[],
): Promise<GenesisJson> {
  // biome-ignore lint/suspicious/noExplicitAny: genesis sections are free-form JSON edited in place
  const appState = defaultAppState(appVersion) as Record<string, any>
  appState.auth.accounts = nodes.map((n) => ({
    '@type': brand().typeUrl(BASE_ACCOUNT_URL),
    address: n.address,
    pub_key: null,
    account_number: '0',
    sequence: '0',
  }))
  appState.bank.balances = nodes.map((n) => ({ address: n.address, coins: coinsToProto(n.coins) }))
  let supply: Coin[] = []
  for (const n of nodes) supply = addCoins(supply, n.coins)
  appState.bank.supply = coinsToProto(supply)
  return {
    app_name: 'sdkd',
    app_version: '',
    genesis_time: formatRfc3339Nano(nowNs()),
    chain_id: chainId,
    initial_height: 1,
    app_hash: null,
    app_state: appState,
    consensus: { validators: [], params: defaultConsensusParams() },
  }
}
