import { describe, expect, test } from 'vitest'
import {
  account,
  eventOf,
  genesisState,
  govChainPerTest,
  ONE_VALIDATOR,
  S,
  SHORT_PERIODS,
} from '../../../test/helpers/gov-chain.js'
import { concatBytes, uint64BE } from '../../codec/bytes.js'
import type { StateBranch } from '../../store/types.js'
import { timeKey } from './keys.js'

/**
 * Homes made before sdkd keyed the gov queues as upstream: their time as 8 big-endian bytes (now
 * upstream's 29-byte FormatTimeBytes). Such a home's state is made here by moving the entries back
 * to the old layout; the chain must keep working on it.
 */
const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'
const DEPOSIT = '/sdk.gov.v1.MsgDeposit'
const ALICE = account(1)
const BOB = account(2)
const chains = govChainPerTest()

async function start() {
  return chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [BOB]: 100_000_000n },
      validators: ONE_VALIDATOR,
      gov: SHORT_PERIODS,
    }),
  )
}

const proposal = (amount: string) => ({
  messages: [],
  initial_deposit: [{ denom: 'stake', amount }],
  proposer: ALICE,
  metadata: 'ipfs://text',
  title: 'Text',
  summary: 'A text proposal',
  expedited: false,
})

/** Rewrites every gov queue entry in the layout before upstream's time key. */
async function toLegacyQueues(state: StateBranch): Promise<number> {
  const store = state.store('gov')
  let moved = 0
  for (const prefix of [0x01, 0x02]) {
    const entries: [Uint8Array, Uint8Array][] = []
    for await (const [k, v] of store.iterate({ prefix: Uint8Array.of(prefix) }))
      entries.push([k, v])
    for (const [k, v] of entries) {
      const [time] = timeKey.decode(k.subarray(1))
      store.delete(k)
      store.set(concatBytes(Uint8Array.of(prefix), uint64BE(time), k.subarray(30)), v)
      moved++
    }
  }
  return moved
}

describe('gov queues of a home made before upstream time keys', () => {
  test('behavior: a deposit period and a voting period kept in the old layout still end on time', async () => {
    const c = await start()
    // #1 short of the minimum (deposit period ends at +11 s); #2 with it (voting ends at +7 s).
    await c.tx(SUBMIT, proposal('100000'))
    await c.tx(SUBMIT, proposal('10000000'))
    let moved = 0
    await c.edit(async (state) => {
      moved = await toLegacyQueues(state)
    })
    expect(moved).toBe(2)
    const voting = await c.block([], c.time + 5n * S)
    expect(eventOf(voting.endEvents, 'active_proposal')).toMatchObject({
      proposal_id: '2',
      proposal_result: 'proposal_rejected',
    })
    const deposit = await c.block([], c.time + 4n * S)
    expect(eventOf(deposit.endEvents, 'inactive_proposal')).toEqual({
      proposal_id: '1',
      proposal_result: 'proposal_dropped',
    })
    // Both old entries are gone with their proposals' periods.
    const left: number[] = []
    for await (const [k] of c
      .view()
      .store('gov')
      .iterate({ prefix: Uint8Array.of(0x02) }))
      left.push(k.length)
    for await (const [k] of c
      .view()
      .store('gov')
      .iterate({ prefix: Uint8Array.of(0x01) }))
      left.push(k.length)
    expect(left).toEqual([])
  })

  test('behavior: an old deposit-queue entry of a proposal that reached its voting period since is dropped, not acted on', async () => {
    const c = await start()
    await c.tx(SUBMIT, proposal('100000'))
    await c.edit(async (state) => {
      await toLegacyQueues(state)
    })
    // Submitted at +1 s (deposit period until +11 s); the rest of the minimum deposit at +2 s starts
    // the voting period (until +7 s). At +11 s both times have passed.
    await c.tx(DEPOSIT, {
      proposal_id: 1,
      depositor: BOB,
      amount: [{ denom: 'stake', amount: '9900000' }],
    })
    const atDepositEnd = await c.block([], c.time + 9n * S)
    expect(eventOf(atDepositEnd.endEvents, 'inactive_proposal')).toBeUndefined()
    expect(eventOf(atDepositEnd.endEvents, 'active_proposal')).toMatchObject({ proposal_id: '1' })
  })
})
