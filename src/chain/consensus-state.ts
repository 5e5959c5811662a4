import type { CometInfo, Misbehavior, ValidatorUpdate } from '../app/types.js'
import type { HeightConsensus } from '../block/block.js'
import { type BlockEvidence, evidenceOf } from '../block/evidence.js'
import {
  type ValidatorChange,
  type ValidatorSet,
  ValidatorSetError,
} from '../block/validator-set.js'
import { type Bytes, readUint64BE, toHex } from '../codec/bytes.js'
import { ChainHaltError, ErrLogic, QuorumStallError } from '../errors.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import {
  advanceSets,
  CHECKPOINT,
  type CommitSigner,
  cometInfoOf,
  commitSignersOf,
  decodeSets,
  encodeSets,
  genesisSets,
  initialValidators,
  quorumProblem,
  signingPower,
  type ValidatorKey,
  type ValidatorSets,
  validatorSetsKey,
  validatorSetsRange,
} from './consensus-validators.js'

/** What a height runs and is built with: the votes the app sees and the block's validators. */
export interface HeightPlan {
  comet: CometInfo
  /** Undefined when the builder's single signer is every set's only validator (the fast path). */
  consensus: HeightConsensus | undefined
}

/** What the dev API changed in the consensus state (neither is kept across a restart). */
export interface DevChanges {
  readonly silenced: readonly string[]
  readonly pending: readonly { evidence: BlockEvidence; misbehavior: Misbehavior[] }[]
}

/**
 * The node's consensus validators: the sets around the next height (CometBFT's state), the keys
 * the node signs with, which validators are told not to sign (dev), and the records that keep the
 * sets across restarts and rollbacks (written in each height's batch when the sets change, and
 * every CHECKPOINT heights).
 */
export class ConsensusState {
  private sets: ValidatorSets | undefined
  /** The height the sets are after (the last applied one). */
  private after = 0
  /** Heights with a record, ascending. */
  private recorded: number[] = []
  readonly silenced = new Set<string>()
  private readonly keys: ReadonlyMap<string, ValidatorKey>
  private readonly solo: { address: string; power: bigint } | undefined
  private soloPlan: HeightPlan | undefined
  /** Evidence the next block carries, with the misbehavior the app hears of (dev_doubleSign). */
  private pending: { evidence: BlockEvidence; misbehavior: Misbehavior[] }[] = []
  /** The genesis validators of a chain recorded before the records existed. */
  private fallback: readonly ValidatorChange[] = []
  private genesisHeight = 1

  constructor(
    private readonly backend: StoreBackend,
    keys: readonly ValidatorKey[],
    /**
     * The builder's signer: while it is the only validator (with the builder's power), blocks take
     * the fast path, the builder's constants.
     */
    solo: { address: Bytes; power: bigint } | undefined,
  ) {
    this.keys = new Map(keys.map((k) => [toHex(k.address), k]))
    this.solo = solo ? { address: toHex(solo.address), power: solo.power } : undefined
  }

  /** A producer's: its keys (default: the builder's signer alone), the builder's signer as solo. */
  static of(o: {
    backend: StoreBackend
    validatorKeys?: readonly ValidatorKey[] | undefined
    builder: { signer: ValidatorKey & { power: bigint } }
  }): ConsensusState {
    return new ConsensusState(o.backend, o.validatorKeys ?? [o.builder.signer], o.builder.signer)
  }

  /** The sets after the last applied height. */
  get current(): ValidatorSets {
    if (!this.sets) throw ErrLogic.wrap('the validator sets are not loaded')
    return this.sets
  }

  /**
   * The ops that record the genesis sets (with InitChain's batch), and adopts them: InitChain's
   * validators, or genesis's (`initialValidators`).
   */
  initialize(
    initialHeight: number,
    genesis: readonly ValidatorChange[],
    fromApp: readonly ValidatorChange[],
  ): BatchOp[] {
    this.genesisHeight = initialHeight
    const sets = genesisSets(initialValidators(genesis, fromApp))
    this.adopt(sets, initialHeight - 1)
    this.recorded = [initialHeight - 1]
    return [{ type: 'put', key: validatorSetsKey(initialHeight - 1), value: encodeSets(sets) }]
  }

  /**
   * Loads the sets after `height` from the records; a chain made before the records existed (no
   * record at all) starts from `fallback`, its genesis validators, which never changed.
   */
  async load(height: number, genesisHeight: number, fallback: readonly ValidatorChange[]) {
    this.fallback = fallback
    this.genesisHeight = genesisHeight
    this.recorded = []
    for await (const [key] of this.backend.entries(validatorSetsRange(0)))
      this.recorded.push(readUint64BE(key, key.length - 8))
    const sets = await this.setsAfter(height, genesisHeight, fallback)
    this.adopt(sets, height)
  }

  /** Loads the sets after `height` again (after a rollback to it). */
  async reload(height: number): Promise<void> {
    await this.load(height, this.genesisHeight, this.fallback)
  }

  private adopt(sets: ValidatorSets, after: number): void {
    this.sets = sets
    this.after = after
    this.soloPlan = undefined
  }

  /** The sets after `height`, rebuilt from the nearest record at or below it. */
  async setsAfter(
    height: number,
    genesisHeight: number,
    fallback: readonly ValidatorChange[] = this.fallback,
  ): Promise<ValidatorSets> {
    if (this.sets && height === this.after) return this.sets
    let from = -1
    for (const h of this.recorded) if (h <= height) from = h
    let sets: ValidatorSets
    if (from < 0) {
      sets = genesisSets(fallback)
      from = genesisHeight - 1
    } else {
      const bytes = await this.backend.get(validatorSetsKey(from))
      if (!bytes)
        throw ErrLogic.wrap(`the validator sets recorded after height ${from} are missing`)
      sets = decodeSets(bytes)
    }
    return idle(sets, height - from)
  }

  /** The validator set of `height` (its header's validators_hash), for the RPC. */
  async validatorsOf(height: number, genesisHeight = this.genesisHeight): Promise<ValidatorSet> {
    return (await this.setsAfter(height - 1, genesisHeight)).current
  }

  /**
   * Makes the next block carry `evidence` (and the app hear of `misbehavior`: one for duplicate
   * votes, one per byzantine validator for a light client attack).
   */
  addEvidence(evidence: BlockEvidence, ...misbehavior: Misbehavior[]): void {
    this.pending.push({ evidence, misbehavior })
  }

  /** The plan of the next height (the one after the last applied). */
  plan(): HeightPlan {
    const sets = this.current
    if (this.pending.length === 0 && this.isSolo(sets)) {
      if (!this.soloPlan || (this.soloPlan.comet.lastCommit.votes.length === 0) !== !sets.last)
        this.soloPlan = { comet: cometInfoOf(this.signersOf(sets.last)), consensus: undefined }
      return this.soloPlan
    }
    const signers = this.signersOf(sets.last)
    const misbehavior = this.pending.flatMap((p) => p.misbehavior)
    return {
      comet: cometInfoOf(signers, misbehavior),
      consensus: {
        validatorsHash: sets.current.hash(),
        nextValidatorsHash: sets.next.hash(),
        proposerAddress: sets.current.proposer().address,
        lastCommit: signers ?? [],
        evidence: this.pending.length > 0 ? evidenceItems(this.pending) : undefined,
      },
    }
  }

  private signersOf(set: ValidatorSet | undefined): CommitSigner[] | undefined {
    return set ? commitSignersOf(set, this.keys, this.silenced) : undefined
  }

  /**
   * The signers of the latest height's commit (what the RPC shows before the next block carries
   * it), or undefined on the fast path (the builder's signer alone).
   */
  latestCommitSigners(): CommitSigner[] | undefined {
    const sets = this.current
    if (!sets.last || this.isSolo(sets)) return undefined
    return this.signersOf(sets.last)
  }

  /**
   * Height `height`'s set and its signers in set order (a validator the node does not sign for has
   * no key), as the node signs now: from the sets in memory when they are around that height.
   */
  async votersOf(height: number): Promise<{ set: ValidatorSet; signers: CommitSigner[] }> {
    const sets = this.sets
    const set =
      sets?.last && this.after === height
        ? sets.last
        : sets && this.after === height - 1
          ? sets.current
          : await this.validatorsOf(height)
    return { set, signers: commitSignersOf(set, this.keys, this.silenced) }
  }

  /** Whether the builder's signer, signing, is the only validator of every set around. */
  private isSolo(sets: ValidatorSets): boolean {
    const solo = this.solo
    if (solo === undefined || this.silenced.has(solo.address)) return false
    const only = (s: ValidatorSet | undefined) =>
      s === undefined ||
      (s.size === 1 &&
        s.validators[0]!.power === solo.power &&
        toHex(s.validators[0]!.address) === solo.address)
    return only(sets.last) && only(sets.current) && only(sets.next)
  }

  /**
   * The sets after `height` ran and returned `updates`; the ops that record them (when they
   * changed, or at a checkpoint). Invalid updates halt the chain, as CometBFT's "failed to apply
   * block"; nothing is changed then.
   */
  advance(height: number, updates: readonly ValidatorUpdate[]): BatchOp[] {
    let next: ValidatorSets
    try {
      next = advanceSets(this.current, updates)
    } catch (err) {
      throw new ChainHaltError(
        `failed to apply block ${height}: error changing validator set: ${(err as Error).message}`,
        1,
      )
    }
    this.sets = next
    this.after = height
    // The block just applied carried the pending evidence.
    this.pending = []
    if (updates.length === 0 && height % CHECKPOINT !== 0) return []
    this.recorded.push(height)
    return [{ type: 'put', key: validatorSetsKey(height), value: encodeSets(next) }]
  }

  /** The deletes of every record above `height` (a rollback's batch). */
  rollbackOps(height: number): BatchOp[] {
    return this.recorded
      .filter((h) => h > height)
      .map((h) => ({ type: 'del' as const, key: validatorSetsKey(h) }))
  }

  /**
   * Why block `height` (the next) cannot be committed, or undefined: the validators signing hold no
   * more than 2/3 of its set's power, as when the set changes under silenced validators (a jailing)
   * or power moves to validators whose keys the node does not hold (they never sign). CometBFT would
   * make no block either. `setSigning` refuses to silence that far itself.
   */
  stallAt(height: number): QuorumStallError | undefined {
    this.stalled = this.stallOf(height)
    return this.stalled
  }

  /** The last height found it could not be committed, while no block has been made since. */
  stalled: QuorumStallError | undefined

  private stallOf(height: number): QuorumStallError | undefined {
    const sets = this.current
    if (this.isSolo(sets)) return undefined
    const { signing, silenced, unheld, total, quorum } = signingPower(
      sets.current,
      this.keys,
      this.silenced,
    )
    if (quorum) return undefined
    return new QuorumStallError(
      height,
      `height ${height} cannot be committed: the validators signing hold ${signing} of ${total} voting power, not more than 2/3 (${silenced} silenced with dev_setSigningStatus, ${unheld} of validators whose keys this node does not hold); no block is made until more sign`,
    )
  }

  /** Why the keys held cannot commit blocks of the next height's set, or undefined. */
  quorumProblem(silenced: ReadonlySet<string> = this.silenced): string | undefined {
    return quorumProblem(this.current.current, this.keys, silenced)
  }

  /**
   * Makes validator `address` sign (or not) from the next block's commit on (CometMock's
   * set_signing_status). Refused when the node does not hold its key, or when the validators still
   * signing would hold no more than 2/3 of the power of a set that must commit (the chain would
   * halt).
   */
  setSigning(address: Bytes, signing: boolean): void {
    const hex = toHex(address)
    if (!this.keys.has(hex))
      throw new ValidatorSetError(
        `this node does not hold the consensus key of validator ${hex.toUpperCase()}: it cannot sign for it`,
      )
    if (signing) {
      this.silenced.delete(hex)
      this.soloPlan = undefined
      return
    }
    const silenced = new Set(this.silenced).add(hex)
    const sets = this.current
    for (const set of [sets.last, sets.current, sets.next]) {
      if (!set) continue
      const problem = quorumProblem(set, this.keys, silenced)
      if (problem)
        throw new ValidatorSetError(
          `validator ${hex.toUpperCase()} cannot stop signing: without it ${problem.replace(/^the validators this node signs for/, 'the validators still signing')}`,
        )
    }
    this.silenced.add(hex)
    this.soloPlan = undefined
  }

  /** Every validator held signs again and no evidence is pending (the dev API's reset). */
  forgetDevChanges(): void {
    this.restoreDevChanges(undefined)
  }

  /** The dev API's changes in force: the validators silenced and the evidence pending. */
  devChanges(): DevChanges {
    return { silenced: [...this.silenced], pending: [...this.pending] }
  }

  /** Puts back the dev API's changes a snapshot saw (none: every held key signs, nothing pending). */
  restoreDevChanges(changes: DevChanges | undefined): void {
    this.silenced.clear()
    for (const hex of changes?.silenced ?? []) this.silenced.add(hex)
    this.pending = [...(changes?.pending ?? [])]
    this.soloPlan = undefined
  }

  /** The key the node signs `address`'s votes with, if it holds it. */
  keyFor(address: Bytes): ValidatorKey | undefined {
    return this.keys.get(toHex(address))
  }

  /** Whether the node holds `address`'s key. */
  holds(address: Bytes): boolean {
    return this.keys.has(toHex(address))
  }

  /**
   * Whether each validator whose key the node holds signs, by its consensus address (upper-case
   * hex), in address order: CometMock's signing status map.
   */
  signingStatuses(): Record<string, boolean> {
    const out: Record<string, boolean> = {}
    for (const hex of [...this.keys.keys()].sort()) out[hex.toUpperCase()] = !this.silenced.has(hex)
    return out
  }
}

function evidenceItems(pending: readonly { evidence: BlockEvidence }[]) {
  const items = pending.map((p) => p.evidence)
  return { items, ...evidenceOf(items) }
}

/**
 * The sets `n` heights later with no updates between. A single validator's sets never change (its
 * priority stays 0), so its long idle stretches cost nothing.
 */
function idle(sets: ValidatorSets, n: number): ValidatorSets {
  if (n <= 0) return sets
  const single =
    sets.current.size === 1 &&
    sets.next.size === 1 &&
    toHex(sets.current.validators[0]!.address) === toHex(sets.next.validators[0]!.address) &&
    sets.current.validators[0]!.power === sets.next.validators[0]!.power
  if (single) return { last: sets.next, current: sets.next, next: sets.next }
  let s = sets
  for (let i = 0; i < n; i++) s = advanceSets(s, [])
  return s
}
