import { homePaths } from '../../config/paths.js'
import type { Logger } from '../../logger.js'
import { errorMessage } from '../errors.js'
import { type Binary, binaryLabel, type HandlerWrap } from './binaries.js'
import { type Mined, mine, type RunningBinary, startBinary, stopBinary } from './chain.js'
import type { PlanFacts, readUpgradeInfoFile } from './checks.js'
import type { LogCapture, LogRecord } from './log-capture.js'
import type { CheckRecord, StepRecord } from './report.js'
import type { RehearsalSetup } from './setup.js'

/** A step that failed: the rehearsal stops there. */
export class StepFailed extends Error {
  override readonly name = 'StepFailed'
}

/** Where the rehearsal writes: the report on stdout, progress on a terminal's stderr. */
export interface RehearsalIo {
  out(line: string): void
  /** A progress line (only on a terminal). */
  progress?(line: string): void
  /** Rewrites the current progress line (mining). */
  progressInline?(text: string): void
}

/** What a step returns: its value, a detail for the timeline, and whether it went as expected. */
export interface StepResult<T> {
  value: T
  detail?: string
  ok?: boolean
}

/** Blocks per `produceBlocks` call when mining shows progress on a terminal. */
const PROGRESS_CHUNK = 5_000

/**
 * What every part of a rehearsal works with: the rehearsal home, the binary running on it, the
 * timeline and the checks so far, the captured logs.
 */
export class Driver {
  readonly steps: StepRecord[] = []
  readonly checks: CheckRecord[] = []
  readonly logger: Logger
  running: RunningBinary | undefined
  /** The chain's height while no binary runs. */
  lastHeight: number | null = null
  /** upgrade-info.json as the old binary left it at the halt. */
  haltFile: Awaited<ReturnType<typeof readUpgradeInfoFile>>
  /** Kills a child process of the rehearsal while it runs (kill-at-halt). */
  killChild: (() => void) | undefined

  constructor(
    readonly setup: RehearsalSetup,
    readonly logs: LogCapture,
    readonly io: RehearsalIo,
    readonly dir: string,
    readonly plan: PlanFacts,
  ) {
    this.logger = logs.logger()
  }

  /** The upgrade height. */
  get H(): number {
    return this.plan.height
  }

  get upgradeInfoPath(): string {
    return homePaths(this.dir).upgradeInfo
  }

  label(b: Binary): string {
    return binaryLabel(b)
  }

  height(): number | null {
    return this.running ? this.running.node.producer.height : this.lastHeight
  }

  /** The captured log lines since a mark. */
  logsSince(mark: number): LogRecord[] {
    return this.logs.since(mark)
  }

  /**
   * Runs one step of the timeline. A step whose result is not ok stops the rehearsal unless it only
   * observes an injected failure (`critical: false`); an exception always stops it.
   */
  async step<T>(name: string, fn: () => Promise<StepResult<T>>, critical = true): Promise<T> {
    const fromHeight = this.height()
    const started = performance.now()
    const record = (ok: boolean, detail: string) => {
      const s: StepRecord = {
        name,
        fromHeight,
        toHeight: this.height(),
        ms: Math.round(performance.now() - started),
        ok,
        detail,
      }
      this.steps.push(s)
      const h =
        s.fromHeight === null
          ? ''
          : s.fromHeight === s.toHeight
            ? ` (height ${s.fromHeight})`
            : ` (${s.fromHeight} → ${s.toHeight})`
      this.io.progress?.(`${ok ? '✓' : '✗'} ${name}${h} ${s.ms} ms${ok ? '' : `: ${detail}`}`)
    }
    let result: StepResult<T>
    try {
      result = await fn()
    } catch (err) {
      record(false, errorMessage(err))
      throw new StepFailed(`${name}: ${errorMessage(err)}`)
    }
    const ok = result.ok ?? true
    record(ok, result.detail ?? '')
    if (!ok && critical) throw new StepFailed(`${name}: ${result.detail ?? 'failed'}`)
    return result.value
  }

  /** Starts a binary on the rehearsal home (a step). */
  start(b: Binary, name = `start ${this.label(b)}`, wrap?: HandlerWrap): Promise<RunningBinary> {
    return this.step(name, async () => {
      const r = await startBinary({
        dir: this.dir,
        binary: b,
        plan: this.setup.plan,
        logger: this.logger,
        ...(wrap ? { wrap } : {}),
      })
      this.running = r
      return {
        value: r,
        detail: `app version ${r.node.app.name}, REST ${r.api}, mining manual`,
      }
    })
  }

  /** Stops the running binary (a step). */
  async stop(name = `stop ${this.label(this.running!.binary)}`): Promise<void> {
    await this.step(name, async () => {
      const r = this.running!
      this.running = undefined
      this.lastHeight = r.node.producer.height
      await stopBinary(r)
      return { value: undefined }
    })
  }

  /** Mines `n` blocks quietly (group commits), with a progress line on a terminal. */
  async mineQuietly(n: number): Promise<{ mined: Mined; rate: number }> {
    const r = this.running!
    const started = performance.now()
    let mined: Mined = { block: undefined }
    if (!this.io.progressInline || n <= PROGRESS_CHUNK) {
      if (n > 0) mined = await mine(r, n, { quiet: true })
    } else {
      for (let done = 0; done < n && !mined.halt; ) {
        const chunk = Math.min(PROGRESS_CHUNK, n - done)
        mined = await mine(r, chunk, { quiet: true })
        done += chunk
        const rate = Math.round(done / ((performance.now() - started) / 1000))
        this.io.progressInline(
          `mined ${done}/${n} blocks, height ${r.node.producer.height} (${rate} blocks/s)`,
        )
      }
      this.io.progressInline('')
    }
    return { mined, rate: Math.round(n / Math.max((performance.now() - started) / 1000, 1e-3)) }
  }
}
