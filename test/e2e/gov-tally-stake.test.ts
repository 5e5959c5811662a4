import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  heightOf,
  proposalIdOf,
  type RunningNode,
  rest,
  startDevnetNode,
  txOk,
} from '../helpers/devnet.js'
import { getJson, rpcCall, runSdkd } from '../helpers/sdkd.js'
import { writeStakedGenesis } from '../helpers/staked-devnet.js'

/**
 * Governance by bonded stake on a devnet whose genesis bonds four validators with different stakes
 * (40/30/20/10 % of 100,000,000 stake), two of them with delegators. Votes are real CLI txs; the
 * voting period ends by time travel. What is checked is what a user sees: the proposal's status and
 * final_tally_result through `sdkd query gov proposal` and REST, and deposits burned or refunded.
 *
 * Stakes: atlas (validator) 40M self; birch (alice) 20M self + account4 10M; cedar (bob) 15M self +
 * account5 5M; delta (account3) 10M self. Quorum 0.334, threshold 0.5, veto 0.334; both burn flags on.
 */

const VOTING = '3600s'
const DEPOSIT = 10_000_000n
const PROPOSER = 'account9'

let devnet: DevnetHome
let node: RunningNode

beforeAll(async () => {
  devnet = await createDevnetHome('gov-stake')
  await writeStakedGenesis(
    devnet,
    [
      { key: 'validator', moniker: 'atlas', self: 40_000_000n },
      { key: 'alice', moniker: 'birch', self: 20_000_000n, delegators: { account4: 10_000_000n } },
      { key: 'bob', moniker: 'cedar', self: 15_000_000n, delegators: { account5: 5_000_000n } },
      { key: 'account3', moniker: 'delta', self: 10_000_000n },
    ],
    { voting_period: VOTING, burn_vote_quorum: true, burn_vote_veto: true },
  )
  node = await startDevnetNode(devnet, 'v2')
  await dev(['mining', 'instant'])
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
})

function sdkd(args: string[]) {
  return runSdkd(['--home', devnet.dir, ...args, '--node', node.rpc])
}

async function dev(args: string[]): Promise<any> {
  const r = await sdkd(['dev', ...args])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}

async function query(args: string[]): Promise<any> {
  const r = await sdkd(['query', ...args, '-o', 'json'])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}

/** A text proposal (metadata, no messages) with the whole minimum deposit: it votes at once. */
async function submit(title: string): Promise<string> {
  const file = join(devnet.dir, `${title.replace(/\W+/g, '-')}.json`)
  await writeFile(
    file,
    JSON.stringify({
      messages: [],
      // A proposal without messages needs metadata (upstream's rule).
      metadata: title,
      deposit: `${DEPOSIT}stake`,
      title,
      summary: 'governance by bonded stake',
      expedited: false,
    }),
  )
  return proposalIdOf(await txOk(devnet, node, ['gov', 'submit-proposal', file], PROPOSER))
}

async function vote(id: string, option: string, key: string): Promise<void> {
  await txOk(devnet, node, ['gov', 'vote', id, option], key)
}

async function stakeBalance(address: string): Promise<bigint> {
  const b = await rest(node, `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`)
  return BigInt(b.balance.amount)
}

/** The stake supply at a height (the height header), so that blocks mined meanwhile do not matter. */
async function stakeSupplyAt(height: number): Promise<bigint> {
  const s = await getJson(`${node.api}/sdk/bank/v1beta1/supply/by_denom?denom=stake`, {
    headers: { 'x-sdk-block-height': String(height) },
  })
  expect(s.status).toBe(200)
  return BigInt(s.body.amount.amount)
}

/** The stake x/mint minted in heights from + 1 … to (each block's `mint` event). */
async function mintedAfter(from: number, to: number): Promise<bigint> {
  let sum = 0n
  for (let h = from + 1; h <= to; h++) {
    const r = await rpcCall(node.rpcPort, 'block_results', { height: String(h) })
    const events = r.result.finalize_block_events as {
      type: string
      attributes: { key: string; value: string }[]
    }[]
    const mint = events.find((e) => e.type === 'mint')
    sum += BigInt(mint!.attributes.find((a) => a.key === 'amount')!.value)
  }
  return sum
}

function tally(yes: number, abstain: number, no: number, veto: number) {
  const m = (n: number) => String(n * 1_000_000)
  return {
    yes_count: m(yes),
    abstain_count: m(abstain),
    no_count: m(no),
    no_with_veto_count: m(veto),
  }
}

describe('gov tally by bonded stake (4 genesis validators, delegators)', () => {
  it('behavior: quorum fails and deposits burn; veto wins over a yes majority; a delegator overriding its validator flips the outcome', async () => {
    const staking = await rest(node, '/sdk/staking/v1beta1/pool')
    expect(staking.pool.bonded_tokens).toBe('100000000')

    // Quorum: delta (10M) and cedar's delegator account5 (5M) vote, 15 % of the bonded stake.
    const quorum = await submit('Too few voters')
    await vote(quorum, 'yes', 'account3')
    await vote(quorum, 'yes', 'account5')

    // Veto: atlas and cedar say yes (60M), birch (with account4's 10M inherited) and delta veto (40M).
    const veto = await submit('Vetoed')
    await vote(veto, 'yes', 'validator')
    await vote(veto, 'yes', 'bob')
    await vote(veto, 'no_with_veto', 'alice')
    await vote(veto, 'no_with_veto', 'account3')

    // The same votes twice: atlas no (40M), birch and cedar yes (50M). On the second, birch's
    // delegator account4 votes no itself: its 10M leave birch's yes and join the no.
    const inherited = await submit('Delegators inherit')
    const overridden = await submit('Delegator overrides')
    for (const id of [inherited, overridden]) {
      await vote(id, 'no', 'validator')
      await vote(id, 'yes', 'alice')
      await vote(id, 'yes', 'bob')
    }
    await vote(overridden, 'no', 'account4')

    // The live tally already counts the override.
    expect((await query(['gov', 'tally', overridden])).tally).toEqual(tally(40, 0, 50, 0))

    const proposer = devnet.accounts[PROPOSER]!.address
    const balanceBefore = await stakeBalance(proposer)
    const heightBefore = await heightOf(node)
    const supplyBefore = await stakeSupplyAt(heightBefore)
    await dev(['time', `+${VOTING}`])
    await dev(['mine'])

    const shown = async (id: string) => {
      const { proposal } = await query(['gov', 'proposal', id])
      const viaRest = (await rest(node, `/sdk/gov/v1/proposals/${id}`)).proposal
      expect(viaRest.status).toBe(proposal.status)
      expect(viaRest.final_tally_result).toEqual(proposal.final_tally_result)
      return proposal
    }
    expect(await shown(quorum)).toMatchObject({
      status: 'PROPOSAL_STATUS_REJECTED',
      final_tally_result: tally(15, 0, 0, 0),
      failed_reason: 'proposal did not get enough votes to pass',
    })
    expect(await shown(veto)).toMatchObject({
      status: 'PROPOSAL_STATUS_REJECTED',
      final_tally_result: tally(60, 0, 0, 40),
    })
    expect(await shown(inherited)).toMatchObject({
      status: 'PROPOSAL_STATUS_PASSED',
      final_tally_result: tally(50, 0, 40, 0),
    })
    expect(await shown(overridden)).toMatchObject({
      status: 'PROPOSAL_STATUS_REJECTED',
      final_tally_result: tally(40, 0, 50, 0),
    })

    // burn_vote_quorum and burn_vote_veto burned two deposits; the other two came back. x/mint
    // added each block's provision meanwhile.
    const heightAfter = await heightOf(node)
    const supplyAfter = await stakeSupplyAt(heightAfter)
    const minted = await mintedAfter(heightBefore, heightAfter)
    expect(supplyAfter).toBe(supplyBefore + minted - 2n * DEPOSIT)
    expect(await stakeBalance(proposer)).toBe(balanceBefore + 2n * DEPOSIT)
    for (const id of [quorum, veto, inherited, overridden])
      expect((await query(['gov', 'deposits', id])).deposits).toEqual([])
  }, 240_000)
})
