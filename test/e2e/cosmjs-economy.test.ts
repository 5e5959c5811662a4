import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  QueryClient,
  setupBankExtension,
  setupDistributionExtension,
  setupMintExtension,
  setupStakingExtension,
} from '@cosmjs/stargate'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { boundPorts, devMine, rpcCall, type SdkdProcess, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Unmodified cosmjs and the economy against `sdkd devnet --brand cosmos`: the mint and distribution
 * query extensions, and a wallet's rewards flow (delegate, watch the rewards grow, withdraw them with
 * `SigningStargateClient.withdrawRewards`). Expected values come from the home's genesis file, the
 * REST gateway's JSON of the same query at the same height, the amounts the test sends and upstream's
 * rules, never from sdkd's code. Blocks are made on demand (dev API), so heights stay still between
 * the steps.
 */

const cleanups = cleanupAfterAll()
const CHAIN_ID = 'cosmjs-economy'

let p: SdkdProcess
let home: string
let rpc: string
let rpcPort: number
let apiPort: number
let queries: ReturnType<typeof queryClient>

function queryClient(comet: Comet38Client) {
  return QueryClient.withExtensions(
    comet,
    setupMintExtension,
    setupDistributionExtension,
    setupBankExtension,
    setupStakingExtension,
  )
}

beforeAll(async () => {
  const dir = await tempDir('sdkd-cosmjs-economy-')
  cleanups.push(dir.cleanup)
  home = join(dir.dir, 'home')
  p = startSdkd([
    '--home',
    home,
    'devnet',
    '--brand',
    'cosmos',
    '--chain-id',
    CHAIN_ID,
    '--accounts',
    '3',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.address',
    'tcp://127.0.0.1:0',
    '--grpc.enable=false',
  ])
  cleanups.push(() => p.stop())
  ;({ rpcPort, apiPort } = (await boundPorts(p, { api: true })) as {
    rpcPort: number
    apiPort: number
  })
  await p.waitForLog((l) => l.msg === 'committed block')
  expect((await rpcCall(rpcPort, 'dev_setMining', { mode: 'manual' })).result.mode).toBe('manual')
  rpc = `http://127.0.0.1:${rpcPort}`
  const comet = await Comet38Client.connect(rpc)
  cleanups.push(() => comet.disconnect())
  queries = queryClient(comet)
})

/** The REST gateway's JSON of a path at a height (the brand's height header). */
async function restAt(path: string, height: number): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${apiPort}${path}`, {
    headers: { 'x-cosmos-block-height': String(height) },
  })
  expect(res.status).toBe(200)
  return res.json()
}

/** A LegacyDec's decimal text (`0.130000000000000000`, `13`) as its 18-decimal scaled integer. */
function atomics(text: string): string {
  const [whole, fraction = ''] = String(text).split('.')
  return (BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))).toString()
}

async function latestHeight(): Promise<number> {
  const r = await rpcCall(rpcPort, 'status')
  return Number(r.result.sync_info.latest_block_height)
}

describe('unmodified cosmjs mint queries against sdkd devnet --brand cosmos (e2e)', () => {
  test('behavior: setupMintExtension reads the genesis params, and the inflation and annual provisions the REST gateway shows at the same height', async () => {
    await devMine(rpcPort, 3)
    const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    const want = genesis.app_state.mint.params
    const params = await queries.mint.params()
    expect({
      mint_denom: params.mintDenom,
      inflation_rate_change: params.inflationRateChange.atomics,
      inflation_max: params.inflationMax.atomics,
      inflation_min: params.inflationMin.atomics,
      goal_bonded: params.goalBonded.atomics,
      blocks_per_year: params.blocksPerYear.toString(),
    }).toEqual({
      mint_denom: want.mint_denom,
      inflation_rate_change: atomics(want.inflation_rate_change),
      inflation_max: atomics(want.inflation_max),
      inflation_min: atomics(want.inflation_min),
      goal_bonded: atomics(want.goal_bonded),
      blocks_per_year: String(want.blocks_per_year),
    })
    const height = await latestHeight()
    const inflation = await queries.mint.inflation()
    const provisions = await queries.mint.annualProvisions()
    const rest = (await restAt('/cosmos/mint/v1beta1/inflation', height)).inflation
    const restProvisions = (await restAt('/cosmos/mint/v1beta1/annual_provisions', height))
      .annual_provisions
    // The same 18-decimal value over ABCI (protobuf bytes) and over REST (JSON text).
    expect(inflation.atomics).toBe(atomics(rest))
    expect(provisions.atomics).toBe(atomics(restProvisions))
    // Inflation stays between the bounds, and has moved off the genesis minter's.
    expect(inflation.isGreaterThanOrEqual(params.inflationMin)).toBe(true)
    expect(inflation.isLessThanOrEqual(params.inflationMax)).toBe(true)
    expect(inflation.atomics).not.toBe(atomics(genesis.app_state.mint.minter.inflation))
    // The next block mints and moves both.
    await devMine(rpcPort, 1)
    expect((await queries.mint.annualProvisions()).atomics).not.toBe(provisions.atomics)
  })
})
