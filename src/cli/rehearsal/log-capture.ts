import { Writable } from 'node:stream'
import { LOG_LEVELS, type LogFormat, type LogLevel } from '../../log-levels.js'
import { createLogger, type Logger, plainLine } from '../../logger.js'

/** A log line as pino writes it (JSON). */
export type LogRecord = Record<string, unknown> & { level: number; msg?: string }

const LEVEL_VALUES: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
}

/**
 * The logs of every node a rehearsal runs, kept in memory as JSON lines for the checks. They are
 * shown (on stderr) only when `--log_level` asks for them; capture is at info or finer, whatever is
 * shown, since the checks read the info and error lines.
 */
export class LogCapture {
  private readonly lines: string[] = []
  private readonly shown: number

  constructor(
    private readonly show: { level?: string | undefined; format?: string | undefined } = {},
  ) {
    const level = show.level as LogLevel | undefined
    this.shown =
      level !== undefined && LOG_LEVELS.includes(level)
        ? LEVEL_VALUES[level]
        : Number.POSITIVE_INFINITY
  }

  /** A logger writing into the capture. */
  logger(): Logger {
    const level = this.shown < LEVEL_VALUES.info ? (this.show.level as LogLevel) : 'info'
    const stream = new Writable({
      write: (chunk, _enc, done) => {
        this.push(String(chunk))
        done()
      },
    })
    return createLogger({ level, format: 'json', destination: stream })
  }

  /** Adds JSON log lines (a chunk of them, e.g. a child process's output). */
  push(text: string): void {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue
      this.lines.push(line)
      if (this.shown === Number.POSITIVE_INFINITY) continue
      let level = 0
      try {
        level = Number((JSON.parse(line) as LogRecord).level)
      } catch {
        continue
      }
      if (level >= this.shown)
        process.stderr.write(
          (this.show.format as LogFormat) === 'json' ? `${line}\n` : plainLine(line),
        )
    }
  }

  /** Where the capture is now (the start of a run's lines). */
  mark(): number {
    return this.lines.length
  }

  /** The lines from `start` (a mark) to `end` (default: now), parsed. */
  since(start: number, end = this.lines.length): LogRecord[] {
    const out: LogRecord[] = []
    for (const line of this.lines.slice(start, end)) {
      try {
        out.push(JSON.parse(line) as LogRecord)
      } catch {
        // a torn line of a killed child
      }
    }
    return out
  }
}
