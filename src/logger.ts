import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'

export type { Logger }

export type LogFormat = 'json' | 'plain'
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface LoggerOptions {
  level?: LogLevel
  format?: LogFormat
  /** File descriptor or stream to write to (default stdout). */
  destination?: number | NodeJS.WritableStream
}

/**
 * The root logger: pino JSON lines by default, or a human-readable form. Writes are synchronous, so
 * the last lines before an exit (an upgrade halt, a crash) are never lost.
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
