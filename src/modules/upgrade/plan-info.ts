import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { GrpcCode, StatusError } from '../../errors.js'
import { checkUpgradeDownload } from './upgrade-download.js'

/**
 * Plan `info` as cosmovisor reads it (upstream x/upgrade/plan): a JSON object
 * `{"binaries":{"<os>/<arch>"|"any":"<url>?checksum=<type>:<hex>"}}`, or a URL returning one. Errors
 * carry the upstream texts; the CLI prints them before anything is sent
 * (`tx upgrade software-upgrade --upgrade-info`), so they are InvalidArgument status errors.
 */

/** The parsed info: the binaries map (absent when the JSON has none, as `{}`). */
export interface PlanInfo {
  binaries?: Record<string, string>
}

/** An upgrade-info validation failure with the upstream message. */
export class PlanInfoError extends StatusError {
  constructor(message: string) {
    super(GrpcCode.InvalidArgument, message)
  }
}

interface ParsedUrl {
  scheme: string
  host: string
  path: string
  query: URLSearchParams
}

const quote = (s: string) => JSON.stringify(s)

/** Go net/url.Parse, reduced to its failure cases; the error text is Go's (`parse "<u>": …`). */
export function parseGoUrl(raw: string): ParsedUrl {
  const fail = (why: string): never => {
    throw new PlanInfoError(`parse ${quote(raw)}: ${why}`)
  }
  if (/[\x00-\x1f\x7f]/.test(raw)) fail('net/url: invalid control character in URL')
  let rest = raw.split('#')[0]!
  let scheme = ''
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest)
  if (m) {
    scheme = m[1]!.toLowerCase()
    rest = rest.slice(m[0].length)
  } else if (rest.startsWith(':')) fail('missing protocol scheme')
  const q = rest.indexOf('?')
  const rawQuery = q >= 0 ? rest.slice(q + 1) : ''
  rest = q >= 0 ? rest.slice(0, q) : rest
  let host = ''
  if ((scheme !== '' || rest.startsWith('//')) && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2)
    const authority = end >= 0 ? rest.slice(2, end) : rest.slice(2)
    rest = end >= 0 ? rest.slice(end) : ''
    host = authority.slice(authority.lastIndexOf('@') + 1)
    const colon = host.startsWith('[') ? host.indexOf(':', host.indexOf(']')) : host.indexOf(':')
    if (colon >= 0) {
      const port = host.slice(colon)
      if (!/^:\d*$/.test(port)) fail(`invalid port ${quote(port)} after host`)
    }
  } else if (scheme === '') {
    const first = rest.split('/')[0]!
    if (first.includes(':')) fail('first path segment in URL cannot contain colon')
  }
  const badEscape = /%(?![0-9a-fA-F]{2})(.{0,2})/.exec(rest)
  if (badEscape) fail(`invalid URL escape ${quote(`%${badEscape[1]}`)}`)
  return { scheme, host, path: rest, query: new URLSearchParams(rawQuery) }
}

/** Go net/url.ParseRequestURI succeeds: an absolute URL or an absolute path (inline JSON is neither). */
export function isRequestUri(raw: string): boolean {
  try {
    const u = parseGoUrl(raw)
    return u.scheme !== '' || raw.startsWith('/')
  } catch {
    return false
  }
}

/** Upstream ValidateURL: parses, and with `mustChecksum` requires a non-empty `checksum` parameter. */
export function validateUrl(url: string, mustChecksum: boolean): void {
  const u = parseGoUrl(url)
  if (mustChecksum && !u.query.get('checksum')) {
    throw new PlanInfoError('missing checksum query parameter')
  }
}

const OS_ARCH = /[a-zA-Z0-9]+\/[a-zA-Z0-9]+/

/** Upstream BinaryDownloadURLMap.ValidateBasic: at least one entry, `os/arch` or `any` keys, valid URLs. */
export function validateBinaries(
  binaries: Record<string, string> | undefined,
  enforceChecksum = true,
) {
  const entries = Object.entries(binaries ?? {})
  if (entries.length === 0) throw new PlanInfoError('no "binaries" entries found')
  for (const [key, url] of entries) {
    // Unanchored, as upstream: `linux/amd64/extra` passes.
    if (key !== 'any' && !OS_ARCH.test(key))
      throw new PlanInfoError(`invalid os/arch format in key ${quote(key)}`)
    try {
      validateUrl(url, enforceChecksum)
    } catch (err) {
      throw new PlanInfoError(
        `invalid url ${quote(url)} in binaries[${key}]: ${(err as Error).message}`,
      )
    }
  }
}

const HASHES: Record<string, { algorithm: string; bytes: number; goType: string }> = {
  md5: { algorithm: 'md5', bytes: 16, goType: '*md5.digest' },
  sha1: { algorithm: 'sha1', bytes: 20, goType: '*sha1.digest' },
  sha256: { algorithm: 'sha256', bytes: 32, goType: '*sha256.digest' },
  sha512: { algorithm: 'sha512', bytes: 64, goType: '*sha512.digest' },
}

/** Fetches a URL's bytes (http, https, file) and checks its `checksum` parameter when present. */
export async function downloadWithChecksum(url: string): Promise<Uint8Array> {
  const u = parseGoUrl(url)
  const checksum = u.query.get('checksum') ?? ''
  let bytes: Uint8Array
  let source: string
  if (u.scheme === 'file' || u.scheme === '') {
    source = u.scheme === 'file' ? fileURLToPath(new URL(url.split('?')[0]!)) : u.path
    try {
      bytes = await readFile(source)
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      throw new PlanInfoError(
        e.code === 'ENOENT' ? `stat ${source}: no such file or directory` : e.message,
      )
    }
  } else if (u.scheme === 'http' || u.scheme === 'https') {
    const clean = new URL(url)
    // go-getter's own parameters are not sent (`archive` names how the body is unpacked).
    clean.searchParams.delete('checksum')
    clean.searchParams.delete('archive')
    source = clean.pathname.split('/').pop() || 'download'
    let res: Response
    try {
      res = await fetch(clean)
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message
      throw new PlanInfoError(cause ?? (err as Error).message)
    }
    if (!res.ok) throw new PlanInfoError(`bad response code: ${res.status}`)
    bytes = new Uint8Array(await res.arrayBuffer())
  } else {
    throw new PlanInfoError(`download not supported for scheme '${u.scheme}'`)
  }
  if (checksum !== '') {
    const [type, hex] = checksum.includes(':') ? checksum.split(/:(.*)/s) : ['', checksum]
    const byLength = Object.keys(HASHES).find((k) => HASHES[k]!.bytes * 2 === hex!.length)
    const hash = HASHES[(type || byLength) ?? '']
    if (!hash) throw new PlanInfoError(`unsupported checksum type: ${type || hex}`)
    if (!/^[0-9a-fA-F]+$/.test(hex!) || hex!.length !== hash.bytes * 2)
      throw new PlanInfoError(`invalid checksum: ${hex}`)
    const actual = createHash(hash.algorithm).update(bytes).digest('hex')
    if (actual !== hex!.toLowerCase()) {
      throw new PlanInfoError(
        `Checksums did not match for ${source}.\nExpected: ${hex!.toLowerCase()}\nGot: ${actual}\n${hash.goType}`,
      )
    }
  }
  return bytes
}

function goJsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array'
  if (v === null) return 'null'
  if (typeof v === 'boolean') return 'bool'
  return typeof v
}

/**
 * Upstream ParseInfo: blank → `plan info must not be blank`; a URL is validated and downloaded and
 * its body parsed instead; JSON errors → `could not parse plan info: …`. `{}` parses (no binaries).
 */
export async function parsePlanInfo(
  info: string,
  options: { enforceChecksum?: boolean } = {},
): Promise<PlanInfo> {
  let text = info.trim()
  if (text === '') throw new PlanInfoError('plan info must not be blank')
  if (isRequestUri(text)) {
    validateUrl(text, options.enforceChecksum ?? false)
    let body: Uint8Array
    try {
      body = await downloadWithChecksum(text)
    } catch (err) {
      throw new PlanInfoError(`could not download url ${quote(text)}: ${(err as Error).message}`)
    }
    const url = text
    text = new TextDecoder().decode(body).trim()
    if (text === '') throw new PlanInfoError(`no content returned by ${quote(url)}`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    throw new PlanInfoError(`could not parse plan info: ${(err as Error).message}`)
  }
  const wrongType = (what: string, target: string) =>
    new PlanInfoError(`could not parse plan info: json: cannot unmarshal ${what} into ${target}`)
  if (data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data))
    throw wrongType(goJsonKind(data), 'Go value of type plan.Info')
  const binaries = (data as Record<string, unknown>).binaries
  if (binaries === undefined || binaries === null) return {}
  if (typeof binaries !== 'object' || Array.isArray(binaries)) {
    throw wrongType(
      goJsonKind(binaries),
      'Go struct field Info.binaries of type plan.BinaryDownloadURLMap',
    )
  }
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(binaries)) {
    if (typeof v !== 'string')
      throw wrongType(goJsonKind(v), 'Go struct field Info.binaries of type string')
    out[k] = v
  }
  return { binaries: out }
}

/**
 * Upstream Info.ValidateFull: ValidateBasic of the binaries, then every URL is downloaded, its
 * checksum verified, and an archive unpacked to find `bin/<daemonName>` or `<daemonName>`, as
 * `DownloadUpgrade` does (upgrade-download.ts): `error downloading binary for os/arch <k>: …`.
 */
export async function validatePlanInfoFull(
  info: PlanInfo,
  enforceChecksum: boolean,
  daemonName: string,
): Promise<void> {
  validateBinaries(info.binaries, enforceChecksum)
  for (const [osArch, url] of Object.entries(info.binaries ?? {})) {
    try {
      const bytes = await downloadWithChecksum(url)
      const { path, query } = parseGoUrl(url)
      checkUpgradeDownload({ url, path, query }, bytes, daemonName)
    } catch (err) {
      throw new PlanInfoError(
        `error downloading binary for os/arch ${osArch}: ${(err as Error).message}`,
      )
    }
  }
}
