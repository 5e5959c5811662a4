import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  heightOf,
  type RunningNode,
  startDevnetNode,
} from '../helpers/devnet.js'
import { getJson, rpcCall, runSdkd } from '../helpers/sdkd.js'

/**
 * x/mint on a running devnet node, read as a client does: the fee collector's balance and the bond
 * denom's supply grow at each height by exactly the block provision that upstream's formula gives
 * from the previous height's state (LegacyDec arithmetic written out here), the `mint` event, the
 * queries at past heights over REST and the CLI.
 */

const FEE_COLLECTOR = 'sdk17xpfvakm2amg962yls6f84z3kell8c5l9s0hvg'
const MINT_ACCOUNT = 'sdk1m3h30wlvsf8llruxtpukdvsy0km2kum8act0q4'
/** x/distribution's account: its BeginBlocker (after mint's) takes the fee collector's coins. */
const DISTRIBUTION = 'sdk1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8jkgtw2'
const ONE = 10n ** 18n
const BLOCKS_PER_YEAR = 6_311_520n

/** LegacyDec text → its integer scaled by 10^18. */
const dec = (text: string): bigint => {
  const [whole, frac = ''] = text.split('.')
  return BigInt(whole!) * ONE + BigInt(frac.padEnd(18, '0'))
}
const decText = (d: bigint) => `${d / ONE}.${(d % ONE).toString().padStart(18, '0')}`
/** Divides by 10^18, rounding half to even (positive values). */
const chop = (v: bigint) => {
  const q = v / ONE
  const r = v % ONE
  return r > ONE / 2n || (r === ONE / 2n && q % 2n === 1n) ? q + 1n : q
}
const sign = (v: bigint) => (v < 0n ? -1n : 1n)
const mul = (a: bigint, b: bigint) => sign(a * b) * chop(sign(a * b) * a * b)
const quo = (a: bigint, b: bigint) => {
  const t = (a * ONE * ONE) / b
  return sign(t) * chop(sign(t) * t)
}

describe('x/mint on a devnet node', () => {
  let devnet: DevnetHome
  let node: RunningNode

  beforeAll(async () => {
    devnet = await createDevnetHome('mint-e2e')
    node = await startDevnetNode(devnet, 'v2')
    while ((await heightOf(node)) < 6) await new Promise((r) => setTimeout(r, 100))
  }, 60_000)

  afterAll(async () => {
    await node?.p.stop()
    await devnet?.cleanup()
  })

  const at = async (path: string, height: number) => {
    const r = await getJson(`${node.api}${path}`, {
      headers: { 'x-sdk-block-height': String(height) },
    })
    expect(r.status, r.text).toBe(200)
    expect(r.headers.get('x-sdk-block-height')).toBe(String(height))
    return r.body
  }
  const stateAt = async (height: number) => ({
    collector: BigInt(
      (await at(`/sdk/bank/v1beta1/balances/${FEE_COLLECTOR}/by_denom?denom=stake`, height)).balance
        .amount,
    ),
    fees: BigInt(
      (await at(`/sdk/bank/v1beta1/balances/${DISTRIBUTION}/by_denom?denom=stake`, height)).balance
        .amount,
    ),
    supply: BigInt(
      (await at('/sdk/bank/v1beta1/supply/by_denom?denom=stake', height)).amount.amount,
    ),
    bonded: BigInt((await at('/sdk/staking/v1beta1/pool', height)).pool.bonded_tokens),
    inflation: dec((await at('/sdk/mint/v1beta1/inflation', height)).inflation),
    annual: dec((await at('/sdk/mint/v1beta1/annual_provisions', height)).annual_provisions),
  })

  it('behavior: params are simd defaults; the mint module account holds the minter permission', async () => {
    const r = await getJson(`${node.api}/sdk/mint/v1beta1/params`)
    expect(r.body).toEqual({
      params: {
        mint_denom: 'stake',
        inflation_rate_change: '0.130000000000000000',
        inflation_max: '0.200000000000000000',
        inflation_min: '0.070000000000000000',
        goal_bonded: '0.670000000000000000',
        blocks_per_year: '6311520',
      },
    })
    const accounts = (await getJson(`${node.api}/sdk/auth/v1beta1/module_accounts`)).body.accounts
    expect(accounts.find((a: { name: string }) => a.name === 'mint')).toMatchObject({
      base_account: { address: MINT_ACCOUNT },
      permissions: ['minter'],
    })
  })

  it('behavior: each height mints annual_provisions / blocks_per_year (truncated) through the fee collector to distribution, with inflation moving by upstream formula', async () => {
    const goal = dec('0.67')
    const rateChange = dec('0.13')
    let prev = await stateAt(1)
    for (let h = 2; h <= 5; h++) {
      const cur = await stateAt(h)
      const ratio = (prev.bonded * ONE) / prev.supply
      const change = quo(mul(ONE - quo(ratio, goal), rateChange), BLOCKS_PER_YEAR * ONE)
      const inflation = prev.inflation + change
      expect(decText(cur.inflation), `inflation at ${h}`).toBe(decText(inflation))
      expect(cur.annual, `annual provisions at ${h}`).toBe(inflation * prev.supply)
      const provision = cur.annual / BLOCKS_PER_YEAR / ONE
      expect(provision > 0n).toBe(true)
      // From height 2 on, x/distribution's BeginBlocker (after mint's) moves everything the fee
      // collector holds (height 1's provision, which waited, and this one) to its own account.
      expect(cur.collector, `fee collector at ${h}`).toBe(0n)
      expect(cur.fees - prev.fees, `distribution account growth at ${h}`).toBe(
        prev.collector + provision,
      )
      expect(cur.supply - prev.supply, `supply growth at ${h}`).toBe(provision)
      prev = cur
    }
  })

  it('behavior: the block emits mint{bonded_ratio, inflation, annual_provisions, amount} after bank coinbase', async () => {
    const state = await stateAt(3)
    const r = await rpcCall(node.rpcPort, 'block_results', { height: '3' })
    const events = r.result.finalize_block_events as {
      type: string
      attributes: { key: string; value: string }[]
    }[]
    const types = events.map((e) => e.type)
    expect(types.slice(0, 7)).toEqual([
      'coin_received',
      'coinbase',
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'mint',
    ])
    const mint = Object.fromEntries(events[6]!.attributes.map((a) => [a.key, a.value]))
    expect(mint).toMatchObject({
      inflation: decText(state.inflation),
      annual_provisions: decText(state.annual),
      amount: (state.annual / BLOCKS_PER_YEAR / ONE).toString(),
    })
    expect(mint.bonded_ratio).toMatch(/^0\.\d{18}$/)
    expect(Object.fromEntries(events[1]!.attributes.map((a) => [a.key, a.value]))).toMatchObject({
      minter: MINT_ACCOUNT,
      amount: `${mint.amount}stake`,
    })
  })

  it('behavior: sdkd query mint params|inflation|annual-provisions, at a past height', async () => {
    const state = await stateAt(2)
    const cli = (...args: string[]) =>
      runSdkd(['query', 'mint', ...args, '--node', node.rpc, '-o', 'json'])
    const inflation = await cli('inflation', '--height', '2')
    expect(inflation.stderr).toBe('')
    expect(inflation.code).toBe(0)
    expect(JSON.parse(inflation.stdout)).toEqual({ inflation: decText(state.inflation) })
    const annual = await cli('annual-provisions', '--height', '2')
    expect(annual.code).toBe(0)
    expect(JSON.parse(annual.stdout)).toEqual({ annual_provisions: decText(state.annual) })
    const params = await cli('params')
    expect(params.code).toBe(0)
    expect(JSON.parse(params.stdout).params.blocks_per_year).toBe('6311520')
    const text = await runSdkd(['query', 'mint', 'inflation', '--height', '2', '--node', node.rpc])
    expect(text.stdout).toBe(`inflation: "${decText(state.inflation)}"\n`)
  })
})
