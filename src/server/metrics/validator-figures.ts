import type { Block } from '../../block/block.js'
import { isLightClientAttack } from '../../block/evidence.js'
import { type Bytes, equalBytes } from '../../codec/bytes.js'

/** A height's validator set, in commit order. */
export type ValidatorSetOf = (
  height: number,
) => Promise<{ readonly validators: readonly { address: Bytes; power: bigint }[] } | undefined>

/** What the validator gauges say after a block (CometBFT's recordMetrics). */
export interface ValidatorFigureValues {
  validators: number
  power: bigint
  ownPower: bigint
  ownLastSigned: number
  ownMissed: number
  missing: number
  missingPower: bigint
  byzantine: number
  byzantinePower: bigint
}

/**
 * The validator gauges, CometBFT's names under `<namespace>_consensus_` (`ofValidator`: labelled
 * with this node's validator address); `rounds` is always 0.
 */
export const VALIDATOR_GAUGES: readonly {
  name: string
  help: string
  value: (f: ValidatorFigureValues) => number
  ofValidator?: boolean
}[] = [
  { name: 'validators', help: 'Number of validators.', value: (f) => f.validators },
  {
    name: 'validators_power',
    help: 'Total power of all validators.',
    value: (f) => Number(f.power),
  },
  {
    name: 'validator_power',
    help: 'Power of a validator.',
    value: (f) => Number(f.ownPower),
    ofValidator: true,
  },
  {
    name: 'validator_last_signed_height',
    help: 'Last height signed by this validator if the node is a validator.',
    value: (f) => f.ownLastSigned,
    ofValidator: true,
  },
  {
    name: 'validator_missed_blocks',
    help: 'Total missed blocks for a validator.',
    value: (f) => f.ownMissed,
    ofValidator: true,
  },
  {
    name: 'missing_validators',
    help: 'Number of validators who did not sign.',
    value: (f) => f.missing,
  },
  {
    name: 'missing_validators_power',
    help: 'Total power of the missing validators.',
    value: (f) => Number(f.missingPower),
  },
  {
    name: 'byzantine_validators',
    help: 'Number of validators who tried to double sign.',
    value: (f) => f.byzantine,
  },
  {
    name: 'byzantine_validators_power',
    help: 'Total power of the byzantine validators.',
    value: (f) => Number(f.byzantinePower),
  },
  { name: 'rounds', help: 'Number of rounds.', value: () => 0 },
]

/** What a block's last commit and evidence say (the rest is read from the sets at a scrape). */
interface CommitFigures {
  missing: number
  missingPower: bigint
  byzantine: number
  byzantinePower: bigint
}

const NONE: CommitFigures = { missing: 0, missingPower: 0n, byzantine: 0, byzantinePower: 0n }

/**
 * CometBFT's recordMetrics for the validator gauges: the size and power of a block's set; of the
 * set that signed its last commit, the validators absent from it and this node's power, last signed
 * height and missed blocks; the validators of its duplicate-vote evidence. A block every validator
 * signed, without evidence, costs one pass over its commit; the sets are read only for a block with
 * an absent signer or evidence, and at a scrape (once per height).
 */
export class ValidatorFigures {
  private lastSigned = 0
  private missed = 0
  private commit: CommitFigures = NONE
  /** The reading of the latest block with an absent signer or evidence (a scrape waits for it). */
  private reading: Promise<void> = Promise.resolve()
  private sets:
    | {
        height: number
        read: Promise<Pick<ValidatorFigureValues, 'validators' | 'power' | 'ownPower'>>
      }
    | undefined
  private latest = 0

  constructor(
    private readonly own: Bytes,
    private readonly startPower: bigint,
    private readonly setOf: ValidatorSetOf | undefined,
  ) {}

  /** Follows a committed block. */
  onBlock(block: Block): void {
    const height = block.header.height
    this.latest = height
    const signatures = block.lastCommit.signatures
    const ownSigned = signatures.some(
      (s) => s.blockIdFlag === 2 && equalBytes(s.validatorAddress, this.own),
    )
    if (ownSigned) this.lastSigned = height
    this.commit = NONE
    // Every entry signed (this node's validator, if it did not, was not in the set) and no
    // evidence: nothing is absent, nobody double-signed.
    const allSigned = signatures.every((s) => s.blockIdFlag === 2)
    if ((allSigned && (block.evidence?.length ?? 0) === 0) || !this.setOf) return
    this.reading = this.readCommit(block).catch(() => undefined)
  }

  /** The figures after the latest block, its sets read if need be. */
  async values(): Promise<ValidatorFigureValues> {
    await this.reading
    const sets = await this.setFigures()
    return {
      ...sets,
      ownLastSigned: this.lastSigned,
      ownMissed: this.missed,
      ...this.commit,
    }
  }

  /** The absent signers of the block's last commit, this node's miss, the double signers. */
  private async readCommit(block: Block): Promise<void> {
    const height = block.header.height
    const [set, last] = await Promise.all([
      this.setOf!(height),
      height > 1 ? this.setOf!(height - 1) : undefined,
    ])
    const next = { ...NONE }
    for (const [i, v] of (last?.validators ?? []).entries()) {
      const sig = block.lastCommit.signatures[i]
      if (sig === undefined || sig.blockIdFlag === 1) {
        next.missing++
        next.missingPower += v.power
        if (equalBytes(v.address, this.own)) this.missed++
      }
    }
    for (const e of block.evidence ?? []) {
      if (isLightClientAttack(e)) continue
      const v = set?.validators.find((x) => equalBytes(x.address, e.voteA.validatorAddress))
      if (v) {
        next.byzantine++
        next.byzantinePower += v.power
      }
    }
    if (this.latest === height) this.commit = next
  }

  /** The size and power of the latest block's set and this node's power in the set before. */
  private setFigures(): Promise<Pick<ValidatorFigureValues, 'validators' | 'power' | 'ownPower'>> {
    const height = this.latest
    if (this.sets?.height === height) return this.sets.read
    // Until a set is read (none given, or not known): this node's validator alone, as at start.
    const alone = { validators: 1, power: this.startPower, ownPower: this.startPower }
    const read = (async () => {
      const [set, last] = this.setOf
        ? await Promise.all([this.setOf(height), height > 1 ? this.setOf(height - 1) : undefined])
        : [undefined, undefined]
      if (!set) return alone
      const own = (last ?? set).validators.find((v) => equalBytes(v.address, this.own))
      return {
        validators: set.validators.length,
        power: set.validators.reduce((sum, v) => sum + v.power, 0n),
        ownPower: own?.power ?? 0n,
      }
    })().catch(() => alone)
    this.sets = { height, read }
    return read
  }
}
