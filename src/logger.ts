import { writeSync } from 'node:fs'
import pino, { type Logger } from 'pino'
import type { LogFormat, LogLevel } from './log-levels.js'

export type { Logger }

export interface LoggerOptions {
  level?: LogLevel
  format?: LogFormat
  /** File descriptor or stream to write to (default stdout). */
  destination?: number | NodeJS.WritableStream
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}

/** A log field as upstream's plain logger prints it: bare when simple, else quoted JSON. */
function plainValue(v: unknown): string {
  if (v !== null && typeof v === 'object') {
    const err = v as { message?: unknown; type?: unknown }
    if (typeof err.message === 'string' && typeof err.type === 'string') v = err.message
    else return JSON.stringify(v)
  }
  const text = String(v)
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text)
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n))

/**
 * One pino JSON line as a plain line (upstream's `log_format = "plain"`): local time, level name,
 * message, then the fields as `key=value` —
 * `[13:22:56.455] INFO: committed block module=state height=1 txs=0`.
 */
export function plainLine(json: string): string {
  const log = JSON.parse(json) as Record<string, unknown>
  const at = new Date(typeof log.time === 'string' || typeof log.time === 'number' ? log.time : 0)
  const ms = at.getMilliseconds()
  const time = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : ms}`
  let line = `[${time}] ${LEVEL_NAMES[Number(log.level)] ?? 'USERLVL'}: ${String(log.msg ?? '')}`
  for (const key in log) {
    if (key === 'level' || key === 'time' || key === 'msg') continue
    const v = log[key]
    if (v !== undefined) line += ` ${key}=${plainValue(v)}`
  }
  return `${line}\n`
}

/** A synchronous destination that turns pino's JSON lines into plain lines. */
function plainDestination(destination: number | NodeJS.WritableStream): pino.DestinationStream {
  return {
    write(json: string) {
      const line = plainLine(json)
      if (typeof destination === 'number') writeSync(destination, line)
      else destination.write(line)
    },
  }
}

/**
 * The root logger: pino JSON lines (for machines; the default here), or plain lines as upstream's
 * `log_format = "plain"`, which is what the CLI uses unless told otherwise. Writes are synchronous,
 * so the last lines before an exit (an upgrade halt, a crash) are never lost.
 */
export function createLogger({
  level = 'info',
  format = 'json',
  destination = 1,
}: LoggerOptions = {}): Logger {
  const options = { level, base: null, timestamp: pino.stdTimeFunctions.isoTime }
  if (format === 'plain') return pino(options, plainDestination(destination))
  const stream =
    typeof destination === 'number'
      ? pino.destination({ dest: destination, sync: true })
      : destination
  return pino(options, stream as pino.DestinationStream)
}

/** A logger that discards everything (tests, library use). */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' })
}
