import type { Bytes } from '../codec/bytes.js'
import type { BatchOp } from './backend.js'

/** What a commit writes and how the in-memory state moves forward once it is durable. */
export interface PreparedCommit {
  readonly height: number
  /** The app hash after this height. */
  readonly appHash: Bytes
  /** Database writes for this height's state (to be merged into the block's atomic batch). */
  readonly ops: BatchOp[]
  /** Applies the height to the in-memory working state (the next block builds on it). */
  apply(): void
  /** Makes the height visible to readers; call only once `ops` are durable. */
  publish(): void
}

/** What a rollback writes and how the in-memory state moves back once it is durable. */
export interface PreparedRollback {
  /** The height the store goes back to. */
  readonly height: number
  /** The app hash committed at `height` (the store's app hash again after `apply()`). */
  readonly appHash: Bytes
  /** Database writes (to be merged with the block store's into one atomic batch). */
  readonly ops: BatchOp[]
  /** Moves the in-memory state back to `height`; call only once `ops` are durable. */
  apply(): void
}
