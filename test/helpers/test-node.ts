import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppModule } from '../../src/app/types.js'
import { defaultAppState } from '../../src/cli/init.js'
import { bech32ToAddress } from '../../src/codec/address.js'
import type { AppConfig } from '../../src/config/app-config.js'
import { initHome, loadHome } from '../../src/config/home.js'
import { createSilentLogger, type Logger } from '../../src/logger.js'
import { BankKeeper } from '../../src/modules/bank/keeper.js'
import { Node } from '../../src/node/node.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../../src/versions/index.js'

/** Genesis accounts of the test chains (bech32 of 20 bytes 0x01…, 0x02…). */
export const ALICE = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
export const BOB = 'sdk1qgpqyqszqgpqyqszqgpqyqszqgpqyqszk7tvpl'

export interface TestNodeOptions {
  /** app_state.bank.balances entries (default: ALICE 1000stake,5token; BOB 42stake). */
  balances?: { address: string; coins: { denom: string; amount: string }[] }[]
  /** Adds a module that moves 1stake from ALICE to BOB in every block's BeginBlock. */
  transfer?: boolean
  /** Adjusts app.toml before the node opens. */
  app?: (app: AppConfig) => void
  logger?: Logger
}

/**
 * A BeginBlocker that sends 1stake from ALICE to BOB at every height, so ALICE holds
 * `1000 - h` stake after block h: answers tell which height's state they were read from.
 */
function transferModule(bank: BankKeeper): AppModule {
  const from = bech32ToAddress(ALICE)
  const to = bech32ToAddress(BOB)
  return {
    name: 'transfer',
    consensusVersion: 1,
    async beginBlock(ctx) {
      await bank.sendCoins(ctx.state, from, to, [{ denom: 'stake', amount: 1n }])
    },
  }
}

/** A real node (LevelDB in a temp home) that serves nothing until asked; blocks on demand. */
export async function createTestNode(
  options: TestNodeOptions = {},
): Promise<{ node: Node; home: string; close(): Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'sdkd-query-'))
  const appState = defaultAppState()
  const balances = options.balances ?? [
    {
      address: ALICE,
      coins: [
        { denom: 'stake', amount: '1000' },
        { denom: 'token', amount: '5' },
      ],
    },
    { address: BOB, coins: [{ denom: 'stake', amount: '42' }] },
  ]
  ;(appState.bank as Record<string, unknown>).balances = balances
  ;(appState.auth as Record<string, unknown>).accounts = balances.map((b, i) => ({
    '@type': '/sdk.auth.v1beta1.BaseAccount',
    address: b.address,
    pub_key: null,
    account_number: String(i),
    sequence: '0',
  }))
  await initHome({ home, moniker: 'node0', chainId: 'query-test', appState })
  const loaded = await loadHome(home)
  options.app?.(loaded.app)
  const base = APP_VERSIONS[DEFAULT_APP_VERSION]!
  const node = await Node.create({
    home: loaded,
    appVersion: DEFAULT_APP_VERSION,
    logger: options.logger ?? createSilentLogger(),
    ...(options.transfer
      ? {
          appVersions: {
            [DEFAULT_APP_VERSION]: (deps) => {
              const v = base(deps)
              return {
                ...v,
                modules: [
                  ...v.modules,
                  transferModule(new BankKeeper({ registry: deps.registry })),
                ],
                order: {
                  ...v.order,
                  initGenesis: [...v.order.initGenesis, 'transfer'],
                  beginBlockers: [...v.order.beginBlockers, 'transfer'],
                },
              }
            },
          },
        }
      : {}),
  })
  return {
    node,
    home,
    async close() {
      await node.stop()
      await rm(home, { recursive: true, force: true })
    },
  }
}
