import { writeSync } from 'node:fs'
import pino, { type Logger } from 'pino'
import type { LogFormat, LogLevel } from './log-levels.js'

export type { Logger }

export interface LoggerOptions {
  level?: LogLevel
  format?: LogFormat
  /** File descriptor or stream to write to (default stdout). */
  destination?: number | NodeJS.WritableStream
  /** How a file descriptor is written (tests); node:fs's writeSync by default. */
  write?: WriteFd
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

/** Writes part of a line to a file descriptor; returns the bytes written (node:fs's writeSync). */
export type WriteFd = (fd: number, data: string | Uint8Array) => number

const writeFd: WriteFd = (fd, data) =>
  typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data)

/** How long a line waits for a full pipe before the next try (ms). */
const FULL_WAIT_MS = 5
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Writes the whole line to `fd`, synchronously: a pipe whose reader is slow (a non-blocking pipe
 * answers EAGAIN, or takes part of the line) is waited for, as a blocking write would wait. Throws
 * what the write threw otherwise (EPIPE: the reader is gone).
 */
export function writeLineSync(fd: number, line: string, write: WriteFd = writeFd): void {
  let rest: string | Uint8Array = line
  for (;;) {
    let n: number
    try {
      n = write(fd, rest)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err
      Atomics.wait(pause, 0, 0, FULL_WAIT_MS)
      continue
    }
    if (n >= (typeof rest === 'string' ? Buffer.byteLength(rest) : rest.length)) return
    rest = (typeof rest === 'string' ? Buffer.from(rest) : rest).subarray(n)
  }
}

/**
 * A synchronous destination on `fd` for pino's JSON lines, as they are or as plain lines. The first
 * write that fails (EPIPE: the reader of stdout is gone, say `sdkd start | head` or a killed
 * runner) calls `lost` once; the lines after it are dropped, so a log call never throws.
 */
function fdDestination(
  fd: number,
  plain: boolean,
  lost: (err: NodeJS.ErrnoException) => void,
  write?: WriteFd,
): pino.DestinationStream {
  let closed = false
  return {
    write(json: string) {
      if (closed) return
      try {
        writeLineSync(fd, plain ? plainLine(json) : json, write)
      } catch (err) {
        closed = true
        lost(err as NodeJS.ErrnoException)
      }
    },
  }
}

/** A destination stream that turns pino's JSON lines into plain lines. */
function plainStream(destination: NodeJS.WritableStream): pino.DestinationStream {
  return { write: (json: string) => destination.write(plainLine(json)) }
}

const outputsLost = new WeakMap<Logger, Promise<NodeJS.ErrnoException>>()

/**
 * Resolves with the error once the logger's output can no longer be written (its file descriptor
 * answered EPIPE or another error), if it writes to a file descriptor.
 */
export function whenOutputLost(logger: Logger): Promise<NodeJS.ErrnoException> | undefined {
  return outputsLost.get(logger)
}

/**
 * The root logger: pino JSON lines (for machines; the default here), or plain lines as upstream's
 * `log_format = "plain"`, which is what the CLI uses unless told otherwise. Writes are synchronous,
 * so the last lines before an exit (an upgrade halt, a crash) are never lost. On a file descriptor,
 * a write that fails is not thrown to the caller: `whenOutputLost` says it.
 */
export function createLogger({
  level = 'info',
  format = 'json',
  destination = 1,
  write,
}: LoggerOptions = {}): Logger {
  const options = { level, base: null, timestamp: pino.stdTimeFunctions.isoTime }
  if (typeof destination !== 'number') {
    return pino(
      options,
      format === 'plain' ? plainStream(destination) : (destination as pino.DestinationStream),
    )
  }
  let lost!: (err: NodeJS.ErrnoException) => void
  const whenLost = new Promise<NodeJS.ErrnoException>((resolve) => {
    lost = resolve
  })
  const logger = pino(options, fdDestination(destination, format === 'plain', lost, write))
  outputsLost.set(logger, whenLost)
  return logger
}

/** A logger that discards everything (tests, library use). */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' })
}
