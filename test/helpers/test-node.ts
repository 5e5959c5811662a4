import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppModule } from '../../src/app/types.js'
import { defaultAppState } from '../../src/cli/init.js'
import { bech32ToAddress } from '../../src/codec/address.js'
import type { AppConfig } from '../../src/config/app-config.js'
import { initHome, loadHome } from '../../src/config/home.js'
import type { NodeConfig } from '../../src/config/node-config.js'
import { createSilentLogger, type Logger } from '../../src/logger.js'
import { BankKeeper } from '../../src/modules/bank/keeper.js'
import { Node, type NodeOptions } from '../../src/node/node.js'
import { createMemoryBackend } from '../../src/store/memory-backend.js'
import {
  APP_VERSIONS,
  type AppVersionFactory,
  DEFAULT_APP_VERSION,
} from '../../src/versions/index.js'
import { tempDir } from './temp-dir.js'

/**
 * The one fixture that makes an in-process node: a home (new, or one a test initialised), the node
 * opened on it serving nothing until asked, blocks on demand. State is in memory unless the test
 * needs LevelDB (a restart, the data folder, the database lock).
 */

/** Genesis accounts of the query test chains (bech32 of 20 bytes 0x01…, 0x02…). */
export const ALICE = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
export const BOB = 'sdk1qgpqyqszqgpqyqszqgpqyqszqgpqyqszk7tvpl'

/** A funded genesis account: a bank balance and a base account (numbered in list order). */
export interface GenesisAccount {
  address: string
  coins: { denom: string; amount: string }[]
}

/** What a new test home's genesis holds. */
export interface TestGenesis {
  /** Default `test-chain`. */
  chainId?: string
  /** Default `node0`. */
  moniker?: string
  /** The app version whose default app_state the genesis starts from (default: the newest). */
  genesisAppVersion?: string
  accounts?: GenesisAccount[]
  /** genesis consensus block params. */
  block?: { max_bytes?: string; max_gas?: string }
}

export interface TestNodeOptions extends TestGenesis {
  /** An initialised home to open (a restart, or a home the test prepared); default a new one. */
  home?: string
  /** App version to run (default: the newest). */
  appVersion?: string
  /** App versions to choose from (default: the built-in ones). */
  appVersions?: Record<string, AppVersionFactory>
  /** Adjusts app.toml and config.toml after they are loaded. */
  app?: (app: AppConfig) => void
  node?: (node: NodeConfig) => void
  upgrade?: NodeOptions['upgrade']
  websocketTimings?: NodeOptions['websocketTimings']
  logger?: Logger
  /** Where state lives: in memory (default for a new home) or in the home's LevelDB. */
  database?: 'memory' | 'leveldb'
  /** Refuse state lacking a store of the app version, as `sdkd start` does. */
  checkStores?: boolean
}

/** A node made by the fixture; `close` stops it and removes a home the fixture made. */
export interface TestNode {
  node: Node
  home: string
  close(): Promise<void>
}

/** Initialises a home (`sdkd init`) with the genesis asked for. */
export async function initTestHome(home: string, genesis: TestGenesis = {}): Promise<void> {
  const appState = defaultAppState(genesis.genesisAppVersion) as Record<
    string,
    Record<string, unknown>
  >
  if (genesis.accounts) {
    appState.bank!.balances = genesis.accounts
    appState.auth!.accounts = genesis.accounts.map((a, i) => ({
      '@type': '/sdk.auth.v1beta1.BaseAccount',
      address: a.address,
      pub_key: null,
      account_number: String(i),
      sequence: '0',
    }))
  }
  await initHome({
    home,
    moniker: genesis.moniker ?? 'node0',
    chainId: genesis.chainId ?? 'test-chain',
    appState,
  })
  if (genesis.block) {
    const path = join(home, 'config', 'genesis.json')
    const g = JSON.parse(await readFile(path, 'utf8'))
    g.consensus.params.block = { ...g.consensus.params.block, ...genesis.block }
    await writeFile(path, JSON.stringify(g))
  }
}

/** Opens a node on a home (a new one unless `home` is given); it serves nothing until asked. */
export async function createTestNode(options: TestNodeOptions = {}): Promise<TestNode> {
  const made = options.home === undefined ? await tempDir('sdkd-node-') : undefined
  const home = options.home ?? made!.dir
  try {
    if (made) await initTestHome(home, options)
    const loaded = await loadHome(home)
    options.app?.(loaded.app)
    options.node?.(loaded.node)
    const memory = (options.database ?? (made ? 'memory' : 'leveldb')) === 'memory'
    const node = await Node.create({
      home: loaded,
      appVersion: options.appVersion ?? DEFAULT_APP_VERSION,
      logger: options.logger ?? createSilentLogger(),
      ...(options.appVersions ? { appVersions: options.appVersions } : {}),
      ...(options.upgrade ? { upgrade: options.upgrade } : {}),
      ...(options.websocketTimings ? { websocketTimings: options.websocketTimings } : {}),
      ...(memory ? { backend: createMemoryBackend() } : {}),
      ...(options.checkStores ? { checkStores: true } : {}),
    })
    return {
      node,
      home,
      async close() {
        await node.stop()
        await made?.cleanup()
      },
    }
  } catch (err) {
    await made?.cleanup()
    throw err
  }
}

/** The query chains' genesis accounts: ALICE 1000stake,5token; BOB 42stake. */
export const QUERY_ACCOUNTS: GenesisAccount[] = [
  {
    address: ALICE,
    coins: [
      { denom: 'stake', amount: '1000' },
      { denom: 'token', amount: '5' },
    ],
  },
  { address: BOB, coins: [{ denom: 'stake', amount: '42' }] },
]

/**
 * The newest app version with a BeginBlocker that sends 1stake from ALICE to BOB at every height,
 * so ALICE holds `1000 - h` stake after block h: answers tell which height's state they were read
 * from.
 */
export function withTransfers(): Record<string, AppVersionFactory> {
  const base = APP_VERSIONS[DEFAULT_APP_VERSION]!
  return {
    [DEFAULT_APP_VERSION]: (deps) => {
      const v = base(deps)
      const bank = new BankKeeper({ registry: deps.registry })
      const from = bech32ToAddress(ALICE)
      const to = bech32ToAddress(BOB)
      const transfer: AppModule = {
        name: 'transfer',
        consensusVersion: 1,
        async beginBlock(ctx) {
          await bank.sendCoins(ctx.state, from, to, [{ denom: 'stake', amount: 1n }])
        },
      }
      return {
        ...v,
        modules: [...v.modules, transfer],
        order: {
          ...v.order,
          initGenesis: [...v.order.initGenesis, 'transfer'],
          beginBlockers: [...v.order.beginBlockers, 'transfer'],
        },
      }
    },
  }
}

/** A node of the query chain (`query-test`, ALICE and BOB funded), optionally with the transfers. */
export function createQueryTestNode(
  options: { transfer?: boolean } & Omit<TestNodeOptions, 'accounts' | 'chainId'> = {},
): Promise<TestNode> {
  const { transfer, ...rest } = options
  return createTestNode({
    chainId: 'query-test',
    accounts: QUERY_ACCOUNTS,
    ...(transfer ? { appVersions: withTransfers() } : {}),
    ...rest,
  })
}
