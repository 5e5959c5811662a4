/** Log levels, as `--log_level` and config.toml `log_level` take them. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** `log_format`: plain lines (upstream's default) or JSON lines. */
export type LogFormat = 'json' | 'plain'
