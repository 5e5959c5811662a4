import { type Bytes, equalBytes, toBase64, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { StoredBlock } from '../../store/block-store.js'
import { blockIdJson } from './cometbft-json.js'
import { type PublishedEvent, published, withEventType } from './event-data.js'

/**
 * The consensus-internal events CometBFT v0.38 publishes at the steps of a height
 * (`consensus/state.go`), for a height decided in round 0 as the simulated node decides every one:
 * NewRound → NewRoundStep (Propose) → CompleteProposal → NewRoundStep (Prevote) → a Vote per
 * prevote → ValidBlock → Polka → Lock → NewRoundStep (Precommit) → a Vote per precommit →
 * NewRoundStep (Commit); then the block's events, then NewRoundStep (NewHeight) of the next height.
 * The order is what a real CometBFT node with one validator publishes; with several, a real node
 * hears the others' votes as they arrive, here they come in set order.
 */

/** What the steps of a height need besides its block. */
export interface RoundFacts {
  /** The height's validator set, in set order. */
  validators: readonly { address: Bytes }[]
  /** Who of the set votes (with the key that signs), in set order; no key: absent. */
  signers: readonly { address: Bytes; key: { sign(message: Bytes): Bytes } | undefined }[]
  /** The sign bytes of a round-0 vote of `type` (1 prevote, 2 precommit) for the block at `time`. */
  signBytes(type: 1 | 2, time: bigint): Bytes
}

const STEP = {
  newHeight: 'RoundStepNewHeight',
  newRound: 'RoundStepNewRound',
  propose: 'RoundStepPropose',
  prevote: 'RoundStepPrevote',
  precommit: 'RoundStepPrecommit',
  commit: 'RoundStepCommit',
} as const

/** A RoundState event (`tendermint/event/RoundState`) published as `type`. */
function roundState(
  type: 'NewRoundStep' | 'ValidBlock' | 'Polka' | 'Lock',
  height: string,
  step: string,
): PublishedEvent {
  return published(
    type,
    withEventType(new Map(), type),
    () => ({ height, round: 0, step }),
    'RoundState',
  )
}

/**
 * The steps of the height of `stored` up to its commit, published before its block's events. Each
 * vote is signed when a subscription first wants it, over CometBFT's canonical vote bytes at the
 * block's time (the precommits as `/commit` shows the latest height's).
 */
export function roundEvents(stored: StoredBlock, facts: RoundFacts): PublishedEvent[] {
  const { header, blockId } = stored.block
  const height = String(header.height)
  const proposerIndex = facts.validators.findIndex((v) =>
    equalBytes(v.address, header.proposerAddress),
  )
  const votes = (type: 1 | 2): PublishedEvent[] => {
    const out: PublishedEvent[] = []
    facts.signers.forEach((signer, index) => {
      const key = signer.key
      if (!key) return
      out.push(
        published('Vote', withEventType(new Map(), 'Vote'), () => ({
          Vote: {
            type,
            height,
            round: 0,
            block_id: blockIdJson(blockId),
            timestamp: formatRfc3339Nano(header.time),
            validator_address: toHexUpper(signer.address),
            validator_index: index,
            signature: toBase64(key.sign(facts.signBytes(type, header.time))),
            extension: null,
            extension_signature: null,
          },
        })),
      )
    })
    return out
  }
  return [
    published('NewRound', withEventType(new Map(), 'NewRound'), () => ({
      height,
      round: 0,
      step: STEP.newRound,
      proposer: { address: toHexUpper(header.proposerAddress), index: proposerIndex },
    })),
    roundState('NewRoundStep', height, STEP.propose),
    published('CompleteProposal', withEventType(new Map(), 'CompleteProposal'), () => ({
      height,
      round: 0,
      step: STEP.propose,
      block_id: blockIdJson(blockId),
    })),
    roundState('NewRoundStep', height, STEP.prevote),
    ...votes(1),
    roundState('ValidBlock', height, STEP.prevote),
    roundState('Polka', height, STEP.prevote),
    roundState('Lock', height, STEP.prevote),
    roundState('NewRoundStep', height, STEP.precommit),
    ...votes(2),
    roundState('NewRoundStep', height, STEP.commit),
  ]
}

/** The next height's first step, published after a block's events. */
export function newHeightEvent(height: number): PublishedEvent {
  return roundState('NewRoundStep', String(height), STEP.newHeight)
}
