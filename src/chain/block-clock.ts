import {
  formatRfc3339Nano,
  LATEST_TIME,
  LATEST_TIME_TEXT,
  nextBlockTime,
  nowNs,
  type TimeNs,
} from '../codec/time.js'
import { ChainHaltError, ErrInvalidRequest } from '../errors.js'

/** The latest time a time travel may set: a year before `LATEST_TIME`, for the blocks after it. */
const LATEST_TRAVEL_TIME_TEXT = '9998-12-31T23:59:59.999999999Z'
const LATEST_TRAVEL_TIME: TimeNs = LATEST_TIME - 365n * 86_400n * 1_000_000_000n

/** What a block clock holds besides the chain: an offset, and a time set for the next block. */
export interface BlockClockState {
  /** Added to the wall clock (nanoseconds); it only grows, so block times never go back. */
  offsetNs: bigint
  /** The time the next block takes, when one was set (time travel). */
  nextTime: TimeNs | undefined
}

/**
 * The simulated chain's block times: the genesis time at the initial height (CometBFT requires
 * it), else a time set by time travel, else the previous time plus a step, else the wall clock
 * plus an offset — always strictly after the previous block.
 */
export class BlockClock {
  private offsetNs = 0n
  private nextTime: TimeNs | undefined
  /** Time of the last block (undefined before the first). */
  private lastTime: TimeNs | undefined

  constructor(private readonly genesis: { initialHeight: number; genesisTime: TimeNs }) {}

  /** The time of the last block (the genesis time before the first). */
  get lastBlockTime(): TimeNs {
    return this.lastTime ?? this.genesis.genesisTime
  }

  /** The offset and a time set for the next block. */
  get state(): BlockClockState {
    return { offsetNs: this.offsetNs, nextTime: this.nextTime }
  }

  /** Puts back a clock's state (a dev revert restores the snapshot's). */
  restore(state: BlockClockState): void {
    this.offsetNs = state.offsetNs
    this.nextTime =
      state.nextTime !== undefined && state.nextTime > this.lastBlockTime
        ? state.nextTime
        : undefined
  }

  /**
   * Sets the next block's time (time travel). It must be after the last block's: block times are
   * strictly increasing. Later blocks continue from it.
   */
  setNextBlockTime(time: TimeNs): void {
    const last = this.lastBlockTime
    if (time <= last) {
      throw ErrInvalidRequest.wrap(
        `block time ${formatRfc3339Nano(time)} is not after the last block time ${formatRfc3339Nano(last)}`,
      )
    }
    if (time > LATEST_TIME)
      throw ErrInvalidRequest.wrap(
        `block time is after ${LATEST_TIME_TEXT}, the latest time CometBFT's RFC 3339 times allow`,
      )
    // Every later block must still fit before that limit: a time travel to its edge left a chain
    // whose next block stopped the node at every start.
    if (time > LATEST_TRAVEL_TIME)
      throw ErrInvalidRequest.wrap(
        `block time is after ${LATEST_TRAVEL_TIME_TEXT}: a time travel leaves the chain a year of blocks before ${LATEST_TIME_TEXT}, the latest time CometBFT's RFC 3339 times allow`,
      )
    this.nextTime = time
  }

  /** The time of the block at `height`, each block `stepNs` after the previous when asked. */
  timeOf(height: number, stepNs: bigint | undefined): TimeNs {
    if (height === this.genesis.initialHeight) return this.genesis.genesisTime
    const candidate =
      this.nextTime ??
      (stepNs && stepNs > 0n && this.lastTime !== undefined
        ? this.lastTime + stepNs
        : nowNs() + this.offsetNs)
    const time = nextBlockTime(this.lastTime, candidate)
    if (time > LATEST_TIME)
      throw new ChainHaltError(
        `the block at height ${height} would be after ${LATEST_TIME_TEXT}, the latest time CometBFT's RFC 3339 times allow`,
        1,
      )
    return time
  }

  /**
   * The block at `height` took `time`: time travel is used up, and the clock never runs behind the
   * chain (a jump ahead stays ahead).
   */
  advance(height: number, time: TimeNs): void {
    this.lastTime = time
    if (height !== this.genesis.initialHeight) this.nextTime = undefined
    const lag = time - nowNs()
    if (lag > this.offsetNs) this.offsetNs = lag
  }

  /** The chain continues after a block of `lastTime` (start-up, rollback); no time is set. */
  follow(lastTime: TimeNs | undefined): void {
    this.lastTime = lastTime
    this.nextTime = undefined
  }
}
