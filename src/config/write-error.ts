/**
 * The errno names of the reasons a disk refuses a write, keyed by the text LevelDB reports (it
 * gives strerror's text, not the code): a user searches for the code, and a full disk must be told
 * apart from a broken one.
 */
const CODES: Record<string, string> = {
  'no space left on device': 'ENOSPC',
  'disk quota exceeded': 'EDQUOT',
  'read-only file system': 'EROFS',
  'permission denied': 'EACCES',
  'input/output error': 'EIO',
  'file too large': 'EFBIG',
}

/** Reasons that freeing space on the disk cures. */
const SPACE_CODES = new Set(['ENOSPC', 'EDQUOT'])

/**
 * A write the disk refused, naming the file it was writing: `<path>: <reason> (<CODE>)`, e.g.
 * `/home/u/.sdkd/data/application.db/000003.log: no space left on device (ENOSPC)`.
 */
export class StorageWriteError extends Error {
  override readonly name = 'StorageWriteError'

  constructor(
    /** The file (or, when the error names none, the database or file) the write went to. */
    readonly path: string,
    /** The reason in words, lowercase as Go prints it. */
    readonly reason: string,
    /** The errno name (ENOSPC…), or undefined when the reason is not a known one. */
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${reason}${code ? ` (${code})` : ''}`, options)
  }

  /** Whether freeing space on the disk lets the write succeed. */
  get outOfSpace(): boolean {
    return this.code !== undefined && SPACE_CODES.has(this.code)
  }
}

/**
 * `err`, a failed write to `path`, as a StorageWriteError: LevelDB's `IO error: <file>: <reason>`
 * names the file itself; Node's `ENOSPC: no space left on device, write` names only the reason.
 */
export function storageWriteError(err: unknown, path: string): StorageWriteError {
  if (err instanceof StorageWriteError) return err
  const message = err instanceof Error ? err.message : String(err)
  const level = /^IO error: (.+): ([^:]+)$/.exec(message)
  if (level) {
    const reason = level[2]!.trim().toLowerCase()
    return new StorageWriteError(level[1]!, reason, CODES[reason], { cause: err })
  }
  const errno = (err as NodeJS.ErrnoException | undefined)?.code
  const node = /^E[A-Z]+: ([^,]+)/.exec(message)
  if (errno && /^E[A-Z]+$/.test(errno) && node) {
    return new StorageWriteError(path, node[1]!.trim(), errno, { cause: err })
  }
  return new StorageWriteError(path, message, undefined, { cause: err })
}
