import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'
import type { LogFormat, LogLevel } from './log-levels.js'

export type { Logger }

export interface LoggerOptions {
  level?: LogLevel
  format?: LogFormat
  /** File descriptor or stream to write to (default stdout). */
  destination?: number | NodeJS.WritableStream
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

/** The fields of a log line as `key=value` pairs after the message (upstream's plain format). */
function plainMessage(log: Record<string, unknown>, messageKey: string): string {
  const skip = new Set([messageKey, 'level', 'time', 'pid', 'hostname'])
  const pairs = Object.entries(log)
    .filter(([k, v]) => !skip.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${plainValue(v)}`)
  const msg = String(log[messageKey] ?? '')
  return pairs.length > 0 ? `${msg} ${pairs.join(' ')}` : msg
}

/**
 * The root logger: pino JSON lines (for machines; the default here), or plain lines as upstream's
 * `log_format = "plain"` (`[13:22:56.455] INFO: committed block module=state height=1 txs=0`), which
 * is what the CLI uses unless told otherwise. Writes are synchronous, so the last lines before an
 * exit (an upgrade halt, a crash) are never lost.
 */
export function createLogger({
  level = 'info',
  format = 'json',
  destination = 1,
}: LoggerOptions = {}): Logger {
  const options = { level, base: null, timestamp: pino.stdTimeFunctions.isoTime }
  if (format === 'plain') {
    const stream = pretty({
      colorize: false,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      singleLine: true,
      include: 'level,time',
      messageFormat: (log, messageKey) => plainMessage(log, messageKey),
      ...(typeof destination === 'number'
        ? { destination }
        : { destination: destination as never }),
    })
    return pino(options, stream)
  }
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
