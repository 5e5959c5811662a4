import { type Bytes, toHexUpper } from '../codec/bytes.js'
import { sha256 } from '../codec/hash.js'
import { ErrLogic } from '../errors.js'
import { validatorsHash } from './validators-hash.js'

/**
 * CometBFT v0.38's validator set (types/validator_set.go): the order validators are listed and
 * hashed in, the weighted round-robin that picks each height's proposer, and how a block's
 * validator updates change the set. Every integer is an int64 upstream; bigint keeps them exact and
 * the few places where Go clips or wraps do the same here.
 */

const INT64_MAX = (1n << 63n) - 1n
const INT64_MIN = -(1n << 63n)

/** The most voting power a set may hold in total (MaxTotalVotingPower = MaxInt64 / 8). */
export const MAX_TOTAL_VOTING_POWER = INT64_MAX / 8n
/** Priorities stay within this many times the total power of each other (PriorityWindowSizeFactor). */
export const PRIORITY_WINDOW_SIZE_FACTOR = 2n

/** One validator of a set, with its proposer priority. */
export interface SetValidator {
  /** Consensus address: first 20 bytes of sha256(pubKey). */
  readonly address: Bytes
  /** ed25519 public key (32 bytes); empty only in tests that pick addresses by hand. */
  readonly pubKey: Bytes
  readonly power: bigint
  priority: bigint
}

/** A validator change as the app returns it: power 0 removes the validator. */
export interface ValidatorChange {
  pubKey: Bytes
  power: bigint
  /** Defaults to the consensus address of `pubKey`. */
  address?: Bytes
}

/** The consensus address of an ed25519 public key. */
export function addressOfPubKey(pubKey: Bytes): Bytes {
  return sha256(pubKey).subarray(0, 20)
}

/** Why a validator set or a change to it was refused; the message is upstream's text. */
export class ValidatorSetError extends Error {}

/** Go's bytes.Compare. */
export function compareBytes(a: Bytes, b: Bytes): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

function sameBytes(a: Bytes, b: Bytes): boolean {
  return a.length === b.length && compareBytes(a, b) === 0
}

/** safeAddClip / safeSubClip: int64 arithmetic that saturates instead of wrapping. */
function clip(v: bigint): bigint {
  return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : v
}

/** ValidatorsByVotingPower: power descending, then address ascending. */
function byPower(a: SetValidator, b: SetValidator): number {
  if (a.power !== b.power) return a.power > b.power ? -1 : 1
  return compareBytes(a.address, b.address)
}

const byAddress = (a: { address: Bytes }, b: { address: Bytes }) =>
  compareBytes(a.address, b.address)

/**
 * Validator.CompareProposerPriority: the higher priority wins; on a tie the lower address. Two
 * entries of the same address are a bug upstream panics on.
 */
function morePriority(a: SetValidator | undefined, b: SetValidator): SetValidator {
  if (!a) return b
  if (a.priority !== b.priority) return a.priority > b.priority ? a : b
  const c = compareBytes(a.address, b.address)
  if (c === 0) throw ErrLogic.wrap('Cannot compare identical validators')
  return c < 0 ? a : b
}

/** Validator.String, as upstream's error texts print a validator. */
function describe(v: { address: Bytes; pubKey: Bytes; power: bigint; priority?: bigint }): string {
  const key = v.pubKey.length > 0 ? `PubKeyEd25519{${toHexUpper(v.pubKey)}}` : '<nil>'
  return `Validator{${toHexUpper(v.address)} ${key} VP:${v.power} A:${v.priority ?? 0n}}`
}

export class ValidatorSet {
  /** In set order: power descending, then address ascending. */
  validators: SetValidator[] = []
  private proposerCache: SetValidator | undefined
  private total = 0n

  /**
   * NewValidatorSet: the set of `validators` (each of positive power, addresses unique) with its
   * priorities incremented once, as CometBFT makes a genesis set or InitChain's.
   */
  static of(validators: readonly ValidatorChange[]): ValidatorSet {
    const set = new ValidatorSet()
    set.applyChanges(validators, false)
    if (validators.length > 0) set.incrementProposerPriority(1)
    return set
  }

  /**
   * A set with exactly these validators and priorities, as read back from the store: no increment.
   * The proposer is `proposerAddress` when given (ValidatorSetFromProto keeps it), else the one
   * upstream's ValidatorSetFromExistingValidators infers (findPreviousProposer: the lowest priority,
   * the proposer having just paid the total).
   */
  static fromExisting(validators: readonly SetValidator[], proposerAddress?: Bytes): ValidatorSet {
    if (validators.length === 0) throw new ValidatorSetError('validator set is empty')
    const set = new ValidatorSet()
    set.validators = validators.map((v) => ({ ...v }))
    if (proposerAddress) {
      set.proposerCache = set.byAddress(proposerAddress)
      if (!set.proposerCache) throw new ValidatorSetError('proposer not in validator set')
    } else {
      let previous: SetValidator | undefined
      for (const v of set.validators)
        if (!previous || morePriority(previous, v) === previous) previous = v
      set.proposerCache = previous
    }
    set.updateTotalVotingPower()
    set.validators.sort(byPower)
    return set
  }

  get size(): number {
    return this.validators.length
  }

  copy(): ValidatorSet {
    const set = new ValidatorSet()
    set.validators = this.validators.map((v) => ({ ...v }))
    set.total = this.total
    if (this.proposerCache) {
      const address = this.proposerCache.address
      set.proposerCache = set.validators.find((v) => sameBytes(v.address, address))
    }
    return set
  }

  totalVotingPower(): bigint {
    if (this.total === 0n) this.updateTotalVotingPower()
    return this.total
  }

  private updateTotalVotingPower(): void {
    let sum = 0n
    for (const v of this.validators) {
      sum = clip(sum + v.power)
      if (sum > MAX_TOTAL_VOTING_POWER)
        throw new ValidatorSetError(
          `total voting power ${sum} exceeds maximum ${MAX_TOTAL_VOTING_POWER}`,
        )
    }
    this.total = sum
  }

  /**
   * The proposer of the height (round 0) this set is the validators of: the one the last increment
   * chose (GetProposer), or the highest priority when none was chosen yet.
   */
  proposer(): SetValidator {
    if (this.validators.length === 0) throw new ValidatorSetError('empty validator set')
    if (!this.proposerCache) {
      let best: SetValidator | undefined
      for (const v of this.validators) best = morePriority(best, v)
      this.proposerCache = best
    }
    // The set is never empty here, so the loop found one.
    return this.proposerCache!
  }

  indexOf(address: Bytes): number {
    return this.validators.findIndex((v) => sameBytes(v.address, address))
  }

  byAddress(address: Bytes): SetValidator | undefined {
    return this.validators.find((v) => sameBytes(v.address, address))
  }

  /** Merkle root of the validators' SimpleValidator bytes, in set order (ValidatorSet.Hash). */
  hash(): Bytes {
    return validatorsHash(this.validators)
  }

  /**
   * IncrementProposerPriority: rescale the priorities into a window of 2×total power, centre them
   * on zero, then `times` rounds of "everyone gains their power, the top one pays the total".
   */
  incrementProposerPriority(times: number): void {
    if (this.validators.length === 0) throw ErrLogic.wrap('empty validator set')
    if (times <= 0)
      throw ErrLogic.wrap('Cannot call IncrementProposerPriority with non-positive times')
    this.rescalePriorities(PRIORITY_WINDOW_SIZE_FACTOR * this.totalVotingPower())
    this.shiftByAvgProposerPriority()
    let proposer: SetValidator | undefined
    for (let i = 0; i < times; i++) proposer = this.incrementOnce()
    this.proposerCache = proposer
  }

  private incrementOnce(): SetValidator {
    for (const v of this.validators) v.priority = clip(v.priority + v.power)
    let most: SetValidator | undefined
    for (const v of this.validators) most = morePriority(most, v)
    // The set is not empty (checked by the caller).
    most!.priority = clip(most!.priority - this.totalVotingPower())
    return most!
  }

  /**
   * RescalePriorities: when the priorities spread wider than `diffMax`, divide them all by
   * ceil(spread / diffMax) (Go's division, truncating toward zero).
   */
  rescalePriorities(diffMax: bigint): void {
    if (this.validators.length === 0) throw ErrLogic.wrap('empty validator set')
    if (diffMax <= 0n) return
    const diff = this.maxMinPriorityDiff()
    const ratio = (diff + diffMax - 1n) / diffMax
    if (diff > diffMax) for (const v of this.validators) v.priority /= ratio
  }

  private maxMinPriorityDiff(): bigint {
    let max = INT64_MIN
    let min = INT64_MAX
    for (const v of this.validators) {
      if (v.priority < min) min = v.priority
      if (v.priority > max) max = v.priority
    }
    // int64 subtraction as Go does it (it can only wrap when priorities sit at the extremes).
    const diff = BigInt.asIntN(64, max - min)
    return diff < 0n ? BigInt.asIntN(64, -diff) : diff
  }

  /**
   * computeAvgProposerPriority: the mean priority with big.Int's Euclidean division (so a
   * negative sum rounds down, not toward zero).
   */
  averagePriority(): bigint {
    const n = BigInt(this.validators.length)
    let sum = 0n
    for (const v of this.validators) sum += v.priority
    let avg = sum / n
    if (avg * n > sum) avg -= 1n
    if (avg > INT64_MAX || avg < INT64_MIN)
      throw ErrLogic.wrap(`Cannot represent avg ProposerPriority as an int64 ${avg}`)
    return avg
  }

  private shiftByAvgProposerPriority(): void {
    const avg = this.averagePriority()
    for (const v of this.validators) v.priority = clip(v.priority - avg)
  }

  /**
   * UpdateWithChangeSet: applies a block's validator updates (power 0 removes). Either every change
   * applies or, with upstream's error text, none does.
   */
  updateWithChangeSet(changes: readonly ValidatorChange[]): void {
    this.applyChanges(changes, true)
  }

  private applyChanges(changes: readonly ValidatorChange[], allowDeletes: boolean): void {
    if (changes.length === 0) return
    const { updates, deletes } = processChanges(changes)
    if (!allowDeletes && deletes.length > 0)
      throw new ValidatorSetError(
        `cannot process validators with voting power 0: [${deletes.map(describe).join(' ')}]`,
      )
    const isNew = (u: SetValidator) => this.byAddress(u.address) === undefined
    if (updates.filter(isNew).length === 0 && this.validators.length === deletes.length)
      throw new ValidatorSetError('applying the validator changes would result in empty set')

    let removedPower = 0n
    for (const d of deletes) {
      const v = this.byAddress(d.address)
      if (!v)
        throw new ValidatorSetError(`failed to find validator ${toHexUpper(d.address)} to remove`)
      removedPower += v.power
    }
    const totalAfterUpdates = this.verifyUpdates(updates, removedPower)

    // computeNewPriorities: a newcomer starts behind everyone, at −1.125 × the total power after
    // the updates (before removals); a changed validator keeps its priority.
    for (const u of updates) {
      const old = this.byAddress(u.address)
      u.priority = old ? old.priority : -(totalAfterUpdates + (totalAfterUpdates >> 3n))
    }

    const changed = new Set(updates.map((u) => toHexUpper(u.address)))
    const removed = new Set(deletes.map((d) => toHexUpper(d.address)))
    const kept = this.validators.filter((v) => {
      const key = toHexUpper(v.address)
      return !changed.has(key) && !removed.has(key)
    })
    this.validators = [...kept, ...updates].sort(byAddress)
    this.total = 0n
    this.updateTotalVotingPower()
    this.rescalePriorities(PRIORITY_WINDOW_SIZE_FACTOR * this.total)
    this.shiftByAvgProposerPriority()
    this.validators.sort(byPower)
    this.proposerCache = undefined
  }

  /**
   * verifyUpdates: the total power after the updates, checked against the maximum at every step
   * with the decreases applied first (so a valid set of changes never fails for its order).
   */
  private verifyUpdates(updates: readonly SetValidator[], removedPower: bigint): bigint {
    const delta = (u: SetValidator) => u.power - (this.byAddress(u.address)?.power ?? 0n)
    const sorted = [...updates].sort((a, b) => {
      const d = delta(a) - delta(b)
      return d < 0n ? -1 : d > 0n ? 1 : 0
    })
    let total = this.totalVotingPower() - removedPower
    for (const u of sorted) {
      total += delta(u)
      if (total > MAX_TOTAL_VOTING_POWER)
        throw new ValidatorSetError(
          `total voting power of resulting valset exceeds max ${MAX_TOTAL_VOTING_POWER}`,
        )
    }
    return total + removedPower
  }
}

/** processChanges: splits changes into updates and removals, refusing duplicates and bad powers. */
function processChanges(changes: readonly ValidatorChange[]): {
  updates: SetValidator[]
  deletes: SetValidator[]
} {
  const list: SetValidator[] = changes
    .map((c) => ({
      address: c.address ?? addressOfPubKey(c.pubKey),
      pubKey: c.pubKey,
      power: c.power,
      priority: 0n,
    }))
    .sort(byAddress)
  const updates: SetValidator[] = []
  const deletes: SetValidator[] = []
  let prev: Bytes | undefined
  for (const c of list) {
    if (prev && sameBytes(c.address, prev))
      throw new ValidatorSetError(
        `duplicate entry ${describe(c)} in [${list.map(describe).join(' ')}]`,
      )
    if (c.power < 0n) throw new ValidatorSetError(`voting power can't be negative: ${c.power}`)
    if (c.power > MAX_TOTAL_VOTING_POWER)
      throw new ValidatorSetError(
        `to prevent clipping/overflow, voting power can't be higher than ${MAX_TOTAL_VOTING_POWER}, got ${c.power}`,
      )
    if (c.power === 0n) deletes.push(c)
    else updates.push(c)
    prev = c.address
  }
  return { updates, deletes }
}
