import type { LoadedHome } from '../config/home.js'
import { LOG_LEVELS, type LogFormat, type LogLevel } from '../log-levels.js'
import { createLogger, type Logger } from '../logger.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * The logger from flags, falling back to config.toml (or to `o.level`, for a command whose log lines
 * are asides, not its output); on stdout unless `o.destination` says otherwise.
 */
export function loggerFor(
  g: GlobalFlags,
  home?: LoadedHome,
  o: { level?: LogLevel; destination?: number } = {},
): Logger {
  const level = (g.logLevel ?? o.level ?? home?.node.logLevel ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(level)) {
    throw new CliError(`invalid log level "${level}": expected one of ${LOG_LEVELS.join(', ')}`)
  }
  const format = (g.logFormat ?? home?.node.logFormat ?? 'plain') as LogFormat
  if (format !== 'json' && format !== 'plain')
    throw new CliError(`invalid log format "${format}": expected json or plain`)
  return createLogger({
    level,
    format,
    ...(o.destination !== undefined ? { destination: o.destination } : {}),
  })
}
