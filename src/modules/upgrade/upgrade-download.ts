import { gunzipSync } from 'node:zlib'
import { unzipSync } from 'fflate'
import { GrpcCode, StatusError } from '../../errors.js'

// What upstream's `DownloadUpgrade` (x/upgrade/plan) makes of a downloaded binary URL, through
// hashicorp/go-getter: a URL whose path ends in an archive's extension (or names one in its
// `archive` parameter) is unpacked. An archive of a single file is that file (go-getter's file
// mode). Any other is unpacked as a directory, which must then hold `bin/<daemon>`, or `<daemon>`
// at its root, as a regular file: cosmovisor's layout of an upgrade's directory.

/** go-getter's decompressors, by extension. */
const DECOMPRESSORS = [
  'bz2',
  'gz',
  'xz',
  'tar',
  'tar.bz2',
  'tar.gz',
  'tar.xz',
  'tar.zst',
  'tbz2',
  'tgz',
  'txz',
  'tzst',
  'zip',
  'zst',
] as const
type Kind = (typeof DECOMPRESSORS)[number]

/** Formats Node cannot read (bzip2, xz, zstd): their bytes are checked by checksum alone. */
const UNREADABLE = new Set<Kind>([
  'bz2',
  'xz',
  'zst',
  'tar.bz2',
  'tbz2',
  'tar.xz',
  'txz',
  'tar.zst',
  'tzst',
])

/** A downloaded binary that does not unpack as upstream requires, in upstream's words. */
export class UpgradeDownloadError extends StatusError {
  constructor(message: string) {
    super(GrpcCode.InvalidArgument, message)
  }
}

/** A binary's URL: as written, and its path and query parameters as Go's net/url parses them. */
export interface DownloadTarget {
  url: string
  path: string
  query: URLSearchParams
}

/** An archive's entry: its path as written and whether it is a directory. */
export interface ArchiveEntry {
  name: string
  dir: boolean
}

/**
 * The archive kind go-getter reads a URL as: its `archive` parameter (`false`: none), else the
 * longest decompressor extension its path ends with; undefined for a plain file.
 */
export function archiveKind(target: DownloadTarget): Kind | undefined {
  const forced = target.query.get('archive')
  if (forced !== null && forced !== '') {
    if (forced === 'false') return undefined
    if (!(DECOMPRESSORS as readonly string[]).includes(forced))
      throw new UpgradeDownloadError(`unknown archive type: ${forced}`)
    return forced as Kind
  }
  let found: Kind | undefined
  for (const k of DECOMPRESSORS) {
    if (target.path.endsWith(`.${k}`) && k.length > (found?.length ?? 0)) found = k
  }
  return found
}

/**
 * Checks what a downloaded upgrade binary unpacks to, as `DownloadUpgrade` would, with upstream's
 * errors (`url "<u>" result does not contain a bin/<d> or <d> file`, `entry contains '..': …`,
 * `empty archive: …`). Returns whether the bytes were unpacked (false: a plain file, or a format
 * Node cannot read).
 */
export function checkUpgradeDownload(
  target: DownloadTarget,
  bytes: Uint8Array,
  daemonName: string,
): boolean {
  const kind = archiveKind(target)
  if (kind === undefined || UNREADABLE.has(kind)) return false
  const source = target.path.split('/').pop() || target.url
  if (kind === 'gz') {
    gunzip(bytes)
    return true
  }
  const entries =
    kind === 'zip' ? zipEntries(bytes) : tarEntries(kind === 'tar' ? bytes : gunzip(bytes))
  if (entries.length === 0) throw new UpgradeDownloadError(`empty archive: ${source}`)
  // go-getter's file mode first: one file and no directory is the binary itself.
  if (entries.length === 1 && !entries[0]!.dir) return true
  const kept = new Map<string, boolean>()
  for (const e of entries) {
    if (e.name.split(/[/\\]/).includes('..'))
      throw new UpgradeDownloadError(`entry contains '..': ${e.name}`)
    kept.set(cleanPath(e.name), e.dir)
  }
  const isFile = (path: string) => kept.get(path) === false
  if (!isFile(`bin/${daemonName}`) && !isFile(daemonName))
    throw new UpgradeDownloadError(
      `url "${target.url}" result does not contain a bin/${daemonName} or ${daemonName} file`,
    )
  return true
}

/** A path as Go's filepath.Join cleans it below the destination (`./bin//x/` → `bin/x`). */
function cleanPath(name: string): string {
  return name
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/')
}

function gunzip(bytes: Uint8Array): Uint8Array {
  try {
    return gunzipSync(bytes)
  } catch (err) {
    const code = (err as { code?: string }).code
    throw new UpgradeDownloadError(
      code === 'Z_DATA_ERROR' && bytes[0] !== 0x1f ? 'gzip: invalid header' : 'unexpected EOF',
    )
  }
}

/** The entries of a zip archive (directories end with `/`), read from its central directory. */
function zipEntries(bytes: Uint8Array): ArchiveEntry[] {
  const entries: ArchiveEntry[] = []
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, dir: file.name.endsWith('/') })
        return false
      },
    })
  } catch {
    throw new UpgradeDownloadError('zip: not a valid zip file')
  }
  return entries
}

const BLOCK = 512

/** An octal field of a tar header (GNU's base-256 form for large sizes too). */
function tarNumber(h: Uint8Array, offset: number, length: number): number {
  if (h[offset]! & 0x80) {
    let n = h[offset]! & 0x7f
    for (let i = offset + 1; i < offset + length; i++) n = n * 256 + h[i]!
    return n
  }
  const text = new TextDecoder('latin1')
    .decode(h.subarray(offset, offset + length))
    .replace(/[\0 ]+$/, '')
    .trim()
  if (!/^[0-7]*$/.test(text)) throw new UpgradeDownloadError('archive/tar: invalid tar header')
  return text === '' ? 0 : Number.parseInt(text, 8)
}

/** A NUL-terminated text field of a tar header. */
function tarText(h: Uint8Array, offset: number, length: number): string {
  const field = h.subarray(offset, offset + length)
  const end = field.indexOf(0)
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end))
}

/**
 * The entries of a tar archive as Go's archive/tar reads them: ustar names with their prefix, PAX
 * `path` records and GNU long names applied to the next entry, PAX headers themselves skipped.
 */
export function tarEntries(data: Uint8Array): ArchiveEntry[] {
  const entries: ArchiveEntry[] = []
  let nextName: string | undefined
  let at = 0
  while (at + BLOCK <= data.length) {
    const h = data.subarray(at, at + BLOCK)
    if (h.every((b) => b === 0)) break
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!
    if (sum !== tarNumber(h, 148, 8))
      throw new UpgradeDownloadError('archive/tar: invalid tar header')
    const size = tarNumber(h, 124, 12)
    const body = data.subarray(at + BLOCK, at + BLOCK + size)
    if (body.length < size) throw new UpgradeDownloadError('unexpected EOF')
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK
    const type = String.fromCharCode(h[156]!)
    if (type === 'g') continue
    if (type === 'x') {
      nextName = paxPath(body) ?? nextName
      continue
    }
    if (type === 'L') {
      nextName = tarText(body, 0, body.length)
      continue
    }
    if (type === 'K') continue
    const prefix = tarText(h, 257, 6) === 'ustar' ? tarText(h, 345, 155) : ''
    const short = tarText(h, 0, 100)
    const name = nextName ?? (prefix ? `${prefix}/${short}` : short)
    nextName = undefined
    entries.push({
      name,
      dir: type === '5' || (type !== '1' && type !== '2' && name.endsWith('/')),
    })
  }
  return entries
}

/** The `path` record of a PAX extended header (`<length> path=<value>\n`, lengths in bytes). */
function paxPath(body: Uint8Array): string | undefined {
  const text = (from: number, to: number) => new TextDecoder().decode(body.subarray(from, to))
  let path: string | undefined
  let i = 0
  while (i < body.length) {
    const space = body.indexOf(0x20, i)
    if (space < 0) break
    const length = Number.parseInt(text(i, space), 10)
    if (!(length > 0) || i + length > body.length) break
    const record = text(space + 1, i + length - 1)
    const eq = record.indexOf('=')
    if (record.slice(0, eq) === 'path') path = record.slice(eq + 1)
    i += length
  }
  return path
}
