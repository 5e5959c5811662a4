import type { LoadedHome } from '../config/home.js'
import { LOG_LEVELS, type LogFormat, type LogLevel } from '../log-levels.js'
import { createLogger, type Logger } from '../logger.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

/** The logger from flags, falling back to config.toml. */
export function loggerFor(g: GlobalFlags, home?: LoadedHome): Logger {
  const level = (g.logLevel ?? home?.node.logLevel ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(level)) {
    throw new CliError(`invalid log level "${level}": expected one of ${LOG_LEVELS.join(', ')}`)
  }
  const format = (g.logFormat ?? home?.node.logFormat ?? 'plain') as LogFormat
  if (format !== 'json' && format !== 'plain')
    throw new CliError(`invalid log format "${format}": expected json or plain`)
  return createLogger({ level, format })
}
