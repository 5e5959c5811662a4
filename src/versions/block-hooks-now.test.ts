import { expect, test } from 'vitest'
import { account, govChainPerTest } from '../../test/helpers/gov-chain.js'
import { promisesOnly } from '../../test/helpers/promises-only.js'
import { type BlockContext, BlockIdFlag, type VoteInfo } from '../app/types.js'
import { EventManager } from '../block/events.js'
import { bytesToLatin1 } from '../codec/bytes.js'
import { cons, genesisWith } from '../modules/distribution/distribution.case.js'
import { consAddressText } from '../modules/slashing/keeper.js'
import { defaultSlashingParams } from '../modules/slashing/params.js'
import type { StateBranch } from '../store/types.js'

// The per-block hooks every block runs (x/mint's, x/distribution's and x/slashing's BeginBlockers,
// x/staking's BeginBlock and EndBlock) answer at once, without a promise, when memory answers
// their reads. Over a store that answers only through promises, the same hooks write the same
// state, emit the same events and return the same validator updates.

const chains = govChainPerTest()
const HOOKS: [module: string, hook: 'preBlock' | 'beginBlock' | 'endBlock'][] = [
  ['upgrade', 'preBlock'],
  ['mint', 'beginBlock'],
  ['distribution', 'beginBlock'],
  ['slashing', 'beginBlock'],
  ['staking', 'beginBlock'],
  ['staking', 'endBlock'],
  ['gov', 'endBlock'],
]
const STORES = ['mint', 'distribution', 'slashing', 'staking', 'bank', 'auth']

/** Every entry of the stores the hooks write, as text. */
async function contents(state: StateBranch): Promise<string[]> {
  const out: string[] = []
  for (const name of STORES) {
    for await (const [k, v] of state.store(name).iterate()) {
      out.push(`${name} ${bytesToLatin1(k)} ${bytesToLatin1(v)}`)
    }
  }
  return out
}

/** A genesis signing info of validator `n`, as x/slashing's section holds one. */
function signingInfo(n: number) {
  const address = consAddressText(cons(n))
  return {
    address,
    validator_signing_info: {
      address,
      start_height: '0',
      index_offset: '0',
      jailed_until: '1970-01-01T00:00:00Z',
      tombstoned: false,
      missed_blocks_counter: '0',
    },
  }
}

/** The test chain at height 1, two validators bonded with signing infos, fees collected. */
async function chain() {
  const genesis = genesisWith({
    // A supply large enough for a provision of a few stake a block.
    balances: { [account(1)]: 1_000_000_000n },
    validators: [
      { op: 9, tokens: 10_000_000n, delegations: { 9: 10_000_000n } },
      { op: 8, tokens: 4_000_000n, delegations: { 8: 4_000_000n } },
    ],
    rates: { 9: '0.100000000000000000' },
    fees: 777n,
  })
  genesis.slashing = {
    params: defaultSlashingParams(),
    signing_infos: [signingInfo(9), signingInfo(8)],
    missed_blocks: [],
  }
  const c = await chains.create(genesis)
  // Block 1 allocates nothing (x/distribution starts at the second block).
  await c.inBlock(async () => undefined)
  return c
}

/**
 * Block 2's hooks with `votes` in its last commit, run over two branches of the same state: one
 * whose reads memory answers, one whose reads are all promises. Each hook's return (a promise or
 * not) is checked against `atOnce`; both runs must write the same state, emit the same events and
 * return the same updates.
 */
async function bothWays(votes: VoteInfo[], atOnce: (name: string) => boolean) {
  const c = await chain()
  let events: string[] = []
  await c.inBlock(async (ctx) => {
    const comet = { ...ctx.comet, lastCommit: { ...ctx.comet.lastCommit, votes } }
    const base = ctx.state.branch()
    const run = (state: StateBranch): BlockContext => ({
      ...ctx,
      comet,
      state,
      events: new EventManager(),
    })
    // Each module's params are decoded by the first block that reads them (a promise), then
    // kept: a first round on a branch thrown away.
    for (const [name, hook] of HOOKS) await c.app.modules.get(name)![hook]!(run(base.branch()))
    const now = run(base.branch())
    const later = run(promisesOnly(base.branch()))
    const returned: unknown[] = []
    for (const [name, hook] of HOOKS) {
      const m = c.app.modules.get(name)!
      const first = m[hook]!(now)
      expect(first instanceof Promise, `${name} ${hook} at once`).toBe(!atOnce(name))
      const pending = m[hook]!(later)
      expect(pending instanceof Promise, `${name} ${hook} through promises`).toBe(true)
      const value = await first
      expect(await pending).toEqual(value)
      returned.push(value)
    }
    expect(later.events.events()).toEqual(now.events.events())
    expect(returned).toEqual([undefined, undefined, undefined, undefined, undefined, [], undefined])
    const written = await contents(now.state)
    expect(written.length).toBeGreaterThan(20)
    expect(await contents(later.state)).toEqual(written)
    events = now.events.events().map((e) => e.type)
  })
  return events
}

// A provision minted and sent to the fee collector, then the fees allocated to both validators.
const BLOCK_EVENTS = [
  'coin_received',
  'coinbase',
  'coin_spent',
  'coin_received',
  'transfer',
  'message',
  'mint',
  'coin_spent',
  'coin_received',
  'transfer',
  'message',
  'commission',
  'rewards',
  'commission',
  'rewards',
]

test('behavior: a block’s hooks at once from memory, and alike through promises: state, events, updates', async () => {
  const signed: VoteInfo[] = [
    { address: cons(9), power: 10n, blockIdFlag: BlockIdFlag.COMMIT },
    { address: cons(8), power: 4n, blockIdFlag: BlockIdFlag.COMMIT },
  ]
  expect(await bothWays(signed, () => true)).toEqual(BLOCK_EVENTS)
})

test('behavior: a missed vote’s liveness record through a promise, alike both ways', async () => {
  const oneMissed: VoteInfo[] = [
    { address: cons(9), power: 10n, blockIdFlag: BlockIdFlag.COMMIT },
    { address: cons(8), power: 4n, blockIdFlag: BlockIdFlag.ABSENT },
  ]
  expect(await bothWays(oneMissed, (name) => name !== 'slashing')).toEqual([
    ...BLOCK_EVENTS,
    'liveness',
  ])
})
