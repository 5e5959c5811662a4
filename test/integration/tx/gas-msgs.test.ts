import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { addressToBech32, moduleAddress } from '../../../src/codec/address.js'
import { type Bytes, concatBytes, uint64BE } from '../../../src/codec/bytes.js'
import { decFromString, decToAtomics } from '../../../src/codec/dec.js'
import type { AnyMessage } from '../../../src/codec/proto.js'
import { GasMeter } from '../../../src/tx/gas.js'
import {
  ACCOUNT_KEY,
  type Access,
  anteAccesses,
  charges,
  DENOM_INDEX,
  sendCoins,
  TABLE,
  total,
} from '../../helpers/gas-table.js'
import { createTxTestNode, stakeFee, type TestAccount, testAccount } from '../../helpers/tx-node.js'

/**
 * Gov v1 MsgVote, MsgSubmitProposal, staking MsgDelegate and distribution
 * MsgWithdrawDelegatorReward priced by upstream's gas rules (Cosmos SDK v0.50: its KV gas table and
 * the reads and writes its handlers make, listed below in upstream's order). Each tx's gas is the
 * ante's accesses (test/helpers/gas-table.ts) plus its message's; sdkd must charge exactly that
 * list, in that order.
 *
 * Value lengths are the `sdk` brand's, read from the store (before, after, or as BeginBlock left it
 * for the tx: `Run.found`): on a `cosmos` chain type URLs and bech32 texts are longer (`cosmos1…`
 * addresses are 3 characters longer than `sdk1…`, so upstream's stored Vote is 75 bytes where
 * sdkd's is 72), the only difference from simd's figures.
 */

/*
 * Stored times (a proposal's, a validator's commission update) are protobuf Timestamps whose length
 * depends on their nanoseconds: the node's clock reads whole seconds here, so every length below
 * is the same in every run.
 */
vi.mock('../../../src/codec/time.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/codec/time.js')>()
  let now = 1_767_225_600n * 1_000_000_000n
  return {
    ...original,
    nowNs: () => {
      now += 1_000_000_000n
      return now
    },
  }
})

type Node = Awaited<ReturnType<typeof createTxTestNode>>
let t: Node

/** One tx in its own block: what the meter was charged, gas used, the height, the tx length. */
interface Run {
  charged: [string, number][]
  gasUsed: bigint
  height: number
  txBytes: number
  /**
   * A value's length as the tx found it: after its block's BeginBlock (x/mint's provision,
   * x/distribution's allocation), before the tx (0 when absent).
   */
  found: (store: string, key: Bytes) => number
}

/** Stores whose values `Run.found` tells (the ones BeginBlock changes and the txs below read). */
const FOUND_STORES = ['bank', 'distribution']

async function run(signer: TestAccount, msg: AnyMessage, sequence: bigint): Promise<Run> {
  const bytes = t.signed(signer, [msg], { fee: stakeFee(200n), sequence, gas: 400_000n })
  expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
  const found = new Map<string, number>()
  const hex = (store: string, key: Bytes) => `${store}/${Buffer.from(key).toString('hex')}`
  const spy = vi.spyOn(GasMeter.prototype, 'consume')
  const block = (await t.node.producer.produceBlocks(1, {
    // Read after BeginBlock, before the tx; the block's state is not changed.
    edit: async (ctx) => {
      for (const name of FOUND_STORES) {
        for await (const [k, v] of ctx.state.store(name).iterate())
          found.set(hex(name, k), v.length)
      }
    },
  }))!
  const charged = spy.mock.calls.map(([a, d]): [string, number] => [d, Number(a)])
  spy.mockRestore()
  const result = block.results[0]!
  expect(result.log ?? '').toBe('')
  expect(result.code).toBe(0)
  return {
    charged,
    gasUsed: BigInt(result.gasUsed),
    height: block.block.header.height,
    txBytes: bytes.length,
    found: (store, key) => {
      expect(FOUND_STORES).toContain(store)
      return found.get(hex(store, key)) ?? 0
    },
  }
}

/** The stored value length of a key at a height (0 when absent). */
async function len(height: number, store: string, key: Bytes): Promise<number> {
  return (await t.node.store.view(height).store(store).get(key))?.length ?? 0
}
const accountKey = (a: Bytes) => concatBytes(Uint8Array.of(0x01), a)
const balanceKey = (a: Bytes) =>
  concatBytes(Uint8Array.of(0x02, 20), a, new TextEncoder().encode('stake'))
const FEE_COLLECTOR = moduleAddress('fee_collector')
const GOV = moduleAddress('gov')

/** The ante's lengths for `signer`'s tx at `r.height`, from the store around it. */
async function ante(r: Run, signer: TestAccount, newKey: boolean): Promise<Access[]> {
  const before = await len(r.height - 1, 'auth', accountKey(signer.addressBytes))
  const after = await len(r.height, 'auth', accountKey(signer.addressBytes))
  // The key is stored at the old sequence; sequences below 128 take 2 bytes, 0 none.
  const withKey = newKey ? after - 2 : before
  const payerBefore = await len(r.height - 1, 'bank', balanceKey(signer.addressBytes))
  // The block's first tx finds the fee collector empty, as on upstream: x/distribution's
  // BeginBlocker moved its coins (the previous block's fees and this block's provision) away.
  const fcBefore = r.found('bank', balanceKey(FEE_COLLECTOR))
  expect(fcBefore).toBe(0)
  expect(await len(r.height, 'bank', balanceKey(FEE_COLLECTOR))).toBe(3) // "200", this tx's fee
  // The fee is the first change of the payer's balance in the block.
  const payerAfterFee = String(BigInt(await balanceAt(r.height - 1, signer.addressBytes)) - 200n)
  const fcAfterFee = '200'
  return anteAccesses({
    txBytes: r.txBytes,
    account: { before, withKey, after },
    newKey,
    payerBalance: [payerBefore, payerAfterFee.length],
    feeCollectorBalance: [fcBefore, fcAfterFee.length],
  })
}

async function balanceAt(height: number, address: Bytes): Promise<string> {
  const raw = await t.node.store.view(height).store('bank').get(balanceKey(address))
  return raw ? new TextDecoder().decode(raw) : '0'
}

const govMsg = (name: string, value: Record<string, unknown>) =>
  t.registry.packAny(`/sdk.gov.v1.${name}`, value)
const stakingMsg = (name: string, value: Record<string, unknown>) =>
  t.registry.packAny(`/sdk.staking.v1beta1.${name}`, value)

let submit: Run
let vote: Run
let delegate: Run
let withdraw: Run

beforeAll(async () => {
  t = await createTxTestNode({
    funded: [
      { account: testAccount(1), coins: '100000000stake' },
      { account: testAccount(2), coins: '100000000stake' },
    ],
  })
  await t.block()
  // alice's first tx: a text proposal (metadata, no messages) with the whole minimum deposit.
  submit = await run(
    t.alice,
    govMsg('MsgSubmitProposal', {
      messages: [],
      initial_deposit: [{ denom: 'stake', amount: '10000000' }],
      proposer: t.alice.address,
      metadata: 'ipfs://proposal',
      title: 'A text proposal',
      summary: 'Says something',
      expedited: false,
    }),
    0n,
  )
  // bob's first tx: a yes vote.
  vote = await run(
    t.bob,
    govMsg('MsgVote', { proposal_id: '1', voter: t.bob.address, option: 1, metadata: '' }),
    0n,
  )
  // bob's second tx makes him a validator (bonded at the end of its block)…
  const valoper = addressToBech32(t.bob.addressBytes, t.registry.brand.bech32.validator)
  const atoms = (s: string) => decToAtomics(decFromString(s))
  await run(
    t.bob,
    stakingMsg('MsgCreateValidator', {
      description: { moniker: 'bob' },
      commission: { rate: atoms('0.1'), max_rate: atoms('0.2'), max_change_rate: atoms('0.01') },
      min_self_delegation: '1',
      delegator_address: t.bob.address,
      validator_address: valoper,
      pubkey: t.registry.packAny('/sdk.crypto.ed25519.PubKey', {
        key: new Uint8Array(32).fill(7),
      }),
      // Power 3, 4 with alice's delegation: the node's own validator (10 of 14) still commits.
      value: { denom: 'stake', amount: '3000000' },
    }),
    1n,
  )
  // …and alice's second tx delegates to him: a new delegation to a Bonded validator.
  delegate = await run(
    t.alice,
    stakingMsg('MsgDelegate', {
      delegator_address: t.alice.address,
      validator_address: valoper,
      amount: { denom: 'stake', amount: '1000000' },
    }),
    1n,
  )
  // Blocks pass: bob's validator earns its share of a large fee (and of the provisions), so
  // alice's rewards are whole coins when she withdraws them.
  const bigFee = t.signed(t.bob, [t.msgSend(t.bob, t.bob.address, '1stake')], {
    fee: stakeFee(10_000_000n),
    sequence: 2n,
  })
  expect((await t.tx.mempool.checkTx(bigFee)).code).toBe(0)
  for (let i = 0; i < 3; i++) await t.block()
  withdraw = await run(
    t.alice,
    t.registry.packAny('/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', {
      delegator_address: t.alice.address,
      validator_address: valoper,
    }),
    2n,
  )
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('gov v1 MsgVote', () => {
  test('behavior: the msg phase is Has(voting period) + the vote write, as upstream: 6060 gas, 64650 with the ante', async () => {
    const voteKey = concatBytes(
      Uint8Array.of(0x20),
      uint64BE(1n),
      Uint8Array.of(20),
      t.bob.addressBytes,
    )
    const stored = await len(vote.height, 'gov', voteKey)
    // {proposal_id 1 (2), voter 'sdk1…' (2+42), options [{1, "1.000000000000000000"}] (2+24)}
    expect(stored).toBe(72)
    const msg: Access[] = [
      // AddVote: VotingPeriodProposals.Has, then Votes.Set
      { op: 'has', what: 'voting period proposal 1', key: 9 },
      { op: 'write', what: 'vote (1, bob)', key: voteKey.length, value: stored },
    ]
    expect(voteKey.length).toBe(30)
    expect(total(msg)).toBe(1000 + 2000 + TABLE.writeCostPerByte * (30 + 72))
    const list = [...(await ante(vote, t.bob, true)), ...msg]
    expect(vote.charged).toEqual(list.flatMap(charges))
    expect(vote.gasUsed).toBe(BigInt(total(list)))
    expect(total(msg)).toBe(6060)
    expect(total(list)).toBe(64650)
  })
})

describe('gov v1 MsgSubmitProposal', () => {
  test('behavior: params, the id, the proposal, its queue entries, the deposit and the "submit proposal" charge, as upstream: 78570 gas, 137762 with the ante', async () => {
    const id = uint64BE(1n)
    const proposalKey = concatBytes(Uint8Array.of(0x00), id)
    const depositKey = concatBytes(Uint8Array.of(0x10), id, Uint8Array.of(20), t.alice.addressBytes)
    const h = submit.height
    const params = await len(h, 'gov', Uint8Array.of(0x30))
    const govAccount = await len(h, 'auth', accountKey(GOV))
    const alice = await len(h, 'auth', accountKey(t.alice.addressBytes))
    // The proposal as stored three times: submitted (no deposit), with the deposit, in voting.
    const stored = t.registry.decode(
      'sdk.gov.v1.Proposal',
      (await t.node.store.view(h).store('gov').get(proposalKey))!,
    )
    const encode = (p: object) => t.registry.encode('sdk.gov.v1.Proposal', p as never).length
    const submitted = encode({
      ...stored,
      status: 1,
      total_deposit: [],
      voting_start_time: null,
      voting_end_time: null,
    })
    const deposited = encode({
      ...stored,
      status: 1,
      voting_start_time: null,
      voting_end_time: null,
    })
    const voting = await len(h, 'gov', proposalKey)
    const queue = await queueKeyLength(h)
    const gov = { who: 'gov', balance: [0, 8] as [number, number] }
    const aliceBalance = await balanceAt(h, t.alice.addressBytes)
    const msg: Access[] = [
      // msgServer.SubmitProposal: Params.Get
      { op: 'read', what: 'gov params', key: 1, value: params },
      // Keeper.SubmitProposal: ProposalID.Next, Params.Get, SetProposal, the inactive queue
      { op: 'read', what: 'proposal id', key: 1, value: 8 },
      { op: 'write', what: 'proposal id', key: 1, value: 8 },
      { op: 'read', what: 'gov params', key: 1, value: params },
      { op: 'delete', what: 'voting period proposal 1', key: 9 },
      { op: 'write', what: 'proposal (submitted)', key: 9, value: submitted },
      { op: 'write', what: 'inactive queue (deposit end, 1)', key: queue, value: 8 },
      // msgServer: 3 × WriteCostPerByte × the proposal's bytes
      { op: 'gas', what: 'submit proposal', amount: 3 * TABLE.writeCostPerByte * submitted },
      // AddDeposit: the proposal, the params, SendCoinsFromAccountToModule(gov)
      { op: 'read', what: 'proposal', key: 9, value: submitted },
      { op: 'read', what: 'gov params', key: 1, value: params },
      { op: 'read', what: 'gov module account', key: ACCOUNT_KEY, value: govAccount },
      ...sendCoins(
        {
          who: 'alice',
          account: alice,
          balance: [String(BigInt(aliceBalance) + 10_000_000n).length, aliceBalance.length],
        },
        gov,
      ),
      //   SetProposal with the deposit
      { op: 'delete', what: 'voting period proposal 1', key: 9 },
      { op: 'write', what: 'proposal (deposited)', key: 9, value: deposited },
      //   ActivateVotingPeriod: Params.Get, SetProposal, the queues
      { op: 'read', what: 'gov params', key: 1, value: params },
      { op: 'write', what: 'voting period proposal 1', key: 9, value: 1 },
      { op: 'write', what: 'proposal (voting)', key: 9, value: voting },
      { op: 'delete', what: 'inactive queue (deposit end, 1)', key: queue },
      { op: 'write', what: 'active queue (voting end, 1)', key: queue, value: 8 },
      //   Deposits.Get (none yet), SetDeposit
      { op: 'read', what: 'deposit (1, alice): none', key: depositKey.length, value: 0 },
      {
        op: 'write',
        what: 'deposit (1, alice)',
        key: depositKey.length,
        value: await len(h, 'gov', depositKey),
      },
    ]
    // upstream's queue key: prefix, FormatTimeBytes (29), id (8)
    expect(queue).toBe(38)
    expect(depositKey.length).toBe(30)
    expect(await len(h, 'bank', balanceKey(GOV))).toBe(8) // "10000000"
    expect(DENOM_INDEX.key).toBe(28)
    const list = [...(await ante(submit, t.alice, true)), ...msg]
    expect(submit.charged).toEqual(list.flatMap(charges))
    expect(submit.gasUsed).toBe(BigInt(total(list)))
    expect(total(msg)).toBe(78570)
    expect(total(list)).toBe(137762)
  })
})

describe('staking MsgDelegate', () => {
  /**
   * Upstream's msg phase for a new delegation to a Bonded validator from a plain account, in the
   * bond denom (x/staking msg_server.go Delegate, keeper/delegation.go Delegate; x/bank
   * DelegateCoinsFromAccountToModule), with simd's x/distribution hooks at the two places staking
   * calls them (distributionHooks below); slashing's hooks for these two make no access.
   */
  test('behavior: staking, bank, auth and x/distribution hook accesses as upstream: 74180 gas, 120548 with the ante', async () => {
    const h = delegate.height
    const operator = t.bob.addressBytes
    const validatorKey = concatBytes(Uint8Array.of(0x21, 20), operator)
    const delegationKey = concatBytes(
      Uint8Array.of(0x31, 20),
      t.alice.addressBytes,
      Uint8Array.of(20),
      operator,
    )
    const pool = moduleAddress('bonded_tokens_pool')
    const params = await len(h, 'staking', Uint8Array.of(0x51))
    const poolAccount = await len(h, 'auth', accountKey(pool))
    const alice = await len(h, 'auth', accountKey(t.alice.addressBytes))
    const aliceAfter = await balanceAt(h, t.alice.addressBytes)
    const poolAfter = await balanceAt(h, pool)
    const hooks = await distributionHooks(h, operator, t.alice.addressBytes, {
      validatorBefore: await len(h - 1, 'staking', validatorKey),
      validatorAfter: await len(h, 'staking', validatorKey),
      delegation: await len(h, 'staking', delegationKey),
    })
    const msg: Access[] = [
      // msgServer.Delegate: GetValidator, BondDenom
      {
        op: 'read',
        what: 'validator',
        key: 22,
        value: await len(h - 1, 'staking', validatorKey),
      },
      { op: 'read', what: 'staking params', key: 1, value: params },
      // Keeper.Delegate: GetDelegation (none), hook BeforeDelegationCreated
      { op: 'read', what: 'delegation (alice, bob): none', key: 43, value: 0 },
      ...hooks.beforeDelegationCreated,
      // BondDenom, then DelegateCoinsFromAccountToModule: GetModuleAccount, DelegateCoins
      { op: 'read', what: 'staking params', key: 1, value: params },
      { op: 'read', what: 'bonded pool account', key: ACCOUNT_KEY, value: poolAccount },
      { op: 'read', what: 'bonded pool account', key: ACCOUNT_KEY, value: poolAccount },
      {
        op: 'read',
        what: 'alice balance',
        key: 27,
        value: String(BigInt(aliceAfter) + 1_000_000n).length,
      },
      { op: 'write', what: 'denom index (stake, alice)', ...DENOM_INDEX },
      { op: 'write', what: 'alice balance', key: 27, value: aliceAfter.length },
      //   trackDelegation: GetAccount(alice)
      { op: 'read', what: 'alice account', key: ACCOUNT_KEY, value: alice },
      //   addCoins to the bonded pool
      {
        op: 'read',
        what: 'bonded pool balance',
        key: 27,
        value: String(BigInt(poolAfter) - 1_000_000n).length,
      },
      { op: 'write', what: 'denom index (stake, bonded pool)', ...DENOM_INDEX },
      { op: 'write', what: 'bonded pool balance', key: 27, value: poolAfter.length },
      // AddValidatorTokensAndShares: the power index entry goes, the validator, the new entry
      { op: 'delete', what: 'power index', key: 30 },
      { op: 'write', what: 'validator', key: 22, value: await len(h, 'staking', validatorKey) },
      { op: 'write', what: 'power index', key: 30, value: 20 },
      // SetDelegation: the delegation and its by-validator index; hook AfterDelegationModified
      {
        op: 'write',
        what: 'delegation (alice, bob)',
        key: 43,
        value: await len(h, 'staking', delegationKey),
      },
      { op: 'write', what: 'delegations by validator (bob, alice)', key: 42, value: 0 },
      ...hooks.afterDelegationModified,
    ]
    expect(delegationKey.length).toBe(43)
    const list = [...(await ante(delegate, t.alice, false)), ...msg]
    expect(delegate.charged).toEqual(list.flatMap(charges))
    expect(delegate.gasUsed).toBe(BigInt(total(list)))
    // The hooks' share: 13 accesses.
    expect(hooks.beforeDelegationCreated.length + hooks.afterDelegationModified.length).toBe(13)
    expect(total([...hooks.beforeDelegationCreated, ...hooks.afterDelegationModified])).toBe(26307)
    expect(total(msg)).toBe(74180)
    expect(total(list)).toBe(120548)
  })
})

describe('distribution MsgWithdrawDelegatorReward', () => {
  /**
   * Upstream's msg phase (x/distribution msg_server.go WithdrawDelegatorReward, keeper.go
   * WithdrawDelegationRewards, delegation.go withdrawDelegationRewards and initializeDelegation)
   * for a delegation whose rewards are whole coins, paid to the delegator (no withdraw address
   * set), from a validator never slashed.
   */
  test('behavior: the period closes, the rewards are paid and the delegation starts again, as upstream: 65101 gas, 111489 with the ante', async () => {
    const r = withdraw
    const h = r.height
    const operator = t.bob.addressBytes
    const delegator = t.alice.addressBytes
    const validatorKey = concatBytes(Uint8Array.of(0x21, 20), operator)
    const delegationKey = concatBytes(
      Uint8Array.of(0x31, 20),
      delegator,
      Uint8Array.of(20),
      operator,
    )
    const current = currentRewardsKey(operator)
    const outstandingKey = concatBytes(Uint8Array.of(0x02, 20), operator)
    const feePoolKey = Uint8Array.of(0x00)
    const startingKey = startingInfoKey(operator, delegator)
    const withdrawAddressKey = concatBytes(Uint8Array.of(0x03, 20), delegator)
    const historical = 'sdk.distribution.v1beta1.ValidatorHistoricalRewards'
    // The tx closes the running period p (it leaves p + 1 running, with nothing earned yet); alice's
    // delegation started after p − 1.
    const after = await decodeAt(h, 'sdk.distribution.v1beta1.ValidatorCurrentRewards', current)
    expect(after.rewards).toEqual([])
    const period = BigInt(String(after.period)) - 1n
    const starting = await decodeAt(
      h - 1,
      'sdk.distribution.v1beta1.DelegatorStartingInfo',
      startingKey,
    )
    expect(BigInt(String(starting.previous_period))).toBe(period - 1n)
    const start = historicalRewardsKey(operator, period - 1n)
    const end = historicalRewardsKey(operator, period)
    // p − 1 is referenced by the running period and alice's delegation: the first decrement keeps
    // it, the second (her starting info goes) removes it.
    expect((await decodeAt(h - 1, historical, start)).reference_count).toBe(2)
    expect(await len(h, DISTRIBUTION, start)).toBe(0)
    const endAfter = await decodeAt(h, historical, end)
    expect(endAfter.reference_count).toBe(2)
    const endOnce = t.registry.encode(
      historical as never,
      {
        ...endAfter,
        reference_count: 1,
      } as never,
    ).length
    // The rewards paid: alice's balance after the tx, less what she had after its fee.
    const aliceBalance = await balanceAt(h, delegator)
    const aliceFound = String(BigInt(await balanceAt(h - 1, delegator)) - 200n)
    const reward = BigInt(aliceBalance) - BigInt(aliceFound)
    expect(reward).toBeGreaterThan(0n)
    const distributionAddress = moduleAddress('distribution')
    const distributionBalance = await balanceAt(h, distributionAddress)
    expect(r.found('bank', balanceKey(distributionAddress))).toBe(
      String(BigInt(distributionBalance) + reward).length,
    )
    const lengths = {
      validator: await len(h - 1, 'staking', validatorKey),
      delegation: await len(h - 1, 'staking', delegationKey),
      currentFound: r.found(DISTRIBUTION, current),
      currentAfter: await len(h, DISTRIBUTION, current),
      startBefore: await len(h - 1, DISTRIBUTION, start),
      endAfter: await len(h, DISTRIBUTION, end),
      starting: await len(h - 1, DISTRIBUTION, startingKey),
      startingAfter: await len(h, DISTRIBUTION, startingKey),
      outstandingFound: r.found(DISTRIBUTION, outstandingKey),
      outstandingAfter: await len(h, DISTRIBUTION, outstandingKey),
      feePoolFound: r.found(DISTRIBUTION, feePoolKey),
      feePoolAfter: await len(h, DISTRIBUTION, feePoolKey),
    }
    const msg: Access[] = [
      // WithdrawDelegationRewards: stakingKeeper.Validator and .Delegation
      { op: 'read', what: 'validator', key: 22, value: lengths.validator },
      { op: 'read', what: 'delegation (alice, bob)', key: 43, value: lengths.delegation },
      // withdrawDelegationRewards: HasDelegatorStartingInfo, then IncrementValidatorPeriod
      { op: 'has', what: 'starting info (bob, alice)', key: 43 },
      { op: 'read', what: `current rewards {…, ${period}}`, key: 22, value: lengths.currentFound },
      {
        op: 'read',
        what: `historical rewards ${period - 1n}`,
        key: 30,
        value: lengths.startBefore,
      },
      {
        op: 'read',
        what: `historical rewards ${period - 1n} (decrementReferenceCount)`,
        key: 30,
        value: lengths.startBefore,
      },
      {
        op: 'write',
        what: `historical rewards ${period - 1n}, one reference less`,
        key: 30,
        value: lengths.startBefore,
      },
      { op: 'write', what: `historical rewards ${period} {…, 1}`, key: 30, value: endOnce },
      {
        op: 'write',
        what: `current rewards {[], ${period + 1n}}`,
        key: 22,
        value: lengths.currentAfter,
      },
      //   CalculateDelegationRewards: the starting info, the slash events since (none: an
      //   iterator over an empty range charges one step), the two ends' ratios
      { op: 'read', what: 'starting info (bob, alice)', key: 43, value: lengths.starting },
      { op: 'gas', what: 'IterNextFlat', amount: TABLE.iterNextCostFlat },
      {
        op: 'read',
        what: `historical rewards ${period - 1n}`,
        key: 30,
        value: lengths.startBefore,
      },
      { op: 'read', what: `historical rewards ${period}`, key: 30, value: endOnce },
      //   the outstanding rewards; the withdraw address (none); SendCoinsFromModuleToAccount
      { op: 'read', what: 'outstanding rewards', key: 22, value: lengths.outstandingFound },
      { op: 'read', what: 'withdraw address (alice): none', key: 22, value: 0 },
      ...sendCoins(
        {
          who: 'distribution',
          account: await len(h, 'auth', accountKey(distributionAddress)),
          balance: [r.found('bank', balanceKey(distributionAddress)), distributionBalance.length],
        },
        { who: 'alice', balance: [aliceFound.length, aliceBalance.length] },
      ),
      //   the outstanding rewards less the payout; the community pool gets the dust
      { op: 'write', what: 'outstanding rewards', key: 22, value: lengths.outstandingAfter },
      { op: 'read', what: 'fee pool', key: 1, value: lengths.feePoolFound },
      { op: 'write', what: 'fee pool', key: 1, value: lengths.feePoolAfter },
      //   the starting info again, decrementReferenceCount of its period (the last reference)
      { op: 'read', what: 'starting info (bob, alice)', key: 43, value: lengths.starting },
      {
        op: 'read',
        what: `historical rewards ${period - 1n}`,
        key: 30,
        value: lengths.startBefore,
      },
      { op: 'delete', what: `historical rewards ${period - 1n}`, key: 30 },
      { op: 'delete', what: 'starting info (bob, alice)', key: 43 },
      // initializeDelegation, as after a delegation
      {
        op: 'read',
        what: `current rewards {[], ${period + 1n}}`,
        key: 22,
        value: lengths.currentAfter,
      },
      { op: 'read', what: `historical rewards ${period} {…, 1}`, key: 30, value: endOnce },
      {
        op: 'write',
        what: `historical rewards ${period} {…, 2}`,
        key: 30,
        value: lengths.endAfter,
      },
      { op: 'read', what: 'validator', key: 22, value: lengths.validator },
      { op: 'read', what: 'delegation (alice, bob)', key: 43, value: lengths.delegation },
      { op: 'write', what: 'starting info (bob, alice)', key: 43, value: lengths.startingAfter },
    ]
    expect([withdrawAddressKey.length, outstandingKey.length]).toEqual([22, 22])
    const list = [...(await ante(r, t.alice, false)), ...msg]
    expect(r.charged).toEqual(list.flatMap(charges))
    expect(r.gasUsed).toBe(BigInt(total(list)))
    expect(total(msg)).toBe(65101)
    expect(total(list)).toBe(111489)
  })
})

const DISTRIBUTION = 'distribution'
/** x/distribution `0x06 ‖ 20 ‖ validator` → ValidatorCurrentRewards. */
const currentRewardsKey = (operator: Bytes) => concatBytes(Uint8Array.of(0x06, 20), operator)
/** x/distribution `0x05 ‖ 20 ‖ validator ‖ period (little-endian)` → ValidatorHistoricalRewards. */
const historicalRewardsKey = (operator: Bytes, period: bigint) =>
  concatBytes(Uint8Array.of(0x05, 20), operator, uint64BE(period).reverse())
/** x/distribution `0x04 ‖ 20 ‖ validator ‖ 20 ‖ delegator` → DelegatorStartingInfo. */
const startingInfoKey = (operator: Bytes, delegator: Bytes) =>
  concatBytes(Uint8Array.of(0x04, 20), operator, Uint8Array.of(20), delegator)

async function decodeAt(
  height: number,
  type: string,
  key: Bytes,
): Promise<Record<string, unknown>> {
  const raw = await t.node.store.view(height).store(DISTRIBUTION).get(key)
  expect(raw).toBeDefined()
  return t.registry.decode(type as never, raw!) as Record<string, unknown>
}

/**
 * x/distribution's accesses in a new delegation (its staking hooks, upstream keeper/hooks.go:
 * BeforeDelegationCreated → validator.go IncrementValidatorPeriod; AfterDelegationModified →
 * delegation.go initializeDelegation), with the lengths of its records read from the store around
 * the delegation's block. Here the validator has earned nothing yet (bob's validator joined in the
 * block before, so no commit it signed has been rewarded): its running period's rewards are empty,
 * so the ratio it closes adds nothing, and the previous period is referenced twice (by the
 * validator's running period and bob's self-delegation), so decrementing it keeps it.
 */
async function distributionHooks(
  h: number,
  operator: Bytes,
  delegator: Bytes,
  l: { validatorBefore: number; validatorAfter: number; delegation: number },
): Promise<{ beforeDelegationCreated: Access[]; afterDelegationModified: Access[] }> {
  const current = currentRewardsKey(operator)
  const before = await decodeAt(h - 1, 'sdk.distribution.v1beta1.ValidatorCurrentRewards', current)
  expect(before.rewards).toEqual([])
  const period = BigInt(String(before.period))
  const previous = historicalRewardsKey(operator, period - 1n)
  const closed = historicalRewardsKey(operator, period)
  const historical = 'sdk.distribution.v1beta1.ValidatorHistoricalRewards'
  const previousBefore = await decodeAt(h - 1, historical, previous)
  expect(previousBefore.reference_count).toBe(2)
  const closedAfter = await decodeAt(h, historical, closed)
  // The closed period is written with one reference, then the new delegation takes a second.
  expect(closedAfter.reference_count).toBe(2)
  const closedOnce = t.registry.encode(
    historical as never,
    {
      ...closedAfter,
      reference_count: 1,
    } as never,
  ).length
  const lengths = {
    currentBefore: await len(h - 1, DISTRIBUTION, current),
    currentAfter: await len(h, DISTRIBUTION, current),
    previousBefore: await len(h - 1, DISTRIBUTION, previous),
    previousAfter: await len(h, DISTRIBUTION, previous),
    closedAfter: await len(h, DISTRIBUTION, closed),
    startingInfo: await len(h, DISTRIBUTION, startingInfoKey(operator, delegator)),
  }
  // {[], period} and {[], reference count} take 2 bytes; the starting info is {previous_period 2,
  // stake "1000000" × 10¹⁸ as integer text (2 + 25), height (2)}.
  expect(lengths).toEqual({
    currentBefore: 2,
    currentAfter: 2,
    previousBefore: 2,
    previousAfter: 2,
    closedAfter: 2,
    startingInfo: 31,
  })
  expect(closedOnce).toBe(2)
  expect([current.length, previous.length, startingInfoKey(operator, delegator).length]).toEqual([
    22, 30, 43,
  ])
  return {
    beforeDelegationCreated: [
      // stakingKeeper.Validator, then IncrementValidatorPeriod: the current rewards, the previous
      // period's ratio, decrementReferenceCount (its own read, then the write), the closed period,
      // the next running period
      { op: 'read', what: 'validator', key: 22, value: l.validatorBefore },
      {
        op: 'read',
        what: `current rewards {[], ${period}}`,
        key: 22,
        value: lengths.currentBefore,
      },
      {
        op: 'read',
        what: `historical rewards ${period - 1n}`,
        key: 30,
        value: lengths.previousBefore,
      },
      {
        op: 'read',
        what: `historical rewards ${period - 1n} (decrementReferenceCount)`,
        key: 30,
        value: lengths.previousBefore,
      },
      {
        op: 'write',
        what: `historical rewards ${period - 1n}, one reference less`,
        key: 30,
        value: lengths.previousAfter,
      },
      { op: 'write', what: `historical rewards ${period} {…, 1}`, key: 30, value: closedOnce },
      {
        op: 'write',
        what: `current rewards {[], ${period + 1n}}`,
        key: 22,
        value: lengths.currentAfter,
      },
    ],
    afterDelegationModified: [
      // initializeDelegation: the current rewards, incrementReferenceCount of the closed period,
      // stakingKeeper.Validator and .Delegation, the starting info
      {
        op: 'read',
        what: `current rewards {[], ${period + 1n}}`,
        key: 22,
        value: lengths.currentAfter,
      },
      { op: 'read', what: `historical rewards ${period} {…, 1}`, key: 30, value: closedOnce },
      {
        op: 'write',
        what: `historical rewards ${period} {…, 2}`,
        key: 30,
        value: lengths.closedAfter,
      },
      { op: 'read', what: 'validator', key: 22, value: l.validatorAfter },
      { op: 'read', what: 'delegation (alice, bob)', key: 43, value: l.delegation },
      {
        op: 'write',
        what: 'starting info (bob, alice)',
        key: 43,
        value: lengths.startingInfo,
      },
    ],
  }
}

/** The length of the gov queues' keys (prefix, time, id) in the store at `height`. */
async function queueKeyLength(height: number): Promise<number> {
  for await (const [k] of t.node.store
    .view(height)
    .store('gov')
    .iterate({ prefix: Uint8Array.of(0x01) }))
    return k.length
  return 0
}
