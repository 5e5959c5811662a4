import { describe, expect, test } from 'vitest'
import { fromBase64Strict, toHexUpper, utf8 } from '../codec/bytes.js'
import {
  MAX_TOTAL_VOTING_POWER,
  type SetValidator,
  type ValidatorChange,
  ValidatorSet,
  ValidatorSetError,
} from './validator-set.js'

/**
 * The vectors below are upstream's own, from cometbft v0.38 types/validator_set_test.go; each test
 * names the upstream test it follows. Upstream's helper newValidator(address, power) makes a
 * validator with a hand-picked address and no key, which `named` reproduces.
 */

const INT64_MAX = (1n << 63n) - 1n
const INT64_MIN = -(1n << 63n)

const named = (name: string | Uint8Array, power: bigint | number): ValidatorChange => ({
  address: typeof name === 'string' ? utf8(name) : name,
  pubKey: new Uint8Array(0),
  power: BigInt(power),
})
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1')
const setOf = (vals: [string, number | bigint][]) =>
  ValidatorSet.of(vals.map(([n, p]) => named(n, p)))
const listOf = (set: ValidatorSet) => set.validators.map((v) => [text(v.address), v.power])
const testValSet = (n: number, power: number | bigint): [string, number | bigint][] =>
  Array.from({ length: n }, (_, i) => [`v${i + 1}`, power])
const bare = (priorities: bigint[], names?: string[], powers?: bigint[]): ValidatorSet =>
  ValidatorSet.fromExisting(
    priorities.map(
      (priority, i): SetValidator => ({
        address: utf8(names?.[i] ?? String.fromCharCode(97 + i)),
        pubKey: new Uint8Array(0),
        power: powers?.[i] ?? 0n,
        priority,
      }),
    ),
  )

/** upstream verifyValidatorSet: priorities centred, within the window, total power cached right. */
function expectScaledAndCentred(set: ValidatorSet): void {
  const n = BigInt(set.size)
  const sum = set.validators.reduce((s, v) => s + v.priority, 0n)
  expect(sum < n && sum > -n).toBe(true)
  const ps = set.validators.map((v) => v.priority)
  const dist = ps.reduce((a, b) => (a > b ? a : b)) - ps.reduce((a, b) => (a < b ? a : b))
  expect(dist <= 2n * set.totalVotingPower()).toBe(true)
}

describe('proposer selection (weighted round-robin)', () => {
  test('behavior: TestProposerSelection1 — 99 proposers of foo 1000, bar 300, baz 330', () => {
    const set = setOf([
      ['foo', 1000],
      ['bar', 300],
      ['baz', 330],
    ])
    const proposers: string[] = []
    for (let i = 0; i < 99; i++) {
      proposers.push(text(set.proposer().address))
      set.incrementProposerPriority(1)
    }
    const expected =
      'foo baz foo bar foo foo baz foo bar foo foo baz foo foo bar foo baz foo foo bar' +
      ' foo foo baz foo bar foo foo baz foo bar foo foo baz foo foo bar foo baz foo foo bar' +
      ' foo baz foo foo bar foo baz foo foo bar foo baz foo foo foo baz bar foo foo foo baz' +
      ' foo bar foo foo baz foo bar foo foo baz foo bar foo foo baz foo bar foo foo baz foo' +
      ' foo bar foo baz foo foo bar foo baz foo foo bar foo baz foo foo'
    expect(proposers.join(' ')).toBe(expected)
  })

  test('behavior: TestProposerSelection2 — equal powers go by address, 401 proposes twice, 4/5/3 share 40/50/30', () => {
    const addr = (i: number) => Uint8Array.from({ length: 20 }, (_, j) => (j === 19 ? i : 0))
    let set = ValidatorSet.of([named(addr(0), 100), named(addr(1), 100), named(addr(2), 100)])
    for (let i = 0; i < 15; i++) {
      expect(set.proposer().address).toEqual(addr(i % 3))
      set.incrementProposerPriority(1)
    }

    set = ValidatorSet.of([named(addr(0), 100), named(addr(1), 100), named(addr(2), 400)])
    expect(set.proposer().address).toEqual(addr(2))
    set.incrementProposerPriority(1)
    expect(set.proposer().address).toEqual(addr(0))

    set = ValidatorSet.of([named(addr(0), 100), named(addr(1), 100), named(addr(2), 401)])
    expect(set.proposer().address).toEqual(addr(2))
    set.incrementProposerPriority(1)
    expect(set.proposer().address).toEqual(addr(2))
    set.incrementProposerPriority(1)
    expect(set.proposer().address).toEqual(addr(0))

    set = ValidatorSet.of([named(addr(0), 4), named(addr(1), 5), named(addr(2), 3)])
    const counts = [0, 0, 0]
    for (let i = 0; i < 120; i++) {
      counts[set.proposer().address[19]!]!++
      set.incrementProposerPriority(1)
    }
    expect(counts).toEqual([40, 50, 30])
  })

  test('behavior: TestProposerSelection3 — four equal validators keep their order whatever the increments', () => {
    const set = ValidatorSet.of(
      ['a', 'b', 'c', 'd'].map((c) => named(`${c}validator_address12`, 1)),
    )
    const order: string[] = []
    for (let i = 0; i < 4; i++) {
      order.push(text(set.proposer().address))
      set.incrementProposerPriority(1)
    }
    // Upstream runs 10000 steps of mostly 1, sometimes up to 4 rounds at once, and reads the set
    // back from its stored form each step; a fixed generator stands in for its random one.
    let j = 0
    let seed = 12345
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed
    }
    let current = set
    for (let i = 0; i < 10000; i++) {
      const got = text(current.proposer().address)
      expect(got).toBe(order[j % 4])
      current = ValidatorSet.fromExisting(current.validators, current.proposer().address)
      if (i !== 0) expect(text(current.proposer().address)).toBe(got)
      const times = next() % 3 === 0 ? (next() % 4) + 1 : 1
      current.incrementProposerPriority(times)
      j += times
    }
  })

  test('behavior: TestIncrementProposerPriorityPositiveTimes — zero or negative times are refused', () => {
    const set = setOf([
      ['foo', 1000],
      ['bar', 300],
    ])
    expect(() => set.incrementProposerPriority(0)).toThrow(
      'Cannot call IncrementProposerPriority with non-positive times',
    )
    expect(() => set.incrementProposerPriority(-1)).toThrow(/non-positive/)
  })
})

describe('averaging and rescaling priorities', () => {
  test('behavior: TestAvgProposerPriority — the mean, at the int64 limits too', () => {
    expect(bare([0n, 0n, 0n]).averagePriority()).toBe(0n)
    expect(bare([INT64_MAX, 0n, 0n]).averagePriority()).toBe(INT64_MAX / 3n)
    expect(bare([INT64_MAX, 0n]).averagePriority()).toBe(INT64_MAX / 2n)
    expect(bare([INT64_MAX, INT64_MAX]).averagePriority()).toBe(INT64_MAX)
    expect(bare([INT64_MIN, INT64_MIN]).averagePriority()).toBe(INT64_MIN)
  })

  test('behavior: a negative mean rounds down, as big.Int division does', () => {
    expect(bare([-1n, 0n, 0n]).averagePriority()).toBe(-1n)
  })

  test('behavior: TestAveragingInIncrementProposerPriority — zero-power validators are only shifted by the mean', () => {
    const cases: [bigint[], number, bigint][] = [
      [[1n, 2n, 3n], 1, 2n],
      [[10n, -10n, 1n], 11, 0n],
      [[100n, -10n, 1n], 1, 91n / 3n],
    ]
    for (const [priorities, times, avg] of cases) {
      const set = bare(priorities)
      const after = set.copy()
      after.incrementProposerPriority(times)
      for (const v of set.validators)
        expect(after.byAddress(v.address)!.priority).toBe(v.priority - avg)
    }
  })

  test('behavior: TestAveragingInIncrementProposerPriorityWithVotingPower — priorities after 1…11 rounds of powers 10, 1, 1', () => {
    const vp = [10n, 1n, 1n]
    const total = 12n
    // [times, expected priorities, expected proposer index]
    const cases: [number, bigint[], number][] = [
      [1, [vp[0]! - total, vp[1]!, vp[2]!], 0],
      [2, [2n * (vp[0]! - total), 2n * vp[1]!, 2n * vp[2]!], 0],
      [3, [3n * (vp[0]! - total), 3n * vp[1]!, 3n * vp[2]!], 0],
      [4, [4n * (vp[0]! - total), 4n * vp[1]!, 4n * vp[2]!], 0],
      [5, [4n * (vp[0]! - total) + vp[0]!, 5n * vp[1]! - total, 5n * vp[2]!], 1],
      [6, [6n * vp[0]! - 5n * total, 6n * vp[1]! - total, 6n * vp[2]!], 0],
      [7, [7n * vp[0]! - 6n * total, 7n * vp[1]! - total, 7n * vp[2]!], 0],
      [8, [8n * vp[0]! - 7n * total, 8n * vp[1]! - total, 8n * vp[2]!], 0],
      [9, [9n * vp[0]! - 7n * total, 9n * vp[1]! - total, 9n * vp[2]! - total], 2],
      [10, [10n * vp[0]! - 8n * total, 10n * vp[1]! - total, 10n * vp[2]! - total], 0],
      [11, [11n * vp[0]! - 9n * total, 11n * vp[1]! - total, 11n * vp[2]! - total], 0],
    ]
    const names = ['\x00', '\x01', '\x02']
    for (const [times, priorities, proposer] of cases) {
      const set = bare([0n, 0n, 0n], names, vp)
      set.incrementProposerPriority(times)
      expect(text(set.proposer().address)).toBe(names[proposer])
      expect(set.validators.map((v) => v.priority)).toEqual(priorities)
    }
  })

  test('behavior: rescaling divides every priority by ceil(spread / window) once the spread exceeds it', () => {
    const set = bare([100n, -100n, 7n], undefined, [1n, 1n, 1n])
    set.rescalePriorities(50n)
    // spread 200, window 50: ratio 4, Go's truncating division.
    expect(set.validators.map((v) => v.priority).sort()).toEqual([-25n, 1n, 25n].sort())
    const narrow = bare([10n, -10n], undefined, [1n, 1n])
    narrow.rescalePriorities(20n)
    expect(narrow.validators.map((v) => v.priority)).toEqual([10n, -10n])
  })
})

describe('validator updates (UpdateWithChangeSet)', () => {
  test('behavior: TestUpdatesForNewValidatorSet — duplicates, zero and negative powers refuse a new set', () => {
    expectScaledAndCentred(setOf([...testValSet(2, 100)]))
    expect(() =>
      setOf([
        ['v1', 100],
        ['v1', 123],
        ['v1', 234],
      ]),
    ).toThrow(/^duplicate entry Validator\{7631 <nil> VP:/)
    expect(() =>
      setOf([
        ['v1', 0],
        ['v2', 22],
        ['v3', 33],
      ]),
    ).toThrow(/^cannot process validators with voting power 0/)
    expect(() =>
      setOf([
        ['v1', 10],
        ['v2', -20],
        ['v3', 30],
      ]),
    ).toThrow("voting power can't be negative: -20")
  })

  test('behavior: TestValSetUpdatesDuplicateEntries, TestValSetUpdatesOverflows, TestValSetUpdatesOtherErrors — refused and the set left unchanged', () => {
    const max = MAX_TOTAL_VOTING_POWER
    const cases: [[string, number | bigint][], [string, number | bigint][], RegExp][] = [
      [
        testValSet(2, 10),
        [
          ['v1', 11],
          ['v1', 22],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v2', 11],
          ['v2', 22],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v1', 11],
          ['v2', 22],
          ['v1', 12],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(3, 10),
        [
          ['v1', 11],
          ['v3', 22],
          ['v1', 12],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v1', 0],
          ['v1', 0],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v2', 0],
          ['v2', 0],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v1', 0],
          ['v2', 0],
          ['v1', 0],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(3, 10),
        [
          ['v1', 0],
          ['v3', 0],
          ['v1', 0],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v1', 0],
          ['v2', 20],
          ['v1', 30],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(2, 10),
        [
          ['v1', 0],
          ['v2', 20],
          ['v2', 30],
          ['v1', 0],
        ],
        /^duplicate entry/,
      ],
      [
        testValSet(3, 10),
        [
          ['v1', 0],
          ['v3', 5],
          ['v2', 20],
          ['v2', 30],
          ['v1', 0],
        ],
        /^duplicate entry/,
      ],
      [testValSet(2, 10), [['v1', INT64_MAX]], /voting power can't be higher than/],
      [testValSet(2, 10), [['v2', INT64_MAX]], /voting power can't be higher than/],
      [testValSet(1, max), [['v2', INT64_MAX]], /voting power can't be higher than/],
      [testValSet(1, max - 1n), [['v2', 5]], /^total voting power of resulting valset exceeds max/],
      [testValSet(2, max / 3n), [['v3', max / 2n]], /^total voting power of resulting valset/],
      [testValSet(1, max), [['v2', max]], /^total voting power of resulting valset exceeds max/],
      [testValSet(2, 10), [['v1', -123]], /^voting power can't be negative: -123$/],
      [testValSet(2, 10), [['v2', -123]], /^voting power can't be negative/],
      [testValSet(2, 10), [['v3', 0]], /^failed to find validator 7633 to remove$/],
      [
        [
          ['v1', 10],
          ['v2', 20],
          ['v3', 30],
        ],
        [
          ['v1', 0],
          ['v2', 0],
          ['v3', 0],
        ],
        /^applying the validator changes would result in empty set$/,
      ],
    ]
    for (const [start, update, error] of cases) {
      const set = setOf(start)
      const before = set.copy()
      let thrown: unknown
      try {
        set.updateWithChangeSet(update.map(([n, p]) => named(n, p)))
      } catch (e) {
        thrown = e
      }
      expect(thrown).toBeInstanceOf(ValidatorSetError)
      expect((thrown as Error).message).toMatch(error)
      expect(set.validators).toEqual(before.validators)
    }
  })

  test('behavior: TestValSetUpdatesBasicTestsExecute — the set after changes, additions and removals, in set order', () => {
    const cases: [[string, number][], [string, number][], [string, number][]][] = [
      [testValSet(2, 10) as [string, number][], [], testValSet(2, 10) as [string, number][]],
      [
        testValSet(2, 10) as [string, number][],
        [
          ['v2', 22],
          ['v1', 11],
        ],
        [
          ['v2', 22],
          ['v1', 11],
        ],
      ],
      [
        [
          ['v2', 20],
          ['v1', 10],
        ],
        [
          ['v4', 40],
          ['v3', 30],
        ],
        [
          ['v4', 40],
          ['v3', 30],
          ['v2', 20],
          ['v1', 10],
        ],
      ],
      [
        [
          ['v3', 20],
          ['v1', 10],
        ],
        [['v2', 30]],
        [
          ['v2', 30],
          ['v3', 20],
          ['v1', 10],
        ],
      ],
      [
        [
          ['v3', 20],
          ['v2', 10],
        ],
        [['v1', 30]],
        [
          ['v1', 30],
          ['v3', 20],
          ['v2', 10],
        ],
      ],
      [
        [
          ['v3', 30],
          ['v2', 20],
          ['v1', 10],
        ],
        [['v2', 0]],
        [
          ['v3', 30],
          ['v1', 10],
        ],
      ],
    ]
    for (const [start, update, expected] of cases) {
      const set = setOf(start)
      set.updateWithChangeSet(update.map(([n, p]) => named(n, p)))
      expect(listOf(set)).toEqual(expected.map(([n, p]) => [n, BigInt(p)]))
      expectScaledAndCentred(set)
    }
  })

  test('behavior: TestValSetUpdatesOrderIndependenceTestsExecute — every order of the same changes gives the same set', () => {
    const cases: [[string, number][], [string, number][]][] = [
      [
        [
          ['v4', 40],
          ['v3', 30],
          ['v2', 10],
          ['v1', 10],
        ],
        [
          ['v4', 44],
          ['v3', 33],
          ['v2', 22],
          ['v1', 11],
        ],
      ],
      [
        [
          ['v2', 20],
          ['v1', 10],
        ],
        [
          ['v3', 30],
          ['v4', 40],
          ['v5', 50],
          ['v6', 60],
        ],
      ],
      [
        [
          ['v4', 40],
          ['v3', 30],
          ['v2', 20],
          ['v1', 10],
        ],
        [
          ['v1', 0],
          ['v3', 0],
          ['v4', 0],
        ],
      ],
      [
        [
          ['v4', 40],
          ['v3', 30],
          ['v2', 20],
          ['v1', 10],
        ],
        [
          ['v1', 0],
          ['v3', 0],
          ['v2', 22],
          ['v5', 50],
          ['v4', 44],
        ],
      ],
    ]
    for (const [start, update] of cases) {
      const base = setOf(start)
      const expected = base.copy()
      expected.updateWithChangeSet(update.map(([n, p]) => named(n, p)))
      // Every rotation and the reverse of the update list.
      const orders = update.map((_, i) => [...update.slice(i), ...update.slice(0, i)])
      orders.push([...update].reverse())
      for (const order of orders) {
        const set = base.copy()
        set.updateWithChangeSet(order.map(([n, p]) => named(n, p)))
        expectScaledAndCentred(set)
        expect(set.validators).toEqual(expected.validators)
      }
    }
  })

  test('behavior: TestValSetUpdatePriorityOrderTests — removing the big validator, newcomers start last with equal priority', () => {
    const cases: [[string, number][], [string, number][], [string, number][], string[]][] = [
      [
        [
          ['v3', 1000],
          ['v1', 1],
          ['v2', 1],
        ],
        [['v3', 0]],
        [
          ['v1', 1],
          ['v2', 1],
        ],
        [],
      ],
      [
        [
          ['v3', 1000],
          ['v2', 10],
          ['v1', 1],
        ],
        [['v3', 0]],
        [
          ['v2', 10],
          ['v1', 1],
        ],
        [],
      ],
      [
        [
          ['v3', 1000],
          ['v2', 2],
          ['v1', 1],
        ],
        [
          ['v5', 50],
          ['v4', 40],
          ['v2', 1],
          ['v3', 0],
        ],
        [
          ['v5', 50],
          ['v4', 40],
          ['v1', 1],
          ['v2', 1],
        ],
        ['v5', 'v4'],
      ],
    ]
    for (const [start, changes, expected, added] of cases) {
      for (const rounds of [1, 7, 4999]) {
        const set = setOf(start)
        set.incrementProposerPriority(rounds)
        set.updateWithChangeSet(changes.map(([n, p]) => named(n, p)))
        expect(listOf(set)).toEqual(expected.map(([n, p]) => [n, BigInt(p)]))
        expectScaledAndCentred(set)
        if (added.length > 0) {
          const byPriority = [...set.validators].sort((a, b) =>
            a.priority < b.priority ? -1 : a.priority > b.priority ? 1 : 0,
          )
          const lowest = byPriority.slice(0, added.length)
          expect(lowest.map((v) => text(v.address)).sort()).toEqual([...added].sort())
          expect(new Set(lowest.map((v) => v.priority)).size).toBe(1)
        }
      }
    }
  })

  test('behavior: a newcomer starts at −1.125 × the total power after the update, before centring', () => {
    // {a 10, b 10} → both at 0 after centring; add c 12: total 32, c at −36, then the mean (−12) is
    // subtracted from every priority.
    const set = ValidatorSet.fromExisting([
      { address: utf8('a'), pubKey: new Uint8Array(0), power: 10n, priority: 0n },
      { address: utf8('b'), pubKey: new Uint8Array(0), power: 10n, priority: 0n },
    ])
    set.updateWithChangeSet([named('c', 12)])
    expect(set.validators.map((v) => [text(v.address), v.priority])).toEqual([
      ['c', -24n],
      ['a', 12n],
      ['b', 12n],
    ])
  })
})

describe('validators hash', () => {
  test('behavior: one validator hashes as a real chain did (tendermint-rs gaia fixture, power 100000)', () => {
    const pubKey = fromBase64Strict('sor2GvQvyJm5myIU0gI+VtPSvwUkyZQFYF8abzvOLPs=')!
    const set = ValidatorSet.of([{ pubKey, power: 100000n }])
    expect(toHexUpper(set.validators[0]!.address)).toBe('BB22AD764B674CC08753B24175E2FC61B22B1419')
    expect(toHexUpper(set.hash())).toBe(
      '0A6CA9001DB07E985DF9043045B392588DF7C1C720E30EBAEFDC8A848C551D6A',
    )
  })
})
