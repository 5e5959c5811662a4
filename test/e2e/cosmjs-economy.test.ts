import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import {
  type DeliverTxResponse,
  QueryClient,
  SigningStargateClient,
  setupBankExtension,
  setupDistributionExtension,
  setupMintExtension,
  setupStakingExtension,
} from '@cosmjs/stargate'
import { Comet38Client } from '@cosmjs/tendermint-rpc'
import { bech32 } from '@scure/base'
import { beforeAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { devMine, rpcCall, type SdkdProcess, startCosmosDevnet } from '../helpers/sdkd.js'
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

/** The README's devnet accounts (brand sdk addresses) and mnemonics. */
const README = {
  validator: 'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk',
  alice: {
    sdk: 'sdk10eqywpdkkvemmzg4d2495yunll3jl33ykzy7kn',
    mnemonic:
      'gap around muffin visual plastic catalog limb beef oyster captain emotion rookie absent soup cake vendor reveal hill fan ivory merit art evidence inch',
  },
  bob: {
    sdk: 'sdk1ylkrw2yleseu83m0jhumula7ktervdayg2cu34',
    mnemonic:
      'valve box devote frame arrive police track roof top lake stadium saddle what wheat exact height bundle fossil chaos strike wagon garage dismiss imitate',
  },
} as const

/** The same bytes under another prefix (@scure/base, not sdkd's codec). */
const rebech = (prefix: string, address: string) =>
  bech32.encode(prefix, bech32.decode(address as `${string}1${string}`).words)

const ALICE = rebech('cosmos', README.alice.sdk)
const BOB = rebech('cosmos', README.bob.sdk)
const VALOPER = rebech('cosmosvaloper', README.validator)
/** A fixed fee, so the balance arithmetic is exact. */
const FEE = { amount: [{ denom: 'stake', amount: '5000' }], gas: '400000' }
const DELEGATION = { denom: 'stake', amount: '40000000' }

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
  const devnet = await startCosmosDevnet(home, CHAIN_ID, { instant: false })
  p = devnet.p
  cleanups.push(() => p.stop())
  rpcPort = devnet.rpcPort
  apiPort = devnet.apiPort!
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

/** A DecCoins amount of `denom` as cosmjs returns it (the wire form: the scaled integer text). */
function decAmount(coins: readonly { denom: string; amount: string }[], denom = 'stake'): bigint {
  return BigInt(coins.find((c) => c.denom === denom)?.amount ?? '0')
}

async function signer(mnemonic: string) {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: 'cosmos' })
  const client = await SigningStargateClient.connectWithSigner(rpc, wallet, {
    broadcastPollIntervalMs: 50,
  })
  cleanups.push(() => client.disconnect())
  return client
}

/** An event's attributes by key (the last event of the type). */
function eventOf(res: DeliverTxResponse, type: string): Record<string, string> {
  const events = res.events.filter((e) => e.type === type)
  expect(events.length).toBeGreaterThan(0)
  return Object.fromEntries(events.at(-1)!.attributes.map((a) => [a.key, a.value]))
}

describe('unmodified cosmjs distribution against sdkd devnet --brand cosmos (e2e)', () => {
  test("behavior: a wallet's rewards flow — delegate, watch DelegationRewards grow block by block, withdrawRewards, and the balance rises by exactly the withdrawn reward minus the fee", async () => {
    const alice = await signer(README.alice.mnemonic)
    const bob = await signer(README.bob.mnemonic)
    const delegate = (delegatorAddress: string) => ({
      typeUrl: '/cosmos.staking.v1beta1.MsgDelegate',
      value: { delegatorAddress, validatorAddress: VALOPER, amount: DELEGATION },
    })
    // Alice and Bob delegate the same amount in the same block: their rewards stay equal, so Bob's
    // is the measure of what Alice's withdrawal must pay.
    const hashes = [
      await alice.signAndBroadcastSync(ALICE, [delegate(ALICE)], FEE),
      await bob.signAndBroadcastSync(BOB, [delegate(BOB)], FEE),
    ]
    const delegated = await devMine(rpcPort, 1)
    for (const hash of hashes) {
      const tx = await alice.getTx(hash)
      expect([tx?.height, tx?.code, tx?.rawLog]).toEqual([delegated, 0, ''])
    }
    const rewards = async (who: string) =>
      decAmount((await queries.distribution.delegationRewards(who, VALOPER)).rewards)
    expect(await rewards(ALICE)).toBe(0n)
    const seen: bigint[] = []
    for (let i = 0; i < 3; i++) {
      await devMine(rpcPort, 1)
      const r = await rewards(ALICE)
      expect(await rewards(BOB)).toBe(r)
      seen.push(r)
    }
    // Rewards grow with every block's allocation.
    expect(seen[0]!).toBeGreaterThan(0n)
    expect(seen[1]!).toBeGreaterThan(seen[0]!)
    expect(seen[2]!).toBeGreaterThan(seen[1]!)

    const before = BigInt((await queries.bank.balance(ALICE, 'stake')).amount)
    expect((await rpcCall(rpcPort, 'dev_setMining', { mode: 'instant' })).result.mode).toBe(
      'instant',
    )
    const res = await alice.withdrawRewards(ALICE, VALOPER, FEE, 'withdraw by cosmjs')
    expect([res.code, res.rawLog]).toEqual([0, ''])
    const event = eventOf(res, 'withdraw_rewards')
    expect(event.validator).toBe(VALOPER)
    expect(event.delegator).toBe(ALICE)
    const withdrawn = BigInt(/^(\d+)stake$/.exec(event.amount!)![1]!)
    const after = BigInt((await queries.bank.balance(ALICE, 'stake')).amount)
    expect(after - before).toBe(withdrawn - BigInt(FEE.amount[0]!.amount))
    // The withdraw block allocated once more before the tx ran: Alice got the whole-number part of
    // her rewards then, which is Bob's (same stake, same start) at that height; the fraction stays.
    expect(await latestHeight()).toBe(res.height)
    const bobNow = await rewards(BOB)
    expect(bobNow).toBeGreaterThan(seen[2]!)
    expect(withdrawn).toBe(bobNow / 10n ** 18n)
    expect(await rewards(ALICE)).toBe(0n)
  })

  test('behavior: setupDistributionExtension answers every query as the genesis, the REST gateway and the flow above say', async () => {
    const height = await latestHeight()
    const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    const { params } = await queries.distribution.params()
    expect(params!.communityTax).toBe(atomics(genesis.app_state.distribution.params.community_tax))
    expect(params!.withdrawAddrEnabled).toBe(true)

    const { pool } = await queries.distribution.communityPool()
    const restPool = (await restAt('/cosmos/distribution/v1beta1/community_pool', height)).pool
    expect(decAmount(pool)).toBeGreaterThan(0n)
    expect(decAmount(pool).toString()).toBe(atomics(restPool[0].amount))

    const total = await queries.distribution.delegationTotalRewards(BOB)
    expect(total.rewards.map((r) => r.validatorAddress)).toEqual([VALOPER])
    expect(decAmount(total.total)).toBe(decAmount(total.rewards[0]!.reward))
    expect(decAmount(total.total)).toBe(
      decAmount((await queries.distribution.delegationRewards(BOB, VALOPER)).rewards),
    )
    expect((await queries.distribution.delegatorValidators(BOB)).validators).toEqual([VALOPER])
    expect((await queries.distribution.delegatorWithdrawAddress(BOB)).withdrawAddress).toBe(BOB)

    const commission = decAmount(
      (await queries.distribution.validatorCommission(VALOPER)).commission!.commission,
    )
    const restCommission = (
      await restAt(`/cosmos/distribution/v1beta1/validators/${VALOPER}/commission`, height)
    ).commission.commission
    expect(commission).toBeGreaterThan(0n)
    expect(commission.toString()).toBe(atomics(restCommission[0].amount))
    // Outstanding: everything allocated and not withdrawn, commission and delegators' rewards.
    const outstanding = decAmount(
      (await queries.distribution.validatorOutstandingRewards(VALOPER)).rewards!.rewards,
    )
    expect(outstanding).toBeGreaterThan(commission + decAmount(total.total))
    expect((await queries.distribution.validatorSlashes(VALOPER, 1, height)).slashes).toEqual([])
  })
})
