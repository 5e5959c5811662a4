import { QuorumStallError } from '../errors.js'
import type { PendingCommit } from './commit-queue.js'

/** Node's longest timer (2^31 - 1 ms); a longer delay fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** How often a stalled loop tries the height again (at least; timeout_commit when longer). */
const STALL_RETRY_MS = 500

/**
 * How blocks come: every `intervalMs` (CometBFT's timeout_commit; the default), as soon as a tx is
 * admitted (`instant`), or only when asked (`manual`: `produceBlocks`).
 */
export interface MiningMode {
  mode: 'interval' | 'instant' | 'manual'
  intervalMs: number
}

/** What the loop drives: the producer. */
export interface MiningHost {
  /** Builds the next block (after one in progress); resolves once it is queued. */
  build(options: { hold?: boolean }): Promise<PendingCommit>
  /** Txs waiting for a block. */
  pendingTxs(): number
  /** When the commit queue is full, resolves once it has room again (blocks back to back). */
  roomInQueue(): Promise<void> | undefined
  /** A block of the loop failed (the loop has stopped): the host halts the chain. */
  onFailure(err: unknown): void
  /** The next height cannot be committed (told once per height): the loop tries it again. */
  onStall(err: QuorumStallError): void
}

/** The block loop: schedules the next block as the mining mode says. */
export class MiningLoop {
  private running = false
  /** The next step's timer (a block time), or its immediate (a block at once). */
  private timer:
    | { kind: 'timeout'; t: NodeJS.Timeout }
    | { kind: 'immediate'; t: NodeJS.Immediate }
    | undefined
  private nextAt = 0
  private mining: MiningMode
  /** The height the loop last found it could not commit (its warning is logged once). */
  private stalledAt: number | undefined
  /**
   * Whether a step is running (building, or waiting for its block to be durable or for room in
   * the queue). Its chain schedules the next step when it ends, under the mode of that time, so a
   * mode set meanwhile starts no second chain (which made blocks twice as often).
   */
  private stepping = false

  constructor(
    private readonly host: MiningHost,
    intervalMs: number,
  ) {
    this.mining = { mode: 'interval', intervalMs }
  }

  /** Whether the loop is running. */
  get isRunning(): boolean {
    return this.running
  }

  /** The mining mode. */
  get mode(): MiningMode {
    return { ...this.mining }
  }

  /** Changes how blocks come; takes effect from the next block. */
  setMode(mining: MiningMode): void {
    this.mining = { ...mining }
    if (this.running && !this.stepping) this.resume()
  }

  /** When the next block is due to start (Unix ms), while the loop waits for it. */
  get nextBlockAtMs(): number | undefined {
    return this.timer === undefined || this.mining.mode !== 'interval' ? undefined : this.nextAt
  }

  /** Starts the loop (every timeout_commit by default). */
  start(): void {
    if (this.running) return
    this.running = true
    if (!this.stepping) this.resume()
  }

  /** Stops the loop; a block being built is finished by the host. */
  stop(): void {
    this.running = false
    this.cancelTimer()
  }

  /** A tx was admitted: instant mining makes a block for it. */
  onTxAdmitted(): void {
    if (
      this.running &&
      this.mining.mode === 'instant' &&
      this.timer === undefined &&
      !this.stepping
    )
      this.schedule(0)
  }

  /** Schedules the next block of the loop for the current mode. */
  private resume(): void {
    this.cancelTimer()
    const { mode } = this.mining
    if (mode === 'interval' || (mode === 'instant' && this.host.pendingTxs() > 0)) this.schedule(0)
  }

  private schedule(delayMs: number): void {
    if (!this.running) return
    this.nextAt = Date.now() + delayMs
    const run = () => {
      this.timer = undefined
      if (!this.running) return
      // CometBFT starts the next height timeout_commit after the block's commit decision, which
      // comes before the block runs: its execution is inside the wait, not added to it.
      const decided = Date.now()
      this.stepping = true
      this.step().then(
        () => {
          this.stepping = false
          if (this.mining.mode === 'interval') {
            this.schedule(Math.max(0, decided + this.mining.intervalMs - Date.now()))
          } else if (this.mining.mode === 'instant' && this.host.pendingTxs() > 0) this.schedule(0)
        },
        (err: unknown) => {
          this.stepping = false
          if (err instanceof QuorumStallError) {
            if (err.height !== this.stalledAt) this.host.onStall(err)
            this.stalledAt = err.height
            this.schedule(Math.max(this.mining.intervalMs, STALL_RETRY_MS))
            return
          }
          this.running = false
          this.host.onFailure(err)
        },
      )
    }
    // With timeout 0, still yield to I/O between blocks so queries are served.
    this.timer =
      delayMs > 0
        ? { kind: 'timeout', t: this.after(delayMs, run) }
        : { kind: 'immediate', t: setImmediate(run) }
  }

  private cancelTimer(): void {
    const timer = this.timer
    this.timer = undefined
    if (timer?.kind === 'timeout') clearTimeout(timer.t)
    else if (timer) clearImmediate(timer.t)
  }

  /**
   * Runs `run` in `delayMs`, in steps of Node's longest timer (about 24.8 days): a longer delay
   * given to setTimeout fires after 1 ms, which made a block time of weeks a block every
   * millisecond.
   */
  private after(delayMs: number, run: () => void): NodeJS.Timeout {
    if (delayMs <= MAX_TIMER_MS) return setTimeout(run, delayMs)
    return setTimeout(() => {
      if (this.running && this.timer !== undefined)
        this.timer = { kind: 'timeout', t: this.after(delayMs - MAX_TIMER_MS, run) }
    }, MAX_TIMER_MS)
  }

  /** One loop step: build the next block; with a block time, wait until it is durable. */
  private async step(): Promise<void> {
    const wait = this.mining.mode !== 'interval' || this.mining.intervalMs > 0
    const pending = await this.host.build(wait ? {} : { hold: true })
    if (wait) await pending.durable
    else {
      const room = this.host.roomInQueue()
      if (room) await room
    }
  }
}
